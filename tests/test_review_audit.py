"""A fresh review of the P1 figures/tables and the P2 SE outputs: each test holds one point of it on the committed
files (captions, CSVs, notebooks, PNGs); `test_papers.py` checks that those files are what the notebooks write now."""
import json, re
from pathlib import Path
import numpy as np
import pandas as pd
from paper_text import caption as _caption, markdown

ROOT = Path(__file__).resolve().parents[1]
P1_FIG, P1 = ROOT/'figures/creaeval', ROOT/'papers/creaeval'
P2_FIG, P2 = ROOT/'figures/semantic-entropy', ROOT/'papers/semantic-entropy'

def caption(path: Path) -> str: return _caption(path)

def code(nb: Path) -> str:
    "Every code cell of a notebook, joined."
    return '\n'.join(''.join(c['source']) for c in json.loads(nb.read_text())['cells'] if c['cell_type'] == 'code')

def figure_cell(nb: Path, png: str) -> str:
    "The code cell that saves `png`."
    return next(''.join(c['source']) for c in json.loads(nb.read_text())['cells']
                if c['cell_type'] == 'code' and png in ''.join(c['source']) and 'save_figure' in ''.join(c['source']))

def test_se_temperature_and_backend_agreement_flag_off_task_runs():
    "A run flagged off-task (`creaeval.p2tables.step_labels`) is flagged in se_temperature's rows, caption and plot, "
    "and in se_backend_agreement's rows and caption."
    from creaeval.se_compare import se_runs
    from creaeval.p2tables import step_labels
    runs = se_runs(ROOT/'data/runs/p2-se')
    runs = runs[(runs.paths == 1) & (runs.problems > 0)]
    off = {p: step_labels(p)['off_task'] for p in runs.path}
    t, cap = pd.read_csv(P2_FIG/'se_temperature.csv'), caption(P2_FIG/'se_temperature.md')
    assert 'off_task' in t.columns, 'se_temperature.csv has no off_task column'
    flagged = []
    for r in t.itertuples():
        run = runs[(runs.sampler == r.sampler) & (runs.nli == r.nli) & np.isclose(runs.temperature, r.temperature)]
        assert len(run) == 1 and bool(r.off_task) == off[run.path.iloc[0]], (r.sampler, r.temperature)
        if r.off_task:
            flagged.append(r.temperature)
            assert f"T = {r.temperature:g} is off-task" in cap, r.temperature
    assert flagged, 'no temperature of the committed runs is off-task: the flag is untested'
    assert cap.startswith('Off-task'), 'the flag comes first in the caption'
    fig = figure_cell(P2/'se_temperature.ipynb', 'se_temperature.png')
    assert 'off-task' in fig and 'off_task' in fig                       # the plot marks the flagged temperature
    ag, cap_ag = pd.read_csv(P2_FIG/'se_backend_agreement.csv'), caption(P2_FIG/'se_backend_agreement.md')
    assert 'off_task' in ag.columns, 'se_backend_agreement.csv has no off_task column'
    t1 = runs[np.isclose(runs.temperature, 1.0)]
    for m, g in ag.groupby('model'):
        path = t1[t1.sampler.str.split('/', n=1).str[-1] == m].path.iloc[0]
        assert (g.off_task == off[path]).all(), m
        if off[path]: assert f"{m.split('/')[-1]} is off-task" in cap_ag, m
    assert ag.off_task.any()

def test_fig_05_relative_change_compares_the_same_judges():
    "Fig. 5's relative change is taken judge by judge, over judges with an r under both the method and the baseline, "
    "then averaged; a point with no such judge is left out and said so."
    t = pd.read_csv(P1_FIG/'fig_05_verbosity.csv')
    per = pd.read_csv(P1_FIG/'fig_05_verbosity_per_judge.csv')
    per = per[per.dataset.isin(['AUT', 'TTCW']) & (per.source != 'human')]
    cap = caption(P1_FIG/'fig_05_verbosity.md')
    assert 'rel_judges' in t.columns, 'fig_05_verbosity.csv does not say how many judges each relative change uses'
    left_out = []
    for (d, m), g in per[per.source != 'direct'].groupby(['dataset', 'source']):
        base = per[(per.dataset == d) & (per.source == 'direct')].set_index('rater').r.dropna()
        mine = g.set_index('rater').r.dropna()
        both = sorted(set(base.index) & set(mine.index))
        row = t[(t.dataset == d) & (t.source == m)].iloc[0]
        assert row.rel_judges == len(both), (d, m)
        if both:
            want = np.mean([100 * (mine[j] - base[j]) / abs(base[j]) for j in both])
            assert np.isclose(row.rel_change_pct, want, rtol=1e-6), (d, m, row.rel_change_pct, want)  # r: 10 decimals
            assert row.rel_lo <= row.rel_hi, (d, m)
        else:
            assert np.isnan(row.rel_change_pct) and np.isnan(row.rel_lo), (d, m)
            left_out.append(f"{d} {m}")
    assert left_out, 'every point has a shared judge: the left-out case is untested'
    assert 'judge by judge' in cap and all(x in cap for x in left_out), left_out

