"""The docs site (`make docs`): built offline from the committed notebooks without executing one; a page per notebook
of nbs/ and papers/, the figures inline, the API of every module, and a root page that leads to the index."""
import re, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
pytest.importorskip('myst_nb')

@pytest.fixture(scope='module')
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp('docs')/'site'
    r = subprocess.run([sys.executable, '-m', 'sphinx', '-q', '-b', 'html', '-c', str(ROOT/'docs'), str(ROOT), str(out)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    return out

def test_a_page_per_notebook(site):
    nbs = sorted(ROOT.glob('nbs/*.ipynb')) + sorted(ROOT.glob('papers/*/*.ipynb'))
    missing = [str(nb.relative_to(ROOT)) for nb in nbs if not (site/nb.relative_to(ROOT).with_suffix('.html')).is_file()]
    assert not missing, missing
    assert (site/'index.html').read_text().count('docs/index.html') >= 1 and (site/'.nojekyll').exists()

def test_figures_inline_and_not_executed(site):
    page = (site/'papers/creaeval/figs_03_10_21_heatmaps.html').read_text()
    imgs = re.findall(r'<img [^>]*src="([^"]+)"', page)
    assert len(imgs) >= 3 and all((site/'papers/creaeval'/src).resolve().is_file() for src in imgs), imgs
    # the committed outputs, as they are: a cell's printed text shows, nothing ran again
    assert 'Figure' in page and 'Traceback' not in page

def test_the_api_names_every_module(site):
    api = (site/'docs/api.html').read_text()
    mods = ['.'.join(p.relative_to(ROOT).with_suffix('').parts) for p in (ROOT/'creaeval').rglob('*.py')
            if p.name not in ('__init__.py', '_modidx.py')]
    assert [m for m in mods if f'id="module-{m}"' not in api] == []
    assert 'def ' not in api and 'pack_run' in api                 # documented from the docstrings
