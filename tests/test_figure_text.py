"""Every committed figure readable at notebook width: each PNG under figures/ was written by `creaeval.plots.save_figure`
(which records its smallest text as shown in a 900-pixel column) and that text is at least `MIN_PT` (7 pt)."""
from pathlib import Path
import pytest
from creaeval.plots import png_text_size, MIN_PT

ROOT = Path(__file__).resolve().parents[1]
PNGS = sorted(p for p in (ROOT/'figures').rglob('*.png') if 'executed' not in p.parts)

def test_there_are_figures(): assert len(PNGS) >= 15

@pytest.mark.parametrize('png', PNGS, ids=lambda p: str(p.relative_to(ROOT/'figures')))
def test_smallest_text_at_notebook_width(png):
    got = png_text_size(png)
    assert got is not None, f"{png.relative_to(ROOT)}: not written by creaeval.plots.save_figure (no text size recorded)"
    pt, text = got
    assert pt >= MIN_PT, f"{png.relative_to(ROOT)}: {text!r} is {pt} pt at notebook width (floor {MIN_PT})"
