"""Offline and installable: after one visit every page starts and plays with no network
(the service worker, sw.js, precaches the whole site); a changed file reaches the returning
visitor as a whole new version; the web app manifest is served and valid."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import READY_TIMEOUT_MS, RequestLog, open_ready
from tools import build_sw
from tools.serve import ROOT

READY = "() => document.body.dataset.ready === 'true'"
OFFLINE_READY = "() => document.body.dataset.offline === 'ready'"


def play_a_roll(page: Page) -> None:
    """The page is playable: the opening roll is made and someone is to move."""
    assert page.locator("#board circle.checker").count() == 30
    page.click("#roll")
    expect(page.locator("#status")).not_to_contain_text("Roll the dice to see who starts")


def first_visit(page: Page, path: str) -> None:
    open_ready(page, path, "sw=1")  # automated browsers register the worker only when asked
    page.wait_for_function(OFFLINE_READY, timeout=READY_TIMEOUT_MS)


@pytest.mark.timeout(900)  # six boots of Pyodide
@pytest.mark.parametrize(
    "visited, others", [("index.html", ("", "index.html", "embed.html")), ("embed.html", ("",))]
)
def test_every_page_starts_offline_after_one_visit_to_either(browser, base_url, visited, others):
    context = browser.new_context(base_url=base_url)
    log = RequestLog().attach(context)
    page = context.new_page()
    first_visit(page, visited)
    # Every file the visit loaded is in the precache list (computed, never by hand).
    listed = {"/" + path.removeprefix("./") for path in build_sw.site_files(ROOT)}
    loaded = {urlsplit(url).path for url in log if url.startswith(base_url)}
    assert loaded - listed <= {"/sw.js", "/sw-files.js"}, loaded - listed
    context.set_offline(True)
    for path in others:
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
