"""The page's checkable dice on the fake page (tests/web/fakes.py): a secret seed fixed before
each game's first roll, kept in the save, revealed and checked when the game is over, and
written into every export; ``?seed=`` pages throw from ``random`` as before."""

from __future__ import annotations

import functools
import hashlib
import io
import json
import random
import re
from dataclasses import replace

from game.cli.dice import run as verify_dice
from game.engine.record import ROLL
from game.engine.seeded_dice import DiceCup
from game.engine.state import Phase
from game.formats.game_link import parse_game_link_dice
from game.web.house import Rooms, Setup, build
from game.web.state.page_state import DICE
from game.web.state.session import FRIEND, Session, Settings
from game.web.store import storage
from game.web.table.saving import LOST_DICE
from tests.web.fakes import FakeSurface, FakeSurroundings, around_of, surface_of

HEX = re.compile(r"[0-9a-f]{64}")


def page_on(
    store: dict[str, str] | None = None, session: Session | None = None, checkable: bool = True
) -> Rooms:
    setup = Setup(session=session, checkable_dice=checkable)
    rooms = build(FakeSurface(), FakeSurroundings(store), setup, random.Random(7), pace=0)
    problem = rooms.saving.restore()
    assert problem is None
    rooms.page.paint()
    return rooms


def friends() -> Session:
    return Session.new(Settings(opponent=FRIEND, rules="full", match_length=3))


def the_cup(rooms: Rooms) -> DiceCup:
    state = rooms.page.state
    cup = state.dice.cup(len(state.history.games))
    assert cup is not None
    return cup


def rolls_of_game(rooms: Rooms, number: int = 1) -> list[tuple[int, int]]:
    game = rooms.page.state.history.games[number - 1]
    return [action.dice for action in game if action.kind == ROLL and action.dice]


def play_turns(rooms: Rooms, turns: int, rng: random.Random) -> None:
    """Roll and play ``turns`` turns of the live game through the page (a legal play at
    random for whoever is on roll)."""
    page = rooms.page
    for _ in range(turns):
        session = page.state.session
        if session.game.phase in (Phase.OPENING, Phase.ROLL):
            rooms.table.roll()
        session = page.state.session
        if session.game.phase is Phase.MOVE:
            play = rng.choice(session.game.legal_plays())
            page.commit(replace(page.state, session=session.play(play)))


def dice_tab(rooms: Rooms) -> str:
    rooms.review.open_tab(DICE)
    rooms.page.paint()
    return surface_of(rooms).markup["dice-check"]


def test_the_first_roll_and_every_roll_after_it_come_from_the_games_committed_seed():
    rooms = page_on(session=friends())
    cup = the_cup(rooms)
    panel = dice_tab(rooms)
    assert cup.commitment in panel and cup.seed.hex() not in panel  # committed, not shown
    assert cup.commitment == hashlib.sha256(cup.seed).hexdigest()
    rooms.review.look_back(None)
    play_turns(rooms, 12, random.Random(1))
    rolls = rolls_of_game(rooms)
    assert len(rolls) >= 10
    assert rolls[0] == cup.roll(0)  # the opening roll: player 0's die first
    assert [sorted(r) for r in rolls[1:]] == [sorted(cup.roll(k)) for k in range(1, len(rolls))]
    assert cup.seed.hex() not in dice_tab(rooms)  # the game goes on: still hidden


def test_the_computers_rolls_come_from_the_seed_and_it_is_never_given_the_seed():
    rooms = page_on(session=Session.new(Settings(rules="full")))
    cup = the_cup(rooms)
    for _ in range(12):
        if len(rolls_of_game(rooms)) >= 6:
            break
        if rooms.page.state.session.may_answer_double:  # random plays invite an early double
            rooms.table.cube("take")
        if rooms.page.state.session.may_roll:
            rooms.table.roll()
        session = rooms.page.state.session
        if session.turn is not None:
            play = random.Random(2).choice(session.game.legal_plays())
            rooms.page.commit(replace(rooms.page.state, session=session.play(play)))
        around_of(rooms).run()
    rolls = rolls_of_game(rooms)
    assert len(rolls) >= 4
    assert [sorted(r) for r in rolls] == [sorted(cup.roll(k)) for k in range(len(rolls))]
    # The computer is asked with the position and its dice only: never the seed.
    asked = json.dumps(around_of(rooms).requests)
    assert around_of(rooms).requests and cup.seed.hex() not in asked
    assert cup.seed.hex() not in json.dumps(storage.save_data(rooms.page.state.session))


