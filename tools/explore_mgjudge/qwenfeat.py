# Qwen2.5-Coder-1.5B, frozen, reads the problem and then the solution (the 1.5B base whose layer 14 helped the AUT
# scorer, round 6): per training solution with an *effective* label, the mean hidden state of layer 14 over the
# solution's tokens and over all tokens. Only the first 15 of the 28 layers run: the state after layer 14 is the
# same whether or not the later layers exist (checked below on a few rows against the whole model).
# Usage: EXPLORE_DIR=... PYTHONPATH=$PWD .venv/bin/python tools/explore_mgjudge/qwenfeat.py N THREADS  (N 0: all)
import os, sys, time
from pathlib import Path
import numpy as np, torch
from creaeval.mgjudge import training_pool
from creaeval.training import _load_base
D = Path(os.environ.get('EXPLORE_DIR', 'explore-out')); D.mkdir(exist_ok=True)
N, T, LAYER = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1, 14
torch.set_num_threads(T)
train, _ = training_pool()
d = train[train.effective.notna()]
if N: d = d.head(N)
tok, lm = _load_base('qwen2.5-coder-1.5b-instruct', 'cpu'); lm.eval()
def ids(pr, so):
    a = tok.encode(pr.strip()[-1200:] + "\nA solution:\n", add_special_tokens=False)[-192:]
    return a, tok.encode(so.strip(), add_special_tokens=False)[:256]
rows = [ids(p, s) for p, s in zip(d.problem, d.solution)]
def states(seqs):
    L = max(map(len, seqs)); x = torch.full((len(seqs), L), tok.pad_token_id or 0); m = torch.zeros((len(seqs), L))
    for j, s in enumerate(seqs): x[j, :len(s)] = torch.tensor(s); m[j, :len(s)] = 1
    with torch.no_grad(): return lm.model(input_ids=x, attention_mask=m, output_hidden_states=True).hidden_states[LAYER]
full = states([rows[i][0] + rows[i][1] for i in range(3)])
lm.model.layers = lm.model.layers[:LAYER + 1]          # the rest is not needed for layer 14's state
cut = states([rows[i][0] + rows[i][1] for i in range(3)])
for i in range(3):
    n = len(rows[i][0]) + len(rows[i][1])
    err = float((full[i, :n] - cut[i, :n]).abs().max()); print('check row', i, 'max abs diff', err, flush=True)
    assert err < 1e-3, 'the truncated model must give the same layer-14 states'
order = np.argsort([len(a) + len(b) for a, b in rows])
H = lm.config.hidden_size
feats = np.zeros((len(rows), 2 * H + 1), np.float32)
t0, ntok, B = time.time(), 0, 8
for k in range(0, len(order), B):
    idx = order[k:k + B]
    seqs = [rows[i][0] + rows[i][1] for i in idx]; ntok += sum(map(len, seqs))
    h = states(seqs)
    for j, i in enumerate(idx):
        a, b = rows[i]; s0, s1 = len(a), len(a) + len(b)
        feats[i, :H] = h[j, s0:s1].mean(0).numpy(); feats[i, H:2 * H] = h[j, :s1].mean(0).numpy()
        feats[i, -1] = np.log(len(b))
    if k % 200 == 0: print(k, round(time.time() - t0), round(ntok / (time.time() - t0)), 'tok/s', flush=True)
print('done', len(rows), round(time.time() - t0), 's', round(ntok / (time.time() - t0)), 'tok/s')
np.save(str(D/f'qwen15_{N}.npy'), feats); d[['problem_id']].to_csv(str(D/f'qwen15_{N}_ids.csv'))
