"""The runner's own bookkeeping, apart from any model: masking records and picking few-shot examples.

    .venv/bin/python tests/bench/bench_replay.py [--run data/runs/qwen-aut/direct-k20]

A replay of a committed run (`replay/` judges answer from the run's cache) makes no model call, so what it spends is
the runner's own work. Profiling the replay of `qwen-aut/direct-k20` (720 calls, 20 examples each) found two costs
that grew with the run, both fixed in this change and timed here against the way they were done before, in the same run:

- masking: every string of a record passed `mask_secrets`, which looked the key values up by reading `settings.ini`,
  once per string (a record holds hundreds); now `masked` looks them up once a record. Timed on the run's own records.
- few-shot examples: the runner asked `aut_examples` once per answer, and each call read the rating files and
  recomputed the split; now `aut_examples_of` reads the pool once. Timed on the run's own answers, with the check that
  both ways pick the same examples.

Then the whole replay, for scale (it includes both, and everything else a replay does).
"""
import argparse, json, shutil, tempfile, time
from pathlib import Path

import pandas as pd

from creaeval.core import mask_secrets
from creaeval.rundir import RunDir, masked
from creaeval.runner import evaluate
from creaeval.samples import aut_examples, aut_examples_of, aut_samples

ROOT = Path(__file__).resolve().parents[2]


def masked_per_string(obj):
    "The reference: each string looks the key values up itself (what `masked` did before)."
    if isinstance(obj, str): return mask_secrets(obj)
    if isinstance(obj, dict): return {k: masked_per_string(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)): return [masked_per_string(v) for v in obj]
    return obj


def timed(fn):
    t0 = time.perf_counter(); out = fn(); return time.perf_counter() - t0, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--run', default='data/runs/qwen-aut/direct-k20', help='a committed AUT run with few-shot examples')
    a = ap.parse_args()
    run = ROOT/a.run
    cfg = json.loads((run/'config.json').read_text())
    recs = RunDir(run).records()

    t_old, old = timed(lambda: [masked_per_string(r) for r in recs])
    t_new, new = timed(lambda: [masked(r) for r in recs])
    assert old == new, 'the two ways of masking disagree'
    print(f"masking {len(recs)} records: per string {t_old:.2f} s, once a record {t_new:.2f} s, ratio {t_old / t_new:.1f}x")

    shots = cfg.get('shots') or 5
    ids = sorted(pd.read_csv(run/'scores.csv').sample_id.astype(str).unique())
    smps = aut_samples(ids)
    t_old, old = timed(lambda: {s.sample_id: aut_examples(shots, s.scenario) for s in smps})
    t_new, new = timed(lambda: aut_examples_of(smps, shots))
    assert {k: [x.id for x in v] for k, v in old.items()} == {k: [x.id for x in v] for k, v in new.items()}
    print(f"{shots} examples for {len(smps)} answers: one answer at a time {t_old:.2f} s, all at once {t_new:.2f} s, "
          f"ratio {t_old / t_new:.1f}x (the same examples)")

    with tempfile.TemporaryDirectory() as d:
        (Path(d)/'replay').mkdir(); shutil.copy(run/'llm.sqlite', Path(d)/'replay'/'llm.sqlite')
        t, res = timed(lambda: evaluate(
            cfg['dataset'], cfg['method'], ['replay/' + j for j in cfg['judges']], Path(d)/'replay', ids=ids,
            sot=('replay/' + cfg['sot']) if cfg['sot'] else None, temperature=cfg['temperature'],
            max_tokens=cfg['max_tokens'], max_chars=cfg['max_chars'], evidence_style=cfg['evidence_style'],
            parser_notes=cfg['parser_notes'], shots=cfg.get('shots') or 0, progress=False))
    st = res.summary['status']
    assert st['ok'] == res.summary['units'] and not res.summary['failed_calls'], f"the replay missed its cache: {st}"
    print(f"the whole replay of {a.run}: {res.summary['units']} units, every call from the cache, in {t:.1f} s")


if __name__ == '__main__':
    main()
