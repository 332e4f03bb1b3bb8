"""A record is reviewed as it was played: its board turned, its sides said and named as its
players sat (the record's own names, the computer's level), whatever the settings are now."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

from game.engine.match import Rules
from game.engine.record import Action, Record
from game.web.board.render import CYAN, PINK
from game.web.board.view import board_view
from game.web.board.words import said
from game.web.paint import board_words
from game.web.review import analysis_view
from game.web.state.replay import Replay
from game.web.state.session import COMPUTER, FRIEND, LINK, Session, Settings, seated
from game.web.store import storage
from game.web.store.history import history_data
from game.web.worker import judging
from tests.web.fakes import around_of, surface_of
from tests.web.review.test_learning import RESULT
from tests.web.test_rooms import PERSON_OPENS, rooms_on


def against_the_computer() -> Record:
    """You (player 0) against the computer at its expert level: an opening, a reply, then
    the computer to roll."""
    record = Record.new(Rules.full(), names=("You", "Computer")).with_levels((None, "expert"))
    return record.extend(
        [
            Action.roll((3, 1)),
            Action.play(((8, 5), (6, 5))),
            Action.roll((6, 4)),
            Action.play(((24, 18), (18, 14))),
            Action.roll((2, 1)),
            Action.play(((13, 11), (6, 5))),
        ]
    )


def test_the_seats_come_from_the_record_names():
    live = Settings(opponent=FRIEND, rotate=True, level="beginner")
    assert seated(("You", "Computer"), live) == (replace(live, opponent=COMPUTER), 0)
    assert seated(("Friend", "You"), live) == (replace(live, opponent=LINK), 1)
    assert seated(("You", "Friend"), Settings()) == (Settings(opponent=LINK), 0)
    assert seated(("Cyan", "Pink"), Settings(rotate=False))[0].rotate is False  # as live turns
    assert seated(("Ann", "Bob"), live) == (replace(live, rotate=False), 0)  # a file's


def test_a_game_against_the_computer_is_reviewed_as_played_under_a_friends_settings():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND, rotate=True)))
    record = against_the_computer()
    rooms.review.look_back(Replay.of(record))  # the computer to roll: a friend's board turns
    shown = rooms.page.state.shown_session
    assert shown.game.turn == 1 and shown.bottom_player == 0  # the person's side, still
    view = board_view(shown)
    assert view.bottom_colour == CYAN
    surface = surface_of(rooms)
    assert (surface.texts["name-bottom"], surface.texts["name-top"]) == ("You", "Computer")
    assert board_words(rooms.page.state)[0] == "You play from the bottom, Computer from the top."
    assert said(shown, 1, "doubles", value=2) == "The computer doubles to 2."
    assert said(shown, 0, "doubles", value=2) == "You double to 2."
    assert "You vs Computer (Expert)" in surface.texts["replay-where"]
    assert "0 Computer (Expert)<" in surface.markup["move-list"]
    for moment in range(len(Replay.of(record).moments)):  # never turned, at any moment
        rooms.review.jump(moment)
        assert rooms.page.state.shown_session.bottom_player == 0


def test_a_game_by_link_played_on_pink_is_reviewed_from_pink():
    rooms = rooms_on()  # playing the computer now
    record = against_the_computer().with_names(("Friend", "You")).with_levels((None, None))
    rooms.review.look_back(Replay.of(record.truncated(1, 2)))  # Pink (You) to roll
    shown = rooms.page.state.shown_session
    assert shown.bottom_player == 1 and board_view(shown).bottom_colour == PINK
    assert said(shown, 0, "doubles", value=2) == "Your friend doubles to 2."
    assert said(shown, 1, "doubles", value=2) == "You double to 2."
    surface = surface_of(rooms)
    assert (surface.texts["name-bottom"], surface.texts["name-top"]) == ("You", "Friend")
    assert surface.texts["pips-text"].startswith("You ")


def test_two_friends_game_reviewed_while_playing_the_computer_says_their_colours():
    rooms = rooms_on(Session.new(Settings(level="expert")))
    record = against_the_computer().with_names(("Cyan", "Pink")).with_levels((None, None))
    rooms.review.look_back(Replay.of(record))
    shown = rooms.page.state.shown_session
    assert shown.bottom_player == 1  # turned to the mover, as two at one screen played it
    assert said(shown, 1, "doubles", value=2) == "Pink doubles to 2."
    assert "Pink vs" not in surface_of(rooms).texts["replay-where"]
    assert "(Expert)" not in surface_of(rooms).texts["replay-where"]  # no computer played


def test_the_live_record_keeps_its_players_when_the_settings_change():
    rooms = rooms_on(Session.new(Settings(level="expert")), seed=PERSON_OPENS)
    rooms.table.roll()  # the person opens against the expert
    history = rooms.page.state.history
    assert (history.names, history.levels) == (("You", "Computer"), (None, "expert"))
    session = rooms.page.state.session
    rooms.table.act(session.with_settings(Settings(opponent=FRIEND, level="beginner")))
    assert rooms.page.state.history.levels == (None, "expert")  # nothing played since
    rooms.review.toggle()
    surface = surface_of(rooms)
    assert "You vs Computer (Expert)" in surface.texts["replay-where"]
    assert surface.texts["name-bottom"] == "You"
    saved = json.loads(around_of(rooms).storage[storage.KEY + ".history"])
    assert (saved["names"], saved["levels"]) == (["You", "Computer"], [None, "expert"])


def test_a_history_saved_before_levels_is_seated_by_its_saves_settings():
    record = against_the_computer().with_names(("Cyan", "Pink")).with_levels((None, None))
    session = Session(record.state, Settings(level="casual")).after(record.state)
    old = history_data(record)
    del old["levels"]  # as the page saved it before records kept their players
    kept = {storage.KEY: storage.save_text(session), storage.KEY + ".history": json.dumps(old)}
    rooms = rooms_on(storage=kept)
    assert rooms.saving.restore() is None
    history = rooms.page.state.history
    assert history == record.with_names(("You", "Computer")).with_levels((None, "casual"))


def test_a_shared_link_carries_the_computers_level():
    rooms = rooms_on(Session.new(Settings(level="intermediate")), seed=PERSON_OPENS)
    rooms.table.roll()
    asyncio.run(rooms.sharing.share())
    url = around_of(rooms).copied[-1]
    assert "&names=You,Computer&levels=,intermediate" in url
    other = rooms_on(Session.new(Settings(opponent=FRIEND)))
    other.sharing.open_link("#" + url.split("#", 1)[1])
    replay = other.page.state.replay
    assert replay is not None and replay.record.levels == (None, "intermediate")
    assert "You vs Computer (Intermediate)" in surface_of(other).texts["replay-where"]
    before = url.split("#", 1)[1].replace("&levels=,intermediate", "")  # a link from before
    rooms_on().sharing.open_link("#" + before)  # opens, without a level


def test_the_analysis_names_the_computers_level_beside_its_figures():
    record = against_the_computer()
    assert judging.read_record(judging.record_data(record)).levels == (None, "expert")
    damaged = {**judging.record_data(record), "levels": [None, "grandmaster"]}
    assert judging.read_record(damaged).levels == (None, None)
    html = analysis_view.analysis_html({**RESULT, "levels": [None, "expert"]})
    assert '<th scope="col">Computer (Expert)</th>' in html
    assert '<th scope="col">Computer</th>' in analysis_view.analysis_html(RESULT)  # from before
    assert "Computer (Expert)" not in analysis_view.analysis_html({**RESULT, "levels": [[], 3]})


def test_the_pages_own_match_file_is_reviewed_as_it_was_played():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)))
    record = against_the_computer().truncated(1, 2)  # the computer to roll
    rooms.review.look_back(Replay.of(record))
    rooms.review.export_mat()
    mat = around_of(rooms).downloads[-1][1]
    assert "Computer (expert) : 0" in mat
    rooms.review.look_back(None)
    rooms.review.import_mat(mat)
    around_of(rooms).run()
    replay = rooms.page.state.replay
    assert replay is not None
    assert (replay.record.names, replay.record.levels) == (("You", "Computer"), (None, "expert"))
    assert rooms.page.state.shown_session.bottom_player == 0  # the person's side, as played
    assert "You vs Computer (Expert)" in surface_of(rooms).texts["replay-where"]
