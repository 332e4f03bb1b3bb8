"""A cube decision's look-ahead in parts (``game.bot.cube.parts``): the answers, joined, give
the serial ``cube_decision`` and every figure of it to the last digit, whoever answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bot.cube import CubeState, cube_decision
from game.bot.cube.parts import CUBE_PART, FIRST, SECOND, cube_part_answer, planned_cube
from game.bot.deep_parts import PartError
from game.bot.level_names import DEFAULT_LEVEL, STRONGEST_LEVEL
from game.bot.levels import level_named
from game.formats import parse_gnubg_id

CUBE_SET = Path(__file__).parent / "data" / "cube_gnubg2ply.txt"
EXPERT = level_named(STRONGEST_LEVEL)


def _decisions(count: int, start: int = 0):
    """The test set's cube positions (money and match scores alike) where the player may
    double, so that the decision looks ahead."""
    found = []
    for line in CUBE_SET.read_text().splitlines():
        if line.startswith("#"):
            continue
        position, match = parse_gnubg_id(line.split()[0])
        state = CubeState.from_match_id(match)
        if state.may_double():
            found.append((position, state))
    return found[start : start + count]


def _answered(requests):
    """The parts answered elsewhere: through JSON, as the page's workers answer them."""
    return [json.loads(json.dumps(cube_part_answer(json.loads(json.dumps(r))))) for r in requests]


def _shared(planned, workers, missing=None):
    """Every round's parts answered (``missing``: the index of a part left unanswered);
    the rounds it took."""
    rounds = 0
    while not planned.done:
        requests = planned.requests(workers)
        assert 1 <= len(requests) <= workers
        units = [unit for request in requests for unit in request["units"]]
        if planned.values is None:  # each roll looked at is asked once
            assert sorted(units) == planned.look.looked_at
        else:  # each roll the budget deepens is asked once
            assert sorted(u[1] for u in units) == sorted(i for i, _, _ in planned.paid)
        answers = _answered(requests)
        if missing is not None and missing < len(answers):
            answers[missing] = None
        planned.take(answers)
        rounds += 1
    return rounds


def _expert(position, state):
    return cube_decision(position, state, EXPERT.cube_plies, EXPERT.cube_budget, EXPERT.cube_prune)


def test_the_parts_joined_give_the_serial_decision_and_its_figures_to_the_last_digit():
    money = match = deeper = 0
    for number, (position, state) in enumerate(_decisions(5)):
        planned = planned_cube(
            position, state, EXPERT.cube_plies, EXPERT.cube_budget, EXPERT.cube_prune
        )
        rounds = _shared(planned, workers=1 + number % 3)
        serial = _expert(position, state)
        assert planned.decided == serial  # the answer, its equities, the rolls and positions
        deeper += rounds == 2 and serial.rolls_deeper > 0
        money += state.is_money
        match += not state.is_money
    assert money and match
    assert deeper >= 3  # most of them look two rolls ahead within the expert's budget


def test_a_part_left_unanswered_is_worked_out_where_the_parts_are_taken():
    position, state = _decisions(1, start=8)[0]
    budget = 800  # a smaller budget still deepens a few rolls, in less time
    serial = cube_decision(position, state, 2, budget, EXPERT.cube_prune)
    assert serial.rolls_deeper > 0
    for missing in (0, 1):
        planned = planned_cube(position, state, 2, budget, EXPERT.cube_prune)
        assert _shared(planned, 2, missing) == 2
        assert planned.decided == serial
    planned = planned_cube(position, state, 2, budget, EXPERT.cube_prune)
    while not planned.done:  # no worker answers at all
        planned.take([])
    assert planned.decided == serial


def test_one_roll_ahead_is_one_round_and_no_look_needs_none():
    strong = level_named(DEFAULT_LEVEL)
    position, state = _decisions(1, start=7)[0]
    planned = planned_cube(position, state, strong.cube_plies, strong.cube_budget, 0)
    assert _shared(planned, 2) == 1
    assert planned.decided == cube_decision(position, state, 1, strong.cube_budget)
    # The player may not double (the opponent's cube): decided at once, nothing to share.
    owned = CubeState.of(value=2, owner=1)
    planned = planned_cube(position, owned, 2, EXPERT.cube_budget, EXPERT.cube_prune)
    assert planned.done and not planned.requests(2)
    assert planned.decided == cube_decision(position, owned, 2, EXPERT.cube_budget, 2)


BASE = {"task": CUBE_PART, "reckon": 0, "prune": 2}
MONEY = {"rules": [True, True, 0, True, True], "cube": [1, None], "score": [0, 0]}
MONEY["crawford"] = False


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"task": "fly"}, "not a part"),
        ({**BASE, "look": 3, "units": []}, "its look"),
        ({**BASE, "look": FIRST, "prune": None, "units": []}, "pruning"),
        ({**BASE, "look": FIRST, "position": [0] * 50, "units": [0]}, "26 points"),
        ({**BASE, "look": SECOND, "units": []}, "cube state"),
        ({**BASE, "look": SECOND, "state": {"rules": [1]}, "units": []}, "not a cube state"),
        ({**BASE, "look": SECOND, "state": MONEY, "units": [[[0] * 52, 0]]}, "checkers, roll"),
        ({**BASE, "look": SECOND, "state": MONEY, "units": [[[0] * 52, 0, [1.0]]]}, "five"),
    ],
)
def test_a_request_that_is_not_a_part_is_refused_in_words(request_, words):
    with pytest.raises(PartError, match=words):
        cube_part_answer(request_)


def test_a_roll_that_is_not_one_of_the_21_is_refused():
    position, _ = _decisions(1)[0]
    request = {**BASE, "look": FIRST, "position": list(position.player + position.opponent)}
    with pytest.raises(PartError, match="21 rolls"):
        cube_part_answer({**request, "units": [21]})
