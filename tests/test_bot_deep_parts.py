"""The look two rolls ahead in parts (``deep_parts``): the parts' answers, added together,
give the serial search's ranking to the last digit, whoever answers and however many."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from game.bot import choose_play
from game.bot.cube import CubeState
from game.bot.deep_parts import PART, PartError, part_answer, planned_play
from game.bot.level_names import DEFAULT_LEVEL, STRONGEST_LEVEL
from game.bot.levels import level_named
from game.bot.search import level_ranking
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import parse_position_id

TUNING = Path(__file__).parent.parent / "tools" / "data" / "tune-contact.txt.gz"


def _decisions(count: int) -> list[tuple[Position, tuple[int, int]]]:
    with gzip.open(TUNING, "rt") as lines:
        fields = [line.split() for line in lines if not line.startswith("#")][:count]
    return [(parse_position_id(f[0]), (int(f[1]), int(f[2]))) for f in fields]


def _serial(position, dice, level=STRONGEST_LEVEL, state=None):
    plays = legal_plays(position, dice)
    ranking = level_ranking(position, dice, level_named(level), plays, state)
    return [(equity, play.position) for equity, play in ranking.finished()]


def _answered(requests):
    """The parts answered elsewhere: through JSON, as the page's workers answer them."""
    return [json.loads(json.dumps(part_answer(json.loads(json.dumps(r))))) for r in requests]


def _shared(planned, workers=2, missing=None):
    """Both rounds' parts answered (``missing``: the index of a part left unanswered)."""
    rounds = 0
    while not planned.done:
        answers = _answered(planned.requests(workers))
        if missing is not None and missing < len(answers):
            answers[missing] = None
        planned.take(answers)
        rounds += 1
    return rounds


def _plays(ranked):
    return [(equity, play.position) for equity, play in ranked]


def test_the_parts_added_together_rank_as_the_serial_search_to_the_last_digit():
    deeper = 0
    for position, dice in _decisions(8):
        planned = planned_play(position, dice, STRONGEST_LEVEL)
        for workers in (1, 2, 3):
            requests = planned.requests(workers)
            assert len(requests) <= workers
            dealt = sorted(unit[2] for request in requests for unit in request["units"])
            assert dealt == list(range(len(planned.ahead.paid)))  # every candidate asked once
        rounds = _shared(planned, workers=3)
        deeper += rounds == 2
        serial = _serial(position, dice)
        assert _plays(planned.ranked) == serial
        assert planned.decided.position == serial[0][1]
    assert deeper >= 4  # most close calls of the tuning set's first decisions look deeper


def test_a_part_left_unanswered_is_worked_out_where_the_parts_are_taken():
    position, dice = _decisions(1)[0]
    for missing in (0, 1):
        planned = planned_play(position, dice, STRONGEST_LEVEL)
        assert _shared(planned, 3, missing) == 2
        assert _plays(planned.ranked) == _serial(position, dice)
    planned = planned_play(position, dice, STRONGEST_LEVEL)
    while not planned.done:
        planned.take([])
    assert _plays(planned.ranked) == _serial(position, dice)


def test_in_a_match_the_parts_value_the_outcomes_at_the_score():
    state = CubeState.of(match_length=5, score=(1, 3))
    position, dice = _decisions(1)[0]
    planned = planned_play(position, dice, STRONGEST_LEVEL, state)
    assert planned.requests(2)[0]["value"] is not None
    _shared(planned)
    assert _plays(planned.ranked) == _serial(position, dice, state=state)
    assert _serial(position, dice, state=state) != _serial(position, dice)


def test_the_default_level_and_the_noisy_levels_pick_as_choose_play_does():
    # The default level's thin look (a seventh of the second rolls) in parts.
    thin_call, roll = parse_position_id("NzcwYEDbzcMAAA"), (1, 3)
    planned = planned_play(thin_call, roll, DEFAULT_LEVEL)
    assert _shared(planned) == 2
    assert planned.decided == choose_play(thin_call, roll, DEFAULT_LEVEL)
    # A level without a look ahead is decided at once, its draws those of choose_play.
    position, dice = _decisions(1)[0]
    planned = planned_play(position, dice, "casual", rng=random.Random(7))
    assert planned.done and not planned.requests(2)
    assert planned.decided == choose_play(position, dice, "casual", random.Random(7))


DEEPER = {"task": PART, "look": 2, "reckon": 0, "prune": 1}


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"task": "fly"}, "not a part"),
        ({"task": PART, "look": 3, "units": []}, "its look"),
        ({"task": PART, "look": 2, "reckon": "x", "prune": 1, "units": []}, "reckonings"),
        ({**DEEPER, "units": [[[0] * 52, [[1, 7]], 0]]}, "not a roll"),
        ({**DEEPER, "units": [[[0] * 50, [[1, 2]], 0]]}, "26 points"),
        ({**DEEPER, "value": [1.0], "units": []}, "six numbers"),
        ({**DEEPER, "units": [[[1] * 52, [[1, 2]], 0]]}, "not a position"),
    ],
)
def test_a_request_that_is_not_a_part_is_refused_in_words(request_, words):
    with pytest.raises(PartError, match=words):
        part_answer(request_)
