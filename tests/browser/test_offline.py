"""Offline and installable: after one visit every page starts and plays with no network
(the service worker, sw.js, precaches the whole site); a changed file reaches the returning
visitor as a whole new version; the web app manifest is served and valid."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect

from tests.browser.pages import BLANK_PAGE, READY_TIMEOUT_MS, RequestLog, open_ready
from tools.build import site_files as site
from tools.build.server import ROOT, serve_in_thread

READY = "() => document.body.dataset.ready === 'true'"
OFFLINE_READY = "() => document.body.dataset.offline === 'ready'"
WORKER_READY = "() => document.body.dataset.worker === 'ready'"


def play_a_roll(page: Page) -> None:
    """The page is playable: the opening roll is made and someone is to move."""
    assert page.locator("#board circle.checker").count() == 30
    page.click("#roll")
    expect(page.locator("#status")).not_to_contain_text("Roll the dice to see who starts")


def first_visit(page: Page, path: str) -> None:
    open_ready(page, path, "sw=1")  # automated browsers register the worker only when asked
    page.wait_for_function(OFFLINE_READY, timeout=READY_TIMEOUT_MS)


# After a visit to either page, each page by each address starts offline: the pairs that
# test_a_deploy_reaches_the_returning_visitor_whole leaves (after index.html, it starts the
# folder's address and embed.html offline), two or three boots of Pyodide each.
OFFLINE_AFTER = {"index.html": ("index.html",), "embed.html": ("", "embed.html")}


@pytest.mark.timeout(900)  # five boots of Pyodide
@pytest.mark.parametrize("visited", list(OFFLINE_AFTER))
def test_every_page_starts_offline_after_one_visit_to_either(browser, base_url, visited):
    context = browser.new_context(base_url=base_url)
    log = RequestLog().attach(context)
    page = context.new_page()
    first_visit(page, visited)
    # Every file the visit loaded is in the precache list (computed, never by hand).
    listed = {"/" + path.removeprefix("./") for path in site.site_files(ROOT)}
    loaded = {urlsplit(url).path for url in log if url.startswith(base_url)}
    assert loaded - listed <= {"/sw.js", "/sw-files.js"}, loaded - listed
    context.set_offline(True)
    for path in OFFLINE_AFTER[visited]:
        page.goto(path + "?seed=4")
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        play_a_roll(page)
    context.close()


def test_the_manifest_is_served_and_valid(browser, base_url):
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    response = page.goto("manifest.webmanifest")
    assert response.headers["content-type"] == "application/manifest+json"
    page.goto("index.html")  # no need to boot Python: the manifest is the browser's
    session = context.new_cdp_session(page)
    session.send("Page.enable")
    manifest = session.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = manifest.get("manifest")
    if parsed:  # newer Chromium also returns the parsed manifest
        assert parsed["name"] == "Backgammon"
    for size in ("192", "512"):
        icon = page.request.get(f"styles/icon-{size}.png")
        assert icon.ok and icon.headers["content-type"] == "image/png"
    context.close()


# A deploy between two visits: one runtime file (PyScript's core.js) and one Python file
# (the page's main.py) change. Each carries a mark the page shows, so a visit tells which
# version of each it ran: never one old and one new.
MARKED = {
    "runtime/pyscript/core.js": "\nglobalThis.runtimeMark = {mark!r};  // deploy: {mark}\n",
    "game/web/main.py": "\ndocument.body.dataset.pythonMark = {mark!r}  # deploy: {mark}\n",
    # Loaded by the page and by the computer's worker, which starts once the board is up.
    "interpreter.mjs": "\n// deploy: {mark}\n",
    "game/web/worker/thinker.py": "\n# deploy: {mark}\n",
}
MARKS = "() => [globalThis.runtimeMark, document.body.dataset.pythonMark]"
# The versions whose caches this site keeps, and whether one is waiting to take over. Read
# from the page, never by messages to the service worker: an active worker busy answering
# them keeps Chromium from switching to the next one.
SITE_VERSIONS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const active = registration && registration.active;
  if (!active || active.state !== "activated" || registration.waiting) return null;
  return (await caches.keys()).map((name) => name.split(":").pop());
}"""


# The computer's worker on a slow machine or network: it imports interpreter.mjs at once,
# then takes its time before fetching the Python files. A new version that took over
# meanwhile would hand it the other half.
WORKER = "computer-worker.mjs"
SLOW_START = "async function boot() {\n  await new Promise((wait) => setTimeout(wait, 4000));\n"


