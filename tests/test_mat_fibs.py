"""What FIBS logs (as Snowie text and .mat archives) write that other programs do not: a match
given up written as a win of more points than a game gives, a play left unwritten, "Illegal
play (...)", a file that resumes a match after its Crawford game. Excerpts written by hand after
the real files of bgnori/bglib's FIBS archive."""

from __future__ import annotations

import io

import pytest

from game.cli.replay import replay
from game.engine.state import Phase
from game.formats.mat import InvalidMatFile, parse_mat


def replayed(text: str) -> list[str]:
    out = io.StringIO()
    assert replay(text, out) == 0, out.getvalue()
    return out.getvalue().splitlines()


GIVEN_UP = """ 5 point match

 Game 1
 Ann,1770 : 1                  Bob,1760 : 4
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2) 21:                                  Wins {points} points
"""


def test_a_match_given_up_ends_the_match_with_the_files_points():
    # Bob needs 1 point; FIBS writes the match Ann gave up as "Wins 100 points".
    lines = replayed(GIVEN_UP.format(points=100))
    # The file's number for the game; the score as gnubg counts it (a backgammon, cube 1).
    assert lines == ["game 1: 2 100", "final 1 7"]


def test_points_no_resignation_gives_read_as_gnubg_reads_them_mid_match():
    # gnubg 1.07 reads any such number as the resignation of the fewest games' worth of cubes
    # that covers it, a backgammon at most: 4 points with the cube on 1 are a backgammon
    # (choue.net writes "Wins 4 point" so), also when the match goes on.
    text = (
        GIVEN_UP.format(points=4)
        .replace("Ann,1770 : 1", "Ann,1770 : 0")
        .replace("Bob,1760 : 4", "Bob,1760 : 0")
    )
    assert replayed(text) == ["game 1: 2 4", "final 0 3"]
    with pytest.raises(InvalidMatFile, match="no resignation gives 0 points"):
        parse_mat(GIVEN_UP.format(points=0))


UNWRITTEN = """ 7 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: {play}                 64: 24/18 13/9
  2) 21: 5/3 5/4                {last}
"""


def test_an_unwritten_play_is_the_one_the_rest_of_the_game_agrees_with():
    # Only 8/5 6/5 leaves two checkers on the 5 point for the next play.
    record = parse_mat(UNWRITTEN.format(play="", last="52: 13/8 13/11"))
    assert sorted(record.games[0][1].moves, reverse=True) == [(8, 5), (6, 5)]
    assert record.state.phase is Phase.ROLL


def test_fibs_illegal_play_is_read_as_an_unwritten_play():
    board = "Illegal play (25;0;1;0;0;Ann;Bob;0;10;8;2;1;0;3;4;2;2;2;0;0;0;)"
    record = parse_mat(UNWRITTEN.format(play=board, last=""))
    assert sorted(record.games[0][1].moves, reverse=True) == [(8, 5), (6, 5)]


def test_an_unwritten_play_no_play_agrees_with_is_an_error():
    text = UNWRITTEN.format(play="", last="").replace("21: 5/3 5/4", "21: 4/2 4/3")
    with pytest.raises(InvalidMatFile, match="game 1 move 1: no play written for 31"):
        parse_mat(text)


def test_a_file_that_stops_before_a_play_ends_with_the_roll():
    text = UNWRITTEN.format(play="8/5 6/5", last="").replace("21: 5/3 5/4", "21:")
    record = parse_mat(text)
    assert record.state.phase is Phase.MOVE and record.state.dice == (2, 1)


RESUMED = """ 5 point match

 Game 1
 Ann : 4                        Bob : 3
  1) 62: 24/18 13/11              Doubles => 2
  2)  Takes                      31: 8/5 6/5
"""


def test_a_file_resuming_after_the_crawford_game_may_double():
    record = parse_mat(RESUMED)
    assert record.state.cube.value == 2 and record.state.post_crawford


def test_a_double_in_a_crawford_game_the_file_plays_is_still_an_error():
    two_games = """ 5 point match

 Game 1
 Ann : 3                        Bob : 3
  1) 31: 8/5 6/5
  2)                                  Wins 1 point

 Game 2
 Ann : 3                        Bob : 4
  1) 62: 24/18 13/11              Doubles => 2
"""
    with pytest.raises(InvalidMatFile, match=r"game 2 move 1: .*Crawford"):
        parse_mat(two_games)
