# Two commands do all the set-up on a fresh Debian machine (Python 3.11, Node 20 + npm):
#   make play   fetch the runtime if needed and serve the game on http://127.0.0.1:8000/ (PORT=...)
#   make test   install what the tests need (Chromium, .venv with pytest + Playwright) and run them
#   make check  lint (ruff check), format check (ruff format --check), strict types (mypy)
# Other targets: runtime, test-deps, tools-deps, lint, format, typecheck, clean. Narrower runs:
#   make test PYTEST_ARGS="-m 'not browser'"   (engine tests only)

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PYTEST_ARGS ?=
CHROMIUM := /usr/bin/chromium
# GNU Backgammon 1.07 judges the .mat files we write (tests/test_mat_gnubg.py).
GNUBG := /usr/games/gnubg
# apt-get needs root; use sudo only when we are not root already.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play serve runtime test test-deps tools-deps check lint format-check format typecheck clean

play: runtime
	PORT=$(PORT) $(PYTHON) tools/serve.py

serve: play

# Copies PyScript + Pyodide (versions pinned in package-lock.json) into runtime/, running
# npm ci first when node_modules is missing or stale; quick when already up to date.
runtime:
	$(PYTHON) tools/fetch_runtime.py

# The checks first (fast), then every test; doctests of game/ run in tests/test_doctests.py.
test: test-deps runtime check
	$(PY) -m pytest $(PYTEST_ARGS)

test-deps: $(CHROMIUM) $(GNUBG) $(VENV)/.test-deps

tools-deps: $(VENV)/.tools-deps

check: lint format-check typecheck

lint: $(VENV)/.test-deps
	$(VENV)/bin/ruff check game tools tests

format-check: $(VENV)/.test-deps
	$(VENV)/bin/ruff format --check game tools tests

# Rewrites the files: run before committing when format-check complains.
format: $(VENV)/.test-deps
	$(VENV)/bin/ruff format game tools tests

typecheck: $(VENV)/.test-deps
	$(VENV)/bin/mypy

$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

$(GNUBG):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y gnubg

# Debian's python3 needs the python3-venv package to make a virtual environment.
$(PY):
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV) && $(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv && \
		$(PYTHON) -m venv $(VENV); }

$(VENV)/.test-deps: requirements-test.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-test.txt
	touch $@

$(VENV)/.tools-deps: requirements-tools.txt requirements-test.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-tools.txt
	touch $@

clean:
	rm -rf runtime test-results .pytest_cache
