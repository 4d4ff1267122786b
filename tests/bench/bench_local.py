"""Prompt and generation speed of the two in-process engines on the same GGUF file, measured in one run
(the engines: `nbs/15_local.ipynb`; token choice: `nbs/14_guide.ipynb`).

    .venv/bin/python tests/bench/bench_local.py [model ...]
    # default: smollm2-135m-instruct, and qwen2.5-coder-0.5b-instruct when its parts are installed

For each model, the same prompt (a CGPST rubric-sized text, about 1,000 tokens) is evaluated from scratch and then 48
tokens are generated greedily, on transformers (the GGUF dequantised to float32, `creaeval.local.HFModel`) and on
llama.cpp (`creaeval.local.LlamaModel`), each after one warm-up. Printed: tokens/s for prompt and generation, and the
ratio llama.cpp / transformers. Threads as the engines choose them on this machine (torch: 1 thread on 2 cores or
fewer; llama.cpp: every core).

Then the cost of choosing one sampled token (T = 1.0, top-p 0.9) from the model's own next-token logits after that
prompt: the full descending sort of the vocabulary (the reference) against `creaeval.guide.pick_token`, which keeps
the nucleus with `creaeval.guide.nucleus` (top 256, doubled until the mass reaches top-p), both drawing with
`torch.multinomial` from the same seeds; printed: milliseconds per token and the ratio, and whether both picked the
same 200 tokens.
"""
import sys, time
import torch
from creaeval.cgpst import rubric_text
from creaeval.local import HFModel, LlamaModel, Job, resolve_local_model
from creaeval.guide import pick_token
from creaeval.weights import SPLIT_MODELS, part_paths, ModelFileError

def measure(lm, text: str, n_gen: int=48) -> tuple[float, float]:
    "(prompt tokens/s, generated tokens/s) of one cold prompt and a greedy continuation."
    msgs = [{'role': 'user', 'content': text}]
    ids = lm.prompt_ids(msgs)
    lm.generate_one(Job(msgs, {'temperature': 0, 'max_tokens': 2}, None, 0))             # warm-up
    if isinstance(lm, HFModel): lm._prefix = None
    else:
        for s in lm.slots: s.n_tokens = 0
    s = lm.stream(ids)
    t0 = time.perf_counter(); logits = s.next_logits(); t1 = time.perf_counter()
    for _ in range(n_gen):
        s.feed([int(logits.argmax())]); logits = s.next_logits()
    t2 = time.perf_counter(); s.close()
    return len(ids) / (t1 - t0), n_gen / (t2 - t1)

def full_sort_pick(logits, temperature: float, top_p: float, g) -> int:
    "The reference token choice: softmax, sort the whole vocabulary, keep the nucleus, draw."
    p = torch.softmax(logits.float() / temperature, -1)
    sp, si = p.sort(descending=True)
    keep = (sp.cumsum(-1) - sp) < top_p
    p = torch.zeros_like(p).scatter(0, si[keep], sp[keep])
    return int(torch.multinomial(p / p.sum(), 1, generator=g))

def bench_pick(name: str, logits, n: int=200):
    "Milliseconds per sampled token, full sort vs nucleus, on the same logits and seeds."
    out = {}
    for label, f in (('full sort (reference)', lambda g: full_sort_pick(logits, 1.0, 0.9, g)),
                     ('nucleus (creaeval)', lambda g: pick_token(logits, 1.0, 0.9, g))):
        g = torch.Generator().manual_seed(0)
        t0 = time.perf_counter(); picks = [f(g) for _ in range(n)]
        out[label] = ((time.perf_counter() - t0) / n * 1000, picks)
    (a, pa), (b, pb) = out.values()
    print(f"{name:32s} token choice over {logits.numel():,} ids: full sort {a:.2f} ms, nucleus {b:.2f} ms, "
          f"{a / b:.1f}x; same {n} picks: {pa == pb}")

def last_logits(lm, text: str):
    "The model's next-token logits after the prompt."
    s = lm.stream(lm.prompt_ids([{'role': 'user', 'content': text}]))
    logits = s.next_logits().clone(); s.close()
    return logits

def main(models):
    text = '\n\n'.join(rubric_text(k) for k in (1, 2, 3))
    print(f"{'model':32s} {'engine':12s} {'prompt tok/s':>12s} {'gen tok/s':>10s}")
    picks = []
    for name in models:
        _, path = resolve_local_model(name)
        res = {}
        for engine, make in (('transformers', lambda: HFModel(name, path, 'cpu')),
                             ('llama.cpp', lambda: LlamaModel(name, path, n_ctx=4096, slots=1))):
            lm = make(); res[engine] = measure(lm, text)
            print(f"{name:32s} {engine:12s} {res[engine][0]:12.1f} {res[engine][1]:10.1f}", flush=True)
        pr, gr = (res['llama.cpp'][i] / res['transformers'][i] for i in (0, 1))
        print(f"{name:32s} {'ratio':12s} {pr:11.1f}x {gr:9.1f}x   (llama.cpp / transformers)")
        picks.append((name, last_logits(lm, text)))      # the llama.cpp engine's logits
    for name, logits in picks: bench_pick(name, logits)

if __name__ == '__main__':
    models = sys.argv[1:]
    if not models:
        models = ['smollm2-135m-instruct']
        try: part_paths(SPLIT_MODELS['qwen2.5-coder-0.5b-instruct']); models.append('qwen2.5-coder-0.5b-instruct')
        except ModelFileError: pass
    main(models)
