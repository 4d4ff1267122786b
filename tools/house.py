"""How readable the house is, measured: export cells and their definitions, line lengths, docstrings, module sizes,
the demos and their outputs, the rhythm of definition and demo, long signatures, and code in the paper notebooks.

    .venv/bin/python tools/house.py            # the figures, and the cells and modules over the limits
    .venv/bin/python tools/house.py --check    # exit 1 when a limit is broken (tests/test_house.py runs this)

A definition is a top-level `def`, `async def` or `class` of an export cell (nbdev's `#| export`); a cell may also
hold constants and imports. Package lines are the lines of `creaeval/**/*.py` but nbdev's `_modidx.py`. The limits
are the ones the project holds itself to.

A demo is a non-export code cell whose last statement is an expression that is not a `test_*` call (what a reader sees
printed); a test cell calls a `test_*` function or asserts. An export cell is *followed* when a demo or a test comes
after it before the next export cell. What a reader gets is measured more strictly: a *reader demo* is a code cell
that is not an export cell, calls no `test_*` function and asserts nothing, and keeps an output of more than
`reader_demo_chars` characters (text, or any image): not a value echoed under a test. A definition is *shown* when its
export cell is followed by a reader demo before the next export cell; export cells that define nothing are not
counted. A notebook *shows nothing* when none of its code cells keeps an output. The
required positional parameters of a function are those without a default before any `*` (`self` and `cls` not
counted). In the paper notebooks (`papers/**/*.ipynb`) only small plotting closures may be defined (at most
`closure_lines` lines, drawing on an axis or figure: the body names `ax`, `axes`, `fig` or `plt`); any other helper
belongs in the library, where it is tested.
"""
import ast, json, statistics, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMITS = dict(one_definition_share=0.80, cell_lines=50, long_line_share=0.01, line_length=120, module_lines=600,
              docstring_length=110, demo_output_share=0.95, followed_share=0.75, positional=6, closure_lines=12,
              paper_long_line_share=0.0, reader_demo_chars=200)

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

def _src(c) -> str: return ''.join(c['source']) if isinstance(c['source'], list) else c['source']

def _body(src: str) -> str:
    "The cell's Python: nbdev directives dropped, IPython magics and shell lines blanked."
    return '\n'.join('' if l.lstrip().startswith(('#|', '%', '!')) else l for l in src.split('\n'))

def cell_kind(c: dict) -> str|None:
    "'export', 'demo', 'test' or 'other' for a code cell; None for markdown."
    if c['cell_type'] != 'code': return None
    src = _src(c)
    if src.lstrip().startswith(('#| export', '#|export')): return 'export'
    try: tree = ast.parse(_body(src))
    except SyntaxError: return 'other'
    name = lambda call: getattr(call.func, 'id', '') or getattr(call.func, 'attr', '')
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr) and not (isinstance(last.value, ast.Call) and name(last.value).startswith('test')):
        return 'demo'
    if any(isinstance(n, ast.Assert) or (isinstance(n, ast.Call) and name(n).startswith('test')) for n in ast.walk(tree)):
        return 'test'
    return 'other'

def _has_test(c: dict) -> bool:
    "Whether a code cell calls a `test_*` function or asserts."
    try: tree = ast.parse(_body(_src(c)))
    except SyntaxError: return False
    name = lambda call: getattr(call.func, 'id', '') or getattr(call.func, 'attr', '')
    return any(isinstance(n, ast.Assert) or (isinstance(n, ast.Call) and name(n).startswith('test')) for n in ast.walk(tree))

def output_chars(c: dict) -> int:
    "Characters a code cell shows: its streams' and results' text; an image counts as more than any limit."
    n = 0
    for o in c.get('outputs', []):
        if o.get('output_type') == 'stream': n += len(_src({'source': o.get('text', '')}))
        data = o.get('data', {})
        if any(k.startswith('image/') for k in data): return 10**9
        for k in ('text/html', 'text/markdown', 'text/plain'):
            if k in data: n += len(_src({'source': data[k]})); break
    return n

