# issue 40 exploration (2026-12-05, after the judge's choice): the pair file's labels as extra *effective* training rows
# (efficient/inefficient -> 1, infeasible -> 0; `wrong_solution` rows are not in the training pool), scored on the
# benchmark rows only. Its folds differ from the committed CV's (the frame also holds the pair rows), so compare the
# two modes with each other, not with cv.csv.
import numpy as np, pandas as pd
import creaeval.mgjudge as mj
from creaeval.loaders import load_macgyver
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
tr, _ = mj.training_pool()
tr = tr.join(mj.context_features(tr))
pr = tr.source.eq('pairs')
tr.loc[pr, 'effective'] = tr.loc[pr, 'problem_id'].map(load_macgyver().set_index('id').label).map(
    {'efficient': 1., 'inefficient': 1., 'infeasible': 0.})
d = tr[tr.effective.notna()].reset_index(drop=True)
isb, y = d.source.eq('benchmark').values, d.effective.astype(int).values
for cand in ['word+char(solution)+len, C=0.3', 'word+char(solution)+len+context, C=0.3']:
    for mode in ['benchmark rows only', 'benchmark + pair-file rows']:
        p = np.full(len(d), np.nan)
        for A, B in GroupKFold(5).split(d, y, d.group):
            A2 = A if mode.endswith('pair-file rows') else A[isb[A]]
            p[B] = mj.make_model(mj.CANDIDATES[cand]).fit(d.iloc[A2], y[A2]).predict_proba(d.iloc[B])[:, 1]
        print(cand, '|', mode, '| AUC on the benchmark rows', round(roc_auc_score(y[isb], p[isb]), 4), flush=True)
