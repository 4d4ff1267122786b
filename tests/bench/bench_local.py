"""Prompt and generation speed of the two in-process engines on the same GGUF file, measured in one run.

    .venv/bin/python tests/bench/bench_local.py [model ...]      # default: smollm2-135m-instruct, and
                                                                 # qwen2.5-coder-0.5b-instruct when its parts are installed

For each model, the same prompt (a CGPST rubric-sized text, about 1,000 tokens) is evaluated from scratch and then 48
tokens are generated greedily, on transformers (the GGUF dequantised to float32, `creaeval.local.HFModel`) and on
llama.cpp (`creaeval.local.LlamaModel`), each after one warm-up. Printed: tokens/s for prompt and generation, and the
ratio llama.cpp / transformers. Threads as the engines choose them on this machine (torch: 1 thread on 2 cores or
fewer; llama.cpp: every core).
"""
import sys, time
from creaeval.cgpst import rubric_text
from creaeval.local import HFModel, LlamaModel, Job, resolve_local_model
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

def main(models):
    text = '\n\n'.join(rubric_text(k) for k in (1, 2, 3))
    print(f"{'model':32s} {'engine':12s} {'prompt tok/s':>12s} {'gen tok/s':>10s}")
    for name in models:
        _, path = resolve_local_model(name)
        res = {}
        for engine, make in (('transformers', lambda: HFModel(name, path, 'cpu')), ('llama.cpp', lambda: LlamaModel(name, path, n_ctx=4096, slots=1))):
            res[engine] = measure(make(), text)
            print(f"{name:32s} {engine:12s} {res[engine][0]:12.1f} {res[engine][1]:10.1f}", flush=True)
        pr, gr = (res['llama.cpp'][i] / res['transformers'][i] for i in (0, 1))
        print(f"{name:32s} {'ratio':12s} {pr:11.1f}x {gr:9.1f}x   (llama.cpp / transformers)")

if __name__ == '__main__':
    models = sys.argv[1:]
    if not models:
        models = ['smollm2-135m-instruct']
        try: part_paths(SPLIT_MODELS['qwen2.5-coder-0.5b-instruct']); models.append('qwen2.5-coder-0.5b-instruct')
        except ModelFileError: pass
    main(models)