def is_reader_demo(c: dict) -> bool:
    "A cell a reader looks at: no export, no test, an output over `reader_demo_chars` characters."
    return (c['cell_type'] == 'code' and cell_kind(c) != 'export' and not _has_test(c)
            and output_chars(c) > LIMITS['reader_demo_chars'])

def notebook_rhythm(nb: Path) -> dict:
    "Demos (and how many keep an output), export cells (and how many are followed by a demo or test), any output."
    cells = [c for c in json.loads(nb.read_text())['cells'] if c['cell_type'] == 'code']
    kinds = [cell_kind(c) for c in cells]
    demos = [c for c, k in zip(cells, kinds) if k == 'demo']
    followed, exports, defs, shown = 0, 0, 0, 0
    for i, k in enumerate(kinds):
        if k != 'export': continue
        exports += 1
        for k2 in kinds[i+1:]:
            if k2 == 'export': break
            if k2 in ('demo', 'test'): followed += 1; break
        tree = ast.parse(_body(_src(cells[i])))
        n = sum(isinstance(t, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for t in tree.body)
        after = next((j for j in range(i + 1, len(kinds)) if kinds[j] == 'export'), len(kinds))
        defs += n; shown += n * any(is_reader_demo(c) for c in cells[i+1:after])
    return dict(notebook=nb.name, demos=len(demos), demos_shown=sum(bool(c.get('outputs')) for c in demos),
                exports=exports, followed=followed, shows=any(c.get('outputs') for c in cells),
                definitions=defs, definitions_shown=shown,
                reader_demos=sum(is_reader_demo(c) for c in cells))

def long_signatures(files: list[Path], limit: int) -> list[tuple[str, str, int]]:
    "(file, function, required positional parameters) for every function over the limit."
    out = []
    for p in files:
        for n in ast.walk(ast.parse(p.read_text())):
            if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)): continue
            pos = n.args.posonlyargs + n.args.args
            req = len(pos) - len(n.args.defaults) - (1 if pos and pos[0].arg in ('self', 'cls') else 0)
            if req > limit: out.append((str(p.relative_to(ROOT)), n.name, req))
    return out

