"""Randomised and adversarial checks of creaeval.metrics / creaeval.agreement against the reference libraries.

hypothesis is not installed in the project's environment, so the cases are drawn from seeded numpy generators:
many small random tables per test, each compared with scikit-learn, statsmodels, scipy and pingouin.
"""
import math, warnings
import numpy as np, pandas as pd, pytest
import pingouin as pg
from scipy import stats
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import cohens_kappa

from creaeval.metrics import batch_agreement, bootstrap_counts, icc, pcc, qwk
from creaeval.agreement import agreement_table, simulate_scores

pg.options['round.column.CI95'] = None
RANGES = [(0, 1), (0, 3), (1, 5), (0, 8), (1, 10), (0, 16), (2, 7)]


def draw(rng, lo, hi, n):
    "Two raters with a random mixture of agreement, offset, unused levels and ties."
    kind = rng.integers(4)
    x = rng.integers(lo, hi + 1, n)
    if kind == 0: y = rng.integers(lo, hi + 1, n)  # independent
    elif kind == 1: y = np.clip(x + rng.integers(-1, 2, n) + rng.integers(0, 3), lo, hi)  # agreeing, lenient
    elif kind == 2:  # only the two extreme levels used
        x = rng.choice([lo, hi], n); y = np.where(rng.random(n) < .8, x, lo + hi - x)
    else:  # reversed
        y = lo + hi - x
    return x, y


def pg_icc(x, y):
    n = len(x)
    d = pd.DataFrame({'t': np.r_[np.arange(n), np.arange(n)], 'r': np.r_[np.zeros(n), np.ones(n)], 's': np.r_[x, y]})
    t = pg.intraclass_corr(d, targets='t', raters='r', ratings='s').set_index('Type')
    get = lambda new, old: t.loc[new] if new in t.index else t.loc[old]
    return get('ICC(A,1)', 'ICC2'), get('ICC(C,1)', 'ICC3')


@pytest.mark.parametrize('seed', range(6))
def test_random_against_references(seed):
    rng = np.random.default_rng(seed)
    for _ in range(15):
        lo, hi = RANGES[rng.integers(len(RANGES))]
        n = int(rng.integers(5, 80))
        x, y = draw(rng, lo, hi, n)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            q = qwk(x, y, (lo, hi))
            ref_q = cohen_kappa_score(x, y, weights='quadratic', labels=list(range(lo, hi + 1)))
            tab = np.zeros((hi - lo + 1,) * 2); np.add.at(tab, (x - lo, y - lo), 1)
            if math.isnan(ref_q): assert math.isnan(q.value) and q.reason
            else:
                assert q.value == pytest.approx(ref_q, abs=1e-10)
                assert q.value == pytest.approx(cohens_kappa(tab, weights=np.arange(lo, hi + 1), wt='quadratic').kappa, abs=1e-10)
            p, ref_p = pcc(x, y), stats.pearsonr(x, y)
            if np.ptp(x) == 0 or np.ptp(y) == 0: assert math.isnan(p.value) and 'same score' in p.reason
            else:
                assert p.value == pytest.approx(ref_p.statistic, abs=1e-10)
                assert [p.lo, p.hi] == pytest.approx(list(ref_p.confidence_interval()), abs=1e-10)
            if np.ptp(x) > 0 or np.ptp(y) > 0:
                a1, c1 = pg_icc(x, y)
                ia, ic = icc(x, y, 'A,1'), icc(x, y, 'C,1')
                assert ia.value == pytest.approx(a1['ICC'], abs=1e-10)
                assert ic.value == pytest.approx(c1['ICC'], abs=1e-10)
                if not np.isnan(np.asarray(a1['CI95'], float)).any():
                    assert [ia.lo, ia.hi] == pytest.approx(list(np.asarray(a1['CI95'], float)), abs=1e-8)
                if not np.isnan(np.asarray(c1['CI95'], float)).any():
                    assert [ic.lo, ic.hi] == pytest.approx(list(np.asarray(c1['CI95'], float)), abs=1e-8)


