#!/usr/bin/env python
"""The fault scenarios as a table: each one a real `creaeval` process, in a temporary folder,
against the fake servers and fixtures of tests/test_faults_runner.py, tests/test_faults_cli.py and tests/test_inputs.py,
on the filler provider (no model is loaded), each under a wall-clock deadline.

    python tools/fault_scenarios.py            # every scenario; exit 1 if a row is not ok
    python tools/fault_scenarios.py -k lock    # the scenarios whose name holds 'lock'

It prints a markdown table: scenario | exit | message | seconds | ok. The message is the line that says what happened
(the error or warning line; temporary paths shown as <tmp>, the checkout as <repo>, ports as <port>); `ok` says whether
the exit status and the key text are what the issue asks for. The sheet-reading benchmark is
tests/bench/bench_sheets.py; the row here only times one read of a generated file."""
import argparse, base64, contextlib, copy, hashlib, json, os, random, re, shutil, signal, subprocess, sys, tempfile
import threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault('HF_HUB_OFFLINE', '1'); os.environ.setdefault('TRANSFORMERS_OFFLINE', '1')

try: import pytest   # noqa: F401  (the fixtures below come from the tests, which import it)
except ImportError:
    sys.exit("tools/fault_scenarios.py reuses the tests' fake servers and fixtures, which need pytest: run `make test` "
             "once, or `.venv/bin/pip install -r requirements-test.txt`")
from tests.test_faults_cli import FAILED_STARTS, NB, RUNS, digest   # noqa: E402
from tests.test_faults_runner import five, server   # noqa: E402
from tests.test_inputs import sheets_file   # noqa: E402
from creaeval.core import dataset_file   # noqa: E402
from creaeval.schemas import fake_value   # noqa: E402

MAIN = 'from creaeval.cli import main; main()'
PASSWORD, USER = 's3cret', 'alice'
BASIC = base64.b64encode(f'{USER}:{PASSWORD}'.encode()).decode()
ROWS: list[dict] = []
DATASETS = dataset_file('cgpst/data_A.json').parents[1]     # where the public datasets lie on this machine


class Run:
    "A finished (or killed) `creaeval` process: exit status, output, seconds."
    def __init__(self, rc, out, err, secs): self.rc, self.out, self.err, self.secs = rc, out, err, secs
    @property
    def text(self): return self.err + '\n' + self.out


def env_of(extra=None):
    env = {**os.environ, 'PYTHONPATH': str(ROOT), 'PYTHONUNBUFFERED': '1', **(extra or {})}
    return {k: v for k, v in env.items() if v is not None}


def cli(*args, cwd, env=None, timeout=120) -> Run:
    "`creaeval ARGS` from `cwd`, killed after `timeout` seconds (exit shown as 'timeout')."
    t0 = time.perf_counter()
    try:
        p = subprocess.run([sys.executable, '-c', MAIN, *map(str, args)], cwd=cwd, env=env_of(env),
                           capture_output=True, text=True, timeout=timeout)
        return Run(p.returncode, p.stdout, p.stderr, time.perf_counter() - t0)
    except subprocess.TimeoutExpired as e:
        dec = lambda b: b.decode(errors='replace') if isinstance(b, bytes) else (b or '')
        return Run('timeout', dec(e.stdout), dec(e.stderr) + f'\n(killed after {timeout} s)', time.perf_counter() - t0)


def line_of(r: Run, needle: str|None) -> str:
    "The line that says what happened: the first holding `needle`; else an error line; else stdout's last (summary)."
    lines = [l for l in r.text.splitlines() if l.strip()]
    err = [l for l in r.err.splitlines() if l.strip().startswith('creaeval')]
    out = [l for l in r.out.splitlines() if l.strip()]
    got = (next((l for l in err + lines if needle and needle in l), None)      # an error line first
           or (err or out or lines or [''])[-1])
    return got[got.index('creaeval'):] if 'creaeval' in got[1:] and not got.startswith('creaeval') else got  # after a bar


