"""Both file readers and the game itself say what a game waits for, when no side is to act,
in the same words (``game.engine.phase.waiting_for``)."""

from __future__ import annotations

import pytest

from game.engine.match import IllegalAction, Rules
from game.engine.record import Action, Record
from game.engine.state import Phase
from game.formats import mat_quirks, sgf_game


def moments() -> dict[Phase, Record]:
    three = Record.new(Rules.full(match_length=3))
    played = three.extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    resigned = played.append(Action.resign(1, 1))
    one = Record.new(Rules.full(match_length=1)).extend([Action.roll((3, 1))])
    return {
        Phase.OPENING: three,
        Phase.RESIGNED: resigned,
        Phase.GAME_OVER: resigned.append(Action.accept()),
        Phase.MATCH_OVER: one.append(Action.resign(1, 0)).append(Action.accept()),
    }


@pytest.mark.parametrize(
    ("phase", "words"),
    [
        (Phase.OPENING, "the opening roll comes first"),
        (Phase.RESIGNED, "a resignation waits for an answer"),
        (Phase.GAME_OVER, "the game is over"),
        (Phase.MATCH_OVER, "the match is over"),
    ],
)
def test_mat_sgf_and_the_game_say_what_a_game_waits_for_alike(phase, words):
    state = moments()[phase].state
    assert state.phase is phase
    assert str(mat_quirks._expected(state)) == str(sgf_game._expected(state)) == words
    with pytest.raises(IllegalAction) as refused:
        state.take()
    assert str(refused.value) == f"cannot take now: {words}"
