"""The checkout stays light enough to carry to a GPU machine (at most 64 MiB of working copy): tracked files under
60 MiB (4 MiB left for what a checkout holds untracked), committed runs and adapters stored packed, and every pack up
to date with the files a run or a training wrote."""
import json, subprocess
from pathlib import Path
import pytest
from creaeval.rundir import MARK, PACK, PACKED, PLANES, PLANES_MAGIC, _sha, unpacked

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 60 * 2**20

def tracked() -> list[str]:
    try: out = subprocess.run(['git', 'ls-files', '-z'], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError): pytest.skip('not a git checkout')
    return [f for f in out.decode().split('\0') if f]

def test_tracked_files_under_the_limit():
    sizes = {f: (ROOT/f).stat().st_size for f in tracked() if (ROOT/f).is_file()}
    total = sum(sizes.values())
    big = sorted(sizes, key=sizes.get, reverse=True)[:5]
    assert total < LIMIT, f"{total / 2**20:.1f} MiB tracked (limit {LIMIT / 2**20:.0f}); largest: " + \
        ', '.join(f"{f} ({sizes[f] / 2**20:.1f} MiB)" for f in big)

def test_committed_runs_are_packed():
    files = tracked()
    plain = [f for f in files if f.startswith('data/') and Path(f).name in PACKED]
    assert not plain, f"tracked unpacked: {plain[:3]} (run tools/pack_runs.py and commit the packs)"
    runs = {str(Path(f).parent) for f in files if f.startswith('data/runs/') and Path(f).name == 'config.json'}
    packs = {str(Path(f).parent) for f in files if f.startswith('data/runs/') and Path(f).name == PACK}
    assert runs - packs == set(), f"runs without {PACK}: {sorted(runs - packs)[:3]}"

def test_every_pack_holds_what_its_run_wrote():
    for pack in sorted((ROOT/'data').rglob(PACK)):
        run = unpacked(pack.parent)
        mark = json.loads((run/MARK).read_text())
        test = {n: _sha(run/n) for n in mark['files']}
        assert test == mark['files'], f"{run}: its files changed since they were packed (tools/pack_runs.py {run})"
        stray = [n for n in PACKED if (run/n).is_file() and n not in mark['files']]
        assert not stray, f"{run}: {stray} not in its pack (tools/pack_runs.py {run})"

def test_adapters_are_packed_and_their_packs_current():
    files = tracked()
    plain = [f for f in files if f.startswith('data/trained/') and f.endswith('.safetensors')]
    assert not plain, f"tracked unpacked: {plain[:3]} (run tools/pack_runs.py and commit the packs)"
    packs = [ROOT/f for f in files if f.startswith('data/trained/') and f.endswith(PLANES)]
    assert len(packs) >= 3, packs                          # SFT, SFT_Evidence, SFT (paired)
    for pack in packs:
        unpacked(pack.parent)                              # restores the weights, checking size and sha256
        w = pack.with_name(pack.name.removesuffix(PLANES))
        meta = json.loads(pack.read_bytes()[len(PLANES_MAGIC):].split(b'\n', 1)[0])
        assert (w.stat().st_size, _sha(w)) == (meta['size'], meta['sha256']), \
            f"{w}: changed since it was packed (tools/pack_runs.py)"
