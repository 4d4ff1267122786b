"""README.md is a newcomer's first screen: what creaeval is, the quick start with its two commands (and the command CI
runs), where to go next, the test command and the layout, under 200 lines. Everything else it used to hold stands
whole in a docs page (docs/*.md) that docs/index.md lists in a toctree, and no relative link in those pages is broken."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT/'README.md'
PAGES = ('setup', 'guide', 'models', 'honesty', 'measured', 'layers')      # the pages the README's long part moved to
QUICK = ('make reproduce   # creates .venv with what replay needs (requirements.txt) and regenerates every table and '
         'figure into figures/',
         'make test        # adds nbdev and JupyterLab, the local models and the test tools (requirements-notebooks.txt, '
         '-local.txt, -test.txt), checks the notebooks are in sync and linted, runs every test')

def docs_pages() -> list[Path]:
    "The Markdown pages of docs/ (api.md, written by docs/conf.py at build time, left out)."
    return sorted(p for p in (ROOT/'docs').glob('*.md') if p.name != 'api.md')

def test_quick_start_on_the_first_screen():
    "README's first 60 lines hold the two commands, exactly, in a bash block, and the command CI runs."
    first = README.read_text().splitlines()[:60]
    assert all(cmd in first for cmd in QUICK), "the two quick-start commands are not in README's first 60 lines"
    block = first.index('```bash')
    assert first[block + 1:block + 3] == list(QUICK)
    ci = [l.strip() for l in (ROOT/'.ci/run').read_text().splitlines()
          if l.strip() and not l.lstrip().startswith('#') and not l.startswith(('set ', 'cd '))]
    assert ci == ['make test'] and any(l.startswith(ci[0]) for l in first), ci

def test_readme_is_short():
    n = len(README.read_text().splitlines())
    assert n < 200, f"README.md has {n} lines; the long parts belong in docs/"

def test_readme_points_to_every_page_and_each_exists():
    "Every docs page is named in README (as `docs/x.md`), and every `docs/x.md` README names exists."
    text = README.read_text()
    named = set(re.findall(r'`(docs/[\w-]+\.md)`', text))
    assert named, "README names no docs page"
    assert not [n for n in named if not (ROOT/n).is_file()], named
    assert not [str(p.relative_to(ROOT)) for p in docs_pages() if p.name != 'index.md'
                and str(p.relative_to(ROOT)) not in named]
    assert 'make docs' in text

def toctree_entries() -> set[str]:
    "Every entry of every toctree in docs/index.md (options and globs left out)."
    index = (ROOT/'docs/index.md').read_text()
    out = set()
    for block in re.findall(r'```\{toctree\}\n(.*?)```', index, re.S):
        out |= {l.strip() for l in block.splitlines() if l.strip() and not l.startswith(':')}
    return out

def test_every_page_in_a_toctree():
    "Each page the README's text moved to, and every other page of docs/, is an entry of docs/index.md's toctrees."
    entries = toctree_entries()
    assert all((ROOT/'docs'/f'{p}.md').is_file() for p in PAGES)
    missing = [p.name for p in docs_pages() if p.name != 'index.md' and p.stem not in entries]
    assert not missing and {'api', *PAGES} <= entries, (missing, entries)
    index = (ROOT/'docs/index.md').read_text()
    assert index.index(':caption: Using creaeval') < index.index(':caption: The method')

def broken_links(root: Path, pages: list[Path]) -> list[str]:
    "Each Markdown link or image in `pages` whose file is not there, as 'page: target' (web links and anchors left out)."
    broken = []
    for page in pages:
        text = re.sub(r'```.*?```', '', page.read_text(), flags=re.S)          # code blocks hold no links
        text = re.sub(r'`[^`\n]*`', '', text)                                  # nor code spans
        for target in re.findall(r'!?\[[^\]]*\]\(([^)\s]+)', text) + re.findall(r'<img [^>]*src="([^"]+)"', text):
            if re.match(r'[a-z]+:', target) or target.startswith('#'):
                continue
            path = target.split('#')[0]
            if path and not ((root if path.startswith('/') else page.parent)/path.lstrip('/')).exists():
                broken.append(f'{page.relative_to(root)}: {target}')
    return broken

def test_no_broken_relative_link():
    "No Markdown link or image in docs/*.md or README.md points to a file that is not there."
    assert not broken_links(ROOT, [README, *docs_pages()])

def test_the_checker_sees_a_broken_link(tmp_path):
    "The link check fails on a page that links to a missing file (one level down: ../), not on a code span."
    (tmp_path/'docs').mkdir()
    (tmp_path/'README.md').write_text('[the guide](docs/page.md), [web](https://example.org/x.md)\n')
    page = tmp_path/'docs/page.md'
    page.write_text('see [the notebook](../nbs/99_x.ipynb#top), [back](#a) and `[not a link](x.md)`\n')
    assert broken_links(tmp_path, [tmp_path/'README.md', page]) == ['docs/page.md: ../nbs/99_x.ipynb#top']
    (tmp_path/'nbs').mkdir(); (tmp_path/'nbs/99_x.ipynb').write_text('{}')
    assert broken_links(tmp_path, [tmp_path/'README.md', page]) == []

SECTIONS = ('Two commands', 'The docs site', 'Working in JupyterLab',
            'Your own rater sheets: from responses to agreement tables', 'The notebooks, in the order of the layers',
            'Semantic entropy and the three-agent judge (P2)', "Trained evaluators (P1's SFT, SFT_Evidence, SaMer)",
            'Score your own AUT answers (`creaeval score`)', 'MacGyver solutions (`creaeval score --task macgyver`)',
            'Models and keys', 'Honesty about numbers', 'Measured here (each with the command that measures it)',
            'Tests', 'Layout')

def test_no_section_lost():
    "Every section README.md used to hold is still a heading of README.md or of a docs page, once."
    heads = [m for p in [README, *docs_pages()]
             for m in re.findall(r'^#{1,3} (.+)$', re.sub(r'```.*?```', '', p.read_text(), flags=re.S), re.M)]
    assert not [s for s in SECTIONS if heads.count(s) != 1], [s for s in SECTIONS if heads.count(s) != 1]

def test_degenerate_judges_named_where_the_summaries_list_them():
    "README's and docs/honesty.md's lists of degenerate judges hold every (dataset, method, judge) Fig. 2 flags."
    import pandas as pd
    d = pd.read_csv(ROOT/'figures/creaeval/fig_02_per_judge.csv')
    flagged = d[d.degenerate.astype(bool)]
    short = {'smollm2-135m': 'SmolLM2-135M', 'qwen2.5-coder-0.5b': '0.5B', 'qwen2.5-coder-1.5b': '1.5B'}
    name = {'smollm2-135m': 'SmolLM2-135M', 'qwen2.5-coder-0.5b': 'Qwen2.5-Coder-0.5B', 'qwen2.5-coder-1.5b': '-1.5B'}
    for f in (ROOT/'README.md', ROOT/'docs/honesty.md'):
        text = ' '.join(f.read_text().split())
        for ds, g in flagged.groupby('dataset'):
            part = text[text.lower().index(f'on {ds.lower()}'):][:400]            # the summary's sentence for that dataset
            for judge in g.judge.unique():
                assert name[judge] in part or short[judge] in part, (f.name, ds, judge, part)

def _r(x: float) -> str:
    "An r as the docs print it: three decimals, no leading zero."
    return f"{x:.3f}".replace('0.', '.', 1) if x >= 0 else f"-{-x:.3f}".replace('0.', '.', 1)

def test_score_numbers_are_the_committed_cv():
    """README's and docs/guide.md's generalisation numbers for `creaeval score` are those of data/trained/aut-general/cv.csv:
    the chosen scorer's and round 5's (with and without its fine-tune, where computed), r with its interval."""
    import pandas as pd
    cv = pd.read_csv(ROOT/'data/trained/aut-general/cv.csv').set_index('candidate')
    rows = [cv[cv.chosen].index[0]] + [c for c in cv.index if c.startswith('round 5') and pd.notna(cv.loc[c, 'study_r'])]
    assert len(rows) >= 2, rows
    for f in (README, ROOT/'docs/guide.md'):
        text = ' '.join(f.read_text().replace('**', '').split())          # bold or not
        for c in rows:
            for by in ('study', 'object'):
                got = f"{_r(cv.loc[c, f'{by}_r'])} [{_r(cv.loc[c, f'{by}_lo'])}, {_r(cv.loc[c, f'{by}_hi'])}]"
                assert got in text, (f.name, c, by, got)
            assert _r(cv.loc[c, 'offset_sd']) in text, (f.name, c, 'offset_sd')