def test_a_reload_keeps_the_seed_and_the_next_rolls():
    store: dict[str, str] = {}
    first = page_on(store, friends())
    play_turns(first, 5, random.Random(3))
    cup = the_cup(first)
    assert cup.seed.hex() in store[storage.KEY + ".history"]  # kept in this browser's save
    again = page_on(store)
    assert the_cup(again).seed == cup.seed
    made = len(rolls_of_game(again))
    again.table.roll()
    assert sorted(rolls_of_game(again)[-1]) == sorted(cup.roll(made))


def test_the_end_of_a_game_reveals_its_seed_checks_every_roll_and_writes_it_everywhere():
    rooms = page_on(session=friends())
    cup = the_cup(rooms)
    play_turns(rooms, 6, random.Random(4))
    rooms.table.offer_resignation()
    rooms.table.resign(1)
    rooms.table.answer_resignation(True)
    state = rooms.page.state
    assert state.session.game.phase is Phase.GAME_OVER
    throws = cup.numbered(len(rolls_of_game(rooms)) - 1)[0]
    ending = surface_of(rooms)
    assert ending.texts["ending-dice"] == f"Dice: All {throws} rolls match the commitment."
    assert ending.shown("ending-dice") and ending.shown("ending-dice-check")
    panel = dice_tab(rooms)
    assert cup.seed.hex() in panel and cup.commitment in panel
    assert f"All {throws} rolls match the commitment." in panel
    assert 'data-checked="yes"' in panel
    # The .mat and .sgf exports carry the commitment and the seed; dice --verify takes them.
    rooms.review.export_mat()
    rooms.review.export_mat("sgf")
    (_, mat), (_, sgf) = around_of(rooms).downloads[-2:]
    assert f'; [Game 1 Dice Seed "{cup.seed.hex()}"]' in mat
    assert f"DS[{cup.seed.hex()}]" in sgf and f"DC[{cup.commitment}]" in sgf
    for text in (mat, sgf):
        out = io.StringIO()
        assert verify_dice(text, out) == 0, out.getvalue()
        assert out.getvalue() == f"ok: 1 games, {throws} rolls\n"
    # The next game has a new seed, committed before its first roll.
    rooms.review.look_back(None)
    rooms.table.next_game()
    second = the_cup(rooms)
    assert second.seed != cup.seed
    assert second.seed.hex() not in dice_tab(rooms)
    # Share: the link holds game 1's seed and game 2's commitment only.
    around_of(rooms).spawn(rooms.sharing.share())
    around_of(rooms).run()
    link = around_of(rooms).copied[-1]
    dice = parse_game_link_dice(link.split("#", 1)[1])
    assert dice[1].seed == cup.seed.hex() and dice[2].seed is None
    assert dice[2].commitment == second.commitment
    # The link opened elsewhere shows game 1's check.
    other = page_on()
    around_of(other).hash = "#" + link.split("#", 1)[1]
    other.sharing.open_link(around_of(other).fragment())
    other.review.jump(1)
    other.review.choose_tab(DICE)
    other.page.paint()
    assert f"All {throws} rolls match the commitment." in surface_of(other).markup["dice-check"]


def test_an_imported_match_with_seeds_shows_its_check():
    rooms = page_on(session=friends())
    cup = the_cup(rooms)
    play_turns(rooms, 4, random.Random(5))
    rooms.table.offer_resignation()
    rooms.table.resign(1)
    rooms.table.answer_resignation(True)
    rooms.review.export_mat()
    mat = around_of(rooms).downloads[-1][1]
    other = page_on()
    other.review.import_mat(mat)
    around_of(other).run()
    other.review.choose_tab(DICE)
    other.page.paint()
    panel = surface_of(other).markup["dice-check"]
    assert cup.seed.hex() in panel and "match the commitment." in panel


