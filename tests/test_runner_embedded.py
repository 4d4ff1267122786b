"""End to end with the embedded SmolLM2-135M model, and the replay of every committed run.

- `test_embedded_creaeval_and_direct` runs the model live on the released response A05_FS10 (CreaEval: 6 SoT calls +
  1 judge; Direct: 1 call), with short evidence strings so that it stays within a few minutes on 2 CPU cores. The
  embedded model decodes under the schema, so every answer must validate: any unit that is not `ok` is a bug. It also
  rebuilds the judge's prompt from the evidence the analyst wrote and checks it is exactly what the judge was sent
  (decoupling: the judge saw the evidence, never the response), and that the cost accounting counts every call.
  It does not ask whether a 135M model agrees with human raters.
- `test_too_little_memory_stops_before_any_call`: with the available memory reported as 64 MiB, both engines refuse
  the model before its first call, with the figures in the message, and the run records no call and no unit.
- `test_committed_runs_replay` re-runs every committed run directory under data/runs offline, through `replay/...`
  and a copy of the run's own LLM cache, and checks the scores come out identical (for a run committed while still in
  progress, on the samples that every judge has scored).
"""
import json, shutil
from pathlib import Path
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
MODEL = 'local/smollm2-135m-instruct'
COMMITTED = sorted(p.parent for p in (ROOT/'data/runs').rglob('scores.csv'))

@pytest.mark.parametrize('method', ['creaeval', 'direct'])     # two tests, so that two test workers share them
def test_embedded_creaeval_and_direct(method, tmp_path):
    from creaeval.runner import evaluate, check_scores
    from creaeval.samples import cgpst_samples
    from creaeval.methods.judge import judge_messages
    from creaeval.parse import parse_response
    from creaeval.methods.common import n_items_of
    smp = cgpst_samples(['A05_FS10'])[0]
    step1 = smp.response['Step-1'].splitlines()[0][5:60]          # a phrase of the response itself
    res = evaluate('cgpst', method, [MODEL], tmp_path/method, sot=MODEL, ids=['A05_FS10'], max_chars=8, progress=False)
    assert check_scores(res.scores) == [], method
    recs = res.run.records()
    unit = [r for r in recs if r['type'] == 'sample']
    assert len(unit) == 1 and unit[0]['status'] == 'ok', unit[0]['status']
    calls = [r for r in recs if r['type'] == 'call']
    assert [c['role'] for c in calls] == (['sot'] * 6 + ['judge'] if method == 'creaeval' else ['scorer'])
    assert all(c['ok'] and c['usage']['input_tokens'] > 500 and c['gen_latency_s'] > 0 for c in calls)
    assert [c['key'] for c in unit[0]['calls']] == [c['key'] for c in calls]      # the unit lists every call it made
    assert res.summary['tokens_p50'] == sum(c['usage']['input_tokens'] + c['usage']['output_tokens'] for c in calls)
    if method == 'creaeval':
        ev = unit[0]['info']['evidence']
        assert sorted(ev) == [f"Step-{k}" for k in range(1, 7)]
        assert sorted(ev['Step-1']) == [f"item_{i}" for i in range(1, 9)] and len(ev['Step-4']) == 5
        assert all(len(v) <= 8 for v in ev['Step-6'].values())
        assert ev['Step-2'] == calls[1]['parsed']['sot_evidence']                  # what the analyst wrote ...
        msgs = judge_messages(smp.scenario, ev, n_items_of(parse_response(smp.response)))
        assert sum(len(m['content']) for m in msgs) == calls[-1]['messages_chars']  # ... is exactly what the judge read
        assert step1 not in msgs[1]['content']
    s = res.summary
    assert s['units'] == 1 and s['tokens_p50'] > 0 and s['time_p50_s'] > 0

def test_too_little_memory_stops_before_any_call(tmp_path, monkeypatch):
    "A model that does not fit is refused before its first call: the run raises with the figures and records no call or unit."
    from creaeval import weights
    from creaeval.local import resolve_local_model
    from creaeval.runner import evaluate
    from creaeval.samples import aut_split
    gguf = tmp_path/'copy-of-smollm2.gguf'                       # a file no earlier test has loaded in this process
    shutil.copy(resolve_local_model('smollm2-135m-instruct')[1], gguf)
    monkeypatch.setattr(weights, 'available_memory', lambda: 64 << 20)
    for spec in (f'local/{gguf}', f'local/{gguf}@transformers'):
        with pytest.raises(weights.ModelFileError, match=r'loading needs about \d+\.\d\d GiB of memory .*, but 0\.06 GiB are available'):
            evaluate('aut', 'direct', [spec], tmp_path/spec[-12:], ids=aut_split()['eval'][:2], progress=False)
        recs = tmp_path/spec[-12:]/'records.jsonl'
        assert not recs.exists() or not [r for r in map(json.loads, recs.read_text().splitlines()) if r['type'] in ('sample', 'call')]


@pytest.mark.parametrize('run', COMMITTED, ids=[str(p.relative_to(ROOT/"data/runs")) for p in COMMITTED])
def test_committed_runs_replay(run, tmp_path):
    from creaeval.runner import evaluate
    cfg = json.loads((run/'config.json').read_text())
    committed = pd.read_csv(run/'scores.csv')
    judged = committed.groupby(committed.sample_id.astype(str)).rater.nunique()    # a run still in progress: its whole samples
    committed = committed[committed.sample_id.astype(str).isin(judged.index[judged == len(cfg['judges'])])]
    assert len(committed), f"{run}: no sample has every judge's scores"
    (tmp_path/'replay').mkdir(); shutil.copy(run/'llm.sqlite', tmp_path/'replay'/'llm.sqlite')
    res = evaluate(cfg['dataset'], cfg['method'], ['replay/' + j for j in cfg['judges']], tmp_path/'replay',
                   sot=('replay/' + cfg['sot']) if cfg['sot'] else None, ids=sorted(committed.sample_id.astype(str).unique()),
                   temperature=cfg['temperature'], max_tokens=cfg['max_tokens'], max_chars=cfg['max_chars'],
                   evidence_style=cfg['evidence_style'], parser_notes=cfg['parser_notes'], shots=cfg.get('shots') or 0, progress=False,
                   **cfg.get('load_kw', {}))
    key = ['sample_id', 'rater', 'step', 'item', 'dimension', 'origin']
    strip = lambda s: s.assign(sample_id=s.sample_id.astype(str), rater=s.rater.str.replace('replay/', '', regex=False))
    a = strip(res.scores).sort_values(key).reset_index(drop=True)[key + ['score']]
    b = strip(committed).sort_values(key).reset_index(drop=True)[key + ['score']]
    pd.testing.assert_frame_equal(a, b, check_dtype=False)
