import os; D = os.environ.get("EXPLORE_DIR", "explore-out"); os.makedirs(D, exist_ok=True)
import numpy as np, pandas as pd, time
from creaeval.training import aut_rating_pool, held_answers, training_set, person_groups, norm_text
from creaeval.scorer import ScorerConfig, grouped_folds, _cached, RatedNeighbours, design, _rows, _objects, _neighbours
from creaeval.samples import _bands
from pathlib import Path
train, rule = training_set(aut_rating_pool(), held_answers())
train = train.assign(group=person_groups(train))
enc = _cached(Path(D + '/enc.npz'), ScorerConfig(blocks=('full',)), train, False, None)
folds = grouped_folds(train.group, 5)
y = train.rating.to_numpy(float); obj = _objects(train.prompt); band = _bands(train.rating).astype(str).to_numpy()
cell = pd.Series(obj + '|' + band); cnt = cell.value_counts()
four = np.isin(obj, ['box','brick','rope','paperclip'])
wd = np.where(four, cell.map(lambda c: 1/cnt[c]).to_numpy(), 0.0)   # eval design: 1/12 per object x band
# the library's weighted r and weighted ridge (the scripts first ran with their own copies of the same formulas)
from creaeval.samples import weighted_r as wr
from creaeval.scorer import ridge_fit, ridge_predict
def wridge(X, y, alpha, sw):
    h = ridge_fit(X, y, alpha, sw)
    return lambda Xq: ridge_predict(h, Xq)
text = train.response.map(norm_text).to_numpy()
cfg = ScorerConfig(neighbours=True, plain=True, blocks=('full',), alpha=1000, temp=0.05)
# features per fold
F = []
for tr, va in folds:
    tr = tr[~np.isin(text[tr], text[va])]
    m = RatedNeighbours(cfg).fit(train.iloc[tr], enc=_rows(enc, tr))
    nbt = _neighbours(m, _rows(enc,tr), obj[tr], m.pool['group'])[0]
    nbv = _neighbours(m, _rows(enc,va), obj[va])[0]
    F.append((tr, va, design(cfg, _rows(enc,tr), nbt), design(cfg, _rows(enc,va), nbv)))
print('features done', flush=True)
# band-balanced weights within every object (all objects), with power g
bc = pd.Series(obj+'|'+band).map(pd.Series(obj+'|'+band).value_counts()).to_numpy()
oc = pd.Series(obj).map(pd.Series(obj).value_counts()).to_numpy()
for alpha in [300, 1000, 3000]:
  for g in [0, 0.25, 0.5, 0.75, 1.0]:
    sw = (oc/bc)**g
    p = np.zeros(len(y))
    for tr, va, Xt, Xv in F: p[va] = wridge(Xt, y[tr], alpha, sw[tr])(Xv)
    print(f'alpha {alpha} g {g}: natural r {np.corrcoef(p,y)[0,1]:.4f}  design r {wr(p,y,wd):.4f}', flush=True)
