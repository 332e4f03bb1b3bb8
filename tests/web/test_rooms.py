"""The page's controllers driven in CPython on a fake page (tests/web/fakes.py): what a click
does to the game, the save, and what is painted."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import replace

from game.engine.match import Rules
from game.engine.notation import in_board_numbers
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.address import links
from game.web.board import hint_panel
from game.web.house import Rooms, Setup, build
from game.web.paint import announcement
from game.web.state.page_state import REVIEW, TABLE
from game.web.state.replay import Replay
from game.web.state.session import COMPUTER, FRIEND, FULL, Session, Settings, to_viewer
from game.web.store import storage
from tests.web.fakes import FakeSurface, FakeSurroundings, around_of, surface_of

PERSON_OPENS = 5  # seed: the person wins the opening roll with 5-3 (as in test_learning)


def rooms_on(session: Session | None = None, seed: int = 1, **around: object) -> Rooms:
    surface, surroundings = FakeSurface(), FakeSurroundings(**around)  # type: ignore[arg-type]
    rooms = build(surface, surroundings, Setup(session=session), random.Random(seed), pace=0)
    rooms.page.paint()
    return rooms


def test_a_fresh_page_paints_the_start_and_offers_only_the_roll():
    rooms = rooms_on()
    surface = surface_of(rooms)
    assert surface.texts["status"] == "Roll the dice to see who starts."
    assert surface.shown("roll") and not surface.prop("roll", "disabled")
    assert not surface.shown("confirm") and not surface.shown("double")
    assert surface.board_markup.count('class="checker') == 30
    assert "room-table" in surface.body_classes


def test_rolling_saves_the_game_and_the_person_plays_from_the_table():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
    rooms.table.roll()
    session = rooms.page.state.session
    assert session.game.phase is Phase.MOVE and session.turn is not None
    saved = storage.load_text(around_of(rooms).storage[storage.KEY])
    assert saved.game == session.game  # every commit saves
    assert surface_of(rooms).shown("undo") and surface_of(rooms).shown("confirm")
    origin = next(iter(session.turn.origins()))
    rooms.table.tap(origin if session.mover_at_bottom else 25 - origin)
    assert rooms.page.state.session.selected is not None


def test_the_computer_plays_its_turn_then_hands_the_dice_back():
    rooms = rooms_on(seed=1)  # seed 1: the computer wins the opening roll
    rooms.table.roll()
    assert rooms.page.state.session.computer_to_act
    around_of(rooms).run()
    state = rooms.page.state
    assert not state.busy and not surface_of(rooms).board_busy
    assert state.session.person_to_act and state.session.game.phase is Phase.ROLL
    assert surface_of(rooms).texts["last-play-text"].startswith("The computer played")
    assert any(request["task"] == "play" for request in around_of(rooms).requests)


def test_resign_before_the_opening_roll_is_offered_answered_and_scored():
    rooms = rooms_on(Session.new(Settings(rules="full")))
    surface = surface_of(rooms)
    assert rooms.page.state.session.game.phase is Phase.OPENING
    assert not surface.prop("resign", "disabled")
    rooms.table.offer_resignation()
    assert "resign-panel" in surface.dialogs
    rooms.table.resign(1)
    assert rooms.page.state.session.game.phase is Phase.RESIGNED
    around_of(rooms).run()  # the computer answers in its worker
    game = rooms.page.state.session.game
    assert any(request["task"] == "resignation" for request in around_of(rooms).requests)
    assert game.phase is Phase.GAME_OVER and game.score == (0, 1)
    assert surface.shown("next-game") and not surface.shown("roll")


def test_the_review_never_speaks_of_the_live_game_and_escape_returns_to_it():
    rooms = rooms_on(seed=1)
    rooms.table.roll()
    around_of(rooms).run()
    live = rooms.page.state.session
    rooms.review.toggle()
    surface = surface_of(rooms)
    state = rooms.page.state
    assert state.room == REVIEW and "room-review" in surface.body_classes
    assert surface.texts["status"].startswith("Reviewing")
    assert surface.prop("roll", "disabled")  # the table's actions wait
    rooms.review.key("Home")
    assert rooms.page.state.replay is not None and rooms.page.state.replay.at_start
    rooms.table.roll()  # ignored while reviewing
    assert rooms.page.state.session is live
    assert rooms.review.key("Escape")
    assert rooms.page.state.room == TABLE and rooms.page.state.replay is None
    assert surface.texts["status"] == "Your turn: roll the dice."


def test_a_record_reviewed_is_played_on_only_when_asked():
    rooms = rooms_on(seed=1)
    rooms.table.roll()
    around_of(rooms).run()
    record = rooms.page.state.named_history()
    rooms.review.look_back(Replay.of(record, 0))
    rooms.review.play_on()  # a game in progress: asked first
    assert "notice" in surface_of(rooms).dialogs
    rooms.notices.yes()
    state = rooms.page.state
    assert state.replay is None and state.session.game == next(iter(record.steps()))[2]


def test_a_storage_the_browser_refuses_is_said_once_and_play_goes_on():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), blocked=True)
    assert rooms.saving.restore() is None  # as the page starts: nothing to read
    assert not rooms.saving.keeper.available
    rooms.saving.tell(storage.Outcome.NO_STORAGE)
    assert "not saved" in surface_of(rooms).texts["notice-text"]
    rooms.table.roll()
    assert rooms.page.state.session.game.phase is not Phase.ROLL


DAMAGED = "[" * 9975  # deeper than the JSON reader goes (issue 10)


def damaged_save_page() -> Rooms:
    """A page started over a save it cannot read, as app.start starts it."""
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), storage={storage.KEY: DAMAGED})
    problem = rooms.saving.restore()
    assert problem is not None and "could not be read" in problem
    rooms.page.paint()
    rooms.saving.offer_saved_copy(problem, rooms.table.reset)
    return rooms


def test_a_damaged_save_is_said_beside_a_board_that_stays_playable():
    rooms = damaged_save_page()
    surface, around = surface_of(rooms), around_of(rooms)
    assert surface.shown("save-problem")
    assert "could not be read" in surface.texts["save-problem-text"]
    assert not surface.dialogs  # nothing in the board's way
    rooms.table.roll()
    assert rooms.page.state.session.game.phase is not Phase.OPENING
    # Played on: the damaged save is kept as it was, downloadable, and no notice got in the way.
    assert around.storage[storage.KEY] == DAMAGED and not surface.dialogs
    rooms.saving.download_unreadable()
    assert around.downloads[-1] == ("backgammon-save.json", DAMAGED)
    assert surface.shown("save-problem")


def test_a_damaged_save_has_a_new_game_one_click_away_that_replaces_it():
    rooms = damaged_save_page()
    surface, around = surface_of(rooms), around_of(rooms)
    rooms.table.new_game()  # #save-problem-new (and the toolbar's New game): one click
    assert not surface.dialogs and not surface.shown("save-problem")
    assert '"app":"backgammon"' in around.storage[storage.KEY]


def test_a_shared_position_asks_before_it_replaces_a_game_in_progress():
    rooms = rooms_on(seed=1)
    rooms.table.roll()
    around_of(rooms).run()
    shared = GameState(Rules.simple(), position=Position.start(), phase=Phase.ROLL, turn=0)
    rooms.sharing.open_link("#" + links.share_fragment(shared, COMPUTER))
    assert "Open it?" in surface_of(rooms).texts["notice-text"]
    rooms.notices.yes()
    assert rooms.page.state.session.game.position == Position.start()


async def settle(rooms: Rooms) -> None:
    """Run the tasks the page spawned, and those they spawn, inside the running loop."""
    around = around_of(rooms)
    while around.pending:
        work, around.pending = around.pending, []
        await asyncio.gather(*work)


def test_the_tutor_warns_once_and_its_better_play_is_played_instead():
    async def scene() -> Rooms:
        rooms = rooms_on(Session.new(Settings(tutor=True)), seed=PERSON_OPENS)
        rooms.table.roll()  # the person's 5-3
        game = rooms.page.state.session.game
        assert game.dice == (5, 3)
        for origin, destination in ((8, 3), (8, 5)):  # a blunder
            rooms.table.tap(origin)
            rooms.table.tap(destination)
        rooms.table.confirm()
        await settle(rooms)
        return rooms

    rooms = asyncio.run(scene())
    surface = surface_of(rooms)
    assert "tutor" in surface.dialogs and "8/3 6/3" in surface.texts["tutor-text"]
    assert surface.shown("tutor-instead") and surface.focused == "tutor-instead"
    rooms.coach.answer_tutor("instead")
    state = rooms.page.state
    assert state.session.last_play is not None
    assert state.session.last_play[1] == ((8, 3, False), (6, 3, False))


def test_the_cube_tutors_better_action_is_one_click_away_in_its_own_words():
    """Doubling at the start is a blunder: "Better: roll without doubling." offers Roll."""
    game = GameState(Rules.full(), position=Position.start(), phase=Phase.ROLL, turn=0)
    session = Session(game, Settings(rules=FULL, tutor=True)).after(game)

    async def scene() -> Rooms:
        rooms = rooms_on(session)
        rooms.table.cube("double")
        await settle(rooms)
        surface = surface_of(rooms)
        assert "tutor" in surface.dialogs
        assert "Better: roll without doubling." in surface.texts["tutor-text"]
        assert surface.shown("tutor-instead")
        assert surface.texts["tutor-instead"] == "Roll the dice"
        assert surface.focused == "tutor-instead"
        rooms.coach.answer_tutor("instead")
        await settle(rooms)
        return rooms

    rooms = asyncio.run(scene())
    game = rooms.page.state.session.game
    assert game.cube.value == 1 and game.dice is not None  # rolled, not doubled


def test_the_tutors_warning_says_why_in_the_engines_numbers():
    async def scene() -> Rooms:
        rooms = rooms_on(Session.new(Settings(tutor=True)), seed=PERSON_OPENS)
        rooms.table.roll()  # the person's 5-3
        for origin, destination in ((8, 3), (8, 5)):  # a blunder: three blots
            rooms.table.tap(origin)
            rooms.table.tap(destination)
        rooms.table.confirm()
        await settle(rooms)  # the tutor's hint, then its why
        return rooms

    rooms = asyncio.run(scene())
    surface = surface_of(rooms)
    assert "tutor" in surface.dialogs
    why = surface.markup["tutor-why"]
    assert "Played 8/5 8/3" in why and "Best 8/3 6/3" in why
    assert "wins" in why and "gammon" in why  # the chances after each play
    assert "shots of 36 at 3 blots" in why and "no blot" in why  # the shots left


def test_a_confirm_after_the_better_play_was_shown_takes_the_play_without_a_second_warning():
    async def scene() -> Rooms:
        rooms = rooms_on(Session.new(Settings(tutor=True)), seed=PERSON_OPENS)
        rooms.table.roll()
        for origin, destination in ((8, 3), (8, 5)):
            rooms.table.tap(origin)
            rooms.table.tap(destination)
        rooms.table.confirm()
        await settle(rooms)
        rooms.coach.answer_tutor("show")
        assert rooms.page.state.drawn is not None
        rooms.table.tap(6)  # back to the person's own play: the drawing goes
        rooms.table.confirm()
        return rooms

    rooms = asyncio.run(scene())
    assert "tutor" not in surface_of(rooms).dialogs
    assert rooms.page.state.session.game.turn == 1  # the person's play was taken


def test_the_board_is_painted_from_the_state_alone():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
    rooms.table.roll()
    painted = surface_of(rooms).board_markup
    other = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=99)
    other.page.show(replace(rooms.page.state))
    assert surface_of(other).board_markup == painted


def test_an_opened_position_is_the_persons_to_play_from_the_side_to_move():
    rooms = rooms_on(Session.new(Settings(opponent=COMPUTER)))
    # The computer's side (player 1) on roll in the position opened: the person takes it.
    theirs = GameState(Rules.full(), position=Position.start(), phase=Phase.ROLL, turn=1)
    rooms.sharing.open_link("#" + links.share_fragment(theirs, COMPUTER))
    session = rooms.page.state.session
    assert session.person_to_act and not session.computer_to_act
    assert session.game.position == Position.start()  # the same position, seen by the mover
    assert not around_of(rooms).pending  # the computer plays nothing first


def test_index_opens_an_xgid_link_as_the_embed_does():
    rooms = rooms_on()
    xgid = "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    rooms.sharing.open_link(f"#xgid={xgid}")
    game = rooms.page.state.session.game
    assert game.phase is Phase.MOVE and game.dice == (5, 2)
    assert rooms.page.state.session.person_to_act


def test_a_shared_game_keeps_its_players_names():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
    rooms.table.roll()
    asyncio.run(rooms.sharing.share())
    url = around_of(rooms).copied[-1]
    assert "&names=Cyan,Pink" in url
    other = rooms_on()  # a visitor whose own game is against the computer
    fragment = url.split("#", 1)[1].replace("names=Cyan,Pink", "names=Ann,Bob")
    other.sharing.open_link("#" + fragment)
    replay = other.page.state.replay
    assert replay is not None and replay.record.names == ("Ann", "Bob")
    assert "Ann vs Bob" in surface_of(other).texts["replay-where"]
    assert "The computer" not in surface_of(other).texts["status"]


def test_a_record_reviewed_names_its_own_players_not_the_live_games():
    friends = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
    friends.table.roll()
    record = friends.page.state.named_history()  # two people at one screen: Cyan and Pink
    against_computer = rooms_on()
    against_computer.review.look_back(Replay.of(record))
    surface = surface_of(against_computer)
    assert surface.texts["score-text"] == "Cyan 0 \u2013 0 Pink"
    assert {surface.texts["name-bottom"], surface.texts["name-top"]} == {"Cyan", "Pink"}
    assert surface.texts["pips-text"].count("Cyan") == 1
    against_computer.review.look_back(Replay.of(record.with_names(("Ann", "Bob"))))
    assert surface.texts["score-text"] == "Ann 0 \u2013 0 Bob"  # a file's or a link's names
    against_computer.review.look_back(None)
    assert surface.texts["score-text"] == "You 0 \u2013 0 Computer"  # the live game's again
    computer_record = against_computer.page.state.named_history()
    friends.review.look_back(Replay.of(computer_record))
    assert surface_of(friends).texts["score-text"] == "You 0 \u2013 0 Computer"


def test_the_hints_play_this_plays_that_play_for_the_person():
    async def scene() -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
        rooms.table.roll()
        await rooms.coach.show_hint()
        return rooms

    rooms = asyncio.run(scene())
    markup = surface_of(rooms).markup["hint-body"]
    # The Simple rules (the default): each play's games won, never gammons.
    assert "Play this" in markup and "%" in markup and "gammon" not in markup
    rooms.coach.play_hinted(3)
    session = rooms.page.state.session
    assert session.game.turn == 1 and session.last_play is not None


def test_a_friends_hint_and_why_lines_write_the_other_sides_plays_in_the_boards_numbers():
    # A board not turned to each mover draws Cyan's numbers: Pink's plays are written in them.
    async def scene() -> Rooms:
        settings = Settings(opponent=FRIEND, rotate=False)
        rooms = rooms_on(Session.new(settings), seed=PERSON_OPENS)
        rooms.table.roll()  # Cyan's 5-3
        for origin, destination in ((8, 3), (6, 3)):
            rooms.table.tap(origin)
            rooms.table.tap(destination)
        rooms.table.confirm()
        await settle(rooms)
        rooms.table.roll()  # Pink's roll
        await rooms.coach.show_hint()
        return rooms

    rooms = asyncio.run(scene())
    game = rooms.page.state.session.game
    assert game.turn == 1 and rooms.page.state.session.reader == 0
    answer = rooms.coach.hint_answer(game)
    assert answer is not None
    markup = surface_of(rooms).markup["hint-body"]
    shown = re.findall(r'class="hint-notation">([^<]*)<', markup)
    engines = [row.notation for row in hint_panel.play_rows(answer)]
    assert shown and shown == [in_board_numbers(notation, False) for notation in engines]
    assert shown != engines  # Pink's 24, 13, 8 and 6 are Cyan's 1, 12, 17 and 19
    why = hint_panel.why_html(
        {
            "chosen": {"play": "24/18", "chances": [0.5] * 6},
            "best": {"play": "13/7", "chances": [0.5] * 6},
        },
        own=False,
    )
    assert "1/7" in why and "12/18" in why


def test_the_computers_play_and_the_turn_are_announced():
    rooms = rooms_on(seed=1)
    said: list[str] = []
    rooms.page.watchers.append(
        lambda before, after: said.append(announcement(before, after) or "") or after
    )
    rooms.table.roll()
    around_of(rooms).run()
    assert any(words.startswith("The computer played") for words in said)
    assert said[-1].endswith("Your turn: roll the dice.")


def test_one_tap_moves_a_checker_that_can_land_on_one_point_only():
    for seed in range(60):
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=seed)
        rooms.table.roll()
        session = rooms.page.state.session
        assert session.turn is not None
        single = [o for o in session.turn.origins() if len(session.turn.destinations(o)) == 1]
        if single and session.selected is None:
            break
    else:
        raise AssertionError("no roll with a checker of one landing point")
    rooms.table.one_tap = True
    rooms.table.tap(to_viewer(single[0], session.mover_at_bottom))
    after = rooms.page.state.session
    assert after.turn is not None and len(after.turn.actions) == 1  # moved on one tap


def test_keys_roll_undo_confirm_and_escape_leaves_the_review():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
    access = rooms.access
    assert access.key("r", "BODY", on_board=False)  # R rolls
    session = rooms.page.state.session
    assert session.game.phase is Phase.MOVE
    for origin, destination in ((8, 3), (6, 3)):
        rooms.table.tap(origin)
        rooms.table.tap(destination)
    assert access.key("u", "BODY", on_board=False)  # U undoes a move
    assert len(rooms.page.state.session.turn.actions) == 1
    rooms.table.tap(6)
    rooms.table.tap(3)
    assert not access.key("Enter", "BUTTON", on_board=False)  # a button takes Enter itself
    assert access.key("Enter", "BODY", on_board=False)  # Enter confirms
    assert rooms.page.state.session.game.turn == 1
    rooms.review.toggle()
    assert access.key("Escape", "BODY", on_board=False)
    assert rooms.page.state.room == TABLE
    assert access.key("?", "BODY", on_board=False)
    assert "keys-dialog" in surface_of(rooms).dialogs
    assert not access.key("q", "BODY", on_board=False)


def test_the_keyboard_goes_to_the_next_useful_control():
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS)
    assert surface_of(rooms).focused == "roll"
    surface_of(rooms).focused = None
    rooms.table.roll()
    rooms.table.tap(8)
    rooms.table.tap(3)
    rooms.table.tap(6)
    rooms.table.tap(3)
    assert surface_of(rooms).focused == "confirm"  # the play is whole: Confirm is next
