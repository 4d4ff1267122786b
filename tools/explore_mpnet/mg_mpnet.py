# issue 40 exploration: all-mpnet-base-v2 in place of MiniLM for the context features, and its vectors as features
import os
D = os.environ.get('EXPLORE_DIR', 'explore-out'); os.makedirs(D, exist_ok=True)
M = os.environ.get('MPNET_DIR', 'all-mpnet-base-v2')  # the model folder, assembled from its PyPI parts (README)
import numpy as np, pandas as pd, time
import creaeval.mgjudge as mj
from creaeval.embed import Embedder
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from scipy.stats import rankdata
train, _ = mj.training_pool()
e = Embedder(M, 'cpu', threads=1, max_length=256)
t0 = time.time()
ctx = mj.context_features(train, embedder=e)
print('encode s', round(time.time() - t0), flush=True)
S = e.encode(list(train.solution)); P = e.encode(list(train.problem))
np.savez(D + '/mg_mpnet.npz', S=S, P=P)
ctx.to_pickle(D + '/mg_ctx_mpnet.pkl')
tr2 = train.join(ctx)
d = tr2[tr2.effective.notna()]; y = d.effective.values.astype(int)
spec = mj.CANDIDATES['word+char(solution)+len+context, C=0.3']
p = mj.cv_head(tr2, 'effective', spec, 5)
print('chosen head, mpnet context', round(roc_auc_score(y, p.loc[d.index]), 4), flush=True)
idx = train.index.get_indexer(d.index)
for name, X in [('sol', S[idx]), ('sol+prob', np.c_[S[idx], P[idx]]), ('sol+sol*prob', np.c_[S[idx], S[idx] * P[idx]])]:
    for C in (0.03, 0.1, 0.3):
        q = np.zeros(len(d))
        for a, b in GroupKFold(5).split(d, y, d.group):
            sc = StandardScaler().fit(X[a])
            q[b] = LogisticRegression(C=C, max_iter=3000).fit(sc.transform(X[a]), y[a]).predict_proba(sc.transform(X[b]))[:, 1]
        print(name, C, round(roc_auc_score(y, q), 4), 'rank blend with mpnet-context head',
              round(roc_auc_score(y, rankdata(q) + rankdata(p.loc[d.index])), 4), flush=True)
