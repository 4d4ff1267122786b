"""The LLM layer against a real OpenAI-compatible server (llama.cpp serving SmolLM2), with injected faults and a
process killed in the middle of a batch."""
import json, os, signal, sqlite3, subprocess, sys, time
from pathlib import Path
import jsonschema, pytest
from creaeval.cache import open_cache
from creaeval.models import get_llm

HERE = Path(__file__).parent
ROOT = HERE.parents[1]


def llm_via(url: str, cache, **kw):
    return get_llm('llamacpp/smollm2', cache=cache, base_url=url, **kw)


def ask(i: int, max_tokens: int = 6) -> dict:
    return dict(messages=[{'role': 'user', 'content': f'Give a one-word colour, number {i}.'}], temperature=0,
                max_tokens=max_tokens, meta={'i': i})


def test_plain_call_and_cache(llama_server, tmp_path, monkeypatch):
    monkeypatch.setenv('CREAEVAL_PROVIDER_LLAMACPP_BASE_URL', llama_server + '/v1')
    llm = get_llm('llamacpp/smollm2', cache=tmp_path / 'c.sqlite')
    assert llm.base_url == llama_server + '/v1'
    msgs = [{'role': 'user', 'content': 'What is the capital of France? Answer in one word.'}]
    r = llm.chat_sync(msgs, temperature=0, max_tokens=8)
    assert r.ok and r.attempts == 1 and not r.cached, r
    assert 'paris' in r.text.lower(), r.text
    assert r.usage['input_tokens'] > 5 and 0 < r.usage['output_tokens'] <= 8
    again = llm.chat_sync(msgs, temperature=0, max_tokens=8)
    assert again.cached and again.text == r.text and again.attempts == 0
    lp = llm.chat_sync(msgs, temperature=0, max_tokens=8, logprobs=True)     # sequence likelihood, for semantic entropy
    assert lp.ok and lp.text == r.text and lp.logprob < 0 and r.logprob is None
    assert abs(sum(lp.usage['token_logprobs']) - lp.logprob) < 1e-6 and lp.usage['token_ends'][-1] == len(lp.text)
    assert llm.chat_sync(msgs, temperature=0, max_tokens=8, logprobs=True).logprob == lp.logprob   # kept by the cache


def test_schema_is_sent_and_validated(proxy, tmp_path):
    schema = {'type': 'object', 'properties': {'answer': {'type': 'string', 'enum': ['yes', 'no']},
                                               'confidence': {'type': 'integer'}},
              'required': ['answer', 'confidence']}
    llm = llm_via(proxy.base_url, tmp_path / 'c.sqlite')
    r = llm.chat_sync([{'role': 'user', 'content': 'Is water wet? Answer as JSON with answer and confidence.'}],
                      schema=schema, temperature=0, max_tokens=40)
    sent = proxy.forwarded[0]['response_format']
    assert sent == {'type': 'json_object', 'schema': schema}     # llama-cpp-python's way of taking a schema
    assert r.ok, (r.error, r.text)
    jsonschema.validate(r.parsed, schema)


