import os; D = os.environ.get("EXPLORE_DIR", "explore-out"); os.makedirs(D, exist_ok=True)
import numpy as np, pandas as pd, json, time
from creaeval.training import aut_rating_pool, held_answers, training_set, person_groups
from creaeval.scorer import ScorerConfig, grouped_folds, cv_predictions, _cached
from creaeval.samples import aut_answers, aut_split, _bands
from pathlib import Path
t0=time.time()
train, rule = training_set(aut_rating_pool(), held_answers())
train = train.assign(group=person_groups(train))
enc = _cached(Path(D + '/enc.npz'), ScorerConfig(blocks=('full',)), train, False, None)
folds = grouped_folds(train.group, 5)
cfg = ScorerConfig(neighbours=True, plain=True, blocks=('full',), alpha=1000, temp=0.05)
p = cv_predictions(cfg, train, enc, folds)
np.save(D + '/oof_r2.npy', p)
y = train.rating.to_numpy(float)
print('natural r', np.corrcoef(p,y)[0,1], time.time()-t0)
# eval design: held-out answers per prompt x band
sp = aut_split(); pa = aut_answers('pairs'); ev = pa[pa.id.astype(str).isin(sp['eval'])]
ev = ev.assign(band=_bands(ev.rating))
print(ev.groupby(['prompt','band'],observed=True).size())
obj = train.prompt.str.strip().str.lower(); band = _bands(train.rating)
print(pd.crosstab(obj, band).loc[lambda d: d.sum(1)>100])
cell = obj + '|' + band.astype(str)
target = (ev.prompt.str.lower() + '|' + ev.band.astype(str)).value_counts(normalize=True)
cnt = cell.value_counts()
w = cell.map(lambda c: target.get(c, 0)/cnt[c]).to_numpy()
def wr(a,b,w):
    w=w/w.sum(); ma=(w*a).sum(); mb=(w*b).sum()
    return (w*(a-ma)*(b-mb)).sum()/np.sqrt((w*(a-ma)**2).sum()*(w*(b-mb)**2).sum())
print('design-weighted r', wr(p,y,w))
m = w>0
print('on the 4 objects natural', np.corrcoef(p[m],y[m])[0,1])
# simulated 240-draws
rng=np.random.default_rng(0); rs=[]
for _ in range(500):
    idx=rng.choice(len(y),240,p=w/w.sum(),replace=False); rs.append(np.corrcoef(p[idx],y[idx])[0,1])
print('sim 240 draws r mean, 2.5/97.5', np.mean(rs), np.percentile(rs,[2.5,97.5]))
