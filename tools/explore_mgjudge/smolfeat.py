import os
from pathlib import Path
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out')); D.mkdir(exist_ok=True)
import sys, time, numpy as np, torch, pandas as pd
from creaeval.mgjudge import training_pool
from creaeval.training import _load_base
torch.set_num_threads(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
N = int(sys.argv[1])
train, _ = training_pool()
d = train[train.effective.notna()]
if N: d = d.head(N)
tok, lm = _load_base('smollm2-135m-instruct', 'cpu'); lm.eval()
def ids(pr, so):
    a = tok.encode(pr.strip()[-1200:] + "\nA solution:\n", add_special_tokens=False)[-256:]
    b = tok.encode(so.strip(), add_special_tokens=False)[:256]
    return a, b
rows = [ids(p, s) for p, s in zip(d.problem, d.solution)]
order = np.argsort([len(a)+len(b) for a, b in rows])
feats = np.zeros((len(rows), 576 + 4), np.float32)
t0 = time.time(); ntok = 0
B = 8
for k in range(0, len(order), B):
    idx = order[k:k+B]
    seqs = [rows[i][0] + rows[i][1] for i in idx]; L = max(map(len, seqs)); ntok += sum(map(len, seqs))
    x = torch.full((len(seqs), L), tok.pad_token_id or 0); m = torch.zeros((len(seqs), L))
    for j, s in enumerate(seqs): x[j, :len(s)] = torch.tensor(s); m[j, :len(s)] = 1
    with torch.no_grad():
        h = lm.model(input_ids=x, attention_mask=m).last_hidden_state
    for j, i in enumerate(idx):
        a, b = rows[i]; s0, s1 = len(a), len(a) + len(b)
        with torch.no_grad(): lp = torch.log_softmax(lm.lm_head(h[j, s0-1:s1-1]).float(), -1)
        tl = lp.gather(-1, x[j, s0:s1, None])[:, 0].numpy()
        feats[i, :576] = h[j, s0:s1].mean(0).numpy()
        feats[i, 576:] = [tl.mean(), np.quantile(tl, .1), tl.std(), np.log(len(b))]
    if k % 400 == 0: print(k, time.time() - t0, ntok / (time.time() - t0), flush=True)
print('done', len(rows), time.time() - t0, ntok / (time.time() - t0))
np.save(str(D/f'smol_{N}.npy'), feats); d[['problem_id']].to_csv(str(D/f'smol_{N}_ids.csv'))
