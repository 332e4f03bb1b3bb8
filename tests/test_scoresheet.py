"""The scoresheet shared by the .mat writer and the page's move list."""

from __future__ import annotations

import random

from game.analysis.selfplay import BotPlayer, play_game
from game.engine.match import Rules
from game.engine.record import Action, Record
from game.engine.scoresheet import scoresheet


def _sheet(record: Record, resignations: bool = True) -> list[list[str]]:
    first, *after = record.replay()
    rows = scoresheet(first, record.games[0], after, resignations)
    return [
        [
            ""
            if entry is None
            else f"{entry.player}:{entry.roll}:{entry.action and entry.action.kind}"
            for entry in row
        ]
        for row in rows
    ]


def test_a_roll_waits_for_its_play_unless_a_resignation_comes_between() -> None:
    record = Record.new(Rules.full()).extend(
        [
            Action.roll((3, 1)),
            Action.play([(8, 5), (6, 5)]),
            Action.roll((6, 4)),
            Action.resign(1, 1),
            Action.reject(),
            Action.play([(24, 18), (13, 9)]),
        ]
    )
    assert _sheet(record) == [
        ["0:(3, 1):play", "1:(6, 4):None"],
        ["", "1:None:resign"],
        ["0:None:reject", "1:None:play"],
    ]
    # A .mat file has no words for a resignation: the roll stays with its play.
    assert _sheet(record, resignations=False) == [["0:(3, 1):play", "1:(6, 4):play"]]


def test_a_cube_action_is_its_actors_entry() -> None:
    record = Record.new(Rules.full()).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]), Action.double(), Action.take()]
    )
    first, *after = record.replay()
    rows = scoresheet(first, record.games[0], after)
    # Pink doubles on its turn, Cyan takes: a new row, on the left.
    assert [[entry and entry.player for entry in row] for row in rows] == [[0, 1], [0, None]]
    assert [entry.step for row in rows for entry in row if entry] == [2, 3, 4]


def test_a_roll_that_cannot_be_played_is_an_entry_of_its_own() -> None:
    seed = 0
    while True:  # a bot's game with a roll that could not be played
        rng = random.Random(seed)
        record = play_game(Record.new(Rules.simple()), rng, BotPlayer("beginner", rng))
        first, *after = record.replay()
        entries = [e for row in scoresheet(first, record.games[0], after) for e in row if e]
        if any(entry.blocked for entry in entries):
            break
        seed += 1
    for entry in entries:
        assert entry.blocked == (entry.action is None)  # every other roll has its play
        assert (entry.after is after[entry.step - 1]) and entry.roll is not None
    # Every action is in one entry: a play and its roll count twice in the steps.
    assert sum(2 if entry.action else 1 for entry in entries) == len(record.games[0])
