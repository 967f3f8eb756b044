# stoplib workbook. Two commands set everything up on a fresh machine:
#   make workbook   # create .venv, install, re-execute the stale notebooks (full mode; on a fresh clone: none)
#   make workbook-all  # re-execute every notebook (full mode)
#   make test       # same install step, then the whole test suite (notebooks in quick mode)
#   make site       # the executed workbook as a static site (_site/_build/html)
#   make app        # the panels as a dashboard (Voila on 127.0.0.1; Ctrl-C stops it)
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.stoplib-installed
PYTEST_ARGS ?=

.PHONY: install browser workbook workbook-all quick-workbook test test-fast stress bench bench-full lab site app screenshots clean-cache help

help:
	@echo "make workbook   install into .venv and re-execute the notebooks whose inputs changed (full mode)"
	@echo "make workbook-all  install into .venv and re-execute every notebook (full mode)"
	@echo "make test       install into .venv and run the whole test suite"
	@echo "make bench      run the benchmarks (make bench-full for the largest sizes)"
	@echo "make lab        open JupyterLab on notebooks/"
	@echo "make site       build the static site of the executed notebooks into _site/_build/html"
	@echo "make app        serve the panels as a Voila dashboard on 127.0.0.1 (Ctrl-C stops it)"
	@echo "make screenshots  retake docs/screenshots/ (the site and the app, in Chromium)"
	@echo "make stress     execute the widget notebooks 20 times each under CPU load (not in CI)"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e ".[dev,site]"
	touch $(STAMP)

install: $(STAMP)

# The browser test drives Debian's Chromium with Playwright (never `playwright install`,
# which downloads a browser). Installed here when it is missing.
CHROMIUM ?= /usr/bin/chromium
browser:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "installing Debian's chromium for the browser test"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi
	@"$(CHROMIUM)" --version

# Re-executes only the notebooks whose inputs (cells, the stoplib code they run, the data files
# they read) changed since their last run (notebooks/stamps.json); `make workbook-all` runs all.
workbook: install
	$(PY) -m stoplib.workbook.runner run --mode full --stale
	$(PY) -m stoplib.workbook.readme

workbook-all: install
	$(PY) -m stoplib.workbook.runner run --mode full
	$(PY) -m stoplib.workbook.readme

quick-workbook: install
	STOPLIB_QUICK=1 $(PY) -m stoplib.workbook.runner run --mode quick

# Two pytest-xdist workers (one per core), the long tests first; the 15 slowest are listed at the end.
test: install browser
	$(PY) -m pytest -n 2 --dist worksteal --durations=15 $(PYTEST_ARGS)

test-fast: install
	$(PY) -m pytest -n 2 --dist worksteal -m "not notebook and not slow and not browser" $(PYTEST_ARGS)

stress: install
	$(PY) -m stoplib.workbook.stress --repeat 20 --load 2 --bound 300

bench: install
	$(PY) benchmarks/run_all.py

bench-full: install
	$(PY) benchmarks/run_all.py --full

lab: install
	$(VENV)/bin/jupyter lab notebooks/

# The executed notebooks as a static site, built offline from their committed outputs (Jupyter Book 1,
# configured in site/): nothing is executed, nothing is fetched.
site: install
	$(PY) -m stoplib.workbook.site build

# The chapters' panels as a dashboard: Voila serves one page per chapter, generated from the
# notebooks into _app/; it prints its URL, and Ctrl-C stops it and its kernels.
app: install
	$(PY) -m stoplib.workbook.app serve

screenshots: install browser
	$(PY) docs/screenshots.py

clean-cache:
	find stoplib -name '__pycache__' -type d -prune -exec rm -rf {} +
