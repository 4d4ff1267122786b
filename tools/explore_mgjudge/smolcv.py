import os
from pathlib import Path
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out')); D.mkdir(exist_ok=True)
import numpy as np, pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from scipy.stats import rankdata
train = pd.read_pickle(str(D/'train_ctx.pkl'))
d = train[train.effective.notna()]
F = np.load(str(D/'smol_0.npy'))
ids = pd.read_csv(str(D/'smol_0_ids.csv'))
assert (ids.problem_id.values == d.problem_id.values).all()
oof = pd.read_csv('data/trained/macgyver-judge/oof_effective.csv')
y = d.effective.values.astype(int)
from creaeval.mgjudge import _context_columns, length_features
from sklearn.impute import SimpleImputer
ctx = np.column_stack([_context_columns(d), length_features(d.solution)])
def cv(X, C):
    p = np.zeros(len(d))
    for tr, te in GroupKFold(5).split(d, y, d.group):
        m = make_pipeline(SimpleImputer(), StandardScaler(), LogisticRegression(C=C, max_iter=5000)).fit(X[tr], y[tr])
        p[te] = m.predict_proba(X[te])[:, 1]
    return p
for name, X in [('logprob4', F[:, 576:]), ('hidden', F[:, :576]), ('hidden+logprob', F),
                ('ctx+len+logprob', np.column_stack([ctx, F[:, 576:]])), ('ctx+len+hidden+logprob', np.column_stack([ctx, F]))]:
    for C in (0.01, 0.1):
        p = cv(X, C)
        print(name, C, round(roc_auc_score(y, p), 4), 'blend w/ chosen', round(roc_auc_score(y, rankdata(p) + rankdata(oof.p)), 4), flush=True)