def test_tables_02_17_name_only_the_judges_of_the_committed_runs():
    "The notebook and the figure's key name only the judge sizes the committed P2 judge runs hold."
    sizes = {json.loads(c.read_text())['judges'][0].split('coder-')[-1].split('-')[0].upper()
             for c in (ROOT/'data/runs/p2-judges').rglob('config.json')}
    assert sizes == {'1.5B'}, sizes                     # what the runs hold; the test reads the text against it
    nb = P2/'tables_02_17_judges.ipynb'
    text = markdown(nb) + ' ' + caption(P2_FIG/'tables_02_17_judges.md')
    assert not re.search(r'\b0\.5\s*B\b', text, re.I) and 'Q0.5b' not in text, 'a 0.5B judge is named'
    assert 'Q0.5b' not in figure_cell(nb, 'tables_02_17_judges.png')
    assert 'Qwen2.5-Coder-1.5B' in markdown(nb)

def test_table_03_captions_say_what_is_creaevals_reading():
    "The AUT and TTCW QWK captions are creaeval's reading of P1 Table 3; averaging over judges is creaeval's choice."
    aut, tt = caption(P1_FIG/'table_03_aut_qwk.md'), caption(P1_FIG/'table_03_ttcw_qwk_ours.md')
    for cap in (aut, tt):
        assert "as P1's Table 3 scores it" not in cap
        assert "creaeval's reading of P1 Table 3" in cap
        assert "averaging over the judges is creaeval's choice (P1 does not say)" in cap
    assert "the 1-5 level scale is creaeval's reading" in aut

def marker_gaps(png: Path, colours=('#1f77b4', '#ff7f0e', '#2ca02c'), tol: int=60) -> list[int]:
    "Horizontal pixel gaps between markers of different colours on one row (within 40 px of each other)."
    from PIL import Image
    from scipy import ndimage
    im = np.asarray(Image.open(png).convert('RGB')).astype(int)
    blobs = []
    for k, c in enumerate(colours):
        mask = np.abs(im - np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)])).sum(-1) < tol
        lab, _ = ndimage.label(mask)
        for y, x in ndimage.find_objects(lab):
            if (y.stop - y.start) * (x.stop - x.start) >= 6 and y.stop - y.start < 15 and x.stop - x.start < 15:
                blobs.append((k, y.start, y.stop, x.start, x.stop))
    gaps = []
    for i, a in enumerate(blobs):
        for b in blobs[i + 1:]:
            if a[0] != b[0] and min(a[2], b[2]) > max(a[1], b[1]):          # different judges, overlapping rows
                g = max(b[3] - a[4], a[3] - b[4])
                if g < 40: gaps.append(g)
    return gaps

def test_cgpst_markers_do_not_touch():
    "In the CGPST panel of Figs. 3/10-21, the judges' dots at one score stand apart (at least 3 px of background)."
    gaps = marker_gaps(P1_FIG/'figs_03_10_21_heatmaps_cgpst.png')
    assert gaps and min(gaps) >= 3, sorted(gaps)[:8]