def abridge(s: str, tmp: Path, n=160) -> str:
    for p in {str(tmp), str(tmp.resolve())}: s = s.replace(p, '<tmp>')
    s = s.replace(str(ROOT), '<repo>').replace(str(DATASETS), '<datasets>')
    s = re.sub(r'127\.0\.0\.1:\d+', '127.0.0.1:<port>', s)
    s = re.sub(r'pid \d+', 'pid N', s)
    s = re.sub(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ', '<time>', s)
    s = s.strip().replace('|', '\\|')
    return s if len(s) <= n else s[:n - 1] + '…'


def row(name, r: Run, tmp, *, rc, needles=(), absent=(), extra_ok=True, why=''):
    "A table row: ok when the exit is `rc`, every needle is in the output, no `absent` text nor traceback, `extra_ok`."
    missing = [n for n in needles if n not in r.text]
    found = [a for a in absent if a in r.text]
    ok = r.rc == rc and not missing and not found and extra_ok and 'Traceback' not in r.err
    msg = abridge(line_of(r, needles[0] if needles else None), tmp)
    if not ok:
        msg += ' ' + abridge(f'[expected exit {rc}' + (f'; missing {missing}' if missing else '') +
                       (f'; shows {found}' if found else '') + (f'; {why}' if why and not extra_ok else '') + ']', tmp)
    ROWS.append(dict(name=name, rc=r.rc, msg=msg, secs=r.secs, ok=ok))


# ---------------------------------------------------------------- servers the tests do not have

@contextlib.contextmanager
def echo_server(delays=()):
    """A base URL whose server answers a valid completion (schema filler) carrying the Authorization header it got,
    the n-th chat after `delays[n]` seconds (0 past the list); a plain GET gets a 404 at once."""
    posts = []
    class H(BaseHTTPRequestHandler):
        def log_message(self, *a): pass
        def do_GET(self): self.send_response(404); self.send_header('content-length', '0'); self.end_headers()
        def do_POST(self):
            req = json.loads(self.rfile.read(int(self.headers.get('content-length') or 0)) or b'{}')
            posts.append(time.time()); n = len(posts) - 1
            time.sleep(delays[n] if n < len(delays) else 0)
            rf = req.get('response_format') or {}
            schema = rf.get('schema') or (rf.get('json_schema') or {}).get('schema')
            auth = self.headers.get('authorization') or '(no Authorization header)'
            value = fake_value(schema, random.Random(0)) if schema else {'text': ''}
            def put(v):                         # the header into every free string of the answer
                if isinstance(v, dict): return {k: put(x) for k, x in v.items()}
                if isinstance(v, list): return [put(x) for x in v]
                return f'echo: {auth}' if isinstance(v, str) else v
            content = json.dumps(put(value))
            body = json.dumps({'id': 'x', 'object': 'chat.completion', 'created': 0, 'model': req.get('model', 'm'),
                               'choices': [{'index': 0, 'finish_reason': 'stop',
                                            'message': {'role': 'assistant', 'content': content}}],
                               'usage': {'prompt_tokens': 1, 'completion_tokens': 1, 'total_tokens': 2}}).encode()
            try:
                self.send_response(200); self.send_header('content-type', 'application/json')
                self.send_header('content-length', str(len(body))); self.end_headers(); self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError): pass     # the client gave up waiting (a timeout)
    srv = ThreadingHTTPServer(('127.0.0.1', 0), H); srv.daemon_threads = True
    t = threading.Thread(target=srv.serve_forever, daemon=True); t.start()
    try: yield f'http://127.0.0.1:{srv.server_address[1]}/v1'
    finally: srv.shutdown(); srv.server_close()


def with_password(url): return url.replace('http://', f'http://{USER}:{PASSWORD}@')


FAST = {'CREAEVAL_LLM_BACKOFF_BASE': '0.05', 'CREAEVAL_LLM_BACKOFF_MAX': '0.1'}
EVAL = ('evaluate', '--dataset', 'cgpst', '--method', 'direct')

# ---------------------------------------------------------------- the scenarios, in the order


def s01_hang(tmp):
    with server('hang') as url:
        r = cli(*EVAL, '--judge', 'llamacpp/m', '--run-dir', 'run', '--responses', five(tmp), cwd=tmp, timeout=120,
                env={'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': url, 'CREAEVAL_LLM_TIMEOUT': '5',
                     'CREAEVAL_LLM_DEADLINE': '0.5', **FAST})
    row('1 endpoint accepts, never answers (TIMEOUT 5, DEADLINE 0.5)', r, tmp, rc=2,
        needles=['the last response got no answer', 'the endpoint answers nothing', 'CREAEVAL_LLM_DEADLINE'],
        extra_ok=r.secs < 60 and not (tmp/'run').exists(), why='over 60 s, or a run folder left')