def test_bootstrap_replicates_equal_explicit_resampling():
    rng = np.random.default_rng(11)
    x, y = draw(rng, 0, 8, 40)
    x, y = x.astype(float), y.astype(float)
    cnt = bootstrap_counts(40, 25, 3)
    b = batch_agreement(x, y, cnt)['boot']
    for r in range(25):
        idx = np.repeat(np.arange(40), cnt[r].astype(int))
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            ref = cohen_kappa_score(x[idx].astype(int), y[idx].astype(int), weights='quadratic', labels=list(range(9)))
            rp = stats.pearsonr(x[idx], y[idx]).statistic
        assert b['qwk'][r] == pytest.approx(ref, abs=1e-10, nan_ok=True)
        assert b['pcc'][r] == pytest.approx(rp, abs=1e-10, nan_ok=True)


def test_float_and_out_of_range_scores_are_errors():
    with pytest.raises(ValueError, match='not a whole number'): qwk(np.array([1.0, 2.5, 3.0]), [1, 2, 3], (1, 5))
    with pytest.raises(ValueError, match=r'outside the declared range \[0, 8\]'): qwk([0, 9], [0, 1], (0, 8))
    with pytest.raises(ValueError, match='outside the declared range'): pcc([0, 1, 2, -1], [0, 1, 2, 3], score_range=(0, 8))
    with pytest.raises(TypeError, match='must be an int'): qwk([1, 2], [1, 2], (1, 5.0))
    with pytest.raises(ValueError, match='empty or a single level'): qwk([1, 1], [1, 1], (1, 1))


def test_protocol_with_random_deletions_matches_loop():
    R = {(1, 'a'): (0, 8), (2, 'b'): (1, 5)}
    sim = simulate_scores(R, {'m1': .7, 'm2': .4}, judges=('j1', 'j2'), n=30, seed=4)
    rng = np.random.default_rng(0)
    meth = sim.index[sim.source != 'human']
    sim = sim.drop(rng.choice(meth, 20, replace=False))
    with pytest.raises(ValueError, match='judge and human sample sets differ'): agreement_table(sim, R, n_boot=0, missing='raise')
    # paired (the default): every cell on the samples that every method and judge scored on every dimension
    meth_rows = sim[sim.source != 'human']
    full = meth_rows.groupby('sample_id').size()
    common = set(full[full == full.max()].index)
    pair = agreement_table(sim, R, n_boot=0)
    assert set(pair.cells.n) == {len(common)} and set(pair.dropped.sample_id) == set(sim.sample_id) - common
    for mode, res in (('omit', agreement_table(sim, R, n_boot=0, missing='omit')), ('paired', pair)):
        check_against_loop(sim, R, res, common if mode == 'paired' else None)

def check_against_loop(sim, R, res, keep):
    val = res.wide('qwk')[0]
    for m in ('m1', 'm2'):
        per_dim = []
        for (step, dim), (lo, hi) in R.items():
            per_j = []
            for j in ('j1', 'j2'):
                y = sim[(sim.source == m) & (sim.rater == j) & (sim.step == step)].set_index('sample_id').score
                if keep is not None: y = y[y.index.isin(keep)]
                ks = []
                for r in ('H01', 'H02'):
                    x = sim[(sim.source == 'human') & (sim.rater == r) & (sim.step == step)].set_index('sample_id').score.loc[y.index]
                    ks.append(cohen_kappa_score(x.astype(int), y.astype(int), weights='quadratic', labels=list(range(lo, hi + 1))))
                per_j.append(np.mean(ks))
            per_dim.append(np.mean(per_j))
            assert val.loc[m, f"{step} {dim}"] == pytest.approx(per_dim[-1], abs=1e-10)
        assert val.loc[m, 'AVG'] == pytest.approx(np.mean(per_dim), abs=1e-10)
