"""A whole-game link on the fake page (tests/web/fakes.py): in a browser with no game of its
own the shared game is taken at once (saved, at its last moment, where *Back to the game*
goes, shown again after a reload); a visitor's game in progress is kept until they choose."""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine.record import Record
from game.engine.state import Phase
from game.formats.game_link import format_game_link
from game.web.house import Rooms, Setup, build
from game.web.state.page_state import TABLE
from game.web.state.replay import Replay
from game.web.state.session import COMPUTER, FRIEND, Session, Settings
from tests.records import played
from tests.web.fakes import FakeSurface, FakeSurroundings, surface_of


def page_on(store: dict[str, str], session: Session | None = None) -> Rooms:
    setup = Setup(session=session)
    rooms = build(FakeSurface(), FakeSurroundings(store), setup, random.Random(7), pace=0)
    assert rooms.saving.restore() is None
    rooms.page.paint()
    return rooms


def mid_game(seed: int) -> Record:
    """A shared match stopped in the middle of a game, a person to roll or to move."""
    replay = Replay.of(played(seed))
    replay = replay.jump(len(replay.moments) // 2)
    return replay.play_on()


def test_a_shared_game_in_a_fresh_browser_is_taken_and_stays():
    record = mid_game(14)
    store: dict[str, str] = {}
    rooms = page_on(store)
    rooms.sharing.open_link("#" + format_game_link(record) + "&vs=friend")
    state = rooms.page.state
    assert state.reviewing, "the shared game is offered at once, to review"
    assert surface_of(rooms).texts["status"], "the status line says where the review is"
    assert state.session.game == record.state, "and to play on: it is the live game"
    rooms.review.look_back(None)  # Back to the game
    state = rooms.page.state
    assert state.room == TABLE and state.session.game == record.state
    assert state.session.game.phase is not Phase.OPENING
    again = page_on(store)  # a reload
    assert again.page.state.session.game == record.state


def test_play_on_at_the_shared_games_end_asks_nothing():
    record = mid_game(15)
    rooms = page_on({})
    rooms.sharing.open_link("#" + format_game_link(record))
    rooms.review.play_on()
    assert "notice" not in surface_of(rooms).dialogs
    assert not rooms.page.state.reviewing and rooms.page.state.session.game == record.state


def test_a_visitors_game_in_progress_is_kept_until_they_play_on():
    own = Session.new(Settings(opponent=FRIEND)).roll(random.Random(3))
    rooms = page_on({}, session=own)
    before = rooms.page.state.session.game
    record = mid_game(16)
    rooms.sharing.open_link("#" + format_game_link(record))
    assert rooms.page.state.reviewing
    assert rooms.page.state.session.game == before


def reload(store: dict[str, str]) -> Rooms:
    """The page opened again, as app.start does: the save, then a shared game kept."""
    rooms = page_on(store)
    rooms.review.reopen_kept()
    return rooms


def test_beside_a_game_in_progress_no_click_loses_either_game_and_a_reload_shows_both():
    own = Session.new(Settings(opponent=FRIEND)).roll(random.Random(3))
    store: dict[str, str] = {}
    rooms = page_on(store, session=own)
    rooms.page.commit(rooms.page.state)  # saved, as every step of a game is
    before = rooms.page.state.session.game
    record = mid_game(17)
    rooms.sharing.open_link("#" + format_game_link(record))
    state = rooms.page.state
    assert state.reviewing and state.replay is not None and state.replay.at_end
    rooms.review.look_back(None)  # Back to the game: one's own, the shared one kept
    assert rooms.page.state.session.game == before
    assert not surface_of(rooms).is_hidden("shared-kept")
    rooms = reload(store)
    state = rooms.page.state
    assert state.session.game == before, "one's own game is the live one after a reload"
    assert (
        state.reviewing and state.replay is not None and state.replay.record.state == (record.state)
    ), "and the shared game is shown again"
    rooms.review.look_back(None)
    rooms.review.forget_kept()  # asks: one click never drops it
    assert "notice" in surface_of(rooms).dialogs
    rooms.notices.no()
    rooms.review.reopen_kept()  # from the Play room
    assert rooms.page.state.reviewing
    rooms.review.play_on()  # asks before replacing one's own game
    assert "notice" in surface_of(rooms).dialogs
    rooms.notices.yes()
    assert rooms.page.state.session.game == record.state
    assert surface_of(rooms).is_hidden("shared-kept")
    again = reload(store)  # taken: saved, no longer kept beside
    assert again.page.state.session.game == record.state and not again.page.state.reviewing


def test_forgetting_the_kept_shared_game_keeps_ones_own():
    own = Session.new(Settings(opponent=FRIEND)).roll(random.Random(3))
    store: dict[str, str] = {}
    rooms = page_on(store, session=own)
    rooms.page.commit(rooms.page.state)
    rooms.sharing.open_link("#" + format_game_link(mid_game(18)))
    rooms.review.look_back(None)
    rooms.review.forget_kept()
    rooms.notices.yes()
    assert surface_of(rooms).is_hidden("shared-kept")
    again = reload(store)
    assert again.page.state.session.game == own.game and not again.page.state.reviewing


def test_a_shared_match_already_over_is_no_result_of_the_visitors():
    """Taken at once in a fresh browser (against the computer, its settings), a finished
    match was counted in the visitor's rating as theirs, won or lost there."""
    record = played(14)
    assert record.state.phase is Phase.MATCH_OVER
    rooms = page_on({})
    rooms.sharing.open_link("#" + format_game_link(record))
    assert rooms.page.state.session.game == record.state  # taken: the visitor's live game
    assert rooms.page.state.session.settings.opponent == COMPUTER
    assert rooms.rating.book.results == ()


def test_a_match_ended_at_this_table_is_counted_once():
    record = played(14)
    before = record.truncated(len(record.games), len(record.games[-1]) - 1)
    rooms = page_on({})
    rooms.review.take(before, COMPUTER)
    assert rooms.rating.book.results == ()
    state = rooms.page.state
    ended = replace(state, history=record, session=state.session.after(record.state))
    rooms.page.commit(ended)
    assert len(rooms.rating.book.results) == 1
    rooms.page.commit(replace(ended, drawn=None))  # the same end again: not counted twice
    assert len(rooms.rating.book.results) == 1
