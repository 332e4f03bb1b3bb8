"""Real exports' ways of writing a match (issue 32), each read as gnubg 1.07 reads it: Backgammon
Galaxy's "Losses N point(s)", choue.net's "Doubles ==> 2", a FIBS log whose "Illegal play" note
carries a FIBS board. Whole files of each kind are in tests/data/mat_corpus, compared there
with gnubg's own readings."""

from __future__ import annotations

import pytest

from game.engine.record import ActionKind
from game.engine.state import Phase
from game.formats.mat import InvalidMatFile, read_mat

HEAD = " 3 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"


def last_game_result(text: str) -> tuple[int | None, int, tuple[int, int]]:
    record, _ = read_mat(text)
    result = record.results()[-1]
    return result.winner, result.points, record.state.score


@pytest.mark.parametrize(
    ("body", "winner", "points"),
    [
        # after a move on the same row, the loser's column
        ("  1) 31: 8/5 6/5                 Losses 1 point\n      Wins 1 point\n", 0, 1),
        # right after a take, cube on 2
        (
            "  1) 31: 8/5 6/5                 Doubles => 2\n"
            "  2)  Takes                      Losses 2 points\n      Wins 2 points\n",
            0,
            2,
        ),
        # alone on its row, the left player loses
        (
            "  1) 31: 8/5 6/5                 52: 13/8 13/11\n  2)  Losses 1 point\n"
            "                                  Wins 1 point\n",
            1,
            1,
        ),
        # a gammon resigned: 2 points with the cube at 1
        (
            "  1) 31: 8/5 6/5                 52: 13/8 13/11\n  2)  Losses 2 points\n"
            "                                  Wins 2 points\n",
            1,
            2,
        ),
    ],
)
def test_galaxy_losses_lines(body, winner, points):
    assert last_game_result(HEAD + body)[:2] == (winner, points)


def test_galaxy_losses_disagreeing_with_wins_is_refused():
    body = "  1) 31: 8/5 6/5                 Losses 1 point\n      Wins 2 points\n"
    with pytest.raises(InvalidMatFile) as caught:
        read_mat(HEAD + body)
    assert "wins 2 points" in caught.value.reason


def test_a_resignation_before_the_opening_roll_is_refused_in_words():
    # gnubg scores it (a game of no rolls); our rules begin every game with the opening roll
    body = "  1)                              Losses 1 point\n      Wins 1 point\n"
    with pytest.raises(InvalidMatFile) as caught:
        read_mat(HEAD + body)
    assert (caught.value.game, caught.value.move) == (1, 1)
    assert "before the opening roll" in caught.value.reason


def test_choue_doubles_with_a_long_arrow():
    body = (
        "  1) 31: 8/5 6/5                  Doubles ==> 2\n"
        "  2)  Takes                       64: 24/18 13/9\n"
        "  3)  Doubles ==> 4                Drops\n      Wins 2 points\n"
    )
    record, _ = read_mat(HEAD + body)
    assert record.state.score == (2, 0) and record.results()[0].ended_by == "pass"
    body = (
        "  1) 31: 8/5 6/5                  Doubles ==> 2\n"
        "  2)  Takes                       Wins 4 points\n"  # a gammon resigned at cube 2
    )
    assert last_game_result(HEAD + body)[:2] == (1, 4)


def test_fibs_illegal_play_with_its_board_then_the_play_made():
    board = "board:You:Bob:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:4:0:0"
    body = (
        f"  1) 31: 8/5 6/5                 52: Illegal play ({board})\n"
        "  2)                             52: 13/8 13/11\n"
        "  3) 64: 24/18 18/14\n"
    )
    record, _ = read_mat(HEAD + body)
    game = record.games[0]
    assert [a.kind for a in game].count(ActionKind.ROLL) == 3
    assert game[3].moves == ((13, 8), (13, 11))
    assert record.state.phase is Phase.ROLL and record.state.turn == 1


def test_fibs_illegal_play_left_as_the_last_line_keeps_the_roll():
    board = "board:You:Bob:3:0:0:0:-2:0:0:25:0:5:0:3"
    record, _ = read_mat(HEAD + f"  1) 31: 8/5 6/5                 52: Illegal play ({board})\n")
    assert record.state.phase is Phase.MOVE and record.state.dice == (5, 2)
