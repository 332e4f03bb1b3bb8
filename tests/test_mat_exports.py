"""Real exports' ways of writing a match (issue 32), each read as gnubg 1.07 reads it: Backgammon
Galaxy's "Losses N point(s)", choue.net's "Doubles ==> 2", a FIBS log whose "Illegal play" note
carries a FIBS board. Whole files of each kind are in tests/data/mat_corpus, compared there
with gnubg's own readings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.record import ActionKind, Record
from game.engine.state import Phase
from game.formats.game_link import decode_game, encode_game
from game.formats.mat import InvalidMatFile, format_mat, read_mat
from game.formats.sgf import format_sgf, parse_sgf

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
    assert "wins 2 points" in str(caught.value.reason)


# Resignations before the opening roll, as Backgammon Galaxy and OpenGammon write a player gone
# before the first roll; gnubg 1.07 scores them by the next game's score line (a last game of
# no rolls it leaves unscored: we score it as the file says).
BEFORE_THE_OPENING_ROLL = """ 7 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                 52: 13/8 13/11
  2)  Wins 1 point

 Game 2
 Ann : 1                        Bob : 0
  1)                              Losses 1 point
      Wins 1 point

 Game 3
 Ann : 2                        Bob : 0
  1)  Losses 2 points
                                  Wins 2 points

 Game 4
 Ann : 2                        Bob : 2
  1)                                 Wins 3 points

 Game 5
 Ann : 2                        Bob : 5
  1) 31: 8/5 6/5                 52: 13/8 13/11
"""


def test_a_resignation_before_the_opening_roll_is_scored():
    record, written = read_mat(BEFORE_THE_OPENING_ROLL)
    results = record.results()
    assert [(r.winner, r.points, r.ended_by) for r in results[1:4]] == [
        (0, 1, "resignation"),
        (1, 2, "resignation"),
        (1, 3, "resignation"),
    ]
    assert [len(game) for game in record.games[1:4]] == [2, 2, 2]  # resign, accept
    assert record.state.score == (2, 5) and written[:4] == [1, 1, 2, 3]


def test_a_resignation_before_the_opening_roll_goes_through_every_format():
    record, _ = read_mat(BEFORE_THE_OPENING_ROLL)
    assert read_mat(format_mat(record))[0] == record
    assert parse_sgf(format_sgf(record)) == record
    link = encode_game(record)
    assert link.startswith("2.") and decode_game(link).with_names(record.names) == record
    # A record without one keeps the link of version 1.
    assert encode_game(Record.new()).startswith("1.")


# OpenGammon's export of a match forfeited before the first roll, as ngvlamis/gammonview-helper's
# tests quote it ("a real forfeit"): names written "name: 0", an empty first row.
OPENGAMMON_FORFEIT = (
    '; [Site "OpenGammon"]\n\n5 point match\n\n Game 1\n gopreta: 0    hajjs: 0\n'
    "  1)                \n   Wins 5 points and the match\n"
)


def test_an_opengammon_forfeit_before_the_first_roll_is_the_most_a_resignation_gives():
    # No resignation gives 5 points with the cube on 1, and the engine has no forfeit of a
    # match: the forfeit is read as a backgammon resigned (gnubg 1.07 leaves the game unscored).
    record, written = read_mat(OPENGAMMON_FORFEIT)
    (result,) = record.results()
    assert record.names == ("gopreta", "hajjs") and written == [5]
    assert (result.winner, result.points, result.ended_by) == (0, 3, "resignation")


def test_opengammon_resigned_match_is_a_note_the_wins_line_scores():
    # OpenGammon writes a match given up as "Resigned Match" in the next row, then the
    # winner's "Wins N points and the match" (tests/data/mat_corpus has the whole file).
    body = (
        "  1) 31: 8/5 6/5                            52: 13/8 13/11\n"
        "  2)                                        Resigned Match\n"
        "                                            Wins 3 points and the match\n"
    )
    assert last_game_result(HEAD + body) == (1, 3, (0, 3))


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


def test_a_fibs_illegal_play_the_game_keeps_without_its_board_is_refused_in_words():
    # A real FIBS log (tests/data/mat_edited/SOURCES): the note's board is the position after
    # an 11 moving six pips, and the game goes on from it (read as gnubg reads it, set up by
    # hand: tests/test_mat_setups.py). Without the board in the note, nothing says where.
    path = Path(__file__).parent / "data" / "mat_edited" / "fibs-illegal-play-kept-game-12.mat"
    text = re.sub(
        r"Illegal play \([^)]*\)", "Illegal play (15;0;1;0;0;Morley;Tanguay)", path.read_text()
    )
    with pytest.raises(InvalidMatFile) as caught:
        read_mat(text)
    assert (caught.value.game, caught.value.move) == (1, 10)
    assert "'Illegal play'" in str(caught.value.reason) and "no play of 11 reaches" in str(
        caught.value.reason
    )
    assert len(str(caught.value)) < 300


def test_a_play_broken_off_by_a_resignation_leaves_the_roll_unplayed():
    # An archive's way (tests/data/mat_corpus: extmatchdb-bgdb-play-cut-after-one-die-crlf.mat):
    # the loser's last play written with one die only, then the winner's "Wins"; gnubg 1.07
    # takes the half play, a record holds only legal plays: the roll stays unplayed.
    body = "  1) 31: 8/5 6/5                 64: 24/18\n      Wins 1 point\n"
    record, _ = read_mat(HEAD + body)
    game = record.games[0]
    assert [a.kind for a in game][-3:] == [ActionKind.ROLL, ActionKind.RESIGN, ActionKind.ACCEPT]
    assert record.results()[0].winner == 0
    # Not followed by a resignation, the half play is refused as before.
    with pytest.raises(InvalidMatFile, match="as much of the roll"):
        read_mat(HEAD + "  1) 31: 8/5 6/5                 64: 24/18\n  2) 52: 13/8 13/11\n")


# Game 9 of a Backgammon Studio export (pipandlove/bg-db, fixtures/extmatchdb/
# hidden-play-and-empty-rows_13pt.txt, names replaced there), whole: QX resigns before rolling,
# written "00: ????"; gnubg 1.07 reads the file, with Sage winning the game.
STUDIO_NO_ROLL = """13 point match


 Game 9
 Sage : 5                               QX : 8
  1) 54: 24/20 13/8                     55: 8/3(2) 6/1*(2)
  2) 41: bar/20                         65: 24/18 13/8
  3) 33: 13/7*(2)                       62: bar/23 13/7
  4) 42: 8/4 6/4                        61: 23/22 13/7
  5) 61: 8/1*                           55: bar/15 7/2(2)
  6) 43: 7/3* 6/3                       62: bar/23 15/9
  7) 53: 7/4 6/1                        63: 23/20 9/3
  8) 33: 13/10(2) 8/5*(2)               31: Cannot Move
  9) 64: 20/14 10/6                     53: Cannot Move
  10) 44: 20/16 10/2 6/2                62: Cannot Move
  11) 41: 16/11                         41: Cannot Move
  12) 55: 14/4 11/1                     61: Cannot Move
  13) 51: 5/4 5/off                     54: bar/20 13/9
  14) 65: 6/1 6/off                     65: 20/9
  15) 54: 4/off(2)                      64: 13/7 9/5
  16) 22: 4/off 2/off(2)                64: 9/3 8/4
  17) 32: 4/2 3/off                     00: ????
  18)  Wins 1 point
