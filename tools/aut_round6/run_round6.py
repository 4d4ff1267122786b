# Round 6 of the AUT scorer (issue 39, "What to build" item 2: the 1.5B base): `train_scorer` on `ROUND6`, round 5's
# choice alone and with one block of Qwen2.5-Coder-1.5B's hidden states (layers 14, 21, 28; all or answer tokens)
# beside it, plus each block alone. The fine-tune's out-of-fold ratings (bands^0.75) are round 5's, copied from its
# checkpoint folder where this machine has it (same folds, same weights: `cv_tuned` checks the key); without them
# `cv_tuned` computes them again (about 45 min a weighting on 2 cores).
# Run from the repository root: PYTHONPATH=$PWD .venv/bin/python tools/aut_round6/run_round6.py
import shutil, time
from pathlib import Path
from creaeval import scorer as S
out, r5 = Path('data/trained/aut-rated-neighbours-r6'), Path('data/trained/aut-rated-neighbours-r5')
src, dst = r5/'checkpoint-tuned-cv-balance0.75', out/'checkpoint-tuned-cv-balance0.75'
if src.is_dir() and not dst.is_dir(): shutil.copytree(src, dst)
t0 = time.time()
table = S.train_scorer(out, candidates=S.ROUND6, threads=2, progress=True)
print(table.drop(columns='config').sort_values('design_r', ascending=False).round(4).to_string())
print(f"total {time.time() - t0:.0f} s")
