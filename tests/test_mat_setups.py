"""Edited games in ``.mat`` files, read as GNU Backgammon 1.07 reads them: a roll by the player
not on turn (the player written rolls from the position at hand), and an ``Illegal play (...)``
note holding Snowie's position text of the board after the play (the legal play reaching it, or
else the board set up by hand; DailyGammon begins each nackgammon game with such a note). A
set-up is a ``setup`` action, as from an ``.sgf`` (tests/test_sgf_setups.py).

tests/data/mat_edited holds a real FIBS log (its SOURCES); the other files are written here
after real ones.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.position import Position
from game.engine.record import ActionKind, Record
from game.formats.gnubg_id import write_gnubg_id
from game.formats.mat import InvalidMatFile, format_mat, parse_mat
from tests.gnubg_files import needs_gnubg, run_gnubg

EDITED = Path(__file__).parent / "data" / "mat_edited"
MORLEY = EDITED / "fibs-illegal-play-kept-game-12.mat"

OUT_OF_TURN = """ 5 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2) 21: 13/11 6/5
  3) 43: 13/9 13/10              52: 13/11 13/8
"""

# The nackgammon start (each side's two back checkers on its 23 point too), Bob's "roll" then
# Ann to play the next roll, 6-4, as the dump's last two numbers say.
NACK_DUMP = (
    "1;0;1;0;1;Ann;Bob;0;0;0;1;0;0;-2;-2;0;0;0;4;0;3;0;0;0;-4;4;0;0;0;-3;0;-4;0;0;0;2;2;0;6;4;"
)
NACKGAMMON = f""" 1 point match

 Game 1
 Ann : 0                         Bob : 0
  1)                                 12: Illegal play ({NACK_DUMP})
  2) 64: 24/18 18/14                 43: 24/20 23/20
  3) 43: 14/10 13/10                 62: 24/18 20/18
