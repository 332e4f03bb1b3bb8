"""A record is reviewed as it was played: its board turned, its sides said and named as its
players sat (the record's own names, the computer's level), whatever the settings are now."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import replace

from game.engine.match import Rules
from game.engine.record import Action, Record, Seat
from game.formats.mat import format_mat, parse_mat
from game.formats.sgf import format_sgf, parse_sgf
from game.web.board.render import CYAN, PINK
from game.web.board.view import board_view
from game.web.board.words import said
from game.web.house import Rooms
from game.web.paint import board_words
from game.web.review import analysis_view
from game.web.state.replay import Replay
from game.web.state.session import COMPUTER, FRIEND, LINK, Session, Settings, seated
from game.web.store import storage
from game.web.store.history import history_data, read_history
from game.web.worker import importing, judging
from game.web.worker.judging import record_data
from tests.records import played
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


def friends_game(rotate: bool) -> Rooms:
    """Two people at one screen, the board turned to each mover or not: three turns played."""
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND, rotate=rotate)), seed=PERSON_OPENS)
    for _turn in range(3):
        rooms.table.roll()
        session = rooms.page.state.session
        rooms.table.act(session.play(session.game.legal_plays()[0]))
    return rooms


def test_two_at_one_screen_are_reviewed_as_their_board_turned_not_as_it_turns_now():
    for rotate in (True, False):
        rooms = friends_game(rotate)
        session = rooms.page.state.session
        rooms.table.act(session.with_settings(replace(session.settings, rotate=not rotate)))
        rooms.review.toggle()
        bottoms = set()
        for moment in range(len(rooms.page.state.replay.moments)):
            rooms.review.jump(moment)
            bottoms.add(rooms.page.state.shown_session.bottom_player)
        assert bottoms == ({0, 1} if rotate else {0}), rotate
        saved = json.loads(around_of(rooms).storage[storage.KEY + ".history"])
        assert saved["seats"] == f"1.0,Cyan,Pink,,,{int(rotate)}"


def test_a_friends_record_saved_before_seats_turns_as_the_board_turns_now():
    record = friends_game(True).page.state.history
    old = history_data(record)
    del old["seats"]  # as session 34's page saved it
    session = Session(record.state, Settings(opponent=FRIEND, rotate=False)).after(record.state)
    kept = {storage.KEY: storage.save_text(session), storage.KEY + ".history": json.dumps(old)}
    rooms = rooms_on(storage=kept)
    assert rooms.saving.restore() is None
    assert rooms.page.state.history.seats[0][1].turned is None  # not known: as today
    rooms.review.toggle()
    rooms.review.jump(4)  # Pink's turn: not turned, as the board does not turn now
    assert rooms.page.state.shown_session.bottom_player == 0


def two_levels() -> Record:
    """A match at two levels: game 1 against the beginner, game 2 against the expert."""
    match = next(r for r in (played(seed) for seed in range(9)) if len(r.games) > 1)
    record = match.with_names(("You", "Computer")).with_levels((None, "beginner"))
    expert = Seat(("You", "Computer"), (None, "expert"))
    return record.truncated(2, 0).seated(expert).extend(match.games[1])


def test_each_game_keeps_the_level_it_was_played_at():
    record = two_levels()
    rooms = rooms_on()
    rooms.review.look_back(Replay.of(record, 0))
    surface = surface_of(rooms)
    assert "You vs Computer (Beginner)" in surface.texts["replay-where"]
    headings = re.findall(r'<h3 class="move-game">.*?</h3>', surface.markup["move-list"])
    assert "Computer (Beginner)<" in headings[0] and "Computer (Expert)<" in headings[1]
    rooms.review.jump(len(Replay.of(record).moments) - 1)
    assert "You vs Computer (Expert)" in surface_of(rooms).texts["replay-where"]
    text = format_mat(record)  # each game's header names its level, and reads back so
    assert "You : 0" in text and "Computer (beginner) : 0" in text
    assert "Computer (expert) :" in text.split(" Game 2")[1]
    read = importing.read_answer({"record": record_data(parse_mat(text))})
    assert [seat.levels for seat in map(read.seat_at, (1, 2))] == [
        (None, "beginner"),
        (None, "expert"),
    ]
    sgf = read_answer_of_sgf(format_sgf(record))
    assert sgf.seat_at(1).levels == (None, "beginner") and sgf.levels == (None, "expert")
    saved = read_history(history_data(record), record.state)  # the save keeps each game's
    assert saved == record


def read_answer_of_sgf(text: str) -> Record:
    return importing.read_answer({"record": record_data(parse_sgf(text))})


def test_a_level_changed_during_a_match_is_kept_from_the_next_action():
    rooms = rooms_on(Session.new(Settings(level="beginner")), seed=PERSON_OPENS)
    rooms.table.roll()
    session = rooms.page.state.session
    rooms.table.act(session.with_settings(replace(session.settings, level="expert")))
    session = rooms.page.state.session
    rooms.table.act(session.play(session.game.legal_plays()[0]))  # at the expert level now
    history = rooms.page.state.history
    assert [seat.levels[1] for _at, seat in history.seats] == ["beginner", "expert"]
    assert history.seats[1][0] == (1, 1)  # from the person's play on
    asyncio.run(rooms.sharing.share())  # the link carries both
    url = around_of(rooms).copied[-1]
    assert "&seats=1.0,You,Computer,,beginner,;1.1,You,Computer,,expert," in url
    other = rooms_on(Session.new(Settings(opponent=FRIEND)))
    other.sharing.open_link("#" + url.split("#", 1)[1])
    assert other.page.state.replay.record.seats == history.seats


def test_a_friend_who_takes_over_from_the_computer_is_in_the_record_and_the_link():
    # Switched to a friend at this screen in the middle of a game against the computer: what
    # was played stays the computer's, the link opens as that review and goes on as friends.
    rooms = rooms_on(Session.new(Settings(level="expert")), seed=PERSON_OPENS)
    rooms.table.roll()
    session = rooms.page.state.session
    rooms.table.act(session.play(session.game.legal_plays()[0]))
    around_of(rooms).run()  # the computer's turn
    played_so_far = len(rooms.page.state.history)
    session = rooms.page.state.session
    rooms.table.act(session.with_settings(replace(session.settings, opponent=FRIEND)))
    asyncio.run(rooms.sharing.share())
    url = around_of(rooms).copied[-1]
    assert "&vs=friend" in url and "&names=Cyan,Pink" in url
    assert f"&seats=1.0,You,Computer,,expert,;1.{played_so_far},Cyan,Pink,,,1" in url
    other = rooms_on()  # a visitor playing the computer
    other.sharing.open_link("#" + url.split("#", 1)[1])
    record = other.page.state.replay.record
    assert record.seat_at(1, played_so_far - 1).names == ("You", "Computer")
    other.review.jump(3)  # the computer's roll: said of the computer
    assert "Computer (Expert)" in surface_of(other).texts["replay-where"]
    other.review.jump(len(other.page.state.replay.moments) - 1)  # from here: the friends
    assert "Cyan vs Pink" in surface_of(other).texts["replay-where"]
    other.review.play_on()
    taken = other.page.state
    assert taken.session.settings.opponent == FRIEND and taken.history.seats == record.seats
    rooms.table.roll()  # at home the friend plays on: the record says the same
    assert rooms.page.state.history.seats == record.seats
