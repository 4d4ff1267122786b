"""Kill `creaeval evaluate` with SIGKILL in the middle of a run, start it again, and check that the run completes
without doing any finished model call twice and without losing or duplicating a response."""
import json, os, signal, subprocess, sys, time
from collections import Counter
from pathlib import Path
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, '-c', 'from creaeval.cli import main; main()']

def _records(path):
    out = []
    if not path.exists(): return out
    for line in path.read_text().splitlines():
        try: out.append(json.loads(line))
        except json.JSONDecodeError: pass   # the line being written when the process died
    return out

def test_kill_and_resume(tmp_path):
    from creaeval.core import dataset_file
    from creaeval.sheets import read_responses
    resp = read_responses(dataset_file('cgpst/data_A.json'))['A05_FS10']
    ids = ['X01_FS10', 'X02_FS10', 'X03_FS10']
    # three distinct responses (different Step-1 endings) so that no call of one answers another from the cache
    (tmp_path/'resp.json').write_text(json.dumps({i: {**resp, 'Step-1': resp['Step-1'] + f' ({i})'} for i in ids}))
    run = tmp_path/'run'
    args = CLI + ['evaluate', '--method', 'cot', '--judge', 'filler/delay-0.25', '--run-dir', str(run),
                  '--responses', str(tmp_path/'resp.json')]
    env = {**os.environ, 'PYTHONUNBUFFERED': '1'}
    p = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    rec = run/'records.jsonl'
    deadline = time.time() + 240
    # wait until the first response is finished and the second one is under way, then kill
    while time.time() < deadline:
        rs = _records(rec)
        if sum(r['type'] == 'sample' for r in rs) >= 1 and sum(r['type'] == 'call' for r in rs) >= 8: break
        assert p.poll() is None, p.stdout.read().decode()[-3000:]
        time.sleep(0.05)
    else: raise AssertionError("the run did not reach the second response in time")
    p.send_signal(signal.SIGKILL); p.wait()
    before = _records(rec)
    n_units_before = sum(r['type'] == 'sample' for r in before)
    assert 1 <= n_units_before < 3, "the kill must land in the middle of the run"
    # llm.sqlite alone (a copy without its -wal file, as a commit or a move between machines carries it) answers
    # every call of each finished unit
    import sqlite3
    (tmp_path/'copy.sqlite').write_bytes((run/'llm.sqlite').read_bytes())
    con = sqlite3.connect(tmp_path/'copy.sqlite')
    stored = {k for (k,) in con.execute('SELECT key FROM calls')}
    con.close()
    finished = {c['key'] for x in before if x['type'] == 'sample' for c in x['calls']}
    assert finished and finished <= stored, f"{len(finished - stored)} answer(s) of finished units only in the -wal file"

    r = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    after = _records(rec)
    units = Counter(x['sample_id'] for x in after if x['type'] == 'sample')
    assert units == Counter(ids), units                      # every response once, none lost, none twice
    calls = [x for x in after if x['type'] == 'call']
    keys = Counter(x['key'] for x in calls)
    assert all(v == 1 for v in keys.values()), "a finished call was made again"
    assert len(calls) == 6 * 3 and not any(x['cached'] for x in calls)
    # the calls recorded before the kill are all still there, unchanged
    assert [x['key'] for x in before if x['type'] == 'call'] == [x['key'] for x in calls][:sum(x['type'] == 'call' for x in before)]
    scores = pd.read_csv(run/'scores.csv')
    assert sorted(scores.sample_id.unique()) == ids and scores.score.notna().all()
    assert set(scores.source) == {'cot'} and set(scores.rater) == {'filler/delay-0.25'}
    summ = json.loads((run/'summary.json').read_text())
    assert summ['units'] == 3 and summ['status']['ok'] == 3 and summ['failed_calls'] == 0
