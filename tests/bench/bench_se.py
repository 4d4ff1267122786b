"""Semantic-entropy benchmarks, each ratio measured against the reference approach in the same run.

    .venv/bin/python tests/bench/bench_se.py [clustering|sampling|all] [--run data/runs/p2-se/qwen05-t1.0]

1. Clustering: 10 candidates per step over 50 steps (the first 50 scored steps of a committed SE run when one is
   given, else synthetic steps built from the project's labelled pairs). For each backend, the reference approach
   (P2's code: one pair per call in the greedy order, nothing memoised) against creaeval's (identical strings merged,
   verdicts memoised across steps, and each step's pairs sent together: schedule 'all' = one batch of every ordered
   pair, 'waves' = the greedy pass's pairs, one batch per class). Printed: NLI pairs evaluated, backend calls, wall
   time, and the time ratio reference / ours. Backends: the embedding rule (real verdicts), and the cross-encoder code
   path on a DeBERTa-v2 with deberta-base's shape (12 layers, hidden 768) and random weights: its verdicts mean
   nothing, its compute per pair is the real model's.
2. Sampling: 10 candidates of one step prompt with the embedded SmolLM2 (transformers): ten sequential calls through
   the LLM layer, the same ten issued together (the in-process engine decodes them as one batch), and one
   `generate(num_return_sequences=10)` (`HFGenerateSampler`). Printed: wall time and the ratio sequential / batched.
"""
import argparse, json, random, tempfile, time
from pathlib import Path
from creaeval.llm import run_sync
from creaeval.nli import CrossEncoderNLI, EmbeddingNLI, Verdicts, cluster, load_step_pairs

def steps_from_run(run: Path, n: int=50) -> list[tuple[str, list[str]]]:
    out = []
    for line in (run/'records.jsonl').read_text().splitlines():
        r = json.loads(line)
        if r.get('type') != 'se_problem': continue
        for s in r['steps']:
            if s.get('classes') is None: continue
            out.append((r['problem'], [s['candidates'][i]['step'] for i in s['usable']]))
            if len(out) == n: return out
    return out

def synthetic_steps(n: int=50, k: int=10, seed: int=0) -> list[tuple[str, list[str]]]:
    "Steps of k candidates drawn from the labelled pairs of one problem (paraphrases, repeats and different steps)."
    rng, sp = random.Random(seed), load_step_pairs()
    by = {pid: sorted(set(g.a) | set(g.b)) for pid, g in sp.groupby('problem_id')}
    pids = sorted(by)
    return [(str(p), [rng.choice(by[p]) for _ in range(k)]) for p in (pids[i % len(pids)] for i in range(n))]

class FreshEmbedder:
    """MiniLM loaded anew for each timed approach, so that no approach inherits another's memoised vectors; with memo=False it
    keeps none at all (the reference re-encodes both texts of every pair, as one pair per call does)."""
    def __init__(self, memo: bool):
        from creaeval.embed import Embedder
        self.e, self.memo, self.path = Embedder(), memo, 'minilm'
    def encode(self, texts):
        v = self.e.encode(texts)
        if not self.memo: self.e.memo.clear()
        return v

def time_clustering(steps, make_backend, schedule: str, memo: bool) -> dict:
    v = Verdicts(make_backend(memo), memo=memo)
    t0 = time.perf_counter()
    for q, texts in steps: cluster(texts, v, question=q, schedule=schedule)
    return dict(seconds=time.perf_counter() - t0, evaluated=v.stats['evaluated'], calls=v.stats['calls'])

def bench_clustering(steps):
    print(f"clustering: {len(steps)} steps, {sum(len(t) for _, t in steps)} candidates, "
          f"{sum(len(set(x.strip() for x in t)) for _, t in steps)} distinct")
    tiny = Path(tempfile.mkdtemp())/'deberta-base-shape'
    from transformers import AutoTokenizer, DebertaV2Config, DebertaV2ForSequenceClassification
    from creaeval.weights import minilm_path
    tok = AutoTokenizer.from_pretrained(minilm_path())
    cfg = DebertaV2Config(vocab_size=tok.vocab_size, hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                          intermediate_size=3072, num_labels=3, id2label={0: 'entailment', 1: 'neutral', 2: 'contradiction'},
                          label2id={'entailment': 0, 'neutral': 1, 'contradiction': 2})
    DebertaV2ForSequenceClassification(cfg).save_pretrained(tiny); tok.save_pretrained(tiny)
    ce = CrossEncoderNLI(str(tiny), device='cpu', batch_size=32)
    backends = {'embedding (MiniLM)': lambda memo: EmbeddingNLI(embedder=FreshEmbedder(memo)),
                'cross-encoder (deberta-base shape)': lambda memo: ce}
    print(f"{'backend':36s} {'approach':34s} {'pairs':>6s} {'calls':>6s} {'seconds':>8s} {'ratio':>7s}")
    for name, make in backends.items():
        make(False).predict([('warm up', 'the model')])
        ref = time_clustering(steps, make, 'sequential', memo=False)
        print(f"{name:36s} {'one pair per call (reference)':34s} {ref['evaluated']:6d} {ref['calls']:6d} {ref['seconds']:8.2f} {'1.0x':>7s}", flush=True)
        for sch in ('all', 'waves'):
            r = time_clustering(steps, make, sch, memo=True)
            print(f"{name:36s} {'dedup + memo + batch (' + sch + ')':34s} {r['evaluated']:6d} {r['calls']:6d} {r['seconds']:8.2f} "
                  f"{ref['seconds'] / r['seconds']:6.1f}x", flush=True)

def bench_sampling(n: int=10):
    from creaeval.models import get_llm
    from creaeval.local import load_local_model
    from creaeval.samplers import ChatSampler, HFGenerateSampler
    from creaeval.stepwise import macgyver_problems, step_messages
    msgs = step_messages(macgyver_problems(1).problem[0], [])
    kw = dict(temperature=1.0, top_p=0.9, max_tokens=48, stop=['\n\n'])
    llm = get_llm('local/smollm2-135m-instruct', cache=False)
    llm.chat_sync(msgs, max_tokens=2)                                                   # load and warm up
    t0 = time.perf_counter()
    for i in range(n): llm.chat_sync(msgs, sample=i, logprobs=True, **kw)
    seq = time.perf_counter() - t0
    t0 = time.perf_counter(); run_sync(ChatSampler(llm).sample(msgs, n, seed=1, **kw)); together = time.perf_counter() - t0
    hs = HFGenerateSampler(load_local_model('smollm2-135m-instruct'))
    t0 = time.perf_counter(); run_sync(hs.sample(msgs, n, seed=1, **kw)); gen = time.perf_counter() - t0
    print(f"sampling {n} candidates, SmolLM2-135M (transformers, CPU):")
    for name, t in (('10 sequential calls (reference)', seq), ('10 calls together (one batch)', together),
                    ('one generate(num_return_sequences=10)', gen)):
        print(f"  {name:40s} {t:7.2f} s  {seq / t:5.1f}x")

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('what', nargs='?', default='all', choices=['all', 'clustering', 'sampling'])
    ap.add_argument('--run', type=Path, default=None, help='a committed SE run whose steps to cluster')
    a = ap.parse_args()
    if a.what in ('all', 'clustering'):
        steps = steps_from_run(a.run) if a.run and (a.run/'records.jsonl').exists() else synthetic_steps()
        bench_clustering(steps)
    if a.what in ('all', 'sampling'): bench_sampling()
