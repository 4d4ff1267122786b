"""llama.cpp in process against llama.cpp's server, on the judge calls creaeval's committed AUT runs make.

    .venv/bin/python tests/bench/bench_route.py [--model qwen2.5-coder-0.5b-instruct] [--answers 7]

Issue 12 asked for the llama.cpp backend to run in process (`llama_cpp.Llama`) or through the server the integration
tests start, whichever measures faster here. This script measures that choice on the work itself: the judge calls of
AUT Direct with 5 human-rated examples (a ~350-token prompt, a one-number JSON answer: prompt-dominated) and of AUT
CoT (the judge writes its reasoning, then the score: generation-dominated), recorded by `FakeLLM` from the same method
code the runner uses, for `--answers` + 1 answers of the evaluation split spread over its objects.

Each route gets the same calls, one at a time as the runner makes them, greedy (temperature 0), schema-constrained,
with the same token budgets (the LLM layer sets them from the schema for both), on the same GGUF and 2 threads:
- in process: `local/<model>` (`creaeval.local.LlamaModel`: slots sharing the longest prefix, schema-guided decoding
  that also returns the probability of every allowed level);
- server: `llamacpp/<model>` through the OpenAI-compatible backend, against `python -m llama_cpp.server` started as
  the integration tests start it (passive OpenMP waiting; the schema sent as a llama.cpp grammar; the server reuses
  the prefix it shares with the previous prompt).
The first recorded call of each workload warms both routes up and is not timed. Printed per workload and route: seconds
per call and answer tokens per second, prompt and answer tokens, valid answers, and whether the per-level
probabilities (the weighted score) came back; then the ratio server / in process per call and per answer token (the
fair one when the two routes write answers of different length: their grammars differ, so even greedy answers can),
and how many answers agree.
"""
import argparse, os, statistics, sys, tempfile, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'integration'))

from creaeval.llm import run_sync
from creaeval.local import resolve_local_model
from creaeval.methods.common import Ctx
from creaeval.methods.registry import method_for
from creaeval.models import FakeLLM, get_llm
from creaeval.runner import few_shot
from creaeval.samples import aut_samples, aut_split


def recorded_calls(method: str, n: int, shots: int=0) -> list[dict]:
    "The judge calls AUT `method` makes for n answers of the evaluation split, as FakeLLM records them."
    smps = aut_samples(aut_split()['eval'])
    smps = smps[::max(1, len(smps) // n)][:n]
    examples, fn, fake = few_shot('aut', smps, shots), method_for('aut', method).run, FakeLLM()
    for s in smps: run_sync(fn(Ctx(judge=fake, examples=examples.get(s.sample_id, [])), s.scenario, s.response))
    return [dict(messages=c['messages'], schema=c['schema'], temperature=0) for c in fake.calls]


def run_calls(llm, calls: list[dict]) -> tuple[float, list]:
    "Warm up on the first call, then time the others one at a time."
    assert llm.chat_sync(**calls[0]).ok
    t0 = time.perf_counter(); rr = [llm.chat_sync(**c) for c in calls[1:]]
    return time.perf_counter() - t0, rr


def per_token(t: float, rr: list) -> float:
    "Seconds per answer token."
    return t / max(1, sum(r.usage['output_tokens'] or 0 for r in rr))


def report(workload: str, route: str, t: float, rr: list) -> None:
    mean = lambda k: statistics.mean(r.usage[k] or 0 for r in rr)
    print(f"  {workload:14s} {route:11s} {t / len(rr):6.2f} s/call  {1 / per_token(t, rr):5.1f} answer tok/s   prompt "
          f"{mean('input_tokens'):4.0f} tok  answer {mean('output_tokens'):4.0f} tok   valid {sum(r.ok for r in rr)}/{len(rr)}   "
          f"levels kept {sum(bool((r.usage or {}).get('levels')) for r in rr)}/{len(rr)}", flush=True)


def main(model: str, n: int) -> None:
    from conftest import start_llama_server, stop
    workloads = {'Direct 5-shot': recorded_calls('direct', n + 1, shots=5), 'CoT': recorded_calls('cot', n + 1)}
    _, gguf = resolve_local_model(model)
    print(f"python {' '.join(sys.argv)}   ({os.cpu_count()} CPUs; {model}; {n} timed calls per workload and route)")
    times, answers = {}, {}
    inproc = get_llm(f'local/{model}', cache=False)
    for w, calls in workloads.items():
        times[w, 'in process'], answers[w, 'in process'] = run_calls(inproc, calls)
        report(w, 'in process', times[w, 'in process'], answers[w, 'in process'])
    proc, url = start_llama_server(Path(gguf), Path(tempfile.mkdtemp()) / 'llama.log', '--n_ctx', '8192')
    try:
        server = get_llm(f'llamacpp/{model}', cache=False, base_url=url + '/v1', timeout=900)
        for w, calls in workloads.items():
            times[w, 'server'], answers[w, 'server'] = run_calls(server, calls)
            report(w, 'server', times[w, 'server'], answers[w, 'server'])
    finally: stop(proc)
    for w in workloads:
        ti, ts, ri, rs = times[w, 'in process'], times[w, 'server'], answers[w, 'in process'], answers[w, 'server']
        same = sum(a.parsed == b.parsed for a, b in zip(ri, rs))
        print(f"  {w:14s} server / in process: {ts / ti:5.2f}x per call, {per_token(ts, rs) / per_token(ti, ri):5.2f}x per answer "
              f"token   same answer: {same}/{len(rs)}")

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--model', default='qwen2.5-coder-0.5b-instruct', help="a local model name (see creaeval.local)")
    ap.add_argument('--answers', type=int, default=7, help='timed calls per workload and route')
    a = ap.parse_args()
    main(a.model, a.answers)
