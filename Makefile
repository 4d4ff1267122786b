# The two set-up commands of creaeval (see README.md):
#   make test       create .venv and run every test (one pytest test per notebook, plus integration tests)
#   make reproduce  create .venv and regenerate every table and figure from the cached runs in data/
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: test reproduce env lab export clean-nbs

env: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -r requirements.txt
	$(PY) -m pip install --no-deps --no-build-isolation -e .
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (creaeval)"
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m pytest tests -ra --durations=15

reproduce: $(STAMP)
	$(VENV)/bin/creaeval reproduce

lab: $(STAMP)
	$(VENV)/bin/jupyter lab

# the nbdev loop: notebooks -> creaeval/, then strip outputs and noisy metadata
export: $(STAMP)
	$(VENV)/bin/nbdev-export
	$(VENV)/bin/nbdev-clean
