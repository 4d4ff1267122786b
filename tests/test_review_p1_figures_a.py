"""P1's Figs. 2, 3/10-21, 4/8/9 and 5 as creaeval draws them: the judges flagged degenerate (`creaeval.degenerate`)
are marked wherever their scores feed a figure and kept out of what they would distort; a point that stands on fewer
judges says so; the captions credit P1 only with what its text says; every PNG records a readable smallest text.
Reads the committed files only (`test_papers.py` checks they are what the notebooks write now)."""
import json, re
from pathlib import Path
import numpy as np
import pandas as pd
import pytest
from creaeval.degenerate import degenerate_judges
from creaeval.p1data import aut_scores, ttcw_scores, judged_rows, short_model
from creaeval.plots import png_text_size, MIN_PT
from paper_text import caption, markdown

ROOT = Path(__file__).resolve().parents[1]
FIG, PAPERS = ROOT/'figures/creaeval', ROOT/'papers/creaeval'
NOTEBOOKS = ('fig_02_per_judge', 'fig_05_verbosity', 'figs_03_10_21_heatmaps', 'figs_04_08_09_sot_grid')

def flagged_aut_ttcw() -> pd.DataFrame:
    "The library's degenerate judges on the committed AUT and TTCW runs, per method, judge and dimension."
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    tt, _ = ttcw_scores(ROOT/'data/runs/qwen-ttcw')
    f = pd.concat([degenerate_judges(judged_rows(d).assign(dataset=n, origin='judge'))
                   for n, d in (('AUT', aut), ('TTCW', tt))], ignore_index=True)
    return f.assign(judge=f.rater.map(short_model))

def test_fig_02_marks_degenerate_judges_and_spreads_without_them():
    "Fig. 2: each flagged judge is marked in the table and caption; the spread is over the others (none under two)."
    f = flagged_aut_ttcw()
    per = pd.read_csv(FIG/'fig_02_per_judge.csv', keep_default_na=False, na_values=[''])
    assert 'degenerate' in per.columns, 'fig_02_per_judge.csv does not say which judges are degenerate'
    want = set(zip(f.dataset, f.source, f.judge))
    assert {k for k, d in zip(zip(per.dataset, per.source, per.judge), per.degenerate) if d} == want
    zero = per[(per.value == 0) & (per.lo == 0) & (per.hi == 0)]       # QWK 0.000 [0, 0]: a constant judge
    assert len(zero) and zero.degenerate.all()
    spread = pd.read_csv(FIG/'fig_02_judge_spread.csv').set_index(['dataset', 'source'])
    for (d, s), g in per.groupby(['dataset', 'source']):
        kept = g[~g.degenerate].value
        row = spread.loc[(d, s)]
        assert row.n_kept == len(kept) and set(str(row.degenerate_judges).split(', ')) >= set(g[g.degenerate].judge)
        if len(kept) >= 2: assert np.isclose(row.spread, kept.max() - kept.min()), (d, s)
        else: assert np.isnan(row.spread), (d, s)
        assert np.isclose(row.spread_all_judges, g.value.max() - g.value.min())
    cap = caption(FIG/'fig_02_per_judge.md')
    assert "Hatched bars labelled 'constant'" in cap and 'Degenerate judge(s), their agreement describes a constant' in cap
    for r in f.itertuples():         # each flagged judge with its dataset, method and dimension in one entry
        assert re.search(rf"{r.dataset} under [^;:]*{re.escape(r.source)}[^;:]*: {re.escape(r.judge)} gives "
                         rf"[^;]*\([^;)]*{r.dimension}", cap), (r.dataset, r.source, r.judge, r.dimension)
    assert 'fewer than two remain' in cap

