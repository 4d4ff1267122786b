"""End to end on the released response A05_FS10 with the embedded SmolLM2-135M model.

- `test_embedded_creaeval_and_direct` runs the model live (CreaEval: 6 SoT calls + 1 judge; Direct: 1 call), with
  short evidence strings so that it stays within a few minutes on 2 CPU cores. It checks that the outputs are
  complete and valid (every dimension of all six steps scored within range, or missing with its cause), not that
  a 135M model agrees with human raters.
- `test_committed_runs_replay` re-runs every committed run directory under data/runs/smollm2-a05 offline, through
  `replay/...` and a copy of the run's own LLM cache, and checks the scores come out identical.
"""
import json, shutil
from pathlib import Path
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
MODEL = 'local/smollm2-135m-instruct'
COMMITTED = sorted(p for p in (ROOT/'data/runs/smollm2-a05').glob('*') if (p/'scores.csv').exists())

def test_embedded_creaeval_and_direct(tmp_path):
    from creaeval.runner import evaluate, check_scores
    for method in ('creaeval', 'direct'):
        res = evaluate('cgpst', method, [MODEL], tmp_path/method, sot=MODEL, ids=['A05_FS10'], max_chars=8, progress=False)
        assert check_scores(res.scores) == [], method
        recs = res.run.records()
        unit = [r for r in recs if r['type'] == 'sample']
        assert len(unit) == 1 and unit[0]['status'] in ('ok', 'partial', 'failed')
        calls = [r for r in recs if r['type'] == 'call']
        assert len(calls) == (7 if method == 'creaeval' else 1)
        assert all(c['usage']['input_tokens'] > 500 and c['gen_latency_s'] > 0 for c in calls)
        if method == 'creaeval':
            ev = unit[0]['info']['evidence']
            assert sorted(ev) == [f"Step-{k}" for k in range(1, 7)]
            assert sorted(ev['Step-1']) == [f"item_{i}" for i in range(1, 9)] and len(ev['Step-4']) == 5
            assert all(len(v) <= 8 for v in ev['Step-6'].values())
        s = res.summary
        assert s['units'] == 1 and s['tokens_p50'] > 0 and s['time_p50_s'] > 0

@pytest.mark.parametrize('run', COMMITTED, ids=[p.name for p in COMMITTED])
def test_committed_runs_replay(run, tmp_path):
    from creaeval.runner import evaluate, check_scores
    cfg = json.loads((run/'config.json').read_text())
    committed = pd.read_csv(run/'scores.csv')
    assert check_scores(committed) == []
    (tmp_path/'replay').mkdir(); shutil.copy(run/'llm.sqlite', tmp_path/'replay'/'llm.sqlite')
    res = evaluate('cgpst', cfg['method'], ['replay/' + j for j in cfg['judges']], tmp_path/'replay',
                   sot=('replay/' + cfg['sot']) if cfg['sot'] else None, ids=sorted(committed.sample_id.unique()),
                   temperature=cfg['temperature'], max_tokens=cfg['max_tokens'], max_chars=cfg['max_chars'], progress=False)
    key = ['sample_id', 'rater', 'step', 'item', 'dimension', 'origin']
    a = res.scores.sort_values(key).reset_index(drop=True)[key + ['score']]
    b = committed.sort_values(key).reset_index(drop=True)[key + ['score']]
    pd.testing.assert_frame_equal(a, b, check_dtype=False)
