"""The board before Python runs: the pages' starting board and the board kept beside a save."""

from __future__ import annotations

import json
import random

import pytest

from game.web.board import prerender
from game.web.board.prerender import ROOT, page_board, painted_board, starting_board, with_board
from game.web.board.render import board_svg
from game.web.board.view import board_view
from game.web.state.session import Session
from game.web.store import door, storage


@pytest.mark.parametrize("page", prerender.PAGES)
def test_each_page_holds_the_starting_board_render_draws_now(page):
    drawn = page_board((ROOT / page).read_text(encoding="utf-8"))
    assert drawn == starting_board(), "run: python -m game.web.board.prerender --write"
    assert drawn.count('class="checker cyan"') == 15
    assert drawn.count('class="checker pink"') == 15


def test_a_stale_page_is_found_and_rewritten(tmp_path):
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    old = with_board(text, '<svg class="old"></svg>')
    for name in prerender.PAGES:
        (tmp_path / name).write_text(old, encoding="utf-8")
    assert prerender.stale_pages(tmp_path) == list(prerender.PAGES)
    (tmp_path / "index.html").write_text(with_board(old, starting_board()), encoding="utf-8")
    assert prerender.stale_pages(tmp_path) == ["embed.html"]
    assert with_board(old, starting_board()) == text  # only the board changed


def test_a_page_without_markers_is_an_error():
    with pytest.raises(ValueError, match="markers"):
        with_board("<html></html>", "<svg></svg>")


def test_the_kept_board_is_the_saved_session_drawn():
    session = Session.new().roll(random.Random(5))
    save = storage.save_text(session)
    kept = json.loads(painted_board(session, save))
    assert kept["save"] == save
    assert kept["svg"] == board_svg(board_view(storage.load_text(save)))
    assert kept["svg"] != starting_board()  # the opening roll is on the board
    assert kept["texts"]["pips-text"] == "You 167 · Computer 167"
    assert door.board_key(storage.KEY) == storage.KEY + ".board"
