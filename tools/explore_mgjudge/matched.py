import os
from pathlib import Path
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out')); D.mkdir(exist_ok=True)
import numpy as np, pandas as pd
import creaeval.mgjudge as mj
from creaeval.mgjudge import *
from creaeval.mgjudge import norm_text, consensus_features
from creaeval.embed import load_embedder
from sklearn.metrics import roc_auc_score
train = pd.read_pickle(str(D/'train_ctx.pkl'))
S = load_embedder().encode(list(train.solution.astype(str)))
spec = CANDIDATES['word+char(solution)+len+context, C=0.3']
d = train[train.effective.notna()]
for k in (1, 3):
    rng = np.random.default_rng(0)
    key = train.problem.map(norm_text)
    chunk = pd.Series(0, index=train.index)
    for _, idx in key.groupby(key).groups.items():
        perm = rng.permutation(len(idx)); chunk[idx[perm]] = np.arange(len(idx)) // (k + 1)
    c = consensus_features(S, (key + '#' + chunk.astype(str)).values).set_index(train.index)
    t2 = train.copy(); t2[c.columns] = c
    p = cv_head(t2, 'effective', spec, 5)
    print('k', k, 'auc', round(roc_auc_score(d.effective[p.index], p), 4), 'median others', np.expm1(t2.log_others).median(), flush=True)