def test_fig_05_says_how_many_judges_stand_behind_each_point_and_what_p1_says():
    "Fig. 5: TTCW points rest on 1 of 3 judges, said in figure and caption; P1 defines no word count or formula."
    t = pd.read_csv(FIG/'fig_05_verbosity.csv')
    tt = t[(t.dataset == 'TTCW') & (t.source != 'human')]
    k, n = int(tt.n_raters.iloc[0]), int(tt.n_raters.iloc[0] + tt.n_undefined.iloc[0])
    assert (tt.n_raters == k).all() and k < n
    cap = caption(FIG/'fig_05_verbosity.md')
    assert f"Every TTCW point is the r of {k} of its {n} judges" in cap
    aut = t[(t.dataset == 'AUT') & (t.source != 'human')]
    for r in aut.itertuples(): assert f"{r.source} {r.n_raters} of {r.n_raters + r.n_undefined}" in cap, r.source
    code = ''.join(''.join(c['source']) for c in json.loads((PAPERS/'fig_05_verbosity.ipynb').read_text())['cells']
                   if c['cell_type'] == 'code')
    assert 'each point: ' in code and 'with a defined r, of all' in code          # the figure's own legend
    prose = markdown(PAPERS/'fig_05_verbosity.ipynb')
    for text in (cap, prose, (FIG/'fig_05_verbosity.md').read_text()):
        assert "P1's exact measure" not in text and "P1's measure (" not in text
    assert "creaeval's choices" in cap and "length counted in words, creaeval's choice" in cap
    assert 'how the relative change is formed' in prose and '"response length"' in prose

def test_ttcw_heatmap_has_a_version_without_degenerate_judges():
    "Figs. 3/10-21: TTCW drawn again without the flagged judges, counts recomputed; flags named per method; CGPST said."
    f = flagged_aut_ttcw()
    assert (FIG/'figs_03_10_21_heatmaps_ttcw_without_degenerate.png').is_file()
    kept = pd.read_csv(FIG/'figs_03_10_21_heatmaps_without_degenerate.csv')
    tt, _ = ttcw_scores(ROOT/'data/runs/qwen-ttcw')
    for m in ('creaeval', 'direct'):
        for dim in ('Fluency', 'Elaboration'):
            bad = set(f[(f.dataset == 'TTCW') & (f.source == m) & (f.dimension == dim)].rater)
            j = tt[(tt.source == m) & (tt.dimension == dim) & ~tt.rater.isin(bad)].dropna(subset=['score'])
            pairs = len(j.merge(tt[(tt.source == 'human') & (tt.dimension == dim)].dropna(subset=['score']),
                                on='sample_id'))
            got = kept[(kept.dataset == 'TTCW') & (kept.source == m) & (kept.dimension == dim)].pairs.sum()
            assert got == pairs and pairs > 0, (m, dim, got, pairs)
    cap = caption(FIG/'figs_03_10_21_heatmaps.md')
    assert '_ttcw_without_degenerate' in cap and 'TTCW (creaeval: ' in cap
    assert 'On CGPST the rule cannot flag a judge' in cap
    lean = pd.read_csv(FIG/'figs_03_10_21_leniency.csv')
    assert 'share_above_without_degenerate' in lean.columns

def test_sot_grid_names_each_degenerate_cell_and_is_readable():
    "Figs. 4/8/9: every flagged (SoT-LLM, Judge-LLM) cell named in the caption and flagged in the table; text >= 7 pt."
    from creaeval.p1data import analyst_runs, sot_grid_scores
    runs = analyst_runs(ROOT/'data/runs/qwen-aut/creaeval', ROOT/'data/runs/qwen-aut-sot')
    scores, _, _ = sot_grid_scores(runs, 10)
    f = degenerate_judges(judged_rows(scores).assign(dataset='AUT', origin='judge'))
    cap = caption(FIG/'figs_04_08_09_sot_grid.md')
    for r in f.itertuples(): assert f"{r.source} x {short_model(r.rater)} ({r.mode:g} to {r.share:.0%})" in cap
    grid = pd.read_csv(FIG/'figs_04_08_09_sot_grid.csv')
    assert set(zip(grid[grid.degenerate].analyst, grid[grid.degenerate].judge)) == set(
        zip(f.source, f.rater.map(short_model)))
    for name in ('figs_04_08_09_sot_grid.png', 'figs_04_08_09_sot_grid_without_degenerate.png'):
        got = png_text_size(FIG/name)
        assert got is not None and got[0] >= MIN_PT, (name, got)

PNGS = sorted(p for p in FIG.glob('*.png') if p.name.startswith(tuple(n + '_' for n in NOTEBOOKS) + tuple(
    n + '.' for n in NOTEBOOKS)))

def test_every_png_of_these_notebooks_records_readable_text():
    "Each PNG these notebooks write went through save_figure and its smallest text is >= 7 pt at notebook width."
    assert len(PNGS) >= 8, [p.name for p in PNGS]
    small = {p.name: png_text_size(p) for p in PNGS}
    assert all(v is not None and v[0] >= MIN_PT for v in small.values()), small