"""


def test_backgammon_studio_no_roll_before_a_resignation():
    record, written = read_mat(STUDIO_NO_ROLL)
    (result,) = record.results()
    assert (result.winner, result.points, result.ended_by) == (0, 1, "resignation")
    assert record.state.score == (6, 8) and written == [1]


def test_a_game_from_an_xg_set_position_is_refused_in_words():
    # The first rows of pipandlove/bg-db's fixtures/invalid/set-position-start_11pt.mat, an
    # eXtreme Gammon export whose game 1 starts from "; Set Pos=XGID" (gnubg 1.07 reads no game
    # of it); the starting position set so is no hindrance.
    text = (
        '; [Site "eXtreme Gammon"]\n\n11 point match\n\n Game 1\n'
        " Nathaniel Whitford : 0          Karen Kingsby : 1\n"
        "; Set Pos=----cBD-D-B--A--Abcdc---A-/0\n"
        "  1) 21: 16/15 15/13             61: 7/1 6/5\n"
    )
    with pytest.raises(InvalidMatFile) as caught:
        read_mat(text)
    assert (caught.value.game, caught.value.move) == (1, 0)
    assert "starts from a set position" in str(caught.value.reason)
    opening = text.replace("----cBD-D-B--A--Abcdc---A-", "-b----E-C---eE---c-e----B-")
    opening = opening.replace("21: 16/15 15/13", "21: 13/11 6/5").replace("7/1 6/5", "13/7 8/7")
    assert read_mat(opening)[0].games[0][1].moves == ((13, 11), (6, 5))


MATCHES = Path(__file__).parent / "data" / "matches"


@pytest.mark.parametrize("variation", ["NackGammon", "HyperGammon (1)", "HyperGammon (3)"])
def test_a_match_of_another_variation_is_refused_in_words(variation):
    # gnubg 1.07's .mat export heads a NackGammon or HyperGammon match with this tag (XG writes
    # "Backgammon" there); its moves start elsewhere, so reading them from the starting
    # position would fail at some move, or worse read, for want of the tag.
    text = (MATCHES / "gnubg-noisy-3-1.mat").read_text()
    with pytest.raises(InvalidMatFile) as caught:
        read_mat(f'; [Variation "{variation}"]\n' + text)
    assert (caught.value.game, caught.value.move) == (0, 0)
    assert variation in str(caught.value) and "backgammon" in str(caught.value)
    assert read_mat('; [Variation "Backgammon"]\n' + text)[0] == read_mat(text)[0]