"""


def kinds(record: Record) -> list[str]:
    return [str(action.kind) for game in record.games for action in game]


def gnubg_ids(path: Path, tmp_path: Path) -> tuple[str, str]:
    """The ``PID:MID`` gnubg 1.07 shows after importing ``path``, and its score line."""
    shown = run_gnubg(f"import mat {path}\nshow board\nshow score\n", tmp_path, 300).stdout
    position = re.findall(r"Position ID: (\S+)", shown)
    match = re.findall(r"Match ID\s*: (\S+)", shown)
    score = re.search(r"is: \S+ (\d+), \S+ (\d+) \(", shown)
    assert position and match and score, shown[-1500:]
    assert "invalid move" not in shown.lower(), shown[-1500:]
    return f"{position[-1]}:{match[-1]}", f"{score.group(1)} {score.group(2)}"


def test_a_roll_by_the_player_not_on_turn_is_a_setup_then_the_roll():
    record = parse_mat(OUT_OF_TURN)
    actions = [str(a) for a in record.games[0]]
    assert actions[6:9] == ["setup for 0", "roll 43", "play 13/9 13/10"]  # Ann again
    assert actions[9:] == ["roll 52", "play 13/11 13/8"] and record.state.turn == 0
    with pytest.raises(ValueError, match="cannot hold a position set up by hand"):
        format_mat(record)


def test_a_nackgammon_game_begins_from_the_board_of_its_note():
    record = parse_mat(NACKGAMMON)
    setup = record.games[0][0]
    assert setup.kind == ActionKind.SETUP and setup.player == 0  # Ann rolls 6-4 first
    nack = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    assert setup.position == Position.from_points(nack, nack)
    assert kinds(record).count("roll") == 4 and record.state.turn == 0


def test_a_note_whose_board_a_legal_play_reaches_is_that_play():
    # Ann's 21 written as a note holding the board after 13/11 6/5: the play, no set-up.
    two_turns = OUT_OF_TURN.split("  3)")[0]
    board = parse_mat(two_turns).state.board_for(0)
    ann, bob = board.player, board.opponent
    fields = [-bob[25]] + [ann[p] or -bob[25 - p] for p in range(1, 25)] + [ann[25]]
    dump = ";".join(["5", "0", "1", "0", "0", "Ann", "Bob", "0", "0", "0", "1", "0"])
    dump += ";" + ";".join(map(str, fields)) + ";5;2;"
    record = parse_mat(two_turns.replace("21: 13/11 6/5", f"21: Illegal play ({dump})"))
    assert "setup" not in kinds(record)
    assert [str(a) for a in record.games[0][4:]] == ["roll 21", "play 13/11 6/5"]


@pytest.mark.parametrize("board", ["0;-2;" + "0;" * 23 + "16", "x;" * 26])
def test_a_note_whose_board_cannot_be_read_is_read_as_before(board):
    # Not a board of 15 and 15 checkers: the note is read as a FIBS note (the play left out),
    # and with the rest of the game not replaying from any play the file is refused in words.
    dump = "1;0;1;0;1;Ann;Bob;0;0;0;1;0;" + board + ";6;4;"
    with pytest.raises(InvalidMatFile) as refused:
        parse_mat(NACKGAMMON.replace(NACK_DUMP, dump))
    assert str(refused.value).startswith("game 1 move 1: the file marks the play of 12")
    assert len(str(refused.value)) < 300


def test_a_note_that_ends_the_file_leaves_the_roller_on_its_board_to_play():
    lines = MORLEY.read_text().splitlines(keepends=True)
    record = parse_mat("".join(lines[:13]) + re.sub(r"\) +16: .*", ")", lines[13]))
    assert [str(a) for a in record.games[0][-2:]] == ["setup for 0", "roll 11"]
    assert record.state.dice == (1, 1) and record.state.turn == 0  # Tanguay, who rolled it


def test_the_fibs_log_goes_on_from_the_board_of_its_note():
    record = parse_mat(MORLEY.read_text())
    assert kinds(record).count("setup") == 1
    assert record.state.score == (9, 13)


@needs_gnubg
@pytest.mark.gnubg
def test_edited_mat_games_end_where_gnubg_ends_them(tmp_path):
    lines = MORLEY.read_text().splitlines(keepends=True)
    cut = "".join(lines[:20])  # the game goes on from the note's board, not yet over
    # The note as the file's last word: the roller is left on its board with the roll to play.
    at_note = "".join(lines[:13]) + re.sub(r"\) +16: .*", ")", lines[13])
    files = (("oot", OUT_OF_TURN), ("nack", NACKGAMMON), ("fibs", cut), ("note", at_note))
    for name, text in files:
        path = tmp_path / f"{name}.mat"
        path.write_text(text)
        record = parse_mat(text)
        ids, score = gnubg_ids(path, tmp_path)
        assert score == f"{record.state.score[0]} {record.state.score[1]}", name
        assert write_gnubg_id(record.state) == ids, name
    # The whole game: gnubg's final score (Tanguay 9, Morley 13).
    _, score = gnubg_ids(MORLEY, tmp_path)
    assert score == "9 13" and parse_mat(MORLEY.read_text()).state.score == (9, 13)


def test_a_refusal_names_the_files_players_not_the_pages_colours():
    # The rules word a refusal with the page's Cyan and Pink; a file's says its own names.
    text = OUT_OF_TURN.split("  2)")[0].replace(" 5 point match", " 1 point match")
    with pytest.raises(InvalidMatFile) as refused:
        parse_mat(text + "  2)  Doubles => 2\n")
    assert "Ann may not double" in str(refused.value)
    assert "Cyan" not in str(refused.value) and "Pink" not in str(refused.value)
    from game.formats.sgf import InvalidSgfFile, parse_sgf

    with pytest.raises(InvalidSgfFile) as refused_sgf:
        parse_sgf("(;GM[6]MI[length:1]PW[Ann]PB[Bob];W[31hefe];B[double])")
    assert "Bob may not double" in str(refused_sgf.value)
