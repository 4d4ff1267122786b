# round-5 exploration: all-mpnet-base-v2 vectors in place of MiniLM's, same folds, same recipe (training pool only)
import os
D = os.environ.get('EXPLORE_DIR', 'explore-out'); os.makedirs(D, exist_ok=True)
M = os.environ.get('MPNET_DIR', 'all-mpnet-base-v2')  # the model folder, assembled from its PyPI parts (README)
import time, numpy as np
from creaeval import scorer as S
from creaeval.embed import Embedder
train, rule = S.training_set(S.aut_rating_pool(), S.held_answers())
train = train.assign(group=S.person_groups(train))
folds = S.grouped_folds(train.group, 5)
t0 = time.time()
e = Embedder(M, 'cpu', threads=1)
enc = S.encode_answers(train.prompt, train.response, embedder=e, progress=True)
print('encode s', round(time.time() - t0, 1), len(train), flush=True)
np.savez(D + '/enc_mpnet.npz', **enc)
C = S.ScorerConfig
cands = {f'mpnet: neighbours T={t} + plain + vector (alpha {a})': C(temp=t, alpha=a) for t in (0.05, 0.1) for a in (300, 1000, 3000)}
cands |= {'mpnet vector (ridge)': C(neighbours=False, plain=False, alpha=300),
          'mpnet: neighbours T=0.05 + plain': C(blocks=())}
tab = S.cv_table(cands, train, enc, folds, n_boot=200)
print(tab[['candidate', 'cv_r', 'lo', 'hi']].to_string())
tab.to_csv(D + '/cv_mpnet.csv', index=False)
