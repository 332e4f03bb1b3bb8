"""Helpers for browser tests: open a page and wait until Python is ready; audit requests.

    from tests.browser.pages import open_game

    def test_board_shows_thirty_checkers(game_page):
        open_game(game_page, "seed=3")
        ...

Paths are relative to the served site: every context made by the fixtures of conftest.py has
the site as its `base_url`. The contract with the pages: `<body data-ready="true">` once Python
has loaded and the page is usable; `<body data-error="<message>">` if start-up failed.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

# The first boot on a loaded 2-core machine can take tens of seconds.
READY_TIMEOUT_MS = 90_000

GAME_PAGE = "index.html"
BARE_PAGE = "tools/bare/index.html"
# A same-origin page with no Python, for clearing storage cheaply.
BLANK_PAGE = "tools/bare/blank.html"

LOCAL_HOSTS = {"127.0.0.1", "localhost"}  # localhost: a second site on this machine (embeds)
# Schemes that never reach a network.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}

_READY_OR_ERROR = (
    "() => document.body !== null && (document.body.dataset.ready === 'true'"
    " || document.body.dataset.error !== undefined)"
)


def open_ready(page: Page, path: str, query: str = "", timeout_ms: int = READY_TIMEOUT_MS) -> Page:
    """Open `<site>/<path>?<query>` and wait for `<body data-ready="true">`.

    Fails the test at once with the page's own message if it sets `data-error`.
    """
    url = path.lstrip("/") + (f"?{query.lstrip('?')}" if query else "")
    page.goto(url)
    page.wait_for_function(_READY_OR_ERROR, timeout=timeout_ms)
    error = page.evaluate("() => document.body.dataset.error")
    if error is not None:
        pytest.fail(f"{path} reported a start-up error: {error}")
    return page


def open_game(page: Page, query: str = "") -> Page:
    """Open the game (`index.html?<query>`, e.g. "seed=3") and wait until it is playable."""
    return open_ready(page, GAME_PAGE, query)


def until_pool(page: Page, name: str, value: int, timeout_ms: int) -> None:
    """Wait until the pool's status (boot.js's ``workerPool.status``) says ``name`` is
    ``value``. (``wait_for_function`` does not wait for a promise: an async predicate is
    truthy at once.)"""
    deadline = time.monotonic() + timeout_ms / 1000
    status = "async () => JSON.parse(await window.workerPool.status())"
    while page.evaluate(status)[name] != value:
        assert time.monotonic() < deadline, f"the pool's {name} never became {value}"
        page.wait_for_timeout(50)


def clear_site_storage(page: Page) -> None:
    """Forget the site's localStorage and sessionStorage (via a tiny same-origin page)."""
    page.goto(BLANK_PAGE)
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname in LOCAL_HOSTS


class RequestLog(list):
    """URLs requested through a context or a page, in order."""

    def attach(self, target: BrowserContext | Page) -> RequestLog:
        target.on("request", lambda request: self.append(request.url))
        return self

    def outside(self) -> list[str]:
        """The URLs that went anywhere but 127.0.0.1."""
        return [url for url in self if not is_local(url)]

    def assert_local(self) -> None:
        """Fail if nothing was recorded or if any request left 127.0.0.1."""
        assert_no_request_left_localhost(self)


def assert_no_request_left_localhost(urls: list[str]) -> None:
    assert urls, "no request was recorded"
    outside = [url for url in urls if not is_local(url)]
    assert not outside, f"{len(outside)} request(s) left 127.0.0.1: {outside[:10]}"
