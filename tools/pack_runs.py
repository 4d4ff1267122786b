"""Pack committed runs and trained weights. Each run folder under data/runs tracks `pack.tar.xz` (its records.jsonl and
*.sqlite files, xz-compressed) instead of the files themselves; each trained adapter under data/trained tracks
`adapter_model.safetensors.planes.xz` (byte planes + xz, `creaeval.rundir.pack_planes`). Git ignores the plain files,
and `creaeval.rundir.unpacked` restores them on first use. Run it after a run or an adapter has changed, then commit
the packs. Packing unchanged files gives the same bytes.

    PYTHONPATH=$PWD .venv/bin/python tools/pack_runs.py [RUN_DIR ...]     # default: every run and every adapter
"""
import sys, time
from pathlib import Path
from creaeval.core import in_project
from creaeval.rundir import PACKED, pack_run, pack_planes

if __name__ == '__main__':
    runs = [Path(a) for a in sys.argv[1:]] or sorted({p.parent for n in PACKED for p in in_project('data/runs').rglob(n)})
    for run in runs:
        t0 = time.perf_counter(); pack = pack_run(run)
        size = sum((run/n).stat().st_size for n in PACKED if (run/n).is_file())
        print(f"{run}: {size/1e6:.1f} MB -> {pack.stat().st_size/1e6:.2f} MB ({time.perf_counter() - t0:.0f} s)", flush=True)
    for w in ([] if sys.argv[1:] else sorted(in_project('data/trained').glob('*/adapter/adapter_model.safetensors'))):
        t0 = time.perf_counter(); pack = pack_planes(w)
        print(f"{w}: {w.stat().st_size/1e6:.1f} MB -> {pack.stat().st_size/1e6:.2f} MB ({time.perf_counter() - t0:.0f} s)",
              flush=True)