def degenerate_entries() -> list[str]:
    "Each flagged (dataset, judge, level, dimensions) as the captions must give it, with its methods."
    from creaeval.degenerate import degenerate_judges
    from creaeval.p1data import aut_scores, ttcw_scores, judged_rows, short_model
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    tt, _ = ttcw_scores(ROOT/'data/runs/qwen-ttcw')
    f = pd.concat([degenerate_judges(judged_rows(d).assign(dataset=n, origin='judge'))
                   for n, d in (('AUT', aut), ('TTCW', tt))], ignore_index=True)
    dims = f.groupby(['dataset', 'source', 'rater', 'mode']).dimension.agg(lambda d: ', '.join(sorted(d)))
    f = f.merge(dims.rename('dims').reset_index())
    return [f"{d} under {', '.join(sorted(set(g.source)))}: {short_model(r)} gives {m:g} to "
            + (f"{g.share.min():.0%}-{g.share.max():.0%}" if g.share.min() < g.share.max() else f"{g.share.max():.0%}")
            + f" of its samples ({dm})" for (d, r, m, dm), g in f.groupby(['dataset', 'rater', 'mode', 'dims'])]

def test_captions_say_dataset_and_method_of_each_degenerate_judge_and_plain_words():
    "Fig. 2's and the variance captions (and its footnote) give each degenerate judge's dataset and methods; the "
    "heatmap caption says what 'column 1' means; the SE legend says whose clusterer made our SE."
    entries = degenerate_entries()
    assert any(e.startswith('AUT') for e in entries) and any(e.startswith('TTCW') for e in entries)
    for md in ('fig_02_per_judge.md', 'figs_06_22_28_variance.md', 'figs_03_10_21_heatmaps.md'):
        cap = caption(P1_FIG/md)
        missing = [e for e in entries if e not in cap]
        assert not missing, (md, missing)
    fig = figure_cell(P1/'figs_06_22_28_variance.ipynb', 'figs_06_22_28_variance.png')
    assert 'deg_text' in fig and 'degenerate_note(' not in fig         # the footnote in the PNG: the same entries
    hm = caption(P1_FIG/'figs_03_10_21_heatmaps.md')
    assert 'in column 1' not in hm and 'the lowest level (1)' in hm
    se = figure_cell(P2/'tables_03_05_se_convergent.ipynb', 'tables_03_05_se_convergent.png')
    assert "creaeval's MiniLM clusterer (P2: DeBERTa entailment)" in se

def test_fig_05_degenerate_judges_name_dataset_and_methods():
    "Fig. 5's caption gives each degenerate judge with its dataset and methods (`degenerate_note(by_dataset=True)`), so "
    "the 1.5B's constant Elaboration reads as TTCW creaeval's, not as the one judge behind TTCW direct's point."
    from creaeval.degenerate import degenerate_judges, degenerate_note
    from creaeval.p1data import aut_scores, ttcw_scores, judged_rows
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    tt, _ = ttcw_scores(ROOT/'data/runs/qwen-ttcw')
    f = pd.concat([degenerate_judges(judged_rows(d[(d.step == 1) & (d.dimension == dim)]).assign(dataset=n,
                                                                                                origin='judge'))
                   for n, d, dim in (('AUT', aut, 'Originality'), ('TTCW', tt, 'Elaboration'))], ignore_index=True)
    cap = caption(P1_FIG/'fig_05_verbosity.md')
    assert degenerate_note(f, by_dataset=True) in cap
    entries = cap.split('describes a constant: ', 1)[1].split('. ', 1)[0].split('; ')
    assert entries and all(re.match(r'(AUT|TTCW) under [\w ,-]+: ', e) for e in entries), entries
    assert 'TTCW under creaeval: qwen2.5-coder-1.5b gives 3 to 100% of its samples (Elaboration)' in cap

def test_tables_02_17_p2_markers_clear_of_our_error_bars():
    "In tables_02_17_judges.png each of P2's diamonds stands apart from our error bars and caps: no grey pixel within "
    "2 px of a diamond."
    from PIL import Image
    from scipy import ndimage
    im = np.asarray(Image.open(P2_FIG/'tables_02_17_judges.png').convert('RGB')).astype(int)
    lab, _ = ndimage.label(np.abs(im - np.array([0xdc, 0x14, 0x3c])).sum(-1) < 120)         # crimson: P2's marks
    boxes = [(y, x) for y, x in ndimage.find_objects(lab) if y.stop - y.start >= 12 and x.stop - x.start >= 12]
    grey = (np.ptp(im, axis=-1) < 12) & (im[..., 0] < 200)              # the error bars (grey), hatch, axes, text
    assert len(boxes) >= 4, len(boxes)                                  # three diamonds and the key's
    touching = [(y.start, x.start) for y, x in boxes if grey[y.start - 2:y.stop + 2, x.start - 2:x.stop + 2].any()]
    assert not touching, touching
    assert 'p2_dx' in figure_cell(P2/'tables_02_17_judges.ipynb', 'tables_02_17_judges.png')

