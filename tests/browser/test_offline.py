"""After one visit the game starts with no network at all (the service worker, sw.js)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages import READY_TIMEOUT_MS, open_game


def test_the_game_starts_offline_after_one_visit(browser, base_url):
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    open_game(page, "sw=1")  # automated browsers register the worker only when asked
    page.wait_for_function(
        "() => document.body.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS
    )
    page.click("#roll")
    context.set_offline(True)
    page.goto("index.html?sw=1&seed=4")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=READY_TIMEOUT_MS)
    assert page.locator("#board circle.checker").count() == 30
    expect(page.locator("#status")).not_to_contain_text(
        "Roll the dice to see who starts"
    )  # the save came back
    context.close()
