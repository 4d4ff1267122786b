"""The numbers P1 prints, as `papers/creaeval/reported/` holds them, checked against each other: every printed AVG
against its cells (exact decimal arithmetic on the printed digits), Table 8's illegible cell bounded by its AVG, the
numbers of the text against the tables they summarise, and the one headline figure they do not give (22.74 %)."""
from decimal import Decimal
from pathlib import Path
import pandas as pd
import pytest

REPORTED = Path(__file__).resolve().parents[1]/'papers/creaeval/reported'

def read(name: str) -> pd.DataFrame:
    return pd.read_csv(REPORTED/name, dtype={'value': str, 'step': str})

def half_unit(v: str) -> Decimal:
    "Half a unit of the last printed decimal of `v` ('0.581' -> 0.0005)."
    return Decimal(1).scaleb(Decimal(v).as_tuple().exponent) / 2

def avg_gaps(t: pd.DataFrame) -> dict:
    "Per method: printed AVG minus the exact mean of its printed cells, and the rounding that difference may hold."
    out = {}
    for m, g in t.groupby('method', sort=False):
        cells, avg = g[g.dimension != 'AVG'], g[g.dimension == 'AVG']
        if cells.value.isna().any() or avg.empty: continue
        a = avg.value.iloc[0]
        mean = sum(Decimal(v) for v in cells.value) / len(cells)
        out[m] = (Decimal(a) - mean, half_unit(a) + max(half_unit(v) for v in cells.value))
    return out

@pytest.mark.parametrize('name', ['table_02_qwk.csv', 'table_12_pcc.csv', 'table_13_icc.csv'])
def test_every_avg_is_the_mean_of_its_cells(name):
    t = read(name)
    assert t.groupby('method').size().eq(21).all()       # 20 dimensions and AVG for each of the 8 methods
    gaps = avg_gaps(t)
    assert len(gaps) == 8
    bad = {m: float(g) for m, (g, tol) in gaps.items() if abs(g) > tol}
    assert not bad, f"{name}: AVG differs from the mean of its cells by more than rounding: {bad}"

def test_table_03_ttcw_avg():
    "Every TTCW AVG is its four cells' mean but Direct Score's: 0.3558 printed, 0.35635 from its cells (P1's slip)."
    t = read('table_03_aut_ttcw_qwk.csv')
    gaps = avg_gaps(t[t.dataset == 'TTCW'])
    assert len(gaps) == 5
    bad = {m: g for m, (g, tol) in gaps.items() if abs(g) > tol}
    assert bad == {'Direct Score': Decimal('-0.00055')}, bad

def test_table_08_illegible_cell_bounded_by_its_avg():
    t = read('table_08_sft_evidence.csv')
    assert len(t) == 21 and t.value.isna().sum() == 1
    miss = t[t.value.isna()].iloc[0]
    assert (miss.step, miss.dimension, miss.legible) == ('4', 'Relevance', 0)
    cells = t[(t.dimension != 'AVG') & t.value.notna()].value.map(Decimal)
    avg = Decimal(t[t.dimension == 'AVG'].value.iloc[0])            # printed with three decimals: 0.632
    lo, hi = (20 * (avg + d) - sum(cells) for d in (Decimal('-0.0005'), Decimal('0.0005')))
    assert Decimal('0.52') < lo < hi < Decimal('0.55'), (lo, hi)      # the cell lies between these

def test_text_numbers_agree_with_the_tables():
    text = pd.read_csv(REPORTED/'text_numbers.csv', dtype=str).set_index('quantity').value
    t2 = read('table_02_qwk.csv').query("dimension == 'AVG'").set_index('method').value
    assert text['CreaEval average QWK on CGPST'] == t2['CreaEval'] == '0.6388'
    assert text['SFT average QWK on CGPST (second best)'] == t2['SFT'] == '0.4665'
    assert Decimal(text['gap between CreaEval and SFT']) == round(Decimal(t2['CreaEval']) - Decimal(t2['SFT']), 2)
    assert text['SFT_Evidence average QWK'] == read('table_08_sft_evidence.csv').query("dimension == 'AVG'").value.iloc[0]
    training_free = ['Direct Score', 'CoT', 'ToT', 'GoT', 'TaT']
    assert all(Decimal('0.2') <= Decimal(t2[m]) <= Decimal('0.25') for m in training_free)

def test_headline_improvement_is_not_reproduced_by_the_tables():
    "P1's abstract: 22.74 % over the second-best baseline, averaged over three datasets. Its tables give 21.75 %."
    t2 = read('table_02_qwk.csv').query("dimension == 'AVG'").set_index('method').value.map(Decimal)
    t3 = read('table_03_aut_ttcw_qwk.csv')
    aut = t3[t3.dataset == 'AUT'].set_index('method').value.map(Decimal)
    ttcw = t3[(t3.dataset == 'TTCW') & (t3.dimension == 'AVG')].set_index('method').value.map(Decimal)
    gain = lambda s: (s['CreaEval'] - s.drop('CreaEval').max()) / s.drop('CreaEval').max()
    gains = [gain(t2), gain(aut), gain(ttcw)]
    assert [round(float(g) * 100, 2) for g in gains] == [36.93, 6.61, 21.69]
    assert round(float(sum(gains) / 3) * 100, 2) == 21.75
    text = pd.read_csv(REPORTED/'text_numbers.csv', dtype=str)
    assert text[text['where'] == 'Abstract'].value.iloc[0] == '22.74'      # what P1 prints, kept as printed

def test_images_only_figures_are_listed():
    f = pd.read_csv(REPORTED/'figures_images_only.csv')
    assert {'Fig. 2', 'Fig. 4', 'Fig. 5', 'Fig. 8', 'Fig. 9', 'Figs. 10-21', 'Figs. 22-28', 'Figs. 29-33'} <= set(f.figure)
