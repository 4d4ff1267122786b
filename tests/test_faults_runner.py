"""The call and runner layer against faults: real sockets that hang, answer 500, answer HTML or cut JSON, or answer
HTTP but never a chat completion.

Each test runs a tiny `http.server` (or a bare socket) in a thread of this process, with deadlines of a second or two,
so that the whole file runs in seconds."""
import contextlib, json, os, socket, subprocess, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
import pytest
from creaeval.core import dataset_file
from creaeval.llm import ON_RETRY
from creaeval.models import FakeLLM, get_llm
from creaeval.runner import EndpointDown, evaluate
from creaeval.sheets import read_responses

ROOT = Path(__file__).resolve().parents[1]
MSGS = [{'role': 'user', 'content': 'hello'}]


def _handler(kind):
    class H(BaseHTTPRequestHandler):
        def log_message(self, *a): pass
        def do_GET(self):                       # any route: 404 at once (the server is there)
            self.send_response(404); self.send_header('content-length', '0'); self.end_headers()
        def do_POST(self):
            self.rfile.read(int(self.headers.get('content-length') or 0))
            if kind == 'busy': time.sleep(30); return  # answers HTTP, never a completion
            if kind == '500': body, ctype, code = b'{"error": {"message": "boom"}}', 'application/json', 500
            elif kind == 'html': body, ctype, code = b'<html><body>Please log in</body></html>', 'text/html', 200
            elif kind == 'cut': body, ctype, code = b'{"id": "x", "choi', 'application/json', 200
            self.send_response(code); self.send_header('content-type', ctype)
            self.send_header('content-length', str(len(body))); self.end_headers(); self.wfile.write(body)
    return H


@contextlib.contextmanager
def server(kind):
    "A base URL on 127.0.0.1 that answers `kind`: '500', 'html', 'cut', 'busy' (GET yes, chat never) or 'hang' (nothing)."
    if kind == 'hang':
        so = socket.socket(); so.bind(('127.0.0.1', 0)); so.listen(16); held, stop = [], threading.Event()
        def loop():
            so.settimeout(0.2)
            while not stop.is_set():
                try: c, _ = so.accept(); held.append(c)
                except OSError: pass
        t = threading.Thread(target=loop, daemon=True); t.start()
        try: yield f'http://127.0.0.1:{so.getsockname()[1]}/v1'
        finally:
            stop.set(); t.join(); [c.close() for c in held]; so.close()
        return
    srv = ThreadingHTTPServer(('127.0.0.1', 0), _handler(kind)); srv.daemon_threads = True
    t = threading.Thread(target=srv.serve_forever, daemon=True); t.start()
    try: yield f'http://127.0.0.1:{srv.server_address[1]}/v1'
    finally: srv.shutdown(); srv.server_close()


def llm_at(url, **kw):
    return get_llm('llamacpp/m', cache=False, base_url=url, **{'backoff_base': 0.05, 'backoff_max': 0.1, **kw})


def test_call_deadline_bounds_a_server_that_never_answers():
    "1. `deadline` ends the call, retries included, even when each attempt may wait longer."
    with server('hang') as url:
        t = time.perf_counter()
        llm = llm_at(url, timeout=3, max_retries=3, deadline=1, connect_timeout=0.5)
        r = llm.chat_sync(MSGS)
        dt = time.perf_counter() - t
    # the deadline cut the first attempt; a plain GET then got no answer either: the call ends, the model is silent
    assert not r.ok and r.fault == 'timeout' and 'no answer by the deadline' in r.error, r.error
    assert f'{url}: ' in r.error and 'no answer to a plain GET in 0.5 s: the endpoint answers nothing' in r.error
    assert llm.silent == r.error and r.attempts == 1
    assert dt < 2.5, dt


def test_a_busy_server_is_retried_and_counted_across_units(tmp_path):
    "A server that answers HTTP but no chat: each call retried as usual; three timed-out attempts in a row stop the run."
    with server('busy') as url:
        llm = llm_at(url, timeout=0.3, max_retries=2, deadline=5, connect_timeout=0.5)
        t = time.perf_counter()
        with pytest.raises(EndpointDown) as e:
            evaluate('cgpst', 'direct', ['llamacpp/m'], tmp_path/'run', responses=five(tmp_path), progress=False,
                     llms={'llamacpp/m': llm})
        dt = time.perf_counter() - t
    assert getattr(llm, 'silent', None) is None and llm.timeouts_in_row == 3
    assert 'the last response got no answer: timeout (no answer in time) x1' in str(e.value), str(e.value)
    assert dt < 5, dt                    # one unit of three attempts (the rule of three dead units needs three)


