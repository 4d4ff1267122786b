"""The docs site (`make docs`): built offline from the committed notebooks without executing one; a page per notebook
of nbs/ and papers/, the figures inline, the API of every module, and a root page that leads to the index."""
import importlib.util, os, re, shutil, subprocess, sys
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

def test_hidden_cells_stay_out_of_the_pages(site):
    "nbdev's `#| hide` cells (the tests' imports) are not on the pages; the notebooks still hold them."
    src = (ROOT/'nbs/22_plots.ipynb').read_text()
    assert '#| hide' in src and 'from fastcore.test import' in src
    page = (site/'nbs/22_plots.html').read_text()
    assert 'fastcore.test' not in page and 'plot_heatmap' in page
    assert '#| export' not in page and 'default_exp' not in page          # nbdev's directives, as its docs drop them

def test_the_api_names_every_module(site):
    api = (site/'docs/api.html').read_text()
    mods = ['.'.join(p.relative_to(ROOT).with_suffix('').parts) for p in (ROOT/'creaeval').rglob('*.py')
            if p.name not in ('__init__.py', '_modidx.py')]
    assert [m for m in mods if f'id="module-{m}"' not in api] == []
    assert 'def ' not in api and 'pack_run' in api                 # documented from the docstrings

spec = importlib.util.spec_from_file_location('docs_screens', ROOT/'tools/docs_screens.py')
screens = importlib.util.module_from_spec(spec); spec.loader.exec_module(screens)
needs_browser = pytest.mark.skipif(screens.browser() is None, reason="no Chromium on PATH (make browser installs it)")

@needs_browser
def test_the_site_in_a_headless_browser(site, tmp_path):
    "Home, a method page and a paper page as Chromium draws them: not blank, the sidebar drawn, the figures loaded."
    problems, seen = screens.check(os.path.relpath(site), tmp_path)      # as `make docs` gives it: relative
    assert not problems, problems
    assert seen['paper']['images'] >= 3 and seen['paper']['loaded'] == seen['paper']['images']
    assert all((tmp_path/f'{n}.png').stat().st_size > 20_000 for n in screens.PAGES)

@needs_browser
def test_the_browser_check_sees_a_broken_site(tmp_path):
    "A site whose pages are bare and whose paper page's figures are missing fails on every count."
    for rel in screens.PAGES.values():
        (tmp_path/rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path/rel).write_text('<html><head></head><body>' + '<img src="gone.png">' * 3 + '</body></html>')
    problems, _ = screens.check(tmp_path, tmp_path/'shots')
    assert sum('blank' in p for p in problems) == 3 and sum('no sidebar' in p for p in problems) == 3
    assert any('0 of 3 images loaded' in p for p in problems), problems

READER_FILES = sorted([*ROOT.glob('nbs/*.ipynb'), *ROOT.glob('papers/*/*.ipynb'), *ROOT.glob('papers/*/*.md'),
                       *ROOT.glob('figures/**/*.md'), ROOT/'README.md', *ROOT.glob('docs/*.md'),
                       *ROOT.glob('research/*')])
OUTSIDE = re.compile(r"shared/reference|shared/seeds|papers\.md|seed notes?\b|B-notes?\b|issue's bar|\bthis issue\b|"
                     r"the issue (asks|asked|says|said)|\bissues? #?\d+\b|"
                     r'"(iopub\.execute_input|shell\.execute_reply)": "20\d\d|'   # a run's stamps: when work was done
                     r"""(?<![-\w'"])20\d\d-[01]\d-[0-3]\d\b(?!T)""", re.I)   # a date in prose (not a model's name)

def test_reader_files_point_nowhere_outside_and_name_no_issue():
    "What a reader sees (nbs, papers, figures, README, docs, research log) cites nothing outside the repository and names "
    "no issue, nor the date and hour a piece of work was done (a notebook's execution stamps included)."
    hits = [f"{p.relative_to(ROOT)}: {m.group()!r}" for p in READER_FILES if p.is_file()
            for m in OUTSIDE.finditer(p.read_text(encoding='utf-8'))]
    assert not hits, hits[:20]
    assert all(OUTSIDE.search(t) for t in ('see ../shared/reference', "the issue's bar", 'issue 57',
                                            '"iopub.execute_input": "2026-12-07T13:24:54"'))
    assert OUTSIDE.search('numbers from one run on 2026-11-30') and OUTSIDE.search('registered on 2026-12-03, rebuilt')
    assert not OUTSIDE.search("the issue the scenario raises")     # CGPST's own word for a problem
    assert not OUTSIDE.search("one line per LLM (qwen3.6-plus-2026-04-02, deepseek)")   # a model's name
