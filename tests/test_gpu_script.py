"""The prepared GPU check (`make gpu`, tools/gpu_check.sh): on a machine without CUDA it stops at once with one line
naming what is missing; its benchmark runs end to end in its dry-run form (tiny models, CPU against CPU)."""
import json, os, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
torch = pytest.importorskip('torch')

@pytest.mark.skipif(torch.cuda.is_available(), reason='this machine has CUDA: make gpu runs the real check')
def test_without_cuda_one_line_and_status_2(tmp_path):
    r = subprocess.run(['bash', str(ROOT/'tools/gpu_check.sh')], cwd=tmp_path, capture_output=True, text=True,
                       env={**os.environ, 'OUT': str(tmp_path/'out'), 'PYTHON': sys.executable}, timeout=120)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith('gpu_check: ') and 'CUDA' in lines[0], r.stderr
    assert not (tmp_path/'out'/'gpu_arch.json').exists()

def test_dry_run_writes_its_figures(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT/'tests/gpu/gpu_arch.py'), '--dry-run', '--repeats', '1', '--out', str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    res = json.loads((tmp_path/'gpu_arch.json').read_text())
    assert res['device'] == 'cpu (dry run)' and res['weights'].startswith('random')
    for k in ('sampling', 'nli'): assert res[k]['cpu_s'] > 0 and res[k]['cuda_s'] > 0 and res[k]['speedup'] > 0
    assert res['nli']['same_verdicts'] == 1.0                # the same device twice: the same verdicts
    md = (tmp_path/'gpu_arch.md').read_text()
    assert '| DeBERTa-v3-base architecture |' in md and 'random' in md