WORKERS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const state = (worker) => worker && worker.state;
  return registration && [state(registration.installing), state(registration.waiting),
    state(registration.active), document.body.dataset.worker, document.body.dataset.offline];
}"""


def copy_site(root: Path) -> None:
    """The files the site serves (and the service worker), copied from the repository."""
    for path in [*site.site_files(ROOT)[1:], "sw.js", BLANK_PAGE]:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, target)
    worker = (root / WORKER).read_text(encoding="utf-8")
    assert "async function boot() {\n" in worker
    (root / WORKER).write_text(worker.replace("async function boot() {\n", SLOW_START, 1))


def deploy(root: Path, mark: str) -> str:
    """Mark the copy's runtime and Python files with ``mark``; the site's new version."""
    for path, line in MARKED.items():
        (root / path).write_text(
            (ROOT / path).read_text(encoding="utf-8") + line.format(mark=mark), encoding="utf-8"
        )
    return site.version(root, site.site_files(root))


class Received(list):
    """The deploy's mark in every marked file a context's pages and workers received."""

    def attach(self, context: BrowserContext) -> Received:
        context.on("response", self.note)
        return self

    def note(self, response: Response) -> None:
        path = urlsplit(response.url).path.lstrip("/")
        # The service worker's own fetches fill its cache: what pages get is what counts.
        if path in MARKED and response.ok and response.request.service_worker is None:
            text = response.text()
            self.append(text.rsplit("deploy: ", 1)[1].split()[0] if "deploy: " in text else "?")


def visit(page: Page, path: str, received: Received) -> list[str]:
    """Open ``path`` afresh (no saved game), until the computer's worker is up; the marks
    of the files the page ran, checked against every marked file received meanwhile."""
    if page.url.startswith("http"):
        page.evaluate("() => localStorage.clear()")
    received.clear()
    page.goto(path + "?seed=4&sw=1")
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    page.wait_for_function(WORKER_READY, timeout=READY_TIMEOUT_MS)
    marks = page.evaluate(MARKS)
    assert set(received) == set(marks[:1]), (marks, received)
    return marks


def wait_for_version(page: Page, version: str, received: Received | None = None) -> None:
    """Until ``version`` is the site's one version: its service worker active, none waiting,
    and every other version's cache gone (it takes over once a page has loaded everything,
    its computer's worker included).

    A browser looks for a new version at every visit; should an install fail (the network,
    or this loaded machine), the next visit tries again. So when no new worker is on its way
    for 20 s, the visitor comes back (each visit still whole), at most twice.
    """
    deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
    stalled_since, returns = time.monotonic(), 0
    while (found := page.evaluate(SITE_VERSIONS)) != [version]:
        workers = page.evaluate(WORKERS)
        assert time.monotonic() < deadline, f"versions {found}, not {version}: {workers}"
        if workers and (workers[0] or workers[1]):
            stalled_since = time.monotonic()
        elif received is not None and time.monotonic() - stalled_since > 20 and returns < 2:
            returns += 1
            assert visit(page, "index.html", received) in (["old", "old"], ["new", "new"])
            stalled_since = time.monotonic()
        time.sleep(1)


@pytest.mark.timeout(900)  # five boots of Pyodide
def test_a_deploy_reaches_the_returning_visitor_whole(browser, tmp_path):
    copy_site(tmp_path)
    old = deploy(tmp_path, "old")
    server, base = serve_in_thread(root=tmp_path)
    try:
        context = browser.new_context(base_url=base)
        received = Received().attach(context)
        page = context.new_page()
        assert visit(page, "index.html", received) == ["old", "old"]
        page.wait_for_function(OFFLINE_READY, timeout=READY_TIMEOUT_MS)
        wait_for_version(page, old)
        time.sleep(1.1)  # Last-Modified counts whole seconds: the deploy is a later one
        new = deploy(tmp_path, "new")
        assert new != old
        # The next visit runs one version or the other, whole; the new one is installed
        # meanwhile and takes over once this page and its computer's worker have started.
        assert visit(page, "index.html", received) in (["old", "old"], ["new", "new"])
        wait_for_version(page, new, received)  # the old version's cache is gone
        assert visit(page, "index.html", received) == ["new", "new"]
        play_a_roll(page)
        # And with the network cut, both pages start in the new version (index.html by its
        # folder's address: test_every_page_starts_offline_after_one_visit_to_either's
        # OFFLINE_AFTER opens the other pairs).
        context.set_offline(True)
        for path in ("", "embed.html"):
            assert visit(page, path, received) == ["new", "new"], path
            play_a_roll(page)
        context.close()
    finally:
        server.shutdown()
        server.server_close()
