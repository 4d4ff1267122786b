# Logistic heads on qwenfeat.py's Qwen2.5-Coder-1.5B features (layer 14: mean over the solution's tokens, over all
# tokens), alone and beside the committed head's context features and lengths; rank blends with the committed
# *effective* head's out-of-fold P (`oof_effective.csv`); the same five folds grouped by problem as `cv_head`.
# Differences to the committed head come with a 95% bootstrap interval over problem groups (2,000 replicates).
# Usage: EXPLORE_DIR=... PYTHONPATH=$PWD .venv/bin/python tools/explore_mgjudge/qwencv.py
import os
from pathlib import Path
import numpy as np, pandas as pd
from scipy.stats import rankdata
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from creaeval.mgjudge import training_pool, context_features, _context_columns, length_features
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out'))
train, _ = training_pool()
train = train.join(context_features(train))
d = train[train.effective.notna()]
F = np.load(str(D/'qwen15_0.npy'))
ids = pd.read_csv(str(D/'qwen15_0_ids.csv'))
assert (ids.problem_id.values == d.problem_id.values).all()
oof = pd.read_csv('data/trained/macgyver-judge/oof_effective.csv')
assert len(oof) == len(d)
y, H = d.effective.values.astype(int), (F.shape[1] - 1) // 2
print('committed head (oof_effective.csv): AUC', round(roc_auc_score(y, oof.p), 4), flush=True)
ctx = np.column_stack([_context_columns(d), length_features(d.solution)])
def cv(X, C):
    p = np.zeros(len(d))
    for tr, te in GroupKFold(5).split(d, y, d.group):
        m = make_pipeline(SimpleImputer(), StandardScaler(), LogisticRegression(C=C, max_iter=5000)).fit(X[tr], y[tr])
        p[te] = m.predict_proba(X[te])[:, 1]
    return p
g = d.group.to_numpy(); groups = np.unique(g); rows = {k: np.flatnonzero(g == k) for k in groups}
rng = np.random.default_rng(0); boots = [np.concatenate([rows[k] for k in rng.choice(groups, len(groups))]) for _ in range(2000)]
def vs_committed(p):
    diff = [roc_auc_score(y[b], p[b]) - roc_auc_score(y[b], oof.p.values[b]) for b in boots]
    return round(roc_auc_score(y, p) - roc_auc_score(y, oof.p), 4), np.round(np.percentile(diff, [2.5, 97.5]), 4)
out = []
for name, X in [('solution tokens', F[:, :H]), ('all tokens', F[:, H:2 * H]), ('both + log length', F),
                ('context + lengths + solution tokens', np.column_stack([ctx, F[:, :H]])),
                ('context + lengths + all tokens', np.column_stack([ctx, F[:, H:2 * H]]))]:
    for C in (0.001, 0.01, 0.1):
        p = cv(X, C); blend = rankdata(p) + rankdata(oof.p)
        out.append(dict(features=name, C=C, auc=round(roc_auc_score(y, p), 4), blend_auc=round(roc_auc_score(y, blend), 4)))
        print(out[-1], 'blend vs committed', vs_committed(blend / blend.max()), flush=True)
pd.DataFrame(out).to_csv(D/'qwen15_cv.csv', index=False)
