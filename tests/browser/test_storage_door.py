"""A damaged value under each key the page keeps (game/web/store/door.py), in turn: the page
starts, stays playable, and keeps the value aside for download (issue 47), in Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.web.store.door import BOARD, DAMAGED, DECK, HISTORY, LINKS, ONE_TAP, RATING, SAVE
from tests.browser.pages import open_game

DAMAGED_TEXT = '{"version": 1, "cards": ' + "[" * 3000  # deep, and not JSON
# Read at start (the save's history and board, the rating, the games by link, one-tap), or
# when its room opens (the trainer's cards).
KEYS = [SAVE + HISTORY, SAVE + BOARD, RATING, LINKS, ONE_TAP, DECK]
OFFERED = {RATING, LINKS, DECK, SAVE + HISTORY}  # kept aside and offered for download


def put(page: Page, key: str, text: str) -> None:
    page.goto("tools/bare/blank.html")
    page.evaluate("() => localStorage.clear()")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])


@pytest.mark.parametrize("key", KEYS)
def test_a_damaged_value_under_any_key_leaves_the_page_playable(game_page, key):
    put(game_page, key, DAMAGED_TEXT)
    open_game(game_page, "seed=3&pace=0")
    expect(game_page.locator("#board circle.checker")).to_have_count(30)
    if key == DECK:
        game_page.click("#train-toggle")  # the trainer reads its cards
    notice = game_page.locator("#notice")
    if key in OFFERED:
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("could not be read")
        with game_page.expect_download() as download:
            game_page.click("#notice-yes")
        assert Path(download.value.path()).read_text(encoding="utf-8") == DAMAGED_TEXT
        kept = game_page.evaluate("(key) => localStorage.getItem(key)", key + DAMAGED)
        assert kept == DAMAGED_TEXT
    else:
        expect(notice).not_to_be_visible()
    if key == DECK:
        game_page.click("#train-toggle")  # back to the table
    game_page.click("#roll")
    expect(game_page.locator("#status")).not_to_contain_text("Roll the dice to see who starts")
    assert "Traceback" not in game_page.inner_text("body")
