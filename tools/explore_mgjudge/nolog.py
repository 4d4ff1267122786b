import os
from pathlib import Path
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out')); D.mkdir(exist_ok=True)
import numpy as np, pandas as pd
import creaeval.mgjudge as mj
from sklearn.metrics import roc_auc_score
train = pd.read_pickle(str(D/'train_ctx.pkl'))
d = train[train.effective.notna()]
print('others in train: median', np.expm1(d.log_others).median())
spec = mj.CANDIDATES['word+char(solution)+len+context, C=0.3']
for drop in [(), ('log_others',), ('log_others','mean_cos_rank','mean_cos_z')]:
    keep = tuple(f for f in mj.CONTEXT_FEATURES if f not in drop)
    mj._context_columns.__globals__['CONTEXT_FEATURES'] = keep
    p = mj.cv_head(train, 'effective', spec, 5)
    print(drop, round(roc_auc_score(d.effective[p.index], p), 4), flush=True)
    mj._context_columns.__globals__['CONTEXT_FEATURES'] = mj.CONTEXT_FEATURES
