"""How readable the house is, measured: export cells and their definitions, line lengths, docstrings, module sizes.

    .venv/bin/python tools/house.py            # the figures, and the cells and modules over the limits
    .venv/bin/python tools/house.py --check    # exit 1 when a limit is broken (tests/test_house.py runs this)

A definition is a top-level `def`, `async def` or `class` of an export cell (nbdev's `#| export`); a cell may also
hold constants and imports. Package lines are the lines of `creaeval/**/*.py` but nbdev's `_modidx.py`. The limits
are the ones the project holds itself to.
"""
import ast, json, statistics, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMITS = dict(one_definition_share=0.80, cell_lines=50, long_line_share=0.01, line_length=120, module_lines=600,
              docstring_length=110)

def export_cells(nbs: Path=ROOT/'nbs') -> list[dict]:
    "Every export cell of the notebooks: notebook, index, lines, definitions (names)."
    out = []
    for nb in sorted(nbs.glob('[0-9]*.ipynb')):
        for i, c in enumerate(json.loads(nb.read_text())['cells']):
            src = ''.join(c['source'])
            if c['cell_type'] != 'code' or not src.lstrip().startswith(('#| export', '#|export')): continue
            body = '\n'.join(l for l in src.split('\n') if not l.startswith('#|'))
            tree = ast.parse(body)
            names = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
            out.append(dict(notebook=nb.name, cell=i, lines=len(src.split('\n')), definitions=names))
    return out

def package_files(pkg: Path=ROOT/'creaeval') -> list[Path]:
    return sorted(p for p in pkg.rglob('*.py') if p.name != '_modidx.py')

def docstrings(path: Path) -> list[tuple[str, int]]:
    "(name, length of its first docstring line) for every documented function and class."
    out = []
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (d := ast.get_docstring(n)):
            out.append((n.name, max(len(l) for l in d.split('\n'))))
    return out

def measure() -> dict:
    cells, files = export_cells(), package_files()
    lines = [l for p in files for l in p.read_text().split('\n')]
    long = [(str(p.relative_to(ROOT)), i + 1) for p in files for i, l in enumerate(p.read_text().split('\n'))
            if len(l) > LIMITS['line_length']]
    docs = [(str(p.relative_to(ROOT)), n, k) for p in files for n, k in docstrings(p) if k > LIMITS['docstring_length']]
    sizes = {str(p.relative_to(ROOT)): len(p.read_text().split('\n')) for p in files}
    return dict(export_cells=len(cells),
                one_definition_share=sum(len(c['definitions']) <= 1 for c in cells) / len(cells),
                median_cell_lines=statistics.median(c['lines'] for c in cells),
                cells_over_limit=[c for c in cells if c['lines'] > LIMITS['cell_lines']],
                many_definitions=[c for c in cells if len(c['definitions']) > 1],
                package_lines=len(lines), long_lines=long, long_line_share=len(long) / len(lines),
                long_docstrings=docs, modules_over_limit={k: v for k, v in sizes.items() if v > LIMITS['module_lines']},
                largest_modules=sorted(sizes.items(), key=lambda kv: -kv[1])[:5])

def problems(m: dict) -> list[str]:
    "The limits a measurement breaks."
    out = []
    if m['one_definition_share'] < LIMITS['one_definition_share']:
        out.append(f"{m['one_definition_share']:.0%} of export cells hold at most one definition "
                   f"(limit {LIMITS['one_definition_share']:.0%})")
    out += [f"{c['notebook']} cell {c['cell']}: {c['lines']} lines" for c in m['cells_over_limit']]
    if m['long_line_share'] > LIMITS['long_line_share']:
        out.append(f"{len(m['long_lines'])} of {m['package_lines']} package lines over {LIMITS['line_length']} "
                   f"characters ({m['long_line_share']:.1%})")
    out += [f"{k}: {v} lines" for k, v in m['modules_over_limit'].items()]
    return out

if __name__ == '__main__':
    m = measure()
    print(f"export cells: {m['export_cells']}; at most one definition: {m['one_definition_share']:.1%}; median "
          f"{m['median_cell_lines']} lines; over {LIMITS['cell_lines']} lines: {len(m['cells_over_limit'])}")
    print(f"package lines: {m['package_lines']}; over {LIMITS['line_length']} characters: {len(m['long_lines'])} "
          f"({m['long_line_share']:.2%}); docstrings over {LIMITS['docstring_length']}: {len(m['long_docstrings'])}")
    print(f"largest modules: {', '.join(f'{k} {v}' for k, v in m['largest_modules'])}")
    bad = problems(m)
    if '--verbose' in sys.argv:
        for c in m['many_definitions']: print(f"  {c['notebook']} cell {c['cell']}: {', '.join(c['definitions'])}")
        for f, i in m['long_lines']: print(f"  {f}:{i}")
    for b in bad: print('over the limit:', b)
    if '--check' in sys.argv and bad: sys.exit(1)
