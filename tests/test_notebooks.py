"""Each nbdev notebook in nbs/, and each notebook of the research log (research/), runs top to bottom as one pytest
test, in its own process.

The notebook's own test cells are the assertions; a failing cell fails the test with its traceback.
Cells flagged `slow`, `gpu` or `api` run only when the flag is listed in CREAEVAL_TEST_FLAGS.
"""
import os, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted((ROOT/'nbs').glob('[0-9]*.ipynb')) + sorted((ROOT/'research').glob('*.ipynb'))   # and the research log
RUNNER = """
import sys
from nbdev.test import test_nb
ok, secs = test_nb(sys.argv[1], skip_flags=sys.argv[2].split(), force_flags=sys.argv[3].split(), do_print=False, showerr=True)
sys.exit(0 if ok else 1)
"""

@pytest.mark.parametrize('nb', NBS, ids=[p.stem for p in NBS])
def test_notebook(nb):
    force = os.environ.get('CREAEVAL_TEST_FLAGS', '').split()
    skip = [f for f in ('slow', 'gpu', 'api') if f not in force]
    r = subprocess.run([sys.executable, '-c', RUNNER, str(nb), ' '.join(skip), ' '.join(force)],
                       cwd=nb.parent, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, f"{nb.name} failed:\n{r.stdout[-6000:]}\n{r.stderr[-6000:]}"
