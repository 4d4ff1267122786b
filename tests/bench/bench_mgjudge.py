"""The trained MacGyver judge (`creaeval.mgjudge`): judging speed on this machine.

    .venv/bin/python tests/bench/bench_mgjudge.py [--n 200]

Loads the committed heads (data/trained/macgyver-judge/), judges `n` annotated solutions all three heads at once, and
one at a time (the cost of a single verdict, what a table of SE solutions pays per row). Printed: solutions per second
both ways and seconds per solution one at a time (the issue's bar: under 0.5 s on 2 cores), alone and with the
*effective* head's context (the other public solutions of its problem, as `held_out` and the SE tables judge); and
the whole of `judge_solutions` on the same rows, what `creaeval score --task macgyver` runs (it loads the heads and
reads and encodes the public context itself).
"""
import argparse, time
from creaeval.mgjudge import judge, labelled_solutions, load_judge, public_context
from creaeval.mgscore import judge_solutions

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=200)
    a = ap.parse_args()
    heads = load_judge()
    df = labelled_solutions().sample(a.n, random_state=0)
    judge(heads, df.head(2))                                 # warm-up
    t0 = time.perf_counter(); judge(heads, df); tb = time.perf_counter() - t0
    k = min(a.n, 50)
    t0 = time.perf_counter()
    for i in range(k): judge(heads, df.iloc[i:i + 1])
    ts = (time.perf_counter() - t0) / k
    print(f"batched: {a.n / tb:.1f} solutions/second ({a.n} solutions, {len(heads)} heads)")
    print(f"one at a time: {1 / ts:.1f} solutions/second ({ts:.3f} s a solution; bar < 0.5 s)")
    ctx = [public_context(df.problem.iloc[i:i + 1]) for i in range(k)]   # read before the clock starts
    t0 = time.perf_counter()
    for i in range(k): judge(heads, df.iloc[i:i + 1], ctx[i])
    tc = (time.perf_counter() - t0) / k
    print(f"one at a time with context: {tc:.3f} s a solution (mean {sum(len(c) for c in ctx) / k:.1f} others "
          f"encoded each; bar < 0.5 s)")
    t0 = time.perf_counter(); judge_solutions(df[['problem', 'solution']]); tf = time.perf_counter() - t0
    print(f"judge_solutions: {a.n / tf:.1f} rows/second ({tf:.1f} s for {a.n} rows, heads and public context included)")

if __name__ == '__main__': main()