def s01_hang_defaults(tmp):
    "The same endpoint at the default settings (timeout 120 s, deadline 300 s, connect_timeout 10 s)."
    with server('hang') as url:
        r = cli(*EVAL, '--judge', 'llamacpp/m', '--run-dir', 'run', '--responses', five(tmp), cwd=tmp, timeout=400,
                env={'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': url})
    row('1 endpoint accepts, never answers (default settings)', r, tmp, rc=2,
        needles=['the endpoint answers nothing', 'at http://127.0.0.1:'],
        extra_ok=r.secs < 240 and not (tmp/'run').exists(), why='over 4 minutes, or a run folder left')


def s01_slow_defaults(tmp):
    "A live but slow server at the default settings: its first answer would take 130 s, its retry takes 75 s."
    with echo_server(delays=(130, 75)) as url:         # attempt 1 past the 120 s timeout, attempt 2 in 75 s
        r = cli(*EVAL, '--judge', 'llamacpp/m', '--run-dir', 'run', '--responses', five(tmp, 2), cwd=tmp, timeout=480,
                env={'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': url})
    row('1 live server, 75-130 s per answer (default settings)', r, tmp, rc=0,
        needles=['busy or slow: retrying'], extra_ok=(tmp/'run'/'scores.csv').is_file(), why='no scores written')


def faulty(kind, says):
    def s(tmp):
        with server(kind) as url:
            r = cli(*EVAL, '--judge', 'llamacpp/m', '--run-dir', 'run', '--responses', five(tmp), cwd=tmp, timeout=120,
                    env={'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': url, 'CREAEVAL_LLM_MAX_RETRIES': '1', **FAST})
        retries = ['retries 1: http_5xx 1'] if kind == '500' else []      # the progress line names the retries
        row(f'7 endpoint answers {dict(html="an HTML page", cut="cut JSON").get(kind, "HTTP 500")}', r, tmp, rc=2,
            needles=[f'the last 3 responses {says}', *retries], absent=['AttributeError'],
            extra_ok=r.secs < 60 and not (tmp/'run').exists(), why='over 60 s, or a run folder left')
    s.__qualname__ = f'faulty {kind}'
    return s


def s02_sheets(tmp, n=400):
    raw = json.loads(dataset_file('cgpst/data_A.json').read_text())
    recs = []
    for i in range(n):
        rec = copy.deepcopy(raw[0]); rec[0] = f'R{i:04d}_FS10'; recs.append(rec)
    big = tmp/'big.json'; big.write_text(json.dumps(recs))
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', big, '--samples', 'R0001_FS10',
            'R0002_FS10', cwd=tmp, timeout=120)
    mb = big.stat().st_size / 1e6
    row(f'2 rater-sheet file, {n} responses ({mb:.1f} MB), --samples two ids (filler judge)', r, tmp, rc=0,
        extra_ok=r.secs < 60, why='over 60 s')


def s03_password_error(tmp):
    with server('500') as url:
        r = cli(*EVAL, '--judge', 'llamacpp/m', '--run-dir', 'run', '--responses', five(tmp), cwd=tmp, timeout=120,
                env={'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': with_password(url), 'CREAEVAL_LLM_MAX_RETRIES': '0',
                     **FAST})
    row('3 password in the base URL, server answers 500: the printed line', r, tmp, rc=2,
        needles=['***@127.0.0.1'], absent=[PASSWORD, BASIC])


def s03_password_records(tmp):
    "The CreaEval method (its analyst writes free text, which ends in records.jsonl) against the echoing server."
    with echo_server() as url:
        r = cli('evaluate', '--dataset', 'cgpst', '--method', 'creaeval', '--sot', 'llamacpp/m', '--judge',
                'llamacpp/m', '--run-dir', 'run', '--responses', five(tmp, 1), cwd=tmp, timeout=180,
                env={'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': with_password(url), **FAST})
    files = {f: (tmp/'run'/f).read_text() if (tmp/'run'/f).is_file() else '' for f in ('records.jsonl', 'scores.csv')}
    leaks = [f for f, t in files.items() if PASSWORD in t or BASIC in t]
    echoed = files['records.jsonl'].count('echo: Basic ***')
    r.out += ('\nrecords.jsonl, scores.csv: ' + (f'password in {", ".join(leaks)}' if leaks else 'no password') +
              f'; the echoed header kept {echoed} time(s) as Basic ***')
    row('3 password in the base URL, server echoes its Basic header into the answers (records.jsonl, scores.csv)', r,
        tmp, rc=0, needles=['records.jsonl, scores.csv'], absent=[PASSWORD, BASIC], extra_ok=not leaks and echoed > 0,
        why='a leak, or the echo did not arrive')