def test_faults_are_retried_bounded_and_recorded(proxy, tmp_path):
    # one entry per attempt, in order (the provider's limit of 1 makes the calls run one after the other)
    proxy.plan(('status', 429, {'Retry-After': '1'}), ('status', 500), 'pass',   # call 0: two faults, then success
               'drop', ('stall', 21), 'pass',                                # call 1: dropped, then stalled past timeout
               'malformed', 'truncated', 'pass',                             # call 2: bodies that are not valid JSON
               ('status', 500), ('status', 500), ('status', 500), ('status', 500),  # call 3: fails for good
               'pass',                                                       # call 4: clean
               ('status', 401))                                              # call 5: not retried
    llm = llm_via(proxy.base_url, tmp_path / 'c.sqlite', timeout=20, max_retries=3, backoff_base=0.05, backoff_max=2)
    t0 = time.time()
    res = llm.chat_many_sync([ask(i) for i in range(6)])
    assert [r.meta['i'] for r in res] == list(range(6))                     # the batch completes, in order
    assert [r.ok for r in res] == [True, True, True, False, True, False], ([(r.ok, r.faults) for r in res], [a for a, _ in proxy.seen])
    assert [r.attempts for r in res] == [3, 3, 3, 4, 1, 1]
    assert all(r.retries <= 3 for r in res)
    kinds = [[f.split(':')[0] for f in r.faults] for r in res]
    assert kinds[0] == ['HTTP 429', 'HTTP 500']
    assert kinds[1] == ['connection error', 'timeout after 20s']
    assert kinds[2] == ['malformed response', 'malformed response']
    assert kinds[3] == ['HTTP 500'] * 4 and 'gave up after 4 attempts' in res[3].error and res[3].text is None
    assert kinds[4] == [] and kinds[5] == ['HTTP 401'] and 'not retried' in res[5].error
    assert res[0].gen_latency_s >= 1.0                                      # Retry-After was honoured
    assert res[1].gen_latency_s >= 20.0                                     # the stall hit the per-attempt timeout
    # the model really ran once per success, plus the one truncated answer; failures are not cached
    assert len(proxy.forwarded) == 4 + 1
    cache = open_cache(tmp_path / 'c.sqlite')
    assert [r.key in cache for r in res] == [r.ok for r in res]
    assert time.time() - t0 < 120


def test_sigkill_mid_batch_then_rerun(proxy, tmp_path):
    n, cache = 12, tmp_path / 'batch.sqlite'
    env = {**os.environ, 'CREAEVAL_PROVIDER_LLAMACPP_BASE_URL': proxy.base_url}
    cmd = [sys.executable, str(HERE / 'batch_child.py'), str(cache), str(n)]
    child = subprocess.Popen(cmd + [str(tmp_path / 'first.json')], env=env, cwd=ROOT)
    t0 = time.time()
    def done_keys():
        if not cache.exists(): return set()
        try:
            with sqlite3.connect(cache, timeout=30) as c: return {k for (k,) in c.execute('SELECT key FROM calls')}
        except sqlite3.OperationalError: return set()
    while len(done_keys()) < 4:
        assert child.poll() is None, 'the child finished before it could be killed'
        assert time.time() - t0 < 240, 'the child made no progress'
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL); child.wait()
    assert child.returncode == -signal.SIGKILL
    before, n_forwarded = done_keys(), len(proxy.forwarded)
    assert 4 <= len(before) < n, len(before)
    assert not (tmp_path / 'first.json').exists()
    rerun = subprocess.run(cmd + [str(tmp_path / 'second.json')], env=env, cwd=ROOT, timeout=600)
    assert rerun.returncode == 0
    res = json.loads((tmp_path / 'second.json').read_text())
    assert [r['i'] for r in res] == list(range(n)) and all(r['ok'] for r in res)        # nothing lost
    assert {r['key'] for r in res if r['cached']} == before                               # completed = answered from cache
    again = [b['messages'][-1]['content'] for b in proxy.forwarded[n_forwarded:]]
    done_prompts = {r['prompt'] for r in res if r['key'] in before}
    assert not done_prompts & set(again)                                                  # no duplicate model call
    assert sorted(again) == sorted(r['prompt'] for r in res if r['key'] not in before)   # only the missing ones ran
    assert len(done_keys()) == n


def test_a_busy_server_answers_the_liveness_probe(llama_server, tmp_path):
    "While the server generates, `OpenAIBackend.answers` gets its HTTP answer at once (its /v1/models would wait)."
    import threading
    from creaeval.llm import run_sync
    llm = llm_via(llama_server + '/v1', tmp_path/'c.sqlite', timeout=300)
    long = ' '.join(f'Brick {i} can hold a door, warm a bed or mark a path.' for i in range(60))    # ~1,000 tokens to read
    busy = threading.Thread(target=lambda: llm.chat_sync([{'role': 'user', 'content': long + ' Tell a long story.'}],
                                                         temperature=1.0, max_tokens=64))
    busy.start(); time.sleep(0.5)
    t = time.perf_counter(); why = run_sync(llm.backend.answers(5.0)); dt = time.perf_counter() - t
    generating = busy.is_alive()
    busy.join()
    assert generating and why is None and dt < 2.0, (generating, why, dt)
