"""The hint of one decision in parts (``game.analysis.hint_parts``): the parts' answers, joined,
give the serial hint (``play_hint`` / ``cube_hint``) and every figure of it to the last digit,
whoever answers and however many."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.analysis.hint_parts import hint_part_answer, planned_hint
from game.analysis.judgement import cube_hint, cube_state_of, play_hint
from game.bot.deep_parts import PartError
from game.engine.match import Cube
from game.engine.plays import legal_plays
from game.engine.state import GameState, Phase, Rules
from game.formats import parse_position_id
from game.formats.gnubg_id import read_gnubg_id

# Contact positions of tools/data/tune-contact.txt.gz, quick to judge.
CONTACT = [
    ("f3UDABBzAQAAAA", (2, 2)),
    ("NjdBASZmnt0AAA", (4, 4)),
    ("2+4GABBzbwMAAA", (1, 3)),
    ("o53CYCCG594AAA", (5, 6)),
]
CUBE_SET = Path(__file__).parent / "data" / "cube_gnubg2ply.txt"


def _table(position_id: str, dice: tuple[int, int], rules: Rules | None = None, score=(0, 0)):
    return GameState(
        rules or Rules.full(),
        score=score,
        position=parse_position_id(position_id),
        phase=Phase.MOVE,
        turn=0,
        dice=dice,
    )


def _cube_tables(money: int, match: int) -> list[GameState]:
    """The test set's cube positions where the player on roll may double (money, match)."""
    wanted = {True: money, False: match}
    found = []
    for line in CUBE_SET.read_text().splitlines():
        if line.startswith("#"):
            continue
        table = read_gnubg_id(line.split()[0])
        state = cube_state_of(table, table.turn)
        if table.phase is Phase.ROLL and state.may_double() and wanted[state.is_money] > 0:
            wanted[state.is_money] -= 1
            found.append(table)
    return found


def _shared(table: GameState, workers: int, missing: int | None = None):
    """The hint planned and every round's parts answered elsewhere, through JSON as the page's
    workers answer them (``missing``: the index of a part left unanswered); the rounds, or
    with ``missing`` the parts left unanswered."""
    planned = planned_hint(table)
    rounds = dropped = 0
    while not planned.done:
        requests = planned.requests(workers)
        assert 1 <= len(requests) <= workers
        answers = [
            json.loads(json.dumps(hint_part_answer(json.loads(json.dumps(r))))) for r in requests
        ]
        if missing is not None and missing < len(answers):
            answers[missing] = None
            dropped += 1
        planned.take(answers)
        rounds += 1
    return planned, rounds if missing is None else dropped


def test_the_plays_in_parts_rank_as_the_serial_hint_to_the_last_digit():
    tables = [_table(*decision) for decision in CONTACT]
    tables.append(_table("7lyCBwDjblIYAA", (2, 2)))  # a double with 199 plays
    tables.append(_table("PwAAgNssCkQBAA", (4, 2)))  # a race with 52 plays
    deeper = 0
    for number, table in enumerate(tables):
        planned, rounds = _shared(table, workers=1 + number % 3)
        assert planned.plays == play_hint(table)  # every play, in order, every equity
        assert planned.cube is None
        deeper += rounds == 2
    assert deeper >= 3  # most look two rolls ahead


def test_in_a_match_the_plays_are_valued_at_the_score():
    rules = Rules.full(match_length=7)
    table = _table("f3UDABBzAQAAAA", (2, 2), rules, score=(2, 5))
    planned, rounds = _shared(table, workers=2)
    assert rounds == 2
    assert planned.plays == play_hint(table)
    money = play_hint(_table("f3UDABBzAQAAAA", (2, 2)))
    assert [r.equity for r in planned.plays] != [r.equity for r in money]


def test_the_cube_figures_in_parts_are_the_serial_hints_in_one_round():
    tables = _cube_tables(money=2, match=2)
    for number, table in enumerate(tables):
        planned, rounds = _shared(table, workers=1 + number % 3)
        assert rounds == 1  # one roll ahead over every play: one round
        assert planned.cube == cube_hint(table)  # the action, the answer, every equity
        assert planned.plays == []


def test_a_part_left_unanswered_is_worked_out_where_the_parts_are_taken():
    table = _table("f3UDABBzAQAAAA", (2, 2))
    for missing in (0, 1):
        planned, dropped = _shared(table, workers=2, missing=missing)
        assert dropped and planned.plays == play_hint(table)
    cube = _cube_tables(money=1, match=0)[0]
    planned, dropped = _shared(cube, workers=3, missing=2)
    assert dropped == 1 and planned.cube == cube_hint(cube)


def test_no_look_ahead_no_parts():
    single = _table("7lyCBwDjblIYAA", (2, 2))
    owned = GameState(Rules.full(), cube=Cube(2, 1), phase=Phase.ROLL, turn=0)
    judged_at_once = [
        planned_hint(single, plies=1),  # the network's ranking
        planned_hint(_table("224DABjZ2zMAAA", (4, 3))),  # a ranking whose look pays for none
        planned_hint(owned),  # the cube on the other side: no double to look at
    ]
    for planned in judged_at_once:
        assert planned.done and planned.requests(3) == []
    assert judged_at_once[0].plays == play_hint(single, plies=1)
    assert judged_at_once[1].plays == play_hint(_table("224DABjZ2zMAAA", (4, 3)))
    assert judged_at_once[2].cube == cube_hint(owned) and not judged_at_once[2].cube.may_double
    assert len(judged_at_once[0].plays) == len(legal_plays(single.position, (2, 2)))


@pytest.mark.parametrize("request_", [{}, {"task": "hint"}, {"task": "deep-part", "look": 9}])
def test_a_request_that_is_not_a_part_is_refused_in_words(request_):
    with pytest.raises(PartError):
        hint_part_answer(request_)