def s04_reproduce_no_out_dir(tmp):
    before = digest(ROOT/'figures/creaeval')
    r = cli('reproduce', NB, '-p', 'runs', RUNS, '-p', 'n_boot', '10', cwd=tmp, timeout=180)
    row('4 reproduce NB -p runs .. -p n_boot 10, no -p out_dir', r, tmp, rc=2,
        needles=['would overwrite the committed ones in figures/creaeval', 'give -p out_dir DIR'],
        extra_ok=digest(ROOT/'figures/creaeval') == before, why='figures/creaeval changed')


def s04_reproduce_out_dir(tmp):
    executed = ROOT/'figures/executed/creaeval'/NB.name
    stamp = lambda: executed.stat().st_mtime if executed.exists() else None
    before = stamp()
    r = cli('reproduce', NB, '-p', 'runs', RUNS, '-p', 'n_boot', '10', '-p', 'out_dir', 'mine', cwd=tmp, timeout=300)
    made = sorted(p.name for p in (tmp/'mine').iterdir()) if (tmp/'mine').is_dir() else []
    r.out += f'\nwrote {len(made)} file(s) under <tmp>/mine, among them {NB.name}' if NB.name in made else ''
    row('4 reproduce ... -p out_dir mine: relative to the caller', r, tmp, rc=0, needles=['wrote '],
        extra_ok='table_02_qwk_ours.csv' in made and not (ROOT/'mine').exists() and stamp() == before,
        why="not under the caller's mine/, or the checkout's figures/executed copy rewritten")


def s04_reproduce_no_shared(tmp):
    r = cli('reproduce', NB, '-p', 'ratings', dataset_file('cgpst/data_A.json'),
            '-p', 'runs', ROOT/'data/runs/qwen-aut', '-p', 'out_dir', 'mine', cwd=tmp, timeout=180)
    row('4 reproduce -p ratings data_A -p runs qwen-aut (no shared sample)', r, tmp, rc=2,
        needles=['share no sample', '-p ratings', '-p runs'], absent=['no scores for'],
        extra_ok=not any(tmp.iterdir()), why='something written')


def s05_duplicate(tmp):
    def dup(d):
        rec = copy.deepcopy(d[0]); rec[1] = ['H09']; rec[3:] = [rec[3]]
        rec[3]['Step-2'][0]['Content'] = 'Challenge ID: 1. Another response under the same id.'
        d.append(rec)
    p = sheets_file(tmp, dup, 'dup.json')
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', p, cwd=tmp, timeout=120)
    row('5 duplicate id, another text (rater H09)', r, tmp, rc=2,
        needles=["sample 'A05_FS10'", 'is one sample id used for two responses'],
        extra_ok=not (tmp/'run').exists(), why='run folder left')


def ctrl_c_on():
    "In the child before exec: SIGINT at its default, as in a terminal (a script's background job has it ignored)."
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def s06_lock(tmp):
    args = (*EVAL, '--judge', 'filler/delay-30', '--samples', 'A05_FS10', '--run-dir', 'run')
    first = subprocess.Popen([sys.executable, '-c', MAIN, *args], cwd=tmp, env=env_of(), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_on)
    try:
        t0 = time.time()
        while not (tmp/'run/run.lock').exists() and first.poll() is None and time.time() - t0 < 60: time.sleep(0.1)
        r = cli(*args, cwd=tmp, timeout=60)
    finally:
        first.send_signal(signal.SIGINT)
        try: first.communicate(timeout=60)
        except subprocess.TimeoutExpired: first.kill(); first.communicate()
    row('6 two processes on one --run-dir (the second one)', r, tmp, rc=2,
        needles=['another process (pid', 'is writing this run'])


def s06_stale_lock(tmp):
    resp = five(tmp, 2)
    cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', resp, cwd=tmp)
    (tmp/'run/run.lock').write_text(json.dumps({'pid': 2**22 + 12345, 'host': os.uname().nodename,
                                                 'since': '2026-01-01T00:00:00Z'}))
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', resp, cwd=tmp)
    row('6 stale lock of a killed process on resume', r, tmp, rc=0, needles=['taking over a stale lock'],
        extra_ok=not (tmp/'run/run.lock').exists(), why='lock left behind')


