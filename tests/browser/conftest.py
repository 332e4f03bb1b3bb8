"""Browser tests: the site served on 127.0.0.1, Debian's Chromium driven by Playwright.

Every test in tests/browser/ gets the `browser` marker, so `python -m pytest -m "not browser"`
runs the engine tests alone. Helpers to import live in tests/browser/pages.py
(`open_game`, `open_ready`, `RequestLog`, `assert_no_request_left_localhost`).

Fixtures:
- `site` (session): tools/build/server.py on a free port of 127.0.0.1 (URL ends with "/"); it is
  also pytest-playwright's `base_url`, so pages take paths relative to the repo root.
  runtime/ is brought up to date first, as `make runtime` does.
- Chromium is /usr/bin/chromium with the flags of shared/runtime.md (no background
  networking), set through pytest-playwright's `browser_type_launch_args`.
  `playwright install` is never needed.
- `request_log` (function): every URL requested through the test's `context` (so `page`);
  `request_log.assert_local()` fails if any left 127.0.0.1.
- `game_page` (function), `shared_game` (module), `shared_context`, `shared_request_log`
  (session): see below.

Keeping the suite fast (each navigation boots Pyodide again, about 2-3 s here):
- `make test` runs the files in two processes (pytest-xdist, `-n 2 --dist loadfile`): a file
  stays in one process, so its module-scoped pages are still shared; each process has its own
  site, browser and profile (a test waits on the page far more than it computes).
- The browser is launched once per session (pytest-playwright's `browser`).
- `game_page` is a new tab in ONE context shared by the whole session (a Chromium with an
  on-disk profile), with the site's localStorage cleared first: the 9.6 MB wasm stays in its
  HTTP cache (revalidated with a 304), whereas pytest-playwright's `page` gets a fresh
  incognito context that downloads it all again. Prefer `game_page`; use `page`/`new_context`
  when a test needs its own context (a phone viewport, cross-site frames, an empty cache, a
  request log of its own).
- Tests that only read a page (no clicks that change the game) can share one booted page:
  `shared_game` is opened once per module with no query; do not change its state.
- `shared_request_log` holds every request of the shared context during the session.
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from tests.browser.pages import RequestLog, clear_site_storage, open_game
from tools.build.server import serve_in_thread

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# Without the background-networking flags Chromium keeps trying hosts it cannot reach.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """Base URL of the repo root served on 127.0.0.1 (ends with "/")."""
    # npm ci when needed, then copy into runtime/ (quick when it is up to date); one process at
    # a time, since make test runs the browser tests in two (pytest-xdist).
    lock = Path(tempfile.gettempdir()) / f"backgammon-runtime-{zlib.crc32(bytes(ROOT))}.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        subprocess.run([sys.executable, "-m", "tools.build.runtime"], cwd=ROOT, check=True)
    server, url = serve_in_thread()
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site: str) -> str:
    """pytest-playwright gives this to every context it makes."""
    return site


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def request_log(context: BrowserContext) -> RequestLog:
    """Every request made through this test's `context` (and so its `page`)."""
    return RequestLog().attach(context)


@pytest.fixture(scope="session")
def shared_request_log() -> RequestLog:
    return RequestLog()


@pytest.fixture(scope="session")
def shared_context(
    browser_type: BrowserType,
    browser_type_launch_args: dict,
    browser_context_args: dict,
    shared_request_log: RequestLog,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[BrowserContext]:
    """One context with an on-disk profile for the whole session.

    A persistent profile, because an ordinary (incognito) context does not keep the 9.6 MB
    wasm in its memory cache: with a profile it is revalidated with a 304 and Chromium can
    reuse its compiled code.
    """
    context = browser_type.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"),
        **browser_type_launch_args,
        **browser_context_args,
    )
    shared_request_log.attach(context)
    yield context
    context.close()


@pytest.fixture
def game_page(shared_context: BrowserContext) -> Iterator[Page]:
    """A new tab in the shared context, with the site's storage cleared."""
    page = shared_context.new_page()
    clear_site_storage(page)
    yield page
    page.close()


@pytest.fixture(scope="module")
def shared_game(shared_context: BrowserContext) -> Iterator[Page]:
    """The game booted once per test module; tests must not change its state."""
    page = shared_context.new_page()
    clear_site_storage(page)
    open_game(page)
    yield page
    page.close()
