"""Benchmark: scoring a reader's AUT answers offline with the committed scorer (`creaeval score`).

    .venv/bin/python tests/bench/bench_score.py [--n 10000] [--ref-n 200] [--scorer FOLDER] [--threads N] [--unseen]

The answers are generated from the public rated pool: `--n` rows drawn with replacement (a fixed seed) from the
answers to the four evaluation objects, each made unique by a numbered suffix so that no encoding is memoised;
`--unseen` renames the four objects to ones the pool lacks (pencil, spoon, sock, candle), so that every answer takes
the slower path of an unseen object (its neighbours searched among every other object's answers). Timed:

* ours: `creaeval score --task aut IN.csv --out OUT.csv` (with `--scorer` and `--threads` where given) as a
  subprocess (loading the scorer included: rebuilding and encoding its 8,279 rated answers), answers per second and
  the process's peak memory;
* reference: P1's SaMer as trained here before (`data/trained/aut-samer-smollm2-135m-instruct`: SmolLM2-135M's last
  layer averaged over the prompt, its committed head), on the first `--ref-n` answers, per answer, for the ratio.
"""
import argparse, os, resource, subprocess, sys, tempfile, time
from pathlib import Path
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]

UNSEEN = {'brick': 'pencil', 'box': 'spoon', 'rope': 'sock', 'paperclip': 'candle'}

def generate(n: int, path: Path, unseen: bool=False) -> pd.DataFrame:
    from creaeval.training import aut_rating_pool
    pool = aut_rating_pool()
    pool = pool[pool.prompt.str.lower().isin(['brick', 'box', 'rope', 'paperclip'])]
    pick = pool.sample(n, replace=True, random_state=0)
    objs = pick.prompt.str.lower().map(UNSEEN) if unseen else pick.prompt
    df = pd.DataFrame(dict(prompt=objs.to_numpy(), response=[f"{r} ({i})" for i, r in enumerate(pick.response)]))
    df.to_csv(path, index=False)
    return df

def reference(df: pd.DataFrame) -> float:
    "Seconds per answer of the SaMer-SmolLM2 evaluator: features of the prompt text, then its head."
    from creaeval.training import aut_text, lm_features, samer_load
    head = samer_load(ROOT/'data/trained/aut-samer-smollm2-135m-instruct/samer_head.pt')
    t = time.perf_counter()
    X = lm_features([aut_text(o, r) for o, r in zip(df.prompt, df.response)], progress=False)
    head.predict(X)
    return (time.perf_counter() - t) / len(df)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--n', type=int, default=10_000); ap.add_argument('--ref-n', type=int, default=200)
    ap.add_argument('--scorer', default=None, help="a trained scorer's folder (default: creaeval score's default)")
    ap.add_argument('--threads', default=None, help="creaeval score's --threads (default: its own)")
    ap.add_argument('--unseen', action='store_true', help='objects the pool lacks (the unseen-object path)')
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        src, out = Path(d)/'answers.csv', Path(d)/'scored.csv'
        df = generate(a.n, src, a.unseen)
        t = time.perf_counter()
        subprocess.run([str(Path(sys.executable).parent/'creaeval'), 'score', '--task', 'aut', str(src), '--out', str(out)]
                       + (['--scorer', a.scorer] if a.scorer else []) + (['--threads', a.threads] if a.threads else []),
                       check=True, cwd=ROOT, env={**os.environ, 'PYTHONPATH': str(ROOT)})
        wall = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        got = pd.read_csv(out)
        assert len(got) == a.n and got.score.between(1, 5).all(), 'every answer scored on 1-5'
        ref = reference(df.head(a.ref_n))
    ours = wall / a.n
    print(f"ours: {a.n} answers{' to unseen objects' if a.unseen else ''} in {wall:.1f} s ({a.n / wall:.1f} answers/s, loading included), "
          f"peak memory {peak:.0f} MiB")
    print(f"reference (SaMer on SmolLM2 features, {a.ref_n} answers): {1 / ref:.1f} answers/s")
    print(f"ratio: ours is {ref / ours:.1f}x faster per answer")

if __name__ == '__main__':
    main()