def s08_deleted(tmp):
    resp = five(tmp, 3)
    run = lambda *a: cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', resp, *a, cwd=tmp)
    first = run()
    data = json.loads(resp.read_text()); del data['X03_FS10']; resp.write_text(json.dumps(data))
    r = run()
    row('8 sample deleted from the input, resume', r, tmp, rc=2,
        needles=['1 sample(s) this run evaluated are no longer in the input (X03_FS10)', '--drop-missing'],
        extra_ok=first.rc == 0, why='the first run failed')
    r = run('--drop-missing')
    scores = (tmp/'run/scores.csv').read_text() if (tmp/'run/scores.csv').is_file() else ''
    row('8 ... resumed with --drop-missing', r, tmp, rc=0, extra_ok='X02_FS10' in scores and 'X03_FS10' not in scores,
        why='X03_FS10 still in scores.csv')


def failed_start(case, item):
    "A start the tests know to fail (tests/test_faults_cli.py's FAILED_STARTS): one line, exit 2, no run folder."
    args, env, needles = FAILED_STARTS[case]
    shown = ' '.join('..' if isinstance(a, Path) else a for a in args if a not in ('--run-dir', '--out', 'run'))
    def s(tmp):
        r = cli(*args, cwd=tmp, env=env, timeout=120)
        row(f'{item} {case} (`{shown}`)', r, tmp, rc=2, needles=needles, extra_ok=not (tmp/'run').exists(),
            why='run folder left')
    s.__qualname__ = f'failed_start {case}'
    return s


def interrupt(tmp, args, ready, env=None) -> Run:
    "Start `creaeval ARGS`, send it SIGINT (Ctrl-C) a second after `ready()` holds, and wait for it to end."
    p = subprocess.Popen([sys.executable, '-c', MAIN, *args], cwd=tmp, env=env_of(env), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_on)
    t0 = time.perf_counter()
    while not ready() and p.poll() is None and time.perf_counter() - t0 < 120: time.sleep(0.1)
    time.sleep(1)
    p.send_signal(signal.SIGINT)
    try: out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired: p.kill(); out, err = p.communicate(); err += '\n(killed after SIGINT)'
    return Run(p.returncode if p.returncode is not None else 'timeout', out, err, time.perf_counter() - t0)


def s09_ctrl_c(tmp):
    r = interrupt(tmp, [*EVAL, '--judge', 'filler/delay-30', '--samples', 'A05_FS10', '--run-dir', 'run'],
                  lambda: (tmp/'run/llm.sqlite').exists())
    row('9 Ctrl-C with nothing finished', r, tmp, rc=130,
        needles=['creaeval: interrupted before anything finished; removed run'],
        extra_ok=not (tmp/'run').exists(), why='run folder (or its cache) left')


def s11_ctrl_c_resume(tmp):
    "Ctrl-C after a unit finished: the run is kept, and the resume line names the overrides the command ran with."
    records, resp = tmp/'run/records.jsonl', five(tmp)
    data = json.loads(resp.read_text())       # five texts that differ, so that no call is answered from the cache
    resp.write_text(json.dumps({k: {**v, 'Step-1': f"{v['Step-1']} ({k})"} for k, v in data.items()}))
    r = interrupt(tmp, [*EVAL, '--judge', 'filler/delay-3', '--responses', str(resp), '--run-dir', 'run'],
                  lambda: records.exists() and '"type": "sample"' in records.read_text(),
                  env={'CREAEVAL_LLM_TIMEOUT': '60'})
    row('11 Ctrl-C after a unit finished: the resume line', r, tmp, rc=130,
        needles=['resume with: creaeval evaluate', 'CREAEVAL_LLM_TIMEOUT'], absent=['Traceback'],
        extra_ok=(tmp/'run/config.json').is_file(), why='run not kept')


