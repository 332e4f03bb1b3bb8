"""The move list's numbers: a mistake is numbered by the line of the entry its decision made
(a double decided after the opponent's play on line 1 is line 2's "Doubles => 2"), and the
other side's plays are written in the numbers the board draws for the reader."""

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


def test_the_move_list_writes_the_other_sides_plays_in_the_readers_numbers():
    """The board draws the reader's numbers: the opponent's 64: 24/18 13/9 runs 1 -> 7 and
    12 -> 16 there, and the list says so; with no one reader (a board turned to each mover)
    each play keeps its mover's numbers, as .mat files write them."""
    first = [row_text(row) for row in move_list(RECORD, reader=0)[0].rows]
    assert first[0] == "1) 31: 8/5 6/5   64: 1/7 12/16"
    second = [row_text(row) for row in move_list(RECORD, reader=1)[0].rows]
    assert second[0] == "1) 31: 17/20 19/20   64: 24/18 13/9"
    own = row_text(move_list(RECORD)[0].rows[0])
    assert own == "1) 31: 8/5 6/5   64: 24/18 13/9"
