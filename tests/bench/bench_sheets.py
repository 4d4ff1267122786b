"""Benchmark: reading the step texts of a large rater-sheet file (`creaeval.sheets.read_responses`).

    .venv/bin/python tests/bench/bench_sheets.py [--n 10000] [--ref-n 400]

The file is generated: the released response (`cgpst/data_A.json`, two raters) copied under `--n` new sample ids
(`A05_FS10` -> `B00000_FS10`, ...), about 26 KB a response (two sheets each). Timed:

* ours: `read_responses` on all `--n` responses (and `read_rater_sheets`, which parses the same file, for scale);
* reference: the per-row rater lookup `read_responses` used before (for each row, the first row of its sample found
  by a scan over all rows: quadratic in the file), on the first `--ref-n` responses only (on 10,000 it would take
  hours), and ours on the same `--ref-n` for the ratio. Both must return the same texts.
"""
import argparse, json, tempfile, time
from pathlib import Path

from creaeval.core import dataset_file
from creaeval.sheets import _parse_sheets_file, read_rater_sheets, read_responses

def reference(path) -> dict:
    "The quadratic lookup: for each row, scan the rows for the first rater of its sample."
    rows, _ = _parse_sheets_file(path)
    out = {}
    for r in rows:
        if r['rater'] != next(x['rater'] for x in rows if x['sample_id'] == r['sample_id']): continue
        out.setdefault(r['sample_id'], {}).setdefault(r['step'], {})[r['item']] = r['content'] or ''
    return {s: {f"Step-{k}": '\n'.join(v for _, v in sorted(items.items())) for k, items in sorted(st.items())}
            for s, st in out.items()}

def generate(n: int, path: Path) -> Path:
    "n copies of the released response under new ids, one JSON file."
    rec = json.loads(Path(dataset_file('cgpst/data_A.json')).read_text())[0]
    path.write_text(json.dumps([[f"B{i:05d}_FS10", *rec[1:]] for i in range(n)]))
    return path

def timed(f, *a):
    t = time.perf_counter(); r = f(*a); return r, time.perf_counter() - t

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--n', type=int, default=10_000); ap.add_argument('--ref-n', type=int, default=400)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        big, small = generate(a.n, Path(d)/'big.json'), generate(a.ref_n, Path(d)/'small.json')
        got, t_big = timed(read_responses, big)
        assert len(got) == a.n, len(got)
        _, t_parse = timed(read_rater_sheets, big)
        ours, t_ours = timed(read_responses, small)
        ref, t_ref = timed(reference, small)
        assert ours == ref, "read_responses and the reference disagree"
        mb = big.stat().st_size / 1e6
    print(f"read_responses, {a.n:,} responses (~{mb:.0f} MB): {t_big:.1f} s (read_rater_sheets on the same file {t_parse:.1f} s)")
    print(f"on {a.ref_n} responses: ours {t_ours:.2f} s, reference (quadratic lookup) {t_ref:.2f} s, "
          f"ratio {t_ref / t_ours:.1f}x")

if __name__ == '__main__': main()