def s10_agreement(tmp):
    out = tmp/'agree'; out.mkdir(); (out/'table_02_qwk_ours.csv').write_text('old table\n')
    r = cli('agreement', '--ratings', dataset_file('cgpst/data_A.json'), '--run-dir', ROOT/'data/runs/qwen-aut',
            '--out', 'agree', cwd=tmp, timeout=180)
    kept = digest(out) == {'table_02_qwk_ours.csv': hashlib.sha256(b'old table\n').hexdigest()}
    row('10 agreement fails (no shared sample): the old --out folder', r, tmp, rc=2,
        needles=['share no sample'], absent=['no scores for'],
        extra_ok=kept and sorted(p.name for p in tmp.iterdir()) == ['agree'], why='old folder changed or temp left')


def s11_n_boot(tmp):
    r = cli('reproduce', NB, '-p', 'n_boot', 'lots', '-p', 'out_dir', 'mine', cwd=tmp)
    row('11 reproduce -p n_boot lots', r, tmp, rc=2, needles=["-p n_boot 'lots'", 'expects a number'],
        absent=['UFuncTypeError'], extra_ok=not (tmp/'mine').exists(), why='mine/ made')


def s11_responses_dir(tmp):
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', '/etc', cwd=tmp)
    row('11 --responses /etc (a folder)', r, tmp, rc=2, needles=['--responses /etc: Is a directory'],
        extra_ok=not (tmp/'run').exists(), why='run folder left')


def s11_bom(tmp):
    p = five(tmp, 2); p.write_bytes('\ufeff'.encode() + p.read_bytes())
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', p, cwd=tmp)
    row('11 responses file with a UTF-8 BOM (Excel export)', r, tmp, rc=0,
        extra_ok=(tmp/'run/scores.csv').is_file(), why='no scores.csv')


def s11_fs_suffix(tmp):
    p = sheets_file(tmp, lambda d: d[0].__setitem__(0, 'A05_FS11'))
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', p, cwd=tmp)
    row('11 sample id A05_FS11 on a scenario FS10 record', r, tmp, rc=2,
        needles=["field 'scenario_id' = 'FS10'", 'the sample id ends in _FS11'],
        extra_ok=not (tmp/'run').exists(), why='run folder left')


def s11_empty_text(tmp):
    p = five(tmp, 2); d = json.loads(p.read_text()); d['X02_FS10']['Step-5'] = '  '; p.write_text(json.dumps(d))
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', p, cwd=tmp)
    row('11 an empty text (Step-5 blank)', r, tmp, rc=0,
        needles=["warning: ", "sample 'X02_FS10': field 'Step-5' is empty"],
        extra_ok=r.err.count('warning:') == 1, why='not warned exactly once')


def s11_summary(tmp):
    def wrong(d): d[0][3]['Total Score'] = 120
    p = sheets_file(tmp, wrong)
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', 'run', '--responses', p, cwd=tmp)
    row('11 a Total Score contradicting its items', r, tmp, rc=0,
        needles=["field 'Total Score' = 120 contradicts the sheet's items"],
        extra_ok=r.err.count('warning:') == 1, why='not warned exactly once')


def filler_run(tmp, name='direct'):
    "A run of the offline filler judge on the released sheets (it records the texts it scored)."
    r = cli(*EVAL, '--judge', 'filler/a', '--run-dir', f'runs/{name}', '--responses', dataset_file('cgpst/data_A.json'),
            cwd=tmp, timeout=120)
    assert r.rc == 0, r.err[-500:]


def s10_agreement_edited(tmp):
    "Sheets whose response texts were all replaced after the run scored them."
    filler_run(tmp)
    sheets = json.loads(dataset_file('cgpst/data_A.json').read_text())
    for rec in sheets:
        for sheet in rec[3:]:
            for step, items in sheet.items():
                for k, it in enumerate(items if isinstance(items, list) else [], 1):
                    if 'Content' in it: it['Content'] = f'{k}. A replaced text ({step}, item {k}).'
    (tmp/'edited.json').write_text(json.dumps(sheets))
    r = cli('agreement', '--ratings', 'edited.json', '--run-dir', 'runs', '--out', 'agree', cwd=tmp, timeout=180)
    row('10 agreement: sheets with every response text replaced', r, tmp, rc=2,
        needles=['are not the texts the runs in --run-dir'], extra_ok=not (tmp/'agree').exists(), why='--out written')


def s10_agreement_clash(tmp):
    "Two runs of one method and judge in the folder given."
    filler_run(tmp); shutil.copytree(tmp/'runs'/'direct', tmp/'runs'/'direct-again')
    r = cli('agreement', '--ratings', dataset_file('cgpst/data_A.json'), '--run-dir', 'runs', '--out', 'agree', cwd=tmp,
            timeout=180)
    row('10 agreement: two runs of one method and judge', r, tmp, rc=2,
        needles=['are both runs of direct judged by', 'direct-again'], extra_ok=not (tmp/'agree').exists(),
        why='--out written')


