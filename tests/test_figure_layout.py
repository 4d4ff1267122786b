"""Figure layout (issue 41): the plotting functions the paper notebooks use (`creaeval.plots`) drawn on committed data
(the tables under figures/creaeval), laid out as the notebooks lay them out, and checked with matplotlib's renderer:
every title, axis label and legend inside the figure, no legend over other text, and the heatmap's diagonal inside
the panel as drawn. `layout_problems` is shown to catch the bugs it is for (a title too long, a legend over a label)."""
from pathlib import Path
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from creaeval.plots import plot_heatmap, plot_judge_bars, plot_violins

FIG = Path(__file__).resolve().parents[1]/'figures/creaeval'

def _boxes(fig):
    "Named window extents of the figure's titles, axis labels, legends and other texts (tick labels, annotations)."
    r = fig.canvas.get_renderer()
    ext = lambda a: a.get_window_extent(r)
    main, other = [], []
    if fig._suptitle is not None and fig._suptitle.get_text(): main.append(('suptitle', fig._suptitle))
    for i, ax in enumerate(fig.axes):
        if not ax.get_visible(): continue
        for name, t in (('title', ax.title), ('left title', ax._left_title), ('right title', ax._right_title),
                        ('x label', ax.xaxis.label), ('y label', ax.yaxis.label)):
            if t.get_visible() and t.get_text(): main.append((f"axes {i} {name} {t.get_text()!r:.40}", t))
        if (lg := ax.get_legend()) is not None and lg.get_visible(): main.append((f"axes {i} legend", lg))
        drawn_ticks = [t for axis in (ax.xaxis, ax.yaxis) for t in axis._update_ticks()]   # those inside the view
        other += [(f"axes {i} tick label {t.label1.get_text()!r}", t.label1) for t in drawn_ticks
                  if t.label1.get_visible() and t.label1.get_text()]
        other += [(f"axes {i} text {t.get_text()!r:.20}", t) for t in ax.texts if t.get_visible() and t.get_text()]
    main += [(f"figure legend {k}", lg) for k, lg in enumerate(fig.legends)]
    return [(n, ext(a)) for n, a in main], [(n, ext(a)) for n, a in other]

def layout_problems(fig, tol: float = 1.0) -> list[str]:
    "What is wrong with the figure's layout, as drawn by the renderer: text outside the figure, legends over text."
    fig.canvas.draw()
    main, other = _boxes(fig)
    fb = fig.bbox
    out = [f"{n} outside the figure ({b.x0:.0f}, {b.y0:.0f}, {b.x1:.0f}, {b.y1:.0f} vs {fb.width:.0f} x "
           f"{fb.height:.0f})" for n, b in main + other
           if b.x0 < fb.x0 - tol or b.y0 < fb.y0 - tol or b.x1 > fb.x1 + tol or b.y1 > fb.y1 + tol]
    for n, lb in main:
        if 'legend' not in n: continue
        out += [f"{n} overlaps {m}" for m, b in main + other if m != n and lb.overlaps(b)
                and min(lb.x1, b.x1) - max(lb.x0, b.x0) > tol and min(lb.y1, b.y1) - max(lb.y0, b.y0) > tol]
    return out

def diagonal_overrun(fig, ax) -> int:
    "How many diagonal (crimson) pixels lie outside the heatmap panel as drawn (its non-white cells and frame)."
    fig.canvas.draw()
    img = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)
    h = img.shape[0]
    # crimson, also blended into white, grey or orange: blue above green (no Greys or Oranges colour has that)
    red = (img[..., 0] - img[..., 1] > 30) & (img[..., 2] - img[..., 1] > 4)
    x0, y0, x1, y1 = ax.bbox.extents
    rows, cols = slice(int(np.floor(h - y1)), int(np.ceil(h - y0)) + 1), slice(int(np.floor(x0)), int(np.ceil(x1)) + 1)
    drawn = (img[rows, cols] < 245).any(axis=2) & ~red[rows, cols]   # cells, frame, annotations: the panel as seen
    ys, xs = np.nonzero(drawn)
    near = (slice(max(rows.start - 10, 0), rows.stop + 10), slice(max(cols.start - 10, 0), cols.stop + 10))
    py, px = np.nonzero(red[near])                                  # this panel's diagonal, not a neighbour's
    py, px = py + near[0].start - rows.start, px + near[1].start - cols.start
    assert len(py) > 50, 'no diagonal found'
    return int(((px < xs.min() - 1) | (px > xs.max() + 1) | (py < ys.min() - 1) | (py > ys.max() + 1)).sum())

