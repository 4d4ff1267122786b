"""Every committed semantic-entropy run replays offline: the same candidates from the sampler's cache, the same
verdicts from the run's NLI file, and so the same SE per problem, step by step, as the records hold."""
import json, shutil
from pathlib import Path
import numpy as np, pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNS = sorted(p.parent for p in (ROOT/'data/runs').glob('**/config.json') if json.loads(p.read_text()).get('kind') == 'semantic-entropy')

def test_se_runs_found():
    assert RUNS, 'no committed semantic-entropy run under data/runs'

@pytest.mark.parametrize('run', RUNS, ids=[str(p.relative_to(ROOT/'data/runs')) for p in RUNS])
def test_se_run_replays(run, tmp_path):
    from creaeval.nli import Verdicts
    from creaeval.se_compare import se_records
    from creaeval.samplers import make_sampler
    from creaeval.stepwise import SEConfig, macgyver_problems, se_run, se_table
    cfg, recs = se_records(run)
    if not recs: pytest.skip(f"{run}: no finished problem yet (a run in progress)")
    for f in ('llm.sqlite', 'nli.sqlite'): shutil.copy(run/f, tmp_path/f)
    kind, _, model = cfg['sampler'].partition('/')
    sampler = make_sampler(f"{kind}:replay/{model}", tmp_path)
    verdicts = Verdicts(None, cache=tmp_path/'nli.sqlite', name=cfg['nli'])
    se = SEConfig(**{k: (tuple(cfg[k]) if k == 'stop' else cfg[k]) for k in SEConfig.__dataclass_fields__})
    ids = [r['problem_id'] for r in recs]
    problems = macgyver_problems(None)
    problems = problems[problems.id.isin(ids)].set_index('id').loc[ids].reset_index()
    got = se_run(problems, tmp_path, sampler, verdicts, se, progress=False)
    want = se_table(recs)
    pd.testing.assert_frame_equal(got.reset_index(drop=True), want.reset_index(drop=True))
    again = [json.loads(l) for l in (tmp_path/'records.jsonl').read_text().splitlines()]
    assert [[s['classes'] for s in r['steps']] for r in again] == [[s['classes'] for s in r['steps']] for r in recs]
    assert [r['solution'] for r in again] == [r['solution'] for r in recs]
