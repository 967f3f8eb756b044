# stoplib workbook. Two commands set everything up on a fresh machine:
#   make workbook   # create .venv, install, execute every notebook (full mode)
#   make test       # same install step, then the whole test suite (notebooks in quick mode)
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.stoplib-installed
PYTEST_ARGS ?=

.PHONY: install workbook quick-workbook test test-fast bench bench-full lab clean-cache help

help:
	@echo "make workbook   install into .venv and execute every notebook (full mode)"
	@echo "make test       install into .venv and run the whole test suite"
	@echo "make bench      run the benchmarks (make bench-full for the largest sizes)"
	@echo "make lab        open JupyterLab on notebooks/"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

workbook: install
	$(PY) -m stoplib.workbook.runner run --mode full

quick-workbook: install
	STOPLIB_QUICK=1 $(PY) -m stoplib.workbook.runner run --mode quick

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

test-fast: install
	$(PY) -m pytest -m "not notebook and not slow" $(PYTEST_ARGS)

bench: install
	$(PY) benchmarks/run_all.py

bench-full: install
	$(PY) benchmarks/run_all.py --full

lab: install
	$(VENV)/bin/jupyter lab notebooks/

clean-cache:
	find stoplib -name '__pycache__' -type d -prune -exec rm -rf {} +