def test_retries_are_reported_while_they_happen():
    "2. Each retry calls `ON_RETRY` with its cause (the runner shows them on the progress line)."
    seen = []
    tok = ON_RETRY.set(lambda spec, attempt, err: seen.append((spec, attempt, err.kind)))
    try:
        with server('500') as url: r = llm_at(url, max_retries=2).chat_sync(MSGS)
    finally: ON_RETRY.reset(tok)
    assert (r.ok, r.fault, r.attempts) == (False, 'http_5xx', 3)
    assert seen == [('llamacpp/m', 1, 'http_5xx'), ('llamacpp/m', 2, 'http_5xx')]


@pytest.mark.parametrize('kind,fault,says', [('html', 'not_json', "not a JSON body: the server answered '<html><body>Please log in"),
                                             ('cut', 'malformed', 'malformed response: JSON cut or broken')])
def test_a_body_that_is_not_a_completion_is_a_named_fault(kind, fault, says):
    "3. An HTML page or a cut JSON body: a named fault, never `'str' object has no attribute 'choices'`."
    with server(kind) as url: r = llm_at(url, max_retries=0).chat_sync(MSGS)
    assert (r.ok, r.fault) == (False, fault) and r.error.startswith(says), r.error
    assert 'AttributeError' not in r.error


def five(tmp, n=5):
    base = dict(read_responses(dataset_file('cgpst/data_A.json'))['A05_FS10'])
    p = tmp/'five.json'; p.write_text(json.dumps({f'X0{i}_FS10': base for i in range(1, n + 1)})); return p


def test_5xx_units_stop_the_run_and_the_summary_is_consistent(tmp_path, capsys):
    "2, 3, 4, 5. 5xx units stop the run after three; the summary counts the units it made and names the fault."
    resp = five(tmp_path)
    run = lambda llm, **kw: evaluate('cgpst', 'direct', ['llamacpp/m'], tmp_path/'run', responses=resp,
                                     llms={'llamacpp/m': llm}, **kw)
    run(FakeLLM('llamacpp/m'), ids=['X01_FS10'], progress=False)     # one unit with an answer, so the run is kept
    os.environ['CREAEVAL_PROVIDER_LLAMACPP_API_KEY_ENV'] = 'NO_SUCH_KEY'
    try:
        with server('500') as url:
            with pytest.raises(EndpointDown) as e: run(llm_at(url, max_retries=1), rescore_changed=True)
    finally: del os.environ['CREAEVAL_PROVIDER_LLAMACPP_API_KEY_ENV']
    msg = str(e.value)
    assert 'the last 3 responses failed: server error (HTTP 5xx) x3 (last error: HTTP 500' in msg, msg
    assert 'CREAEVAL_PROVIDER_LLAMACPP_API_KEY_ENV' in msg and 'NO_SUCH_KEY' not in msg, msg
    out = capsys.readouterr().out
    assert '4 unit(s) (3 new, 1 already done)' in out, out
    assert 'server error (HTTP 5xx): 3' in out, out
    summ = json.loads((tmp_path/'run/summary.json').read_text())
    assert (summ['units'], summ['failures'], summ['calls']) == (4, {'http_5xx': 3}, 4), summ
    again = run(FakeLLM('llamacpp/m'), retry_failed=True, progress=False)    # the failed calls are superseded
    assert (again.summary['calls'], again.summary['failed_calls'], again.summary['requests_made']) == (5, 0, 8)


@pytest.mark.parametrize('kind,says', [('500', 'failed: server error (HTTP 5xx) x3'),
                                       ('html', 'failed: not a JSON body (HTML or text) x3'),
                                       ('cut', 'failed: malformed JSON body x3'),
                                       ('hang', 'got no answer: timeout (no answer in time) x1')])
