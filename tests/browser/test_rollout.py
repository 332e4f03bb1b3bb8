"""A rollout in the page: the Hint panel's *Roll out* shares the trials among a pool of Web
Workers (?workers=2), the progress bar and each candidate's figures grow while the page stays
responsive, and *Stop* keeps what is done, shown again with the hint."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import open_game

PERSON_OPENS = 5  # the person wins the opening roll with 5-3 (tests/browser/test_learning.py)
WORKER_MS = 300_000  # each pool worker boots its own Pyodide and the bot: slow when loaded


@pytest.mark.timeout(900)
def test_a_rollout_runs_on_the_pool_updates_live_and_stops_keeping_its_trials(game_page: Page):
    page = game_page
    open_game(page, f"seed={PERSON_OPENS}&pace=0&workers=2")
    page.click("#roll")  # the person's 5-3
    page.click("#hint")
    expect(page.locator("#hint-body .hint-play").first).to_be_visible(timeout=WORKER_MS)
    start = page.locator("#rollout-start")
    expect(start).to_be_visible()
    start.click()
    expect(page.locator("#rollout-run")).to_be_visible()
    assert page.get_attribute("body", "data-pool-size") == "2"
    # The first chunks come in: each candidate's equity ± SE and chances, live.
    page.wait_for_function(
        "() => Number(document.body.dataset.rolloutTrials || 0) >= 36", timeout=WORKER_MS
    )
    rows = page.locator("#rollout-body [data-rollout-row]")
    assert rows.count() >= 1
    expect(rows.first).to_contain_text("±")
    assert 0 < float(page.locator("#rollout-bar").get_attribute("value") or 0) < 1
    expect(page.locator("#rollout-status")).to_contain_text("Rolling out:")
    # The page answers while the pool works.
    page.click("#hint-close")
    expect(page.locator("#hint-panel")).to_be_hidden()
    page.click("#hint")
    page.click("#rollout-stop")
    page.wait_for_function("() => document.body.dataset.rollout === 'done'", timeout=WORKER_MS)
    expect(page.locator("#rollout-run")).to_be_hidden()
    summary = page.locator("#rollout-body [data-rollout-summary]").inner_text()
    trials = int(re.search(r"rolled out: ([\d,]+) trials", summary).group(1).replace(",", ""))
    assert 36 <= trials < 1296
    # Kept with the position: the hint shows it again.
    page.click("#hint-close")
    page.click("#hint")
    expect(page.locator("#rollout-body [data-rollout-summary]")).to_have_text(
        f"rolled out: {trials:,} trials"
    )