def test_damaged_dice_in_the_save_lose_no_game_and_the_player_is_told():
    store: dict[str, str] = {}
    first = page_on(store, friends())
    play_turns(first, 5, random.Random(6))
    game = first.page.state.session.game
    data = json.loads(store[storage.KEY + ".history"])
    for damage in ({"version": 1, "seeds": ["not hex"]}, "garbage", None):
        data["dice"] = damage
        store[storage.KEY + ".history"] = json.dumps(data)
        again = page_on(dict(store))
        assert again.page.state.session.game == game  # the game is kept
        assert again.page.state.dice.cup(1) is None  # its rest cannot be checked
        assert surface_of(again).texts["notice-text"] == LOST_DICE
        again.table.roll()  # play goes on, from the page's own generator
        assert len(rolls_of_game(again)) == len(rolls_of_game(first)) + 1
        assert "no commitment" in dice_tab(again)


def test_damaged_dice_before_the_first_roll_are_replaced_without_a_word():
    store: dict[str, str] = {}
    first = page_on(store, friends())
    first.table.roll()  # saves the history (and its seed)
    data = json.loads(store[storage.KEY + ".history"])
    first_seed = the_cup(first).seed
    first.table.new_game()
    first.notices.yes()
    assert the_cup(first).seed != first_seed  # a new game, a new seed
    data = json.loads(store[storage.KEY + ".history"])
    data["dice"] = {"version": 99}
    store[storage.KEY + ".history"] = json.dumps(data)
    again = page_on(store)
    assert again.page.state.dice.cup(1) is not None
    assert not surface_of(again).texts.get("notice-text")


def test_a_seed_address_throws_from_random_as_before():
    plain = page_on(session=friends(), checkable=False)
    assert plain.page.state.dice.seeds == ()
    plain.table.roll()
    expected = friends().roll(random.Random(7)).game.dice
    assert plain.page.state.session.game.dice == expected
    assert "no commitment" in dice_tab(plain)
    plain.review.look_back(None)
    plain.review.export_mat()
    assert "Dice" not in around_of(plain).downloads[-1][1]


def test_a_game_played_on_from_the_review_has_no_commitment():
    rooms = page_on(session=friends())
    play_turns(rooms, 6, random.Random(8))
    rooms.review.toggle()
    rooms.review.step(-3)
    rooms.review.play_on()
    rooms.notices.yes()
    assert rooms.page.state.dice.cup(1) is None
    assert HEX.search(dice_tab(rooms)) is None


def test_a_save_without_seeds_or_with_a_game_that_has_none_says_nothing():
    store: dict[str, str] = {}
    first = page_on(store, friends())
    play_turns(first, 4, random.Random(9))
    data = json.loads(store[storage.KEY + ".history"])
    del data["dice"]  # a save from before checkable dice
    store[storage.KEY + ".history"] = json.dumps(data)
    again = page_on(dict(store))
    assert again.page.state.dice.cup(1) is None and not surface_of(again).texts.get("notice-text")
    again.review.toggle()  # played on from the review: no seed, saved as such
    again.review.step(-1)
    again.review.play_on()
    again.notices.yes()
    assert again.page.state.dice.seeds == (None,)
    third = page_on(around_of(again).storage)
    assert third.page.state.dice.seeds == (None,)
    assert not surface_of(third).texts.get("notice-text")


def test_a_game_with_a_friend_by_link_takes_no_seed_of_this_page(monkeypatch):
    """Its dice both players fix together (link_play.py): a checkable page commits to none
    of them, says nothing false on the ending card, and exports no dice tags for them."""
    from tests.web.link_play import test_link_play as by_link

    monkeypatch.setattr(by_link, "Setup", functools.partial(Setup, checkable_dice=True))
    rng = random.Random(6)
    ann, bob, _links = by_link.start_match(length=1, seed=6)
    sides = [ann, bob]
    turn = 1
    for _ in range(500):
        by_link.play_part(sides[turn], rng, double=0.0)
        if all(side.page.state.friend.over for side in sides):  # type: ignore[union-attr]
            break
        by_link.open_url(sides[1 - turn], by_link.link_shown(sides[turn]))
        turn = 1 - turn
    for side in sides:
        state = side.page.state
        assert state.friend is not None and state.friend.over
        assert all(seed is None for seed in state.dice.seeds)
        assert not surface_of(side).shown("ending-dice")
        side.review.export_mat()
        assert "Dice" not in around_of(side).downloads[-1][1]
