import os
from pathlib import Path
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out')); D.mkdir(exist_ok=True)
import json, numpy as np, pandas as pd
from creaeval.mgjudge import *
from creaeval.mgjudge import _context_columns
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
from sklearn.ensemble import HistGradientBoostingClassifier
from scipy.stats import rankdata
train, _ = training_pool()
train = train.join(context_features(train))
train.to_pickle(str(D/'train_ctx.pkl'))
d = train[train.effective.notna()]
oof = pd.read_csv('data/trained/macgyver-judge/oof_effective.csv')
assert (oof.problem_id.values == d.problem_id.values).all()
y = d.effective.values.astype(int)
X = np.column_stack([_context_columns(d), length_features(d.solution)])
res = {}
for lr in (0.03, 0.1):
  for leaves in (7, 15):
    p = np.zeros(len(d))
    for tr, te in GroupKFold(5).split(d, y, d.group):
        m = HistGradientBoostingClassifier(learning_rate=lr, max_leaf_nodes=leaves, max_iter=300, early_stopping=False,
                                           l2_regularization=1.0, random_state=0).fit(X[tr], y[tr])
        p[te] = m.predict_proba(X[te])[:, 1]
    b = rankdata(p) + rankdata(oof.p.values)
    print(lr, leaves, 'hgb', round(roc_auc_score(y, p), 4), 'blend', round(roc_auc_score(y, b), 4), flush=True)
