# the fine-tuned MiniLM's out-of-fold ratings (5 epochs) on round 4's folds, resumable
import os
D = os.environ.get('EXPLORE_DIR', 'explore-out'); os.makedirs(D, exist_ok=True)
import time
from creaeval import scorer as S
train, rule = S.training_set(S.aut_rating_pool(), S.held_answers())
train = train.assign(group=S.person_groups(train))
folds = S.grouped_folds(train.group, 5)
t = S.cv_tuned(train, folds, D + '/checkpoint-tuned-cv', 5, 0, 1, None, True)
import numpy as np
np.savez(D + '/tuned_oof.npz', **{str(k): v for k, v in t.items()})
print('done', {k: np.corrcoef(v, train.rating)[0,1] for k, v in t.items()})
