"""A damaged value under each key the page keeps (game/web/store/door.py), in turn: the page
starts, stays playable, and keeps the value aside for download (issue 47), in Chromium; and
the embeds' own saved games (the plain board of old, a play embed of its own position), each
under its own key: the embed plays on, the damaged save kept and offered as a file."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.web.address.embed_params import read_embed
from game.web.store.door import BOARD, DAMAGED, DECK, HISTORY, LINKS, ONE_TAP, RATING, SAVE
from tests.browser.pages import open_game, open_ready

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


# Each embed's query; its key is the one embed_params gives it, as embed.html reads it.
EMBEDS = {"plain": "seed=3&pace=0", "play": "mode=play&vs=computer&id=door&seed=3&pace=0"}


@pytest.mark.parametrize("embed", sorted(EMBEDS))
def test_a_damaged_saved_game_of_an_embed_is_kept_and_the_embed_plays(game_page, embed):
    query = EMBEDS[embed]
    key = read_embed("?" + query, "").key
    assert key != SAVE
    put(game_page, key, DAMAGED_TEXT)
    open_ready(game_page, "embed.html", query)
    expect(game_page.locator("#board circle.checker")).to_have_count(30)
    notice = game_page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("could not be read")
    with game_page.expect_download() as download:
        game_page.click("#notice-yes")  # Download the saved game
    assert Path(download.value.path()).read_text(encoding="utf-8") == DAMAGED_TEXT
    game_page.click("#notice-no")  # not a new game yet: the damaged save stays kept
    game_page.click("#roll")
    expect(game_page.locator("#status")).not_to_contain_text("Roll the dice to see who starts")
    kept = game_page.evaluate("(key) => localStorage.getItem(key)", key)
    assert kept == DAMAGED_TEXT  # never written over while the embed plays
    assert game_page.evaluate("(key) => localStorage.getItem(key)", SAVE) is None
    assert "Traceback" not in game_page.inner_text("body")
