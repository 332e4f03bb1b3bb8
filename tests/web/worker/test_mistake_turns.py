"""A mistake is numbered by the move list's line of the entry its decision made: a double
decided after the opponent's play on line 1 is line 2's "Doubles => 2", as the list shows."""

from __future__ import annotations

from game.engine.match import Rules
from game.engine.record import Action, Record
from game.web.state.replay import move_list, row_text
from game.web.worker.judging import with_turn

RECORD = Record.new(Rules.full()).extend(
    [
        Action.roll((3, 1)),
        Action.play([(8, 5), (6, 5)]),
        Action.roll((6, 4)),
        Action.play([(24, 18), (13, 9)]),
        Action.double(),
        Action.take(),
        Action.roll((5, 2)),
        Action.play([(13, 8), (13, 11)]),
    ]
)


def test_each_decision_is_numbered_as_the_move_list_numbers_its_entry():
    rows = [row_text(row) for row in move_list(RECORD)[0].rows]
    assert rows[1].startswith("2) Doubles => 2   Takes")
    # Each decision's moment is the state it was made in (before its action).
    double = with_turn({"kind": "double", "moment": 4}, RECORD)
    take = with_turn({"kind": "take", "moment": 5}, RECORD)
    play = with_turn({"kind": "play", "moment": 7}, RECORD)  # after the roll 5-2
    opening = with_turn({"kind": "play", "moment": 1}, RECORD)
    assert (opening["turn"], double["turn"], take["turn"], play["turn"]) == (1, 2, 2, 3)
