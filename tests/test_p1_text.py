"""What P1's (CreaEval's) figures, captions and prose say, checked against the committed runs and P1's own text (issue
41): degenerate judges are flagged with the library's rule (`creaeval.degenerate`) where their scores feed a figure;
nothing is credited to P1 that its text does not say; creaeval's departures from P1 are said where they are made.
Reads committed files only (no notebook is run here; `test_papers.py` checks they are up to date)."""
import json, re
from pathlib import Path
import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
FIG, PAPERS = ROOT/'figures/creaeval', ROOT/'papers/creaeval'
P1_NOTEBOOKS = sorted(PAPERS.glob('[!_.]*.ipynb'))

from paper_text import caption, flat, markdown

def texts() -> dict[str, str]:
    "Every caption the P1 notebooks write and the markdown of every P1 paper notebook, by name."
    return {p.name: caption(p) for p in sorted(FIG.glob('*.md'))} | {p.name: markdown(p) for p in P1_NOTEBOOKS}

def aut_judged() -> pd.DataFrame:
    from creaeval.p1data import aut_scores, judged_rows
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    return judged_rows(aut).assign(dataset='AUT', origin='judge')

def test_variance_figure_flags_degenerate_judges():
    "Figs. 6/22-28: the library's degenerate judges are named in the caption, and a second figure leaves them out."
    from creaeval.degenerate import degenerate_judges, degenerate_note
    j = aut_judged()
    flagged = degenerate_judges(j)
    smol = flagged[flagged.rater.str.contains('smollm2', case=False)]
    assert set(smol.source) == set(j.source), "SmolLM2-135M is degenerate on AUT in every method"
    cap = caption(FIG/'figs_06_22_28_variance.md')
    note = degenerate_note(flagged)                                  # one clause per judge and level
    for clause in note.split(': ', 1)[1].rstrip('.').split('; '): assert clause in cap, clause
    assert (FIG/'figs_06_22_28_variance_without_degenerate.png').stat().st_size > 0
    triples = j[j.source == 'direct'].groupby('sample_id').score.agg(lambda s: tuple(sorted(s))).value_counts()
    assert triples.index[0] == (1.0, 4.0, 4.0) and np.isclose(np.var(triples.index[0]), 2.0)
    assert '(1.0, 4.0, 4.0)' in cap
    nb = markdown(PAPERS/'figs_06_22_28_variance.ipynb')
    assert 'as far apart as 1, 1 and 4' not in nb and 'degenerate' in nb

def test_ddof_is_creaevals_choice():
    "P1 gives no ddof; with three judges it matters, so the caption says the choice and both values."
    for name, t in texts().items(): assert 'raw, as P1' not in t, name
    var = pd.read_csv(FIG/'figs_06_22_28_variance.csv')
    d = var[(var.dataset == 'AUT') & (var.source == 'direct')]
    v0, v1 = d.variance.mean(), (d.variance * d.n_judges / (d.n_judges - 1)).mean()
    cap = caption(FIG/'figs_06_22_28_variance.md')
    assert "P1 gives no ddof" in cap and f"{v0:.3f}" in cap and f"{v1:.3f}" in cap

def test_nothing_credited_to_p1_that_it_does_not_say():
    t = texts()
    for name, s in t.items():
        assert 'P1 promises' not in s, name                                   # the CGPST repository's README says it
        assert "P1's measure exactly" not in s, name                          # P1 says "response length"
        assert not re.search(r'by each of its four LLMs', s), name           # P1 says "other LLMs"
        assert 'SFT and SaMer on the 30 % test split' not in s, name          # P1 gives the split for SFT only
    assert 'CGPST repository' in t['tables_01_06_07_08.ipynb']
    assert '"response length"' in t['fig_05_verbosity.ipynb']
    assert '"other LLMs"' in t['figs_04_08_09_sot_grid.ipynb']
    assert 'for SaMer P1 gives no split' in t['tables_02_12_13_agreement.ipynb']

def test_table_05_unit_is_creaevals_reading():
    "P1 Table 5 gives p50/p95 only: per response and n = 200 are creaeval's reading, said in the caption and prose."
    md = (FIG/'table_05_cost.md').read_text()
    assert "the per-response unit and n = 200 are creaeval's reading" in flat(md)
    assert "creaeval's reading" in markdown(PAPERS/'table_05_cost.ipynb')
    assert 'over its 200 responses, API models' not in markdown(PAPERS/'table_05_cost.ipynb')

