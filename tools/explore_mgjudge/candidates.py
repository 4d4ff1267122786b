# issue 40 exploration (2026-12-05, after the judge's choice): other candidates for the *effective* head, same folds
import os
D = os.environ.get('EXPLORE_DIR', 'explore-out'); os.makedirs(D, exist_ok=True)
import re, numpy as np, pandas as pd
import creaeval.mgjudge as mj
from creaeval.embed import load_embedder
from creaeval.loaders import load_macgyver, load_macgyver_human_solutions
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.ensemble import HistGradientBoostingClassifier

train, _ = mj.training_pool()
e = load_embedder()
train = train.join(mj.context_features(train, embedder=e))
S = e.encode(list(train.solution)); P = e.encode(list(train.problem))
nt = lambda s: re.sub(r'\s+', ' ', str(s).lower()).strip()

# reference features: MiniLM cosine of the solution to the public reference texts of its problem (the pair file's
# solution and the extra human solutions; texts only, never their labels; the solution's own text left out)
p, a = load_macgyver(), load_macgyver_human_solutions()
refs = pd.concat([p[['problem', 'solution']], a[['problem', 'solution']]])
refs['solution'] = refs.solution.map(mj.clean_solution)
refs = refs[refs.solution.str.len() > 0].reset_index(drop=True)
R, rref = e.encode(list(refs.solution)), mj.cue_features(refs.solution).refusal.values
byp = refs.groupby(refs.problem.map(nt)).indices
rows = []
for i, r in enumerate(train.itertuples()):
    idx = [j for j in byp.get(nt(r.problem), []) if nt(refs.solution[j]) != nt(r.solution)]
    if not idx: rows.append(dict(ref_max=np.nan, ref_mean=np.nan, ref_agree=np.nan)); continue
    c = R[idx] @ S[i]
    rows.append(dict(ref_max=c.max(), ref_mean=c.mean(), ref_agree=1 - abs(rref[idx].mean() - r.refusal)))
train = train.join(pd.DataFrame(rows, index=train.index))

d = train[train.effective.notna()]
y, g, ix = d.effective.values.astype(int), d.group.values, train.index.get_indexer(d.index)
folds = list(GroupKFold(5).split(d, y, g))
def oof(fit_pred):
    q = np.zeros(len(d))
    for A, B in folds: q[B] = fit_pred(A, B)
    return q
def spec_fp(spec): return lambda A, B: mj.make_model(spec).fit(d.iloc[A], y[A]).predict_proba(d.iloc[B])[:, 1]
base = mj.CANDIDATES['word+char(solution)+len+context, C=0.3']
ctx = np.nan_to_num(np.c_[d[list(mj.CONTEXT_FEATURES)].to_numpy(float), mj.length_features(d.solution)])
def lr(X, C):
    def f(A, B):
        sc = StandardScaler().fit(X[A])
        return LogisticRegression(C=C, max_iter=3000).fit(sc.transform(X[A]), y[A]).predict_proba(sc.transform(X[B]))[:, 1]
    return f
gb = lambda X: lambda A, B: HistGradientBoostingClassifier(max_iter=200, learning_rate=.05, max_leaf_nodes=15,
    min_samples_leaf=30, random_state=0).fit(X[A], y[A]).predict_proba(X[B])[:, 1]
res = {'committed choice (TF-IDF + len + context)': oof(spec_fp(base))}
res['context + len + MiniLM solution vector, C=0.01'] = oof(lr(np.c_[ctx, S[ix]], .01))
res['context + len + MiniLM solution and solution*problem, C=0.01'] = oof(lr(np.c_[ctx, S[ix], S[ix] * P[ix]], .01))
res['gradient boosting on context + len'] = oof(gb(ctx))
full = tuple(mj.CONTEXT_FEATURES)
for name, cols in [('+ reference cosines', ('ref_max', 'ref_mean')),
                   ('+ reference cosines and refusal agreement', ('ref_max', 'ref_mean', 'ref_agree'))]:
    mj.CONTEXT_FEATURES = full + cols
    res['committed choice ' + name] = oof(spec_fp(base))
    mj.CONTEXT_FEATURES = full
rng, B = np.random.default_rng(0), 2000
gi = pd.Series(np.arange(len(y))).groupby(g, sort=False).apply(list).tolist()
boots = [np.concatenate([gi[k] for k in rng.integers(0, len(gi), len(gi))]) for _ in range(B)]
b0 = res['committed choice (TF-IDF + len + context)']
out = []
for k, q in res.items():
    dif = [roc_auc_score(y[i], q[i]) - roc_auc_score(y[i], b0[i]) for i in boots]
    out.append(dict(candidate=k, cv_auc=round(roc_auc_score(y, q), 4), diff=round(roc_auc_score(y, q) - roc_auc_score(y, b0), 4),
                    diff_lo=round(np.quantile(dif, .025), 4), diff_hi=round(np.quantile(dif, .975), 4)))
    print(out[-1], flush=True)
pd.DataFrame(out).to_csv(D + '/mg_candidates.csv', index=False)
