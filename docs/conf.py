"""The docs site (`make docs`): the notebooks of nbs/ and papers/ as pages, with their committed outputs (nothing is
executed), in the book theme, and the API of every module. Sphinx with myst-nb installs from the package index and
builds offline; the site lands in _docs/ (pyproject's doc_path), ready for GitHub Pages."""
import sys
from pathlib import Path
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project, author = 'creaeval', 'the creaeval authors'
root_doc = 'docs/index'
extensions = ['myst_nb', 'sphinx.ext.autodoc']
nb_execution_mode = 'off'                  # the notebooks' committed outputs, as a reader sees them on GitHub
nb_merge_streams = True
myst_enable_extensions = ['dollarmath', 'colon_fence']
myst_heading_anchors = 3
suppress_warnings = ['myst.header', 'myst.xref_missing', 'misc.highlighting_failure', 'toc.not_included',
                     'mystnb.unknown_mime_type']
exclude_patterns = ['.venv', '_docs', 'data', 'tests', 'tools', 'figures', 'build', '**/.ipynb_checkpoints',
                    'README.md', 'nbs/llms.txt', '*.egg-info', 'creaeval', '.ci', 'environment.yml']
html_theme = 'sphinx_book_theme'
html_title = 'creaeval'
html_theme_options = {'show_toc_level': 2, 'home_page_in_toc': True}
autodoc_member_order = 'bysource'
autodoc_typehints = 'none'

def _api_page() -> str:
    "docs/api.md: one section per module of the package, its public names documented from their docstrings."
    mods = sorted('.'.join(p.relative_to(ROOT).with_suffix('').parts) for p in (ROOT/'creaeval').rglob('*.py')
                  if p.name not in ('__init__.py', '_modidx.py'))
    out = ['# API', '', 'Every module of `creaeval`, its public names (`__all__`) with their docstrings. Each module is '
           'written from the notebook named at its top; read that notebook for the idea, a demo and the tests.', '']
    for m in mods: out += [f'## `{m}`', '', '```{eval-rst}', f'.. automodule:: {m}', '   :members:', '```', '']
    return '\n'.join(out)

(ROOT/'docs'/'api.md').write_text(_api_page())

def _home(app, exc):
    "The site's root page: a redirect to the index, so that _docs/ serves as it is (GitHub Pages)."
    if exc is None and app.builder.format == 'html':
        (Path(app.outdir)/'index.html').write_text('<!doctype html><meta charset="utf-8"><title>creaeval</title>'
                                                   '<meta http-equiv="refresh" content="0; url=docs/index.html">'
                                                   '<a href="docs/index.html">creaeval</a>\n')
        (Path(app.outdir)/'.nojekyll').write_text('')

def _hidden(src: str) -> str:
    """A notebook's JSON as nbdev's own docs would show it: `#| hide` cells (test imports, setup) and cells holding only
    directives (`#| default_exp`) tagged `remove-cell`, and the `#| export` lines dropped; myst-nb reads tags, not
    nbdev's directives."""
    import json
    nb = json.loads(src)
    for c in nb.get('cells', []):
        if c.get('cell_type') != 'code': continue
        lines = ''.join(c.get('source', '')).split('\n')
        first = lines[0].strip().replace(' ', '') if lines else ''
        body = [l for l in lines if not l.lstrip().startswith('#|')]     # nbdev's directives, as nbdev's docs drop them
        c['source'] = '\n'.join(body).strip('\n')
        if first in ('#|hide', '#|exporti') or not c['source'].strip():
            tags = c.setdefault('metadata', {}).setdefault('tags', [])
            if 'remove-cell' not in tags: tags.append('remove-cell')
    return json.dumps(nb)

def _read(app, docname, source):
    if app.env.doc2path(docname).suffix == '.ipynb': source[0] = _hidden(source[0])

def setup(app):
    app.connect('build-finished', _home)
    app.connect('source-read', _read)
