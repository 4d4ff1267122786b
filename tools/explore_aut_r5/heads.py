import os; D = os.environ.get("EXPLORE_DIR", "explore-out"); os.makedirs(D, exist_ok=True)
import numpy as np, pandas as pd, time, pickle
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'weighted.py')).read().split("print('features done'")[0])
pickle.dump((F, y, obj, band, wd), open(D + '/F.pkl','wb'))
from sklearn.ensemble import HistGradientBoostingRegressor
bc = pd.Series(obj+'|'+band).map(pd.Series(obj+'|'+band).value_counts()).to_numpy()
oc = pd.Series(obj).map(pd.Series(obj).value_counts()).to_numpy()
nnb = 2*3+2+3  # neighbour cols + plain
for g in [0, 0.75]:
    sw = (oc/bc)**g
    pr = np.zeros(len(y)); pg = np.zeros(len(y))
    for tr, va, Xt, Xv in F:
        pr[va] = wridge(Xt, y[tr], 1000, sw[tr])(Xv)
        m = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40, random_state=0)
        m.fit(Xt[:, :nnb], y[tr], sample_weight=sw[tr]); pg[va] = m.predict(Xv[:, :nnb])
    for name, p in [('ridge', pr), ('gbm nb+plain', pg), ('avg', (pr+pg)/2)]:
        print(f'g {g} {name}: natural {np.corrcoef(p,y)[0,1]:.4f} design {wr(p,y,wd):.4f}', flush=True)
