"""Run notebooks top to bottom and keep their outputs, so that they read as documentation without running them.

    .venv/bin/python tools/nb_outputs.py [nbs/NN_name.ipynb ...]     # default: every notebook in nbs/

Each notebook runs in its own process, as the tests run it (cells flagged slow, gpu or api are skipped), and is
written back only if every cell succeeded; `make outputs` then runs nbdev-clean. The outputs are those of the
offline defaults: the embedded models and the committed runs.
"""
import json, os, re, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import sys
from nbdev.test import test_nb
ok, secs = test_nb(sys.argv[1], skip_flags=['slow', 'gpu', 'api'], save=True, do_print=False, showerr=True)
print(f"{'ok  ' if ok else 'FAIL'} {secs:6.1f}s {sys.argv[1]}", flush=True)
sys.exit(0 if ok else 1)
"""

# model-loading progress bars and loader chatter on stderr: timings that churn on every run and teach nothing
NOISE = re.compile(r"it/s\]|s/it\]|Loading weights|Converting and de-quantizing|Writing model shards|^llama_context:", re.M)

def quiet(nb: Path) -> int:
    "Drop stderr outputs that are only progress bars or loader logs; returns how many were dropped."
    d = json.loads(nb.read_text())
    n = 0
    for c in d['cells']:
        keep = [o for o in c.get('outputs', []) if not (o.get('name') == 'stderr' and NOISE.search(''.join(o.get('text', ''))))]
        n += len(c.get('outputs', [])) - len(keep)
        if 'outputs' in c: c['outputs'] = keep
    if n: nb.write_text(json.dumps(d, indent=1, ensure_ascii=False) + '\n')
    return n

def main(paths):
    nbs = [Path(p) for p in paths] or sorted((ROOT/'nbs').glob('[0-9]*.ipynb'))
    env = {'HF_HUB_OFFLINE': '1', 'TRANSFORMERS_OFFLINE': '1', **os.environ}   # as the tests run them (conftest.py):
    # online, a loader may try the hub and print a warning into a cell's output
    failed = [nb for nb in nbs
              if subprocess.run([sys.executable, '-c', CHILD, str(nb.resolve())], cwd=nb.parent, env=env).returncode]
    for nb in nbs:
        if nb not in failed: quiet(nb)
    if failed: sys.exit(f"failed: {', '.join(p.name for p in failed)}")

if __name__ == '__main__': main(sys.argv[1:])
