# round 5's CV, choice and refit (`train_scorer`), resumed from the two fine-tunes' out-of-fold folds computed before
# (tools/explore_mpnet/tuned_oof.py and tuned_w.py here, both under EXPLORE_DIR), copied into the library's format
import os; D = os.environ.get('EXPLORE_DIR', 'explore-out')
import numpy as np, shutil, re, hashlib, time
from pathlib import Path
from creaeval import scorer as S
out = Path('data/trained/aut-rated-neighbours-r5')
train, rule = S.training_set(S.aut_rating_pool(), S.held_answers())
train = train.assign(group=S.person_groups(train))
folds = S.grouped_folds(train.group, 5)
# the unweighted fine-tune's folds (library cv_tuned, tools/explore_mpnet/tuned_oof.py) as they are
c0 = out/'checkpoint-tuned-cv'; c0.mkdir(parents=True, exist_ok=True)
for f in range(5): shutil.copy(f'{D}/checkpoint-tuned-cv/fold{f}.npz', c0/f'fold{f}.npz')
# the weighted one (tools/explore_aut_r5/tuned_w.py, the same loop as cv_tuned(weights=...)): into the library's format
w = S.band_weights(train.prompt, train.rating, 0.75)
wkey = hashlib.sha256(np.asarray(w, float).tobytes()).hexdigest()[:16]
c1 = out/'checkpoint-tuned-cv-balance0.75'; c1.mkdir(parents=True, exist_ok=True)
log = open(f'{D}/tuned_w.log').read()   # tuned_w.py's printed output, for the seconds per epoch
for f, (tr, va) in enumerate(folds):
    with np.load(f'{D}/tw0.75/fold{f}.npz') as z:
        assert np.array_equal(z['va'], va)
        secs = [float(s) for s in re.findall(rf'fold {f} epoch \d (\d+)s', log)]
        np.savez(c1/f'fold{f}.npz', va=va, pred=z['pred'], epoch_s=secs, seed=0, wkey=wkey)
t0 = time.time()
table = S.train_scorer(out, threads=2, progress=False)
print(table.drop(columns='config').sort_values('design_r', ascending=False).round(4).to_string())
print('total', time.time() - t0)
