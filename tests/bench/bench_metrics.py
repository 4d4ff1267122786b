"""Benchmark: the full P1 agreement grid, vectorised vs a per-cell loop over the reference libraries.

    python tests/bench/bench_metrics.py [--boot 1000] [--ref-cells 4] [--ref-reps 10]

Grid: 8 methods x 20 CGPST dimensions x 4 judges x 2 human raters x 200 samples (synthetic integer scores on the
CGPST ranges), QWK, PCC, ICC(A,1) and ICC(C,1), each with 1,000 bootstrap replicates over samples.

* vectorised: `creaeval.agreement.agreement_table` end to end, from the long score table (validation, pivoting,
  all cells x replicates, aggregation, tests) to the result tables.
* reference: for one cell and one replicate, scikit-learn `cohen_kappa_score(weights='quadratic', labels=range)`,
  scipy `pearsonr` and pingouin `intraclass_corr` (both ICC forms from one call). Timed on `--ref-cells` cells x
  (1 + `--ref-reps`) replicates and extrapolated linearly to 1,280 cells x 1,001 replicates (running it in full would
  take hours). The reference values on that subset are compared with the vectorised ones, replicate by replicate.

Threads are capped at 2 (the target machine has 2 cores).
"""
import os
for v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(v, '2')
import argparse, time, warnings
import numpy as np, pandas as pd
import pingouin as pg
from scipy.stats import pearsonr
from sklearn.metrics import cohen_kappa_score

from creaeval.agreement import agreement_table, simulate_scores
from creaeval.metrics import batch_agreement, bootstrap_counts

# the 20 CGPST dimensions and their declared ranges (P1 Table 1; Step-5 as 1-5, Table 18)
RANGES = {(1, 'Fluency'): (0, 8), (1, 'Flexibility'): (0, 8), (1, 'Elaboration'): (0, 16), (1, 'Originality'): (0, 16),
          (2, 'Integrity'): (0, 10), (2, 'Focus'): (1, 10), (2, 'Adequacy'): (1, 10),
          (3, 'Fluency'): (0, 8), (3, 'Flexibility'): (0, 8), (3, 'Elaboration'): (0, 16), (3, 'Originality'): (0, 16),
          (4, 'Correctly Written'): (0, 5), (4, 'Relevance'): (0, 15), (5, 'Correctly Used'): (1, 5),
          (6, 'Relevance'): (1, 5), (6, 'Effectiveness'): (1, 5), (6, 'Criteria'): (1, 5), (6, 'Impact'): (1, 5),
          (6, 'Humaneness'): (1, 5), (6, 'Development'): (1, 10)}
METHODS = {'Direct Score': .3, 'CoT': .28, 'ToT': .3, 'GoT': .29, 'TaT': .27, 'SaMer': .25, 'SFT': .5, 'CreaEval': .75}
JUDGES = ('qwen3.6-plus', 'gpt-5.4', 'deepseek-v4-pro', 'gemini-3.1-pro')


LIB_TIME = {'sklearn QWK': 0.0, 'scipy PCC': 0.0, 'pingouin ICC': 0.0}