def s12_score_in_place(tmp):
    "`creaeval score` asked to write over its input, which holds human ratings in a column named score."
    (tmp/'h.csv').write_text('prompt,response,score\nbrick,doorstop,1\n')
    r = cli('score', '--task', 'aut', 'h.csv', '--out', 'h.csv', cwd=tmp, timeout=120)
    row('12 score: --out is the input file (human ratings in it)', r, tmp, rc=2, needles=['h.csv'],
        extra_ok=(tmp/'h.csv').read_text() == 'prompt,response,score\nbrick,doorstop,1\n', why='the input changed')


def s12_score_commas(tmp):
    "An unquoted comma in every row: the columns would shift."
    (tmp/'c.csv').write_text('prompt,response\nbrick,doorstop, paperweight\nbrick,a step, a seat\n')
    r = cli('score', '--task', 'aut', 'c.csv', '--out', 'o.csv', cwd=tmp, timeout=120)
    row('12 score: an unquoted comma in every row', r, tmp, rc=2, needles=['c.csv'],
        extra_ok=not (tmp/'o.csv').exists(), why='an output written')


def s12_score_no_folder(tmp):
    "The output's folder does not exist: refused before the first answer is scored."
    (tmp/'a.csv').write_text('prompt,response\nbrick,doorstop\n')
    r = cli('score', '--task', 'aut', 'a.csv', '--out', 'nodir/o.csv', cwd=tmp, timeout=120)
    row('12 score: the output folder does not exist', r, tmp, rc=2, needles=['nodir'],
        extra_ok=r.secs < 30, why='took over 30 s (scored before checking the output)')


SCENARIOS = [
    s01_hang, s01_hang_defaults, s01_slow_defaults, faulty('500', 'failed: server error (HTTP 5xx) x3'), faulty('html', 'failed: not a JSON body'),
    faulty('cut', 'failed: malformed JSON body'), s02_sheets, s03_password_error, s03_password_records,
    s04_reproduce_no_out_dir, s04_reproduce_out_dir, s04_reproduce_no_shared, s05_duplicate, s06_lock, s06_stale_lock,
    s08_deleted,
    *(failed_start(c, 9) for c in ('bad judge spec', 'missing key', 'unknown local model', 'unknown local sot',
                                   'hub id not cached, offline', 'nli bogus', 'n 1 on the filler')),
    s09_ctrl_c, s10_agreement, s10_agreement_edited, s10_agreement_clash,
    *(failed_start(c, 11) for c in ('problems 0', 'nli threshold', 'evidence run without evidence', 'epochs -1')),
    s11_ctrl_c_resume, s11_n_boot, s11_responses_dir, s11_bom, s11_fs_suffix, s11_empty_text, s11_summary,
    s12_score_in_place, s12_score_commas, s12_score_no_folder,
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('-k', default='', help="only the scenarios whose function name holds this text ('s01_hang', "
                                           "'faulty 500', 'failed_start nli bogus', ...)")
    a = ap.parse_args()
    t0 = time.perf_counter()
    for s in SCENARIOS:
        name = s.__qualname__
        if a.k not in name: continue
        n = len(ROWS)
        with tempfile.TemporaryDirectory(prefix='crea38-') as d:
            tmp = Path(d)
            try: s(tmp)
            except Exception as e:      # a scenario that could not run is a row that is not ok
                ROWS.append(dict(name=name, rc='-', msg=abridge(f'{type(e).__name__}: {e}', tmp), secs=0.0, ok=False))
        for r in ROWS[n:]: print(f"{'ok ' if r['ok'] else 'NOT'} {r['secs']:6.1f}s {r['name']}", file=sys.stderr)
    print('| scenario | exit | message | seconds | ok |\n|---|---|---|---|---|')
    for r in ROWS: print(f"| {r['name']} | {r['rc']} | {r['msg']} | {r['secs']:.1f} | {'yes' if r['ok'] else 'NO'} |")
    bad = sum(not r['ok'] for r in ROWS)
    print(f'\n{len(ROWS)} scenario(s), {bad} not ok, {time.perf_counter() - t0:.0f} s in all')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
