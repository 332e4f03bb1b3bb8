"""The page's checkable dice (game/web/state/dice_box.py): a seed per game, the panel's words, the
save, and the computer kept blind to the seed."""

from __future__ import annotations

import hashlib
import json
import random

from game.engine.match import Rules
from game.engine.record import ROLL, Action, Record
from game.engine.seeded_dice import DiceCup
from game.web.state.dice_box import DiceBox
from game.web.state.session import Session, Settings
from game.web.worker import computer, thinker


def seed(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def test_each_game_gets_its_own_fresh_seed():
    record = Record.new(Rules.full(match_length=3))
    first = DiceBox.for_record(record, None)
    second = DiceBox.for_record(record, None)
    assert len(first.seeds) == 1 and first.seeds != second.seeds
    assert DiceBox.for_record(record, first) == first  # kept while the game goes on


def finished_game(box_seed: bytes) -> tuple[Record, DiceBox]:
    rules = Rules.full(match_length=1)
    record = Record.new(rules)
    box = DiceBox.for_record(record, None, seeds=[box_seed])
    rng = random.Random(1)
    while record.state.phase.value not in ("game_over", "match_over"):
        state = record.state
        if state.phase.value in ("opening", "roll"):
            record = record.append(Action.roll(box.next_roll(record)))  # type: ignore[arg-type]
        else:
            record = record.append(Action.play(rng.choice(state.legal_plays()).moves))
    return record, box


def test_the_panel_shows_the_commitment_first_and_the_check_at_the_end():
    record, box = finished_game(seed("panel"))
    cup = DiceCup(seed("panel"))
    start = Record.new(record.rules)
    before = box.panel(start)
    assert before.lines[0] == f"Commitment: {cup.commitment}" and before.checked is None
    assert all(seed("panel").hex() not in line for line in before.lines)
    middle = record.truncated(1, 5)
    assert all(seed("panel").hex() not in line for line in box.panel(middle).lines)
    assert box.game_dice(middle)[1].seed is None
    after = box.panel(record)
    rolls = sum(1 for action in record.games[0] if action.kind == ROLL)
    throws = cup.numbered(rolls - 1)[0]
    assert after.checked is True
    assert after.lines[1] == f"Seed: {seed('panel').hex()}"
    assert after.lines[2] == f"All {throws} rolls match the commitment."
    assert box.game_dice(record)[1].seed == seed("panel").hex()


def test_the_panel_finds_a_roll_that_does_not_match():
    record, _box = finished_game(seed("mismatch"))
    other = DiceBox((seed("another"),))
    panel = other.panel(record)
    assert panel.checked is False and "does not match the commitment" in panel.lines[-1]


def test_the_box_is_saved_and_read_back_and_bad_data_gives_an_empty_box():
    box = DiceBox((seed("a"), None, seed("b")))
    data = json.loads(json.dumps(box.to_data()))
    assert DiceBox.from_data(data) == box
    for bad in (None, [], {"version": 2}, {"version": 1, "seeds": ["zz" * 32]}, {"version": 1}):
        assert DiceBox.from_data(bad) == DiceBox()


def test_a_game_played_on_from_a_replay_has_no_commitment():
    record, box = finished_game(seed("replay"))
    box = box.without_seed(1)
    assert box.next_roll(record.truncated(1, 3)) is None
    assert box.panel(record).lines[0].startswith("This game's dice have no commitment")


def test_the_computers_requests_never_carry_the_seed():
    secret = seed("secret")
    record, _box = finished_game(secret)
    for _, _, state in record.steps():
        for level in (None, "expert"):
            request = thinker.request_for(state, level, random.Random(0))
            if request is not None:
                assert secret.hex() not in json.dumps(request)
                assert set(request) <= {"task", "game", "level", "rng"}


def test_the_computer_decides_the_same_with_the_seed_replaced():
    """The computer's every decision with the dice from the box, then with the same rolls
    handed over one at a time behind no seed at all: the same game."""
    rules = Rules.full(match_length=3)
    record = Record.new(rules)
    box = DiceBox.for_record(record, None, seeds=[seed("computer")])
    played = _computer_game(rules, lambda made, rec: box.next_roll(rec))
    rolls = [a.dice for a in played.games[0] if a.kind == ROLL]
    asked: list[int] = []

    def one_at_a_time(made: int, _: Record) -> tuple[int, int]:
        assert made == len(asked)  # never a roll ahead
        asked.append(made)
        return rolls[made]  # type: ignore[return-value]

    assert _computer_game(rules, one_at_a_time) == played


def _computer_game(rules: Rules, next_roll) -> Record:
    """The computer (the page's own decisions, computer.next_step) plays both sides."""
    record = Record.new(rules)
    rng = random.Random(11)
    made = 0
    for _ in range(1000):
        game = record.state
        if game.phase.value in ("game_over", "match_over"):
            return record
        if game.phase.value == "opening":
            record = record.append(Action.roll(next_roll(made, record)))
            made += 1
            continue
        settings = Settings(opponent="computer", rules="full", level="beginner")
        # Pink (player 1) through the page's own computer.next_step; Cyan asked the same way.
        step = computer.next_step(Session(game, settings), rng) or _as_player_zero(game, rng)
        if step.action == computer.ROLL:
            record = record.append(Action.roll(next_roll(made, record)))
            made += 1
        elif step.action == computer.PLAY:
            assert step.play is not None
            record = record.append(Action.play(step.play.moves))
        elif step.action == computer.DOUBLE:
            record = record.append(Action.double())
        elif step.action == computer.PASS:
            record = record.append(Action.pass_())
        else:
            record = record.append(Action.take())
    raise AssertionError("the game did not end")


def _as_player_zero(game, rng: random.Random) -> computer.Step:
    level = "beginner"
    if game.phase.value == "roll":
        if game.may_double() and computer.wants_to_double(game, level):
            return computer.Step(computer.DOUBLE)
        return computer.Step(computer.ROLL)
    if game.phase.value == "doubled":
        return computer.Step(computer.answer_double(game, level))
    play = computer.computer_play(game, level, rng)
    assert play is not None
    return computer.Step(computer.PLAY, play)


def test_the_panel_as_html():
    from game.web.state.dice_box import panel_html

    record, box = finished_game(seed("html"))
    text = panel_html(box.panel(record))
    assert f'<code class="dice-hex">{seed("html").hex()}</code>' in text
    assert 'data-checked="yes"' in text and "match the commitment.</p>" in text
    before = panel_html(box.panel(Record.new(record.rules)))
    assert 'data-checked=""' in before and seed("html").hex() not in before


def test_a_game_over_before_its_first_roll_is_not_said_to_match():
    from game.engine.seeded_dice import GameDice
    from game.web.state.dice_box import dice_panel

    seed_bytes = seed("no rolls")
    dice = GameDice(hashlib.sha256(seed_bytes).hexdigest(), seed_bytes.hex())
    record = Record.new(Rules.full(match_length=3))
    record = record.extend([Action.resign(1, 0), Action.accept()])  # over before a roll
    panel = dice_panel(record, 1, dice)
    assert panel.checked is None and panel.lines[-1] == "No roll was made in this game."