def reference_cell(x, y, lo, hi):
    "QWK, PCC, ICC(A,1), ICC(C,1) of one cell by the reference libraries (time per library kept in LIB_TIME)."
    t0 = time.perf_counter()
    q = cohen_kappa_score(x.astype(int), y.astype(int), weights='quadratic', labels=list(range(lo, hi + 1)))
    t1 = time.perf_counter()
    p = pearsonr(x, y).statistic
    t2 = time.perf_counter()
    n = len(x)
    d = pd.DataFrame({'t': np.r_[np.arange(n), np.arange(n)], 'r': np.r_[np.zeros(n), np.ones(n)], 's': np.r_[x, y]})
    t = pg.intraclass_corr(d, targets='t', raters='r', ratings='s').set_index('Type')['ICC']
    t3 = time.perf_counter()
    for k, dt in zip(LIB_TIME, (t1 - t0, t2 - t1, t3 - t2)): LIB_TIME[k] += dt
    a = t['ICC(A,1)'] if 'ICC(A,1)' in t.index else t['ICC2']
    c = t['ICC(C,1)'] if 'ICC(C,1)' in t.index else t['ICC3']
    return np.array([q, p, a, c])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--boot', type=int, default=1000)
    ap.add_argument('--n', type=int, default=200)
    ap.add_argument('--ref-cells', type=int, default=4)
    ap.add_argument('--ref-reps', type=int, default=10)
    ap.add_argument('--repeat', type=int, default=3)
    a = ap.parse_args()

    sim = simulate_scores(RANGES, METHODS, judges=JUDGES, raters=('H01', 'H02'), n=a.n, offset=0.1, seed=0)
    n_cells = len(METHODS) * len(RANGES) * len(JUDGES) * 2
    print(f"grid: {len(METHODS)} methods x {len(RANGES)} dimensions x {len(JUDGES)} judges x 2 raters = {n_cells} cells, "
          f"{a.n} samples, {a.boot} bootstrap replicates; {len(sim):,} score rows; threads capped at 2")

    agreement_table(sim, RANGES, n_boot=10)  # warm-up (imports, first calls)
    times = []
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        res = agreement_table(sim, RANGES, n_boot=a.boot, seed=0)
        times.append(time.perf_counter() - t0)
    t_vec = min(times)
    print(f"vectorised agreement_table, full grid with {a.boot} replicates: {t_vec:.2f} s "
          f"(best of {a.repeat}: {', '.join(f'{t:.2f}' for t in times)})")

    # reference loop on a subset of cells and replicates, same bootstrap counts as the vectorised run
    counts = bootstrap_counts(a.n, a.boot, 0)
    samples = sorted(sim.sample_id.unique())
    rng = np.random.default_rng(1)
    dims, meths = list(RANGES), list(METHODS)
    picks = [(meths[rng.integers(len(meths))], JUDGES[rng.integers(len(JUDGES))], dims[rng.integers(len(dims))],
              ('H01', 'H02')[rng.integers(2)]) for _ in range(a.ref_cells)]
    reps = list(range(a.ref_reps))
    with warnings.catch_warnings():  # warm-up: first calls of the reference libraries are not timed
        warnings.simplefilter('ignore')
        reference_cell(np.arange(10.) % 3, np.arange(10.) % 4, 0, 8)
    for k in LIB_TIME: LIB_TIME[k] = 0.0
    ref_time, max_err, checked = 0.0, 0.0, 0
    for m, j, (step, dim), r in picks:
        lo, hi = RANGES[(step, dim)]
        def get(src, rat):
            sel = (sim.source == src) & (sim.rater == rat) & (sim.step == step) & (sim.dimension == dim)
            return sim[sel].set_index('sample_id').score.reindex(samples).to_numpy()
        x, y = get('human', r), get(m, j)
        vec = batch_agreement(x, y, counts[reps])
        want = [np.array([vec[k] for k in ('qwk', 'pcc', 'icc_a', 'icc_c')])] + \
               [np.array([vec['boot'][k][b] for k in ('qwk', 'pcc', 'icc_a', 'icc_c')]) for b in range(len(reps))]
        # the full-grid result holds the same cell: check the point value there too
        c = res.cells
        cell = c[(c.source == m) & (c.rater == j) & (c.step == step) & (c.dimension == dim) & (c.human == r)]
        got_cell = cell.set_index('metric').value.loc[['qwk', 'pcc', 'icc_a', 'icc_c']].to_numpy()
        max_err = max(max_err, np.abs(got_cell - want[0]).max())
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            t0 = time.perf_counter()
            refs = [reference_cell(x, y, lo, hi)]
            for b in reps:
                idx = np.repeat(np.arange(a.n), counts[b].astype(int))
                refs.append(reference_cell(x[idx], y[idx], lo, hi))
            ref_time += time.perf_counter() - t0
        for w, g in zip(want, refs):
            max_err = max(max_err, np.nanmax(np.abs(w - g))); checked += 1
    per = ref_time / (a.ref_cells * (1 + len(reps)))
    t_ref = per * n_cells * (1 + a.boot)
    print(f"reference loop (sklearn + scipy + pingouin): {per * 1e3:.1f} ms per cell-replicate, timed on "
          f"{a.ref_cells} cells x {1 + len(reps)} replicates ({ref_time:.1f} s), extrapolated to {n_cells} x {1 + a.boot}: "
          f"{t_ref:,.0f} s ({t_ref / 3600:.1f} h)")
    print("  of which " + ", ".join(f"{k} {v / (a.ref_cells * (1 + len(reps))) * 1e3:.1f} ms" for k, v in LIB_TIME.items())
          + f"; without pingouin the loop would still take {(per - LIB_TIME['pingouin ICC'] / (a.ref_cells * (1 + len(reps)))) * n_cells * (1 + a.boot):,.0f} s")
    print(f"speed-up: {t_ref / t_vec:,.0f}x   (target >= 20x; vectorised target < 5 s: {'met' if t_vec < 5 else 'NOT met'})")
    print(f"agreement with the references: {checked} cell-replicates x 4 statistics, max |difference| = {max_err:.2e}")
    assert max_err < 1e-9, "vectorised and reference values disagree"
    avg = res.avg.pivot(index='source', columns='metric', values='value').round(3)
    print("AVG per method (synthetic):\n" + avg.to_string())


if __name__ == '__main__':
    main()
