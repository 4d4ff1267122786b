import os; D = os.environ.get("EXPLORE_DIR", "explore-out"); os.makedirs(D, exist_ok=True)
import numpy as np, pandas as pd, torch, tempfile
from creaeval import scorer as S
from creaeval.samples import _bands
pool, _ = S.training_set(S.aut_rating_pool(), S.held_answers())
pool = pool.assign(group=S.person_groups(pool))
tiny = pool[pool.prompt.str.lower()=='brick'].iloc[:200].reset_index(drop=True)
folds = S.grouped_folds(tiny.group, 2)
obj = S._objects(tiny.prompt); band = _bands(tiny.rating).astype(str).to_numpy()
ob = pd.Series(obj+'|'+band); bc = ob.map(ob.value_counts()).to_numpy(); oc = pd.Series(obj).map(pd.Series(obj).value_counts()).to_numpy()
W = (oc/bc)**0.75
lib = S.cv_tuned(tiny, folds, tempfile.mkdtemp(), 2, 0, 1, None, False, weights=S.band_weights(tiny.prompt, tiny.rating, 0.75))
text, y = tiny.response.map(S.norm_text).to_numpy(), tiny.rating.to_numpy(float)
X = [S.answer_text(p, r) for p, r in zip(tiny.prompt, tiny.response)]
out = np.zeros((2, len(y)))
for f, (tr, va) in enumerate(folds):
    tr = tr[~np.isin(text[tr], text[va])]
    m = S.TunedMiniLM(2, seed=0, threads=1)
    torch.set_num_threads(1); rng = np.random.default_rng(0)
    m.tok, m.net = S._minilm_net(0); m.net['enc'].embeddings.word_embeddings.weight.requires_grad_(False)
    yt = y[tr]; wt = W[tr]/W[tr].mean(); m.y_mu, m.y_sd = float(yt.mean()), float(yt.std())
    z = torch.tensor((yt-m.y_mu)/m.y_sd, dtype=torch.float32); wv = torch.tensor(wt, dtype=torch.float32)
    opt = torch.optim.AdamW([p for p in m.net.parameters() if p.requires_grad], lr=m.lr)
    texts = [X[k] for k in tr]; vals = [X[k] for k in va]
    for ep in range(2):
        order = rng.permutation(len(texts)); m.net.train()
        for s in range(0, len(order), m.batch):
            i = order[s:s+m.batch]
            o = S._tuned_out(m, [texts[k] for k in i])
            loss = (wv[i]*(o-z[i])**2).sum()/wv[i].sum()
            opt.zero_grad(); loss.backward(); opt.step()
        out[ep, va] = m.predict(vals)
print('max abs diff', np.abs(out[0]-lib[1]).max(), np.abs(out[1]-lib[2]).max())
