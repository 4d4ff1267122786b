import os; D = os.environ.get("EXPLORE_DIR", "explore-out"); os.makedirs(D, exist_ok=True)
# weighted (band-balanced, g) fine-tune OOF on round 4's folds; resumable per fold
import os, sys, time, numpy as np, pandas as pd, torch
from pathlib import Path
from creaeval import scorer as S
from creaeval.samples import _bands
G = float(sys.argv[1]); OUT = Path(D) / f'tw{G}'; OUT.mkdir(exist_ok=True)
train, rule = S.training_set(S.aut_rating_pool(), S.held_answers())
train = train.assign(group=S.person_groups(train))
folds = S.grouped_folds(train.group, 5)
obj = S._objects(train.prompt); band = _bands(train.rating).astype(str).to_numpy()
ob = pd.Series(obj+'|'+band); bc = ob.map(ob.value_counts()).to_numpy(); oc = pd.Series(obj).map(pd.Series(obj).value_counts()).to_numpy()
W = (oc/bc)**G
text, y = train.response.map(S.norm_text).to_numpy(), train.rating.to_numpy(float)
X = [S.answer_text(p, r) for p, r in zip(train.prompt, train.response)]
EP = 5
for f, (tr, va) in enumerate(folds):
    done = OUT/f'fold{f}.npz'
    if done.is_file(): continue
    tr = tr[~np.isin(text[tr], text[va])]
    m = S.TunedMiniLM(EP, seed=0, threads=1)
    torch.set_num_threads(1); rng = np.random.default_rng(0)
    m.tok, m.net = S._minilm_net(0); m.net['enc'].embeddings.word_embeddings.weight.requires_grad_(False)
    yt = y[tr]; wt = W[tr]/W[tr].mean(); m.y_mu, m.y_sd = float(yt.mean()), float(yt.std())
    z = torch.tensor((yt-m.y_mu)/m.y_sd, dtype=torch.float32); wv = torch.tensor(wt, dtype=torch.float32)
    opt = torch.optim.AdamW([p for p in m.net.parameters() if p.requires_grad], lr=m.lr)
    texts = [X[k] for k in tr]; vals = [X[k] for k in va]; preds = []
    for ep in range(EP):
        t0 = time.time(); order = rng.permutation(len(texts)); m.net.train()
        for s in range(0, len(order), m.batch):
            i = order[s:s+m.batch]
            out = S._tuned_out(m, [texts[k] for k in i])
            loss = (wv[i]*(out-z[i])**2).sum()/wv[i].sum()
            opt.zero_grad(); loss.backward(); opt.step()
        preds.append(m.predict(vals)); print(f'fold {f} epoch {ep+1} {time.time()-t0:.0f}s r {np.corrcoef(preds[-1], y[va])[0,1]:.3f}', flush=True)
    np.savez(OUT/f'fold{f}.part.npz', va=va, pred=np.array(preds)); (OUT/f'fold{f}.part.npz').replace(done)
print('done')
