"""Trained evaluators: training and inference speed on this machine, and the memory peak, each ratio measured against
the reference approach in the same run.

    .venv/bin/python tests/bench/bench_training.py [--model smollm2-135m-instruct] [--threads 2] [--n 256]

1. SFT training: seconds per LoRA step (batch 16) on `n` answers of the public training pool, and the epoch time over
   the whole pool that it implies.
2. SFT inference: the expected score digit of `n` held-out answers, batched (64 prompts per forward pass, creaeval's
   `LoraScorer.predict`) against one prompt per forward pass (the reference: a judge call per answer). Printed:
   seconds per answer and the ratio one-at-a-time / batched.
3. SaMer: frozen features per answer (batched forward, last hidden layer averaged), then the head's training time.
4. The process's peak resident memory.
"""
import argparse, math, resource, tempfile, time
from pathlib import Path
import numpy as np
from creaeval.training import (LoraScorer, SaMer, aut_rating_pool, aut_text, held_answers, lm_features, training_set,
                               _held_rated)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--model', default='smollm2-135m-instruct')
    ap.add_argument('--threads', type=int, default=None)
    ap.add_argument('--n', type=int, default=256)
    a = ap.parse_args()
    train, _ = training_set(aut_rating_pool(), held_answers())
    few = train.sample(a.n, random_state=0)
    texts = [aut_text(o, r) for o, r in zip(few.prompt, few.response)]
    held = _held_rated()[:a.n]
    htexts = [aut_text(o, r) for o, r in zip(held.prompt, held.response)]

    sc = LoraScorer(a.model, threads=a.threads)
    with tempfile.TemporaryDirectory() as d:
        log = sc.fit(texts, few.rating, Path(d)/'run', epochs=1, batch=16, progress=False)
    step = log.seconds[1:].mean()      # the first step pays for warm-up
    print(f"SFT training ({a.model}, batch 16): {step:.2f} s a step -> {step * math.ceil(len(train) / 16) / 60:.1f} "
          f"min an epoch over the {len(train)} training answers")

    t0 = time.perf_counter(); batched = sc.predict(htexts, batch=64); tb = (time.perf_counter() - t0) / len(htexts)
    t0 = time.perf_counter(); single = sc.predict(htexts[:64], batch=1); ts = (time.perf_counter() - t0) / 64
    assert np.allclose(batched[:64], single, atol=1e-3), 'padding changed the scores'
    print(f"SFT inference: {ts * 1000:.1f} ms an answer one at a time, {tb * 1000:.1f} ms batched: {ts / tb:.1f}x")

    t0 = time.perf_counter(); X = lm_features(texts, a.model, threads=a.threads, progress=False)
    tf = (time.perf_counter() - t0) / len(texts)
    t0 = time.perf_counter(); SaMer(['Originality']).fit(X, few.rating.to_numpy()[:, None], few.prompt)
    print(f"SaMer: frozen features {tf * 1000:.1f} ms an answer; head training {time.perf_counter() - t0:.1f} s "
          f"({len(texts)} answers, 30 epochs)")
    print(f"peak resident memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")

if __name__ == '__main__': main()
