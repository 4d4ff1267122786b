"""One declaration of the dependencies: pyproject.toml. The requirement files and environment.yml are what
`tools/deps.py` writes from it, and every third-party module the package imports is declared in one of its groups."""
import ast, importlib.metadata, importlib.util, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location('deps', ROOT/'tools/deps.py')
deps = importlib.util.module_from_spec(spec); spec.loader.exec_module(deps)

def test_files_agree_with_pyproject():
    for name, text in deps.rendered().items():
        assert (ROOT/name).read_text() == text, f"{name} differs from pyproject.toml: run `python3 tools/deps.py`"

def test_a_change_in_pyproject_shows(tmp_path):
    src = (ROOT/'pyproject.toml').read_text()
    (tmp_path/'pyproject.toml').write_text(src.replace('"ruff==0.17.6"', '"ruff==0.1.0"'))
    r = deps.rendered(tmp_path/'pyproject.toml')
    assert 'ruff==0.1.0\n' in r['requirements-test.txt'] and r['requirements-test.txt'] != deps.rendered()['requirements-test.txt']
    (tmp_path/'pyproject.toml').write_text(src.replace('\ntest = [', '\ntests = ['))
    with pytest.raises(SystemExit, match="no group 'test'"): deps.rendered(tmp_path/'pyproject.toml')

def _name(req: str) -> str:
    "'llama-cpp-python[server]==0.3.36' -> 'llama-cpp-python' (normalised)."
    for c in '[=<>~!; ': req = req.split(c)[0]
    return req.lower().replace('_', '-')

def imported_modules(pkg: Path=ROOT/'creaeval') -> dict[str, str]:
    "Every third-party top-level module the package imports -> a file that imports it."
    out = {}
    for p in sorted(pkg.rglob('*.py')):
        for n in ast.walk(ast.parse(p.read_text())):
            mods = [a.name for a in n.names] if isinstance(n, ast.Import) else \
                   [n.module] if isinstance(n, ast.ImportFrom) and n.module and not n.level else []
            for m in mods:
                top = m.split('.')[0]
                if top not in sys.stdlib_module_names and top != 'creaeval': out.setdefault(top, p.name)
    return out

def test_every_import_is_declared():
    "A module imported by the package comes from a distribution one of pyproject's groups names (peft, chromadb, ...)."
    declared = {_name(r) for rs in deps.groups().values() for r in rs}
    dists = importlib.metadata.packages_distributions()
    missing = []
    for mod, where in imported_modules().items():
        names = {d.lower().replace('_', '-') for d in dists.get(mod, [])}
        if not names & declared: missing.append(f"{mod} (imported in {where}; distributions {sorted(names) or 'not installed'})")
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"