def heatmap_tables(dataset: str, dimension: str) -> dict:
    "The crosstabs of figs_03_10_21_heatmaps.csv (committed) for one dataset and dimension, as the notebook draws them."
    c = pd.read_csv(FIG/'figs_03_10_21_heatmaps.csv')
    c = c[(c.dataset == dataset) & (c.dimension == dimension)]
    out = {}
    for m, g in c.groupby('source', sort=False):
        ct = g.pivot_table(index='human', columns='other', values='pairs', aggfunc='sum').astype(int)
        ct.index.name, ct.columns.name = 'human', ('other human' if m == 'humans' else m)
        out[m] = ct
    return out

def draw_heatmaps(tables: dict, size: float = 2.9):
    "One row of panels, as figs_03_10_21_heatmaps draws a row (titles, zero cells blank, tight layout)."
    fig, axs = plt.subplots(1, len(tables), figsize=(size * len(tables), size * .95), squeeze=False)
    for ax, (k, ct) in zip(axs[0], tables.items()):
        plot_heatmap(ct, ax=ax, title=f"{k}: {int(ct.values.sum())} pairs",
                     cmap='Greys' if k == 'humans' else 'Oranges')
        for t in ax.texts:
            if t.get_text() == '0': t.set_visible(False)
        ax.title.set_fontsize(9); ax.tick_params(labelsize=7)
    fig.tight_layout()
    return fig, axs[0]

@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close('all')

@pytest.mark.parametrize('dataset,dimension', [('AUT', 'Originality'), ('TTCW', 'Flexibility'), ('TTCW', 'Fluency')])
def test_heatmaps_layout(dataset, dimension):
    fig, axs = draw_heatmaps(heatmap_tables(dataset, dimension))
    assert layout_problems(fig) == []
    assert [diagonal_overrun(fig, ax) for ax in axs] == [0] * len(axs)

def test_diagonal_overrun_detected_without_a_frame():
    # TTCW Flexibility's human panel: its last row and column are empty (white), so a frameless panel looks 3 x 3
    # and the diagonal runs on past it (the figure before this fix)
    fig, axs = draw_heatmaps({'humans': heatmap_tables('TTCW', 'Flexibility')['humans']})
    assert diagonal_overrun(fig, axs[0]) == 0
    for s in axs[0].spines.values(): s.set_visible(False)
    assert diagonal_overrun(fig, axs[0]) > 0

def test_violins_layout():
    var = pd.read_csv(FIG/'figs_06_22_28_variance.csv')
    fig, ax = plt.subplots(figsize=(16 / 3, 4.4))
    plot_violins(var[var.dataset == 'AUT'], ax=ax, title='AUT originality (incl. degenerate judge(s)*)')
    fig.tight_layout()
    assert layout_problems(fig) == []

@pytest.mark.parametrize('dataset', ['AUT', 'TTCW'])
def test_judge_bars_layout(dataset):
    per = pd.read_csv(FIG/'fig_02_per_judge.csv')
    pr = per[per.dataset == dataset].rename(columns={'judge': 'rater'}).assign(metric='qwk')
    fig, ax = plt.subplots(figsize=(6, 4.6))
    plot_judge_bars(pr, 'qwk', ax=ax, title=f"{dataset}: QWK per judge")
    fig.tight_layout()
    assert ax.get_legend() is not None          # the legend is drawn, so the check below looks at it
    assert layout_problems(fig) == []

def test_layout_problems_catch_a_long_title_and_a_legend_over_a_label():
    per = pd.read_csv(FIG/'fig_02_per_judge.csv').rename(columns={'judge': 'rater'}).assign(metric='qwk')
    pr = per[per.dataset == 'AUT']
    fig, ax = plt.subplots(figsize=(6, 4.6))
    plot_judge_bars(pr, 'qwk', ax=ax, title='AUT: QWK per judge, ' + 'with a title far too long for its figure ' * 3)
    fig.tight_layout()
    assert any('title' in p and 'outside the figure' in p for p in layout_problems(fig))
    fig, ax = plt.subplots(figsize=(6, 4.6))
    plot_judge_bars(pr, 'qwk', ax=ax, title='AUT: QWK per judge')
    fig.tight_layout()
    ax.legend(loc='center right', bbox_to_anchor=(0.05, 0.5))   # over the y label
    assert any(p.startswith('axes 0 legend overlaps') and 'y label' in p for p in layout_problems(fig))

def test_heatmap_index_row_says_aut_ttcw_are_additions():
    "papers/index.csv: P1's Figs. 3 and 10-21 are CGPST dimensions only; the AUT/TTCW panels are creaeval's."
    rel = pd.read_csv(FIG.parents[1]/'papers/index.csv').set_index('notebook')
    why = rel.loc['creaeval/figs_03_10_21_heatmaps.ipynb'].why
    assert "AUT and TTCW heatmaps are creaeval's additions, not P1's panels" in why
    assert 'only of CGPST dimensions' in why
    assert why in (FIG.parents[1]/'figures/README.md').read_text()     # the index of figures says the same