def test_the_stop_message_names_the_faults_seen(tmp_path, kind, says):
    "7. The stop says what the last responses got: a 5xx or an HTML page is not 'no answer'."
    with server(kind) as url:
        with pytest.raises(EndpointDown) as e:
            evaluate('cgpst', 'direct', ['llamacpp/m'], tmp_path/'run', responses=five(tmp_path), progress=False,
                     llms={'llamacpp/m': llm_at(url, max_retries=0, timeout=5,
                                                **({'deadline': 0.5, 'connect_timeout': 0.5} if kind == 'hang' else {}))})
    last = 'the last response' if kind == 'hang' else 'the last 3 responses'     # a silent endpoint stops at once
    assert f'llamacpp/m at {url}: {last} {says} (last error: ' in str(e.value), str(e.value)


def test_a_deleted_sample_is_named_and_dropped_on_request(tmp_path):
    "6. A sample deleted from the input: named on resume; `drop_missing` drops its records."
    resp = five(tmp_path, 3)
    run = lambda **kw: evaluate('cgpst', 'direct', ['filler/a'], tmp_path/'run', responses=resp, progress=False, **kw)
    run()
    data = json.loads(resp.read_text()); del data['X03_FS10']; resp.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r'1 sample\(s\) this run evaluated are no longer in the input \(X03_FS10\)'
                                         r'.*--drop-missing'):
        run()
    res = run(drop_missing=True)
    assert sorted(res.scores.sample_id.unique()) == ['X01_FS10', 'X02_FS10']
    assert res.summary['units'] == 2


def test_cli_against_a_hanging_server(tmp_path):
    "1, 5. The command a user runs: a hanging endpoint stops the run in seconds, exit 2, naming the overrides."
    resp = five(tmp_path)
    with server('hang') as url:
        env = {**os.environ, 'PYTHONPATH': str(ROOT), 'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': url,
               'CREAEVAL_LLM_TIMEOUT': '5', 'CREAEVAL_LLM_DEADLINE': '0.5', 'CREAEVAL_LLM_BACKOFF_BASE': '0.05',
               'CREAEVAL_LLM_CONNECT_TIMEOUT': '0.5'}
        t = time.perf_counter()
        p = subprocess.run([sys.executable, '-c', 'import sys; from creaeval.cli import main; main(sys.argv[1:])', 'evaluate', '--dataset', 'cgpst', '--method', 'direct',
                            '--judge', 'llamacpp/m', '--run-dir', str(tmp_path/'run'), '--responses', str(resp)],
                           env=env, capture_output=True, text=True, timeout=120)
        dt = time.perf_counter() - t
    assert p.returncode == 2, (p.returncode, p.stderr[-2000:])
    assert 'the last response got no answer' in p.stderr and 'CREAEVAL_LLM_DEADLINE' in p.stderr, p.stderr[-2000:]
    assert 'the endpoint answers nothing' in p.stderr, p.stderr[-2000:]
    assert url not in p.stderr.split('set as now')[-1]
    assert dt < 60, dt


def test_interrupted_names_the_overrides(tmp_path, monkeypatch):
    "5. The resume line after Ctrl-C names the `CREAEVAL_...` variables the command ran with, never their values."
    from creaeval.cli import build_parser, interrupted
    monkeypatch.setenv('CREAEVAL_PROVIDER_LLAMACPP_BASE_URL', 'http://alice:s3cret@host/v1')
    argv = ['evaluate', '--method', 'direct', '--judge', 'llamacpp/m', '--run-dir', str(tmp_path/'run')]
    line = interrupted(build_parser().parse_args(argv), argv)
    assert 'resume with: creaeval evaluate' in line and 'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL' in line, line
    assert 's3cret' not in line


def test_the_stop_message_masks_a_password_in_the_url(tmp_path):
    "3. A base URL with user and password is printed without them when the run stops (it was shown as given)."
    with server('500') as url:
        secret = url.replace('http://', 'http://alice:s3cret@')
        with pytest.raises(EndpointDown) as e:
            evaluate('cgpst', 'direct', ['llamacpp/m'], tmp_path/'run', responses=five(tmp_path), progress=False,
                     llms={'llamacpp/m': llm_at(secret, max_retries=0)})
    msg = str(e.value)
    assert f"llamacpp/m at {url.replace('http://', 'http://***@')}: the last 3 responses failed" in msg, msg
    assert 's3cret' not in msg and 'alice' not in msg, msg
