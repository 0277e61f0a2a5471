# bazas developer tasks. Everything runs from the project's own virtualenv (.venv/bin/...),
# never from an activated environment.
#
#   make install       .venv with `pip install -e '.[dev]'` (re-run only when pyproject.toml changes)
#   make system-deps   Debian packages the tests use: chromium, postgresql, nodejs (only if missing)
#   make lint          ruff + mypy + import-linter + vulture (dead code)
#   make test          install + system-deps + lint, then pytest
#   make run           bazas serve          (ARGS="..." passes options)
#   make bench         bazas bench engine   (ARGS="..." passes options)
#   make lock          rewrite constraints.txt (the exact versions installed) from the venv
#   make audit         check constraints.txt against known vulnerabilities (pip-audit, own venv)
#   make clean         caches and build artifacts;  make distclean: also .venv

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest-xdist workers (one per core on the 2-core CI machine); `make test PYTEST_WORKERS=0` runs
# everything in one process. Tests sharing a resource that isn't per-process can pin themselves to
# one worker with @pytest.mark.xdist_group("name") (we use --dist loadgroup).
PYTEST_WORKERS ?= 2
PYTEST_ARGS ?=
ARGS ?=

ifeq ($(PYTEST_WORKERS),0)
XDIST :=
else
XDIST := -n $(PYTEST_WORKERS) --dist loadgroup
endif

.PHONY: help venv install system-deps lint test run bench lock audit clean distclean

help:
	@sed -n 's/^#   //p' $(firstword $(MAKEFILE_LIST))

# --- environment -------------------------------------------------------------------------------

# The venv exists once it has a pip. A half-made one (e.g. Debian without python3-venv) is redone.
$(BIN)/pip:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || { \
	  echo "error: $(PYTHON) is $$($(PYTHON) --version 2>&1); bazas needs Python >= 3.11 (make PYTHON=python3.11)" >&2; \
	  exit 1; }
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || PYTHON=$(PYTHON) bash scripts/install-system-deps.sh python3-venv
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)

venv: $(BIN)/pip

$(STAMP): pyproject.toml constraints.txt $(BIN)/pip
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar off -q -c constraints.txt -e '.[dev]'
	@touch $@

install: $(STAMP)

system-deps:
	@bash scripts/install-system-deps.sh

# --- checks ------------------------------------------------------------------------------------

# mypy checks src/bazas and tests/ (the files of pyproject's [tool.mypy]; strict for the engine only).
lint: install
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/vulture

# Browser tests run in their own pytest process: Playwright's sync API keeps an event loop running
# in its process, which would break the asyncio-based server tests sharing a worker with it.
test: install system-deps lint
	$(BIN)/pytest $(XDIST) -m "not browser" $(PYTEST_ARGS)
	$(BIN)/pytest $(XDIST) -m browser $(PYTEST_ARGS)

# --- programs ----------------------------------------------------------------------------------

run: install
	$(BIN)/bazas serve $(ARGS)

bench: install
	$(BIN)/bazas bench engine $(ARGS)

# --- dependencies ------------------------------------------------------------------------------

lock: install
	{ sed -n '1,2p' constraints.txt; $(BIN)/python -m pip freeze --exclude-editable | grep -v '^bazas'; } > constraints.new
	mv constraints.new constraints.txt

audit:
	test -x .venv-audit/bin/pip-audit || { $(PYTHON) -m venv .venv-audit && .venv-audit/bin/pip install -q pip-audit; }
	.venv-audit/bin/pip-audit --no-deps --disable-pip -r constraints.txt

# --- housekeeping ------------------------------------------------------------------------------

clean:
	rm -rf build dist .eggs src/*.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis \
	  .import_linter_cache artifacts
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) .venv-audit