def paper_code(papers: Path=ROOT/'papers') -> dict:
    "Per paper notebook: code lines, lines over the line limit, and the functions it defines (name, lines)."
    out = {}
    for nb in sorted(papers.rglob('*.ipynb')):
        lines, defs = [], []
        for c in json.loads(nb.read_text())['cells']:
            if c['cell_type'] != 'code': continue
            src = _src(c); lines += src.split('\n')
            for n in ast.walk(ast.parse(_body(src))):
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Lambda): n.name = n.targets[0].id  # f = lambda
                elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): continue
                if True:
                    draws = {x.id for x in ast.walk(n) if isinstance(x, ast.Name)} & {'ax', 'axes', 'fig', 'plt'}
                    defs.append((getattr(n, 'name', 'lambda'), n.end_lineno - n.lineno + 1, bool(draws)))
        out[str(nb.relative_to(ROOT))] = dict(lines=len(lines), definitions=defs,
                                              long=sum(len(l) > LIMITS['line_length'] for l in lines))
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
    rhythm = [notebook_rhythm(nb) for nb in sorted((ROOT/'nbs').glob('[0-9]*.ipynb'))]
    papers = paper_code()
    demos, shown = sum(r['demos'] for r in rhythm), sum(r['demos_shown'] for r in rhythm)
    exports, followed = sum(r['exports'] for r in rhythm), sum(r['followed'] for r in rhythm)
    paper_lines = sum(v['lines'] for v in papers.values())
    defs, defs_shown = sum(r['definitions'] for r in rhythm), sum(r['definitions_shown'] for r in rhythm)
    return dict(definitions=defs, definitions_shown=defs_shown, definitions_shown_share=defs_shown / defs,
                reader_demos=sum(r['reader_demos'] for r in rhythm), demos=demos, demos_shown=shown, demo_output_share=shown / demos,
                followed=followed, followed_share=followed / exports, rhythm=rhythm,
                shows_nothing=[r['notebook'] for r in rhythm if not r['shows']],
                long_signatures=long_signatures(files, LIMITS['positional']),
                paper_lines=paper_lines, paper_long_line_share=sum(v['long'] for v in papers.values()) / paper_lines,
                paper_definitions=[(k, n, k2) for k, v in papers.items() for n, k2, draws in v['definitions']
                                   if k2 > LIMITS['closure_lines'] or not draws],
                export_cells=len(cells),
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
    if m['demo_output_share'] < LIMITS['demo_output_share']:
        out.append(f"{m['demos_shown']} of {m['demos']} demo cells keep their output ({m['demo_output_share']:.0%}, "
                   f"limit {LIMITS['demo_output_share']:.0%})")
    out += [f"{nb} shows nothing" for nb in m['shows_nothing']]
    if m['followed_share'] < LIMITS['followed_share']:
        out.append(f"{m['followed']} of {m['export_cells']} export cells are followed by a demo or test "
                   f"({m['followed_share']:.0%}, limit {LIMITS['followed_share']:.0%})")
    out += [f"{f} {n}: {k} required positional parameters (limit {LIMITS['positional']})"
            for f, n, k in m['long_signatures']]
    out += [f"{f} defines {n} ({k} lines; only plotting closures of at most {LIMITS['closure_lines']} lines)"
            for f, n, k in m['paper_definitions']]
    if m['paper_long_line_share'] > LIMITS['paper_long_line_share']:
        out.append(f"{m['paper_long_line_share']:.1%} of the paper notebooks' code lines are over "
                   f"{LIMITS['line_length']} characters")
    return out

if __name__ == '__main__':
    m = measure()
    print(f"export cells: {m['export_cells']}; at most one definition: {m['one_definition_share']:.1%}; median "
          f"{m['median_cell_lines']} lines; over {LIMITS['cell_lines']} lines: {len(m['cells_over_limit'])}")
    print(f"package lines: {m['package_lines']}; over {LIMITS['line_length']} characters: {len(m['long_lines'])} "
          f"({m['long_line_share']:.2%}); docstrings over {LIMITS['docstring_length']}: {len(m['long_docstrings'])}")
    print(f"demos: {m['demos']}, keeping their output: {m['demos_shown']} ({m['demo_output_share']:.1%}); "
          f"notebooks showing nothing: {len(m['shows_nothing'])}")
    print(f"definitions followed by a reader demo (no test, output over {LIMITS['reader_demo_chars']} characters): "
          f"{m['definitions_shown']} of {m['definitions']} ({m['definitions_shown_share']:.1%}); reader demos: "
          f"{m['reader_demos']}; export cells holding two or more definitions: {len(m['many_definitions'])}")
    print(f"export cells followed by a demo or test: {m['followed']} of {m['export_cells']} ({m['followed_share']:.1%}); "
          f"functions over {LIMITS['positional']} required positional parameters: {len(m['long_signatures'])}")
    print(f"paper notebooks: {m['paper_lines']} code lines, {m['paper_long_line_share']:.1%} over "
          f"{LIMITS['line_length']} characters, definitions over {LIMITS['closure_lines']} lines: "
          f"{len(m['paper_definitions'])}")
    if '--notebooks' in sys.argv:
        for r in m['rhythm']:
            print(f"  {r['notebook']:28} demos {r['demos_shown']:3}/{r['demos']:<3} followed {r['followed']:3}/{r['exports']:<3} "
                  f"definitions shown {r['definitions_shown']:3}/{r['definitions']}")
    print(f"largest modules: {', '.join(f'{k} {v}' for k, v in m['largest_modules'])}")
    bad = problems(m)
    if '--verbose' in sys.argv:
        for c in m['many_definitions']: print(f"  {c['notebook']} cell {c['cell']}: {', '.join(c['definitions'])}")
        for f, i in m['long_lines']: print(f"  {f}:{i}")
    for b in bad: print('over the limit:', b)
    if '--check' in sys.argv and bad: sys.exit(1)
