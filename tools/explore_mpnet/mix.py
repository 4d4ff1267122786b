# round-5 exploration: the mpnet recipe averaged with the fine-tuned MiniLM (5 epochs), out of fold, same folds
import os
D = os.environ.get('EXPLORE_DIR', 'explore-out'); os.makedirs(D, exist_ok=True)
import numpy as np
from creaeval import scorer as S
train, rule = S.training_set(S.aut_rating_pool(), S.held_answers())
train = train.assign(group=S.person_groups(train))
folds = S.grouped_folds(train.group, 5)
y = train.rating.to_numpy(float)
t = dict(np.load(D + '/tuned_oof.npz'))
enc_m = dict(np.load(D + '/enc_mpnet.npz'))
C = S.ScorerConfig
for e in ('3', '4', '5'): print('tuned MiniLM alone', e, round(np.corrcoef(t[e], y)[0, 1], 4))
base_mini = S.cv_predictions(C(alpha=1000), train, S._cached(__import__('pathlib').Path(D + '/enc_minilm.npz'), C(), train, True, 1), folds)
base_mp = S.cv_predictions(C(temp=0.1, alpha=1000), train, enc_m, folds)
print('MiniLM recipe', round(np.corrcoef(base_mini, y)[0, 1], 4), 'mpnet recipe', round(np.corrcoef(base_mp, y)[0, 1], 4))
for e in ('5',):
    for w in (0.3, 0.5):
        for name, b in (('MiniLM', base_mini), ('mpnet', base_mp)):
            p = np.clip((1 - w) * b + w * t[e], 1, 5)
            print(f'{name} recipe + tuned {e} ep, weight {w}:', round(np.corrcoef(p, y)[0, 1], 4))