def test_text_numbers_filed_where_p1_prints_them():
    "Sec. 5.1 prints two decimals (0.64, 0.47); the four-decimal AVGs are Table 2's."
    t = pd.read_csv(PAPERS/'reported/text_numbers.csv', dtype=str)
    four = t[t.value.str.fullmatch(r'\d\.\d{4}')]
    assert len(four) >= 2 and not four['where'].str.startswith('Sec.').any(), four[['where', 'value']]
    assert four['where'].str.contains('Table 2').all()

def test_pilot_repeats_said():
    "P1 says five judge repeats; the released pilot files hold two."
    cap = caption(FIG/'table_11_judge_variance.md')
    assert 'Two judge repeats' in cap and 'five' in cap
    assert 'two judge repeats' in markdown(PAPERS/'tables_9_11_temperature_pilot.ipynb')

def test_departures_in_the_index():
    "Table 3's headline (r against the mean rating) and Fig. 2's CGPST distance (raters' mean) depart from P1 App. C."
    rel = pd.read_csv(ROOT/'papers/index.csv').set_index('notebook')
    t3 = rel.loc['creaeval/table_03_aut_ttcw.ipynb']
    assert t3.relation != 'same analysis, other data' and 'App. C' in t3.why and 'better of its two score variants' in t3.why
    assert 'App. C' in rel.loc['creaeval/fig_02_per_judge.ipynb'].why
    assert "App. C" in caption(FIG/'fig_02_per_judge.md') or "App. C" in flat((FIG/'fig_02_per_judge.md').read_text())
    readme = flat((ROOT/'figures/README.md').read_text())
    assert '**not comparable**: P1 gives QWK per rater' in readme

def test_sot_grid_flags_degenerate_judges():
    "Figs. 4/8/9: the (analyst, judge) cells of degenerate judges are named in the caption; a second file leaves them out."
    from creaeval.degenerate import degenerate_judges, degenerate_note
    from creaeval.p1data import analyst_runs, sot_grid_scores, judged_rows
    runs = analyst_runs(ROOT/'data/runs/qwen-aut/creaeval', ROOT/'data/runs/qwen-aut-sot')
    scores, _, _ = sot_grid_scores(runs, 10)
    flagged = degenerate_judges(judged_rows(scores).assign(dataset='AUT', origin='judge'))
    assert flagged.rater.str.contains('smollm2', case=False).sum() == len(runs)      # SmolLM2 judge, every analyst
    cap = caption(FIG/'figs_04_08_09_sot_grid.md')
    assert degenerate_note(flagged) in cap and 'in QWK, PCC and ICC alike' in cap
    assert (FIG/'figs_04_08_09_sot_grid_without_degenerate.png').stat().st_size > 0

def test_heatmaps_flag_degenerate_judges():
    "Figs. 3/10-21: the caption names the degenerate judges and counts their AUT pairs (SmolLM2's 872 in direct)."
    from creaeval.degenerate import degenerate_judges, degenerate_note
    j = aut_judged()
    flagged = degenerate_judges(j)
    cap = flat((FIG/'figs_03_10_21_heatmaps.md').read_text())
    for clause in degenerate_note(flagged).split(': ', 1)[1].rstrip('.').split('; '): assert clause in cap, clause
    smol = j[(j.source == 'direct') & j.rater.str.contains('smollm2', case=False)]
    from creaeval.p1data import aut_scores
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    humans = aut[aut.source == 'human'].groupby('sample_id').size()
    pairs = int(humans.reindex(smol.sample_id).fillna(0).sum())
    assert pairs == 872 and f"{pairs} of the" in cap and 'without them' in cap

def test_heatmaps_draw_p1s_twelve_cgpst_dimensions():
    "Figs. 10-21 are twelve CGPST dimensions in P1; the CGPST figure names them all (n = 1 said), AUT/TTCW labelled ours."
    cap = flat((FIG/'figs_03_10_21_heatmaps.md').read_text())
    for s in ('Step-1 Elaboration, Originality', 'Step-2 Focus, Adequacy', 'Step-3 Elaboration', 'Step-4 Relevance',
              'all six of Step-6', 'n = 1', "AUT and TTCW here are creaeval's additions"):
        assert s in cap, s
    assert 'Figs. 10-21 Step-1 Elaboration and Originality' in markdown(PAPERS/'figs_03_10_21_heatmaps.ipynb')
