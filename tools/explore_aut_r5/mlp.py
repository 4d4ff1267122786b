import os; D = os.environ.get("EXPLORE_DIR", "explore-out"); os.makedirs(D, exist_ok=True)
import numpy as np, pandas as pd, pickle, warnings
warnings.filterwarnings('ignore')
F, y, obj, band, wd = pickle.load(open(D + '/F.pkl','rb'))
# the library's weighted r and weighted ridge (the scripts first ran with their own copies of the same formulas)
from creaeval.samples import weighted_r as wr
from creaeval.scorer import ridge_fit, ridge_predict
def wridge(X, y, alpha, sw):
    h = ridge_fit(X, y, alpha, sw)
    return lambda Xq: ridge_predict(h, Xq)
from sklearn.neural_network import MLPRegressor
bc = pd.Series(obj+'|'+band).map(pd.Series(obj+'|'+band).value_counts()).to_numpy()
oc = pd.Series(obj).map(pd.Series(obj).value_counts()).to_numpy()
nnb = 11
for g in [0.75]:
    sw = (oc/bc)**g
    pr = np.zeros(len(y)); res = {}
    for tr, va, Xt, Xv in F: pr[va] = wridge(Xt, y[tr], 1000, sw[tr])(Xv)
    for h, a in [(16, 1e-3), (32, 1e-2), (64, 1e-2)]:
        pm = np.zeros(len(y))
        for tr, va, Xt, Xv in F:
            A = Xt[:, :nnb]; mu, sd = A.mean(0), A.std(0)+1e-6
            ps = []
            for seed in range(3):
                m = MLPRegressor(hidden_layer_sizes=(h,), alpha=a, learning_rate_init=1e-3, max_iter=200, early_stopping=False, random_state=seed)
                m.fit((A-mu)/sd, y[tr], sample_weight=sw[tr]); ps.append(m.predict((Xv[:, :nnb]-mu)/sd))
            pm[va] = np.mean(ps, 0)
        for name, p in [(f'mlp{h} a{a}', pm), ('avg', (pr+pm)/2)]:
            print(f'g {g} {name}: natural {np.corrcoef(p,y)[0,1]:.4f} design {wr(p,y,wd):.4f}', flush=True)
