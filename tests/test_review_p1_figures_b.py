"""P1 figures read against the paper (inter-judge variance, the case study, the Tables 2/12/13 score sheet, Table 4's
distances, Table 5's cost, Tables 9-11's pilot): each committed figure readable at notebook width and captioned, its
flags whole, sparse data drawn as counts, and markers apart. Read from the committed files under figures/creaeval and
the paper notebooks' kept outputs."""
import ast, json
from pathlib import Path
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from creaeval.papers import caption_of
from creaeval.plots import png_text_size, plot_violins, MIN_PT

ROOT = Path(__file__).resolve().parents[1]
FIG, NB = ROOT/'figures/creaeval', ROOT/'papers/creaeval'

def saved_texts(nb: Path) -> list[tuple[float, str]]:
    "What `save_figure` returned, as the paper notebook's kept output prints it ('smallest text: (pt, text)')."
    out = []
    for c in json.loads(nb.read_text())['cells']:
        for o in c.get('outputs', []):
            for line in ''.join(o.get('text', '')).split('smallest text: ')[1:]:
                out.append(ast.literal_eval(line[:line.index("')") + 2]))
    return out

@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close('all')

def test_variance_flag_whole_and_two_judge_ceiling_said():
    png = FIG/'figs_06_22_28_variance.png'
    got = png_text_size(png)
    assert got is not None and got[0] >= MIN_PT, got
    cap = caption_of(png)
    # the flag drawn in the figure: readable (its smallest text) and whole, naming every judge the caption flags
    flag = ' '.join(next(t for pt, t in saved_texts(NB/'figs_06_22_28_variance.ipynb')
                         if t.startswith('* degenerate judges')).split())
    parts = cap.split('Degenerate judge(s), their agreement describes a constant: ')[1].split('. On AUT')[0].split('; ')
    assert len(parts) >= 4 and all(p in flag for p in parts), (parts, flag)
    assert '...' not in flag
    # CGPST: the two-judge cells named apart, with both ceilings of variance / range^2
    assert '1/4 = 0.25 for two judges' in cap and '2/9 = 0.222 for three' in cap
    v = pd.read_csv(FIG/'figs_06_22_28_variance.csv')
    cg = v[v.dataset == 'CGPST']
    assert (cg.variance_norm <= cg.n_judges.map({2: 1 / 4, 3: 2 / 9}) + 1e-12).all()
    named = cap.split('Two judges only (boxed cells, ceiling 0.25): ')[1].split('; every other cell')[0]
    assert sorted(p.split(':')[0] for p in named.split('; ')) == sorted(set(cg[cg.n_judges == 2].source))

def test_sparse_variance_drawn_as_counts_with_n():
    v = pd.read_csv(FIG/'figs_06_22_28_variance.csv')
    tt = v[v.dataset == 'TTCW']       # two to three distinct values per method and dimension
    ax = plot_violins(tt, x='dimension', hue='source')
    assert not [c for c in ax.collections if isinstance(c, matplotlib.collections.PolyCollection)]   # no violin body
    assert sum(int(t.get_text()) for t in ax.texts) == len(tt)             # every sample counted once
    assert ax.get_xlabel() == f"n = {tt.sample_id.nunique()} per dimension and source"
    cap = caption_of(FIG/'figs_06_22_28_variance_without_degenerate.png')
    assert "P1's violins are drawn here as counts" in cap and 'without the flagged judges' in cap

def test_score_sheet_figure_captioned_and_readable():
    png = FIG/'tables_02_12_13_scores_A05_FS10.png'
    got = png_text_size(png)
    assert got is not None and got[0] >= MIN_PT, got
    cap = caption_of(png)
    assert (FIG/'tables_02_12_13_scores_A05_FS10.md').is_file() and cap.startswith('Step scores of A05_FS10')
    assert '0.5b = qwen2.5-coder-0.5b' in cap                            # the key to the shortened labels
    assert 'one response is too few for creaeval.degenerate' in cap

def touching_markers(png: Path) -> list[tuple]:
    "Orange or blue blobs (TaT's and CreaEval's markers) at least 1.5 times as wide as tall, or tall as wide: two touch."
    from PIL import Image
    from scipy import ndimage
    img = np.asarray(Image.open(png).convert('RGB')).astype(int)
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    out = []
    for name, m in (('orange', (r > 200) & (r - b > 90) & (g < 215)), ('blue', (b - r > 60) & (b > 140))):
        for sl in ndimage.find_objects(ndimage.label(m)[0]):
            h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
            if max(h, w) > 3 and (w > 1.5 * h or h > 1.5 * w): out.append((name, sl[1].start, sl[0].start, w, h))
    return out

def test_case_study_markers_apart():
    png = FIG/'figs_07_29_33_case_studies.png'
    assert touching_markers(png) == []
    assert 'own column (7 side by side' in caption_of(png)

def test_table_04_and_pilot_figures_captioned():
    cap = caption_of(FIG/'table_04_distance.png')
    assert (FIG/'table_04_distance.md').is_file() and cap.startswith("Distance of each Table 4 row")
    assert 'n = 1 response' in cap and "No bar (marked 'failed')" in cap and 'creaeval.degenerate' in cap
    cap = caption_of(FIG/'tables_9_11_temperature_pilot.png')
    assert (FIG/'tables_9_11_temperature_pilot.md').is_file() and cap.startswith("P1 Tables 9-11's AVG columns")
    assert '10 CGPST responses' in cap and 'two judge repeats' in cap and 'printed 0.089, data 0.0089' in cap

PNGS = ['figs_06_22_28_variance.png', 'figs_06_22_28_variance_without_degenerate.png',
        'figs_07_29_33_case_studies.png', 'table_04_distance.png', 'table_05_cost.png',
        'tables_02_12_13_scores_A05_FS10.png', 'tables_9_11_temperature_pilot.png']

@pytest.mark.parametrize('name', PNGS)
def test_figure_saved_readable_and_captioned(name):
    got = png_text_size(FIG/name)
    assert got is not None and got[0] >= MIN_PT, (name, got)
    assert caption_of(FIG/name)
