"""The package's layers: each module imports only modules below it, and nothing forms a circle.

The order is the data flow: the task model, schemas and parsing; the data and the score table built from it; the
LLM client, the in-process models and the factory over both; samples; metrics and analysis; the methods; the runner;
what builds on runs. Imports are read with `ast`, module-level and function-local alike, so a late import cannot hide
an upward dependency. Function-local imports are allowed only for heavy optional dependencies.
"""
import ast
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]/'creaeval'

# bottom to top; modules on one line may not import each other
LAYERS = [
    ['core'],
    ['cgpst'],
    ['schemas', 'parse'],
    ['readers', 'rundir'],
    ['sources'],
    ['sheets'],
    ['loaders'],
    ['scores', 'pilot'],
    ['cache', 'structured'],
    ['llm', 'weights'],
    ['guide'],
    ['local'],
    ['models'],
    ['samples', 'samplers'],
    ['metrics', 'entropy'],
    ['agreement', 'embed', 'plots'],
    ['aut_ttcw', 'bias', 'degenerate'],
    ['nli', 'diversity', 'store', 'aut_reference', 'training'],
    ['scorer'],
    ['general'],
    ['scorefile'],
    ['methods.sot'],
    ['methods.judge'],
    ['methods.common'],
    ['methods.creaeval', 'methods.baselines', 'methods.tasks', 'methods.agents'],
    ['methods.registry'],
    ['runner'],
    ['injection', 'reports', 'p1data', 'stepwise'],
    ['se_compare'],
    ['p2tables'],
    ['mgjudge'],
    ['mgscore', 'papers'],
    ['cli'],
]
LEVEL = {m: i for i, row in enumerate(LAYERS) for m in row}
# optional, or slow to import and needed by few functions: imported where used
HEAVY = {'torch', 'transformers', 'llama_cpp', 'chromadb', 'peft', 'bert_score', 'papermill', 'jupyter_client', 'matplotlib', 'PIL', 'seaborn',
         'httpx',   # the HTTP client under openai: imported where a call is made, as openai is
         'nltk',    # only Self-BLEU needs it, and it takes about a second to import
         'statsmodels', 'openai', 'onnxruntime', 'sklearn', 'jsonschema'}

def modules():
    out = {}
    for p in sorted(ROOT.rglob('*.py')):
        if p.name in ('__init__.py', '_modidx.py'): continue
        out['.'.join(p.relative_to(ROOT).with_suffix('').parts)] = p
    return out

def imports(name: str, path: Path):
    "(imported creaeval module, line, inside a function?) for every import of the file."
    tree = ast.parse(path.read_text())
    pkg = name.rsplit('.', 1)[0] if '.' in name else ''
    funcs = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(f)}
    out = []
    for node in ast.walk(tree):
        local = id(node) in funcs
        if isinstance(node, ast.Import):
            for a in node.names: out.append((a.name, node.lineno, local))
        elif isinstance(node, ast.ImportFrom):
            if node.level:   # relative: resolve against the package
                base = pkg.split('.') if pkg else []
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                mod = '.'.join(base + ([node.module] if node.module else []))
                targets = [mod] if node.module else [f"{mod}.{a.name}".strip('.') for a in node.names]
                out += [('creaeval.' + t if t else 'creaeval', node.lineno, local) for t in targets]
            else: out.append((node.module, node.lineno, local))
    return out

def test_every_module_has_a_layer():
    assert sorted(modules()) == sorted(LEVEL), (set(modules()) ^ set(LEVEL))

@pytest.mark.parametrize('name', sorted(LEVEL))
def test_imports_go_down(name):
    path = modules()[name]
    for mod, line, local in imports(name, path):
        if mod.startswith('creaeval.') or mod == 'creaeval':
            target = mod.removeprefix('creaeval.')
            if target == 'methods': continue   # `from creaeval.methods import sot, ...`: checked as the submodules below
            target = target if target in LEVEL else next((t for t in LEVEL if target.startswith(t + '.')), target)
            assert target in LEVEL, f"{path.name}:{line}: imports unknown module creaeval.{target}"
            assert LEVEL[target] < LEVEL[name], f"{path.name}:{line}: {name} (layer {LEVEL[name]}) imports {target} (layer {LEVEL[target]})"
            assert not local, f"{path.name}:{line}: function-local import of creaeval.{target}; import it at the top"
        elif local:
            assert mod.split('.')[0] in HEAVY, f"{path.name}:{line}: function-local import of {mod} (only {sorted(HEAVY)} may be)"

def notebook_numbers(nbs: Path=ROOT.parent/'nbs') -> dict:
    "module -> the number of the notebook that defines it (its `default_exp`)."
    import json, re
    out = {}
    for nb in nbs.glob('[0-9]*.ipynb'):
        for c in json.loads(nb.read_text())['cells']:
            if m := re.search(r'#\| ?default_exp (\S+)', ''.join(c['source'])): out[m.group(1)] = int(nb.name[:2])
    return out

@pytest.mark.parametrize('name', sorted(LEVEL))
def test_notebook_numbers_follow_the_layers(name):
    "A notebook's number is above the numbers of the notebooks whose modules it imports: `nbs/` read in order is bottom-up."
    num = notebook_numbers()
    for mod, line, _ in imports(name, modules()[name]):
        target = (mod or '').removeprefix('creaeval.')
        if mod and mod.startswith('creaeval.') and target in num:
            assert num[target] < num[name], f"{name} (notebook {num[name]:02}) imports {target} (notebook {num[target]:02})"

def test_from_methods_package_imports_are_below():
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module in ('creaeval.methods',) or (node.level and node.module == 'methods')):
                for a in node.names:
                    assert LEVEL[f"methods.{a.name}"] < LEVEL[name], f"{path.name}: {name} imports methods.{a.name}"

def test_the_checker_catches_an_upward_import(tmp_path):
    bad = tmp_path/'cgpst.py'
    bad.write_text("from .runner import evaluate\ndef f():\n    import numpy\n")
    found = imports('cgpst', bad)
    assert ('creaeval.runner', 1, False) in found and ('numpy', 3, True) in found
    assert LEVEL['runner'] > LEVEL['cgpst']

def test_every_module_is_in_the_readme_table():
    "The table of notebooks (docs/layers.md, which README.md points to) names every module (as `creaeval.x` or `.x`)."
    from reader_text import reader_text
    text = reader_text('layers')
    lines = text[text.index('| notebook | module |'):].splitlines()
    table = '\n'.join(lines[:next((i for i, l in enumerate(lines) if not l.startswith('|')), len(lines))])
    missing = [m for m in LEVEL if f"`creaeval.{m}`" not in table and f"`.{m}`" not in table
               and f"`.{m.split('.')[-1]}`" not in table]
    assert not missing, f"README table lacks {missing}"
