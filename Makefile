# Two commands do all the set-up on a fresh Debian machine (Python 3.11, Node 20 + npm):
#   make play   fetch the runtime if needed and serve the game on http://127.0.0.1:8000/ (PORT=...)
#   make test   install what the tests need (Chromium, Firefox ESR, WebKitGTK's WebDriver, Xvfb,
#               .venv with pytest + Playwright + websocket-client) and run them,
#               timing each part (install, runtime, check, engine tests spread over every core
#               by pytest-xdist, browser tests two files at a time)
#   make check  lint (ruff check), format check (ruff format --check), strict types (mypy)
# Other targets: runtime, site, test-deps, tools-deps, lint, format, typecheck, clean. Narrower runs:
#   make test PYTEST_ARGS="-m 'not browser'"   (engine tests only)
#   .venv/bin/python -m pytest -m "not browser and not slow"   (the inner loop; no Playwright needed)
# The tools are modules: python -m tools.build.serve, python -m tools.bench.bot ... (tools/README.md).

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PYTEST_ARGS ?=
CHROMIUM := /usr/bin/chromium
# The smoke set's other engines (tests/browser/test_engines.py): Firefox ESR over WebDriver
# BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver, in an Xvfb display.
FIREFOX := /usr/bin/firefox-esr
WEBKIT_DRIVER := /usr/bin/WebKitWebDriver
XVFB := /usr/bin/Xvfb
# GNU Backgammon 1.07 judges the .mat files we write (tests/test_mat_gnubg.py).
GNUBG := /usr/games/gnubg
# apt-get needs root; use sudo only when we are not root already.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play serve runtime site test test-deps tools-deps check lint format-check format typecheck clean

# Serves site/, the folder the deploy publishes, made of links to the files here (an edit
# shows at the next reload; a new file needs `make play` again).
play: runtime
	$(PYTHON) -m tools.build.site --link
	PORT=$(PORT) $(PYTHON) -m tools.build.serve --root site

serve: play

# site/: exactly what the deploy publishes (netlify.toml), copied.
site: runtime
	$(PYTHON) -m tools.build.site

# Copies PyScript + Pyodide (versions pinned in package-lock.json) into runtime/, running
# npm ci first when node_modules is missing or stale; quick when already up to date. Then
# writes sw-files.js, the service worker's list and version of every file served.
runtime:
	$(PYTHON) -m tools.build.runtime
	$(PYTHON) -m tools.build.sw

# The checks first (fast), then every test; doctests of game/ run in tests/test_doctests.py.
# Each part is timed; the times are printed together at the end (and as each part ends).
TIMES := .make-test-times
timed = start=$$(date +%s); $(2); status=$$?; \
	line="make test: $(1) took $$(( $$(date +%s) - start )) s"; \
	echo "$$line"; echo "$$line" >> $(TIMES); exit $$status

test:
	@rm -f $(TIMES)
	@$(call timed,install,$(MAKE) --no-print-directory test-deps)
	@$(call timed,runtime,$(MAKE) --no-print-directory runtime)
	@$(call timed,check,$(MAKE) --no-print-directory check)
ifeq ($(strip $(PYTEST_ARGS)),)
	@$(call timed,engine tests,$(PY) -m pytest -m "not browser" -n auto --durations=15)
	@$(call timed,browser tests,$(PY) -m pytest tests/browser -n 2 --dist loadfile --durations=30)
else
	@$(call timed,tests,$(PY) -m pytest $(PYTEST_ARGS))
endif
	@echo "make test: the times of each part:"; cat $(TIMES)

test-deps: $(CHROMIUM) $(FIREFOX) $(WEBKIT_DRIVER) $(XVFB) $(GNUBG) $(VENV)/.test-deps

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

$(FIREFOX):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y firefox-esr

# webkit2gtk-driver brings libwebkit2gtk-4.1-0, whose MiniBrowser it drives.
$(WEBKIT_DRIVER):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y webkit2gtk-driver

$(XVFB):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y xvfb

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
	rm -rf runtime site test-results .pytest_cache
