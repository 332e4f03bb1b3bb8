"""The train room driven in CPython on a fake page (tests/web/fakes.py): due cards asked on
their own board, answers judged and scheduled, the live game never touched, the deck as a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.state import Phase
from game.web.house import Rooms
from game.web.state.page_state import TABLE, TRAIN
from game.web.state.session import FRIEND, Session, Settings, to_viewer
from game.web.store import deck as decks
from game.web.store.deck import DAY_MS, WRONG_AGAIN_MS
from game.web.trainer.questions import best_play
from tests.web.test_rooms import PERSON_OPENS, around_of, rooms_on, surface_of

PRACTICE = Path(__file__).resolve().parents[3] / "game" / "analysis" / "data" / "practice.json"
NOW = 1_000_000_000_000.0


def practice_cards() -> list[dict[str, Any]]:
    return list(json.loads(PRACTICE.read_text(encoding="utf-8"))["cards"])


def of_kind(kind: str) -> dict[str, Any]:
    return next(card for card in practice_cards() if card["kind"] == kind)


def trainer(cards: list[dict[str, Any]], session: Session | None = None) -> Rooms:
    """A page whose deck holds ``cards``, all due, its clock at ``NOW``."""
    kept = decks.Deck().with_cards(cards, now=NOW - 1000)
    rooms = rooms_on(session, seed=PERSON_OPENS, storage={decks.KEY: kept.to_text()})
    rooms.train.clock = lambda: NOW
    return rooms


def stored_deck(rooms: Rooms) -> decks.Deck:
    return decks.read_deck(around_of(rooms).storage.get(decks.KEY))


def play_on_board(rooms: Rooms, moves: list[tuple[int, int]]) -> None:
    """Moves (the mover's numbering) made by taps on the board, as the page sends them."""
    session = rooms.page.state.shown_session
    for origin, destination in moves:
        rooms.access.tap(to_viewer(origin, session.mover_at_bottom))
        rooms.access.tap(to_viewer(destination, session.mover_at_bottom))


def best_moves(card: dict[str, Any]) -> list[tuple[int, int]]:
    play = best_play(card)
    assert play is not None
    return [(move.origin, move.destination) for move in play.moves]


def wrong_moves(card: dict[str, Any]) -> list[tuple[int, int]]:
    """The moves of the card's worst ranked play (more than 0.04 worse than the best)."""
    from game.engine.plays import legal_plays
    from game.formats import format_position_id
    from game.web.trainer.questions import ask

    state = ask(card).state
    worst = card["plays"][-1]
    assert card["plays"][0][2] - worst[2] > 0.04
    play = next(
        p
        for p in legal_plays(state.position, state.dice)
        if format_position_id(p.position) == worst[1]
    )
    return [(move.origin, move.destination) for move in play.moves]


def test_the_train_room_asks_a_due_card_on_its_own_board_and_leaves_the_game_as_it_was():
    card = of_kind("play")
    rooms = trainer([card], Session.new(Settings(opponent=FRIEND)))
    rooms.table.roll()  # a live game in progress: the opening roll, a play to make
    live = rooms.page.state.session
    board_before = surface_of(rooms).board_markup
    rooms.train.toggle()
    state = rooms.page.state
    assert state.room == TRAIN and state.quiz is not None
    assert state.quiz.card["id"] == card["id"]
    assert "train-room" not in surface_of(rooms).body_classes
    assert "room-train" in surface_of(rooms).body_classes
    assert surface_of(rooms).board_markup != board_before  # the card's board is drawn
    assert not surface_of(rooms).prop("train-panel", "hidden")
    assert surface_of(rooms).texts["train-prompt"].endswith("find the best play.")
    play_on_board(rooms, best_moves(card)[:1])
    assert rooms.access.key("u", "BODY", on_board=False)  # U undoes the quiz's move
    assert rooms.page.state.quiz.session.turn.actions == ()
    assert not rooms.access.key("r", "BODY", on_board=False)  # the table's keys rest here
    assert rooms.page.state.session is live  # the live game never touched
    rooms.access.to_table()
    assert rooms.page.state.room == TABLE
    assert rooms.page.state.session is live
    assert surface_of(rooms).board_markup == board_before  # back to the game as it was


def test_a_wrong_answer_comes_back_before_a_right_one():
    first, second = [
        c
        for c in practice_cards()
        if c["kind"] == "play" and c["plays"][0][2] - c["plays"][-1][2] > 0.04
    ][:2]
    rooms = trainer([first, second])
    rooms.train.toggle()
    asked = rooms.page.state.quiz.card
    play_on_board(rooms, wrong_moves(asked))
    assert surface_of(rooms).prop("train-confirm", "disabled") is False
    assert surface_of(rooms).focused == "train-confirm"  # a whole play: Confirm is next
    assert rooms.access.key("Enter", "BODY", on_board=False)  # Enter confirms the quiz's play
    assert surface_of(rooms).marks["train-verdict"] == "wrong"
    assert surface_of(rooms).focused == "train-next"
    assert "Not this one" in surface_of(rooms).markup["train-verdict"]
    assert "yours" in surface_of(rooms).markup["train-verdict"]
    assert (
        "shots of 36" in surface_of(rooms).markup["train-verdict"]
        or "no blot" in (surface_of(rooms).markup["train-verdict"])
    )
    wrong_id = asked["id"]
    rooms.train.next_card()
    asked = rooms.page.state.quiz.card
    assert asked["id"] != wrong_id
    play_on_board(rooms, best_moves(asked))
    rooms.train.confirm()
    assert surface_of(rooms).marks["train-verdict"] == "right"
    right_id = asked["id"]
    kept = stored_deck(rooms)
    assert kept.card(wrong_id).due == NOW + WRONG_AGAIN_MS
    assert kept.card(right_id).due == NOW + DAY_MS
    rooms.train.next_card()  # nothing due: when the next one is, and the practice sets
    assert rooms.page.state.quiz is None
    assert "in 10 minutes" in surface_of(rooms).texts["train-when"]
    assert not surface_of(rooms).prop("train-empty", "hidden")
    rooms.train.clock = lambda: NOW + WRONG_AGAIN_MS + 1
    rooms.train.next_card()
    assert rooms.page.state.quiz.card["id"] == wrong_id  # the wrong one first, the right later
    assert "1 of 2" in surface_of(rooms).texts["train-progress"]
    assert "<svg" in surface_of(rooms).markup["train-chart"]


@pytest.mark.parametrize("best", ["double", "no double"])
def test_a_cube_card_is_answered_with_buttons_and_scheduled(best: str):
    card = next(c for c in practice_cards() if "cube" in c and c["best"] == best)
    rooms = trainer([card])
    rooms.train.toggle()
    surface = surface_of(rooms)
    assert surface.shown("train-double") and surface.shown("train-no-double")
    assert not surface.shown("train-take") and not surface.shown("train-confirm")
    wrong = "no double" if card["best"] == "double" else "double"
    rooms.train.cube("take")  # not an answer to this question: nothing happens
    assert rooms.page.state.quiz.verdict is None
    rooms.train.cube(wrong)
    assert surface.marks["train-verdict"] == "wrong"
    assert "the best answer is" in surface.markup["train-verdict"]
    assert "yours" in surface.markup["train-verdict"]
    assert surface.shown("train-next") and not surface.shown("train-double")
    assert stored_deck(rooms).card(card["id"]).due == NOW + WRONG_AGAIN_MS


def test_a_practice_set_joins_the_deck_and_is_asked():
    rooms = trainer([])
    rooms.train.toggle()
    assert rooms.page.state.quiz is None
    assert "none yet" in surface_of(rooms).texts["train-when"]

    async def load() -> str:
        return PRACTICE.read_text(encoding="utf-8")

    rooms.train.load_practice = load
    around_of(rooms).spawn(rooms.train.practice("race"))
    around_of(rooms).run()
    kept = stored_deck(rooms)
    assert len(kept.cards) == 10
    assert {card.data["source"] for card in kept.cards} == {"practice:race"}
    assert rooms.page.state.quiz is not None
    assert surface_of(rooms).texts["train-prompt"].startswith("Races:")


def test_the_deck_is_exported_and_an_import_merges_or_is_refused_with_nothing_lost():
    cards = practice_cards()
    rooms = trainer(cards[:2])
    rooms.train.export()
    name, text = around_of(rooms).downloads[-1]
    assert name.endswith(".json") and decks.read_deck(text) == stored_deck(rooms)
    before = around_of(rooms).storage[decks.KEY]
    rooms.train.import_text("this is not a deck")
    assert "no cards" in surface_of(rooms).texts["notice-text"]
    assert around_of(rooms).storage[decks.KEY] == before  # nothing lost
    other = decks.Deck().with_cards(cards[1:4], now=0).to_text()
    rooms.train.import_text(other)
    assert "2 new cards added, 1 known already" in surface_of(rooms).texts["notice-text"]
    assert [card.id for card in stored_deck(rooms).cards] == [c["id"] for c in cards[:4]]


def test_the_live_game_goes_on_under_the_train_room():
    """The computer's turn in the live game does not draw over the card's board."""
    rooms = trainer([of_kind("play")], None)  # against the computer
    rooms.table.roll()
    rooms.train.toggle()
    quiz_board = surface_of(rooms).board_markup
    around_of(rooms).run()
    assert rooms.page.state.room == TRAIN
    assert surface_of(rooms).board_markup == quiz_board
    assert rooms.page.state.session.game.phase in (Phase.ROLL, Phase.MOVE, Phase.OPENING)


def test_with_no_card_asked_the_live_board_rests_in_the_train_room():
    rooms = trainer([], Session.new(Settings(opponent=FRIEND)))
    rooms.table.roll()  # the person's 5-3 to play in the live game
    live = rooms.page.state.session
    rooms.train.toggle()
    assert rooms.page.state.quiz is None
    rooms.access.tap(8)  # a tap on the live board shown under the room: nothing moves
    assert rooms.page.state.session is live
    assert not rooms.access.key("u", "BODY", on_board=False)
    rooms.train.toggle()  # pressed again: back to the table, where the tap plays
    rooms.access.tap(8)
    assert rooms.page.state.session.selected is not None


def test_a_double_to_answer_is_asked_with_take_and_pass_on_the_doubled_board():
    from game.analysis.cards import card_record, cards_of
    from game.analysis.record_analysis import analyse_record
    from game.formats.mat import parse_mat

    match = Path(__file__).resolve().parents[2] / "data" / "matches" / "gnubg-noisy-5-2.mat"
    records = [card_record(c) for c in cards_of(analyse_record(parse_mat(match.read_text()), 1))]
    card = json.loads(json.dumps(next(r for r in records if r["kind"] in ("take", "pass"))))
    rooms = trainer([card])
    rooms.train.toggle()
    surface = surface_of(rooms)
    assert rooms.page.state.shown_session.game.phase is Phase.DOUBLED
    assert surface.texts["train-prompt"].endswith("take or pass?")
    assert surface.shown("train-take") and surface.shown("train-pass")
    assert not surface.shown("train-double") and not surface.shown("train-confirm")
    rooms.train.cube(card["best"])
    assert surface.marks["train-verdict"] == "right"
    assert "doubler" in surface.markup["train-verdict"]
    assert stored_deck(rooms).card(card["id"]).due == NOW + DAY_MS


# --- the card drawn as the person's game was: cyan at the bottom -----------------------------


def colours_on_points(svg: str) -> dict[int, set[str]]:
    """The checkers' colours on each point of the drawn board (viewer's numbering)."""
    found: dict[int, set[str]] = {}
    for part in svg.split('<g class="point')[1:]:
        point = int(part.split('data-target="', 1)[1].split('"', 1)[0])
        inside = part.split('<g class="point', 1)[0].split('<g class="bar"', 1)[0]
        found[point] = {c for c in ("cyan", "pink") if f'class="checker {c}"' in inside}
    return found


def mover_colour(svg: str, card: dict[str, Any], at_bottom: bool) -> str:
    """The one colour of the mover's checkers on the board, each looked for where the mover
    sits (bottom: the viewer's numbering is the mover's; top: mirrored)."""
    from game.formats.gnubg_id import read_gnubg_id

    points = read_gnubg_id(card["gnubg_id"]).position.player
    drawn = colours_on_points(svg)
    seen = {
        colour
        for point in range(1, 25)
        if points[point]
        for colour in drawn[point if at_bottom else 25 - point]
    }
    assert len(seen) == 1, seen
    return seen.pop()


def own_cards() -> list[dict[str, Any]]:
    from game.analysis.cards import card_record, cards_of
    from game.analysis.record_analysis import analyse_record
    from game.formats.mat import parse_mat

    match = Path(__file__).resolve().parents[2] / "data" / "matches" / "gnubg-noisy-5-2.mat"
    records = [card_record(c) for c in cards_of(analyse_record(parse_mat(match.read_text()), 1))]
    return list(json.loads(json.dumps(records)))


def answered_best(rooms: Rooms, card: dict[str, Any]) -> None:
    play_on_board(rooms, best_moves(card))
    rooms.train.confirm()
    assert surface_of(rooms).marks["train-verdict"] == "right"
    assert stored_deck(rooms).card(card["id"]).due == NOW + DAY_MS


def test_a_practice_card_with_pink_to_play_is_asked_as_the_persons_cyan_at_the_bottom():
    from game.formats.gnubg_id import read_gnubg_id

    card = next(
        c
        for c in practice_cards()
        if c["kind"] == "play" and read_gnubg_id(c["gnubg_id"]).turn == 1
    )
    rooms = trainer([card])
    rooms.train.toggle()
    surface = surface_of(rooms)
    assert mover_colour(surface.board_markup, card, at_bottom=True) == "cyan"
    assert (surface.texts["name-bottom"], surface.texts["name-top"]) == ("Cyan", "Pink")
    assert surface.texts["pips-text"].startswith("Cyan ")
    answered_best(rooms, card)  # the best play, made on the cyan side, is judged right
    svg = surface.board_markup  # the verdict's best play: cyan's trail from the bottom
    assert 'class="trail" data-colour="cyan"' in svg
    assert mover_colour(svg, card, at_bottom=True) == "cyan"


def test_a_card_of_the_persons_own_cyan_mistake_is_cyan_at_the_bottom():
    card = next(c for c in own_cards() if c["player"] == 0 and c["kind"] == "play")
    for rotate in (True, False):
        rooms = trainer([card], Session.new(Settings(rotate=rotate)))
        rooms.train.toggle()
        assert mover_colour(surface_of(rooms).board_markup, card, at_bottom=True) == "cyan"
        answered_best(rooms, card)


@pytest.mark.parametrize("rotate", [True, False])
def test_a_friends_pink_mistake_is_drawn_as_the_friend_board_drew_it(rotate: bool):
    card = next(c for c in own_cards() if c["player"] == 1 and c["kind"] == "play")
    rooms = trainer([card], Session.new(Settings(opponent=FRIEND, rotate=rotate)))
    rooms.train.toggle()
    svg = surface_of(rooms).board_markup
    # Facing the player on roll, pink plays from the bottom; not turned, cyan stays there.
    assert mover_colour(svg, card, at_bottom=rotate) == "pink"
    bottom = "Pink" if rotate else "Cyan"
    assert surface_of(rooms).texts["name-bottom"] == bottom  # the words follow the drawing
    assert rooms.page.state.shown_session.mover_at_bottom is rotate
    answered_best(rooms, card)
    assert 'class="trail" data-colour="pink"' in surface_of(rooms).board_markup


@pytest.mark.parametrize(
    ("opponent", "link_side", "people"),
    [("computer", 0, {0}), ("friend", 0, {0, 1}), ("link", 0, {0}), ("link", 1, {1})],
)
def test_an_analysed_game_brings_only_the_mistakes_of_the_people_at_this_device(
    opponent: str, link_side: int, people: set[int]
):
    from dataclasses import replace

    from game.web.state.session import Opponent

    cards = own_cards()
    assert {card["player"] for card in cards} == {0, 1}
    session = replace(Session.new(Settings(opponent=Opponent(opponent))), link_side=link_side)
    rooms = rooms_on(session)
    state = rooms.page.state
    rooms.rating.estimated(state.named_history(), {"cards": cards, "players": [{}, {}]})
    kept = stored_deck(rooms)
    assert {card.data["player"] for card in kept.cards} == people
    assert len(kept.cards) == sum(1 for card in cards if card["player"] in people)


def test_an_answered_card_shows_its_position_as_rolled_out_at_the_table():
    from game.formats import format_position_id
    from game.web.store.door import ROLLOUTS
    from game.web.store.rollouts import key_of, with_record
    from game.web.trainer.questions import ask

    card = of_kind("play")
    state = ask(card).state
    row = {
        "label": "24/18 13/10",
        "trials": 1296,
        "equity": 0.123,
        "standard_error": 0.011,
        "chances": [0.5, 0.1, 0.0, 0.1, 0.0],
        "jsd": None,
    }
    record = {"trials": 1296, "settings": "1296 trials, seed 9", "rows": [row]}
    kept = with_record(None, key_of(format_position_id(state.position), state.dice), record)
    rooms = trainer([card])
    around_of(rooms).storage[ROLLOUTS] = json.dumps(kept)
    rooms.train.toggle()
    assert "rolled out" not in surface_of(rooms).markup.get("train-verdict", "")
    play_on_board(rooms, best_moves(rooms.page.state.quiz.card))
    rooms.train.confirm()
    markup = surface_of(rooms).markup["train-verdict"]
    assert "rolled out: 1,296 trials" in markup and 'data-equity="0.1230"' in markup


def test_a_practice_card_with_pink_on_roll_finds_the_tables_rollout_of_its_roll():
    """Pink on roll in its ID, the card is the person's as cyan (its players exchanged); the
    table kept the rollout of the same position and roll, rolled low die first: found."""
    from game.analysis.rollout.job import RolloutJob
    from game.analysis.rollout.settings import RolloutSettings
    from game.formats.gnubg_id import read_gnubg_id
    from game.web.store.door import ROLLOUTS
    from game.web.store.rollouts import with_record
    from game.web.trainer.questions import ask

    card = next(
        card
        for card in practice_cards()
        if card["kind"] == "play"
        and card.get("player") not in (0, 1)
        and read_gnubg_id(card["gnubg_id"]).to_act == 1
        and len(set(read_gnubg_id(card["gnubg_id"]).dice or ())) == 2
    )
    at_table = read_gnubg_id(card["gnubg_id"])  # pink on roll, as the table had it
    assert ask(card).state.to_act == 0  # the card's question: the person plays cyan
    rolled = (min(at_table.dice), max(at_table.dice))  # the low die first, as rolled
    key = RolloutJob(at_table.position, rolled, RolloutSettings(trials=1), []).key
    row = {
        "label": "13/7",
        "trials": 648,
        "equity": -0.05,
        "standard_error": 0.02,
        "chances": [0.45, 0.1, 0.0, 0.1, 0.0],
        "jsd": None,
    }
    record = {"trials": 648, "settings": "648 trials, seed 4", "rows": [row]}
    rooms = trainer([card])
    around_of(rooms).storage[ROLLOUTS] = json.dumps(with_record(None, key, record))
    assert "rolled out: 648 trials" in rooms.train.rolled_out_html(card)