def test_trained_judge_pointers_name_the_notebook_that_does_it():
    "The loops-versus-plans check and the SE runs' verdicts are nbs/59_mgscore's; nbs/58_mgjudge is named only for "
    "training the judge, with 59 beside it, in the trained-judge caption and the SE notebook's text."
    cap = caption(P2_FIG/'tables_03_05_trained_judge.md')
    assert re.search(r'repeated steps [\d.]+ and [\d.]+ on those problems; nbs/59_mgscore\)', cap), cap[-700:]
    nb = P2/'tables_03_05_se_convergent.ipynb'
    for text in (cap, markdown(nb)):
        for m in re.finditer('58_mgjudge', text):
            assert '59_mgscore' in text[m.end():m.end() + 80], text[m.start() - 80:m.end() + 80]
    nb59 = markdown(ROOT/'nbs/59_mgscore.ipynb')
    assert "The SE runs' greedy solutions" in nb59 and 'looping' in nb59

def test_se_diversity_rho_has_a_problem_level_interval():
    "se_diversity_spearman gives each rho a 95% interval resampling problems whole, not a p-value that treats steps "
    "as independent; it says how many steps and problems stand behind each rho."
    from creaeval.mgscore import cluster_spearman
    cor, cap = pd.read_csv(P2_FIG/'se_diversity_spearman.csv'), caption(P2_FIG/'se_diversity_spearman.md')
    assert 'p' not in cor.columns and {'lo', 'hi', 'problems'} <= set(cor.columns), list(cor.columns)
    assert (cor.lo <= cor.rho).all() and (cor.rho <= cor.hi).all()
    assert 'no per-step p-value' in cap and 'cluster_spearman' in cap
    for c in (ROOT/'data/runs/p2-se').glob('*/diversity.csv'):
        cfg = json.loads((c.parent/'config.json').read_text())
        if cfg['temperature'] != 1.0 or cfg['paths'] != 1: continue
        model, d = cfg['sampler'].split('/', 1)[-1], pd.read_csv(c, dtype={'problem_id': str})
        row = cor[(cor.model == model) & (cor.per == 'step') & (cor.measure == 'cosine')].iloc[0]
        rho, lo, hi = cluster_spearman(d.se, d.cosine, d.problem_id, 2000, 0)
        assert np.allclose([row.rho, row.lo, row.hi], [rho, lo, hi]), (model, row, (rho, lo, hi))
        assert row.n == len(d) and row.problems == d.problem_id.nunique()
        assert f"{model.split('/')[-1]}: {len(d)} steps of {d.problem_id.nunique()} problems" in cap

def test_se_captions_say_each_thing_once_and_the_axes_use_words():
    "se_temperature says its dagger sentence once; se_diversity(_spearman) say the circularity and the off-task flag "
    "once; se_diversity.png's axes are words, not column names."
    assert caption(P2_FIG/'se_temperature.md').count('third-party summary of P2') == 1
    for md in ('se_diversity_spearman.md', 'se_diversity.md'):
        cap = caption(P2_FIG/md)
        assert cap.count('circular') == 1 and cap.count('off-task:') == 1, md
    fig = figure_cell(P2/'se_diversity.ipynb', 'se_diversity.png')
    assert all(w in fig for w in ("'distinct bigrams (share)'", "'Self-BLEU'", "'meaning classes per step'"))
    assert 'set_xlabel(words[b]' in fig

def test_ttcw_expert_slots_are_creaevals_choice():
    "nbs/28 says sorting TTCW's experts into slots by id is creaeval's choice; P1 does not say how it assigns Human A "
    "and B."
    md = markdown(ROOT/'nbs/28_real_data_checks.ipynb')
    assert "exactly like P1's Human A and B" not in md
    assert re.search(r"by sorted expert id: creaeval's choice, as P1 does not say how its CGPST raters are assigned", md)
