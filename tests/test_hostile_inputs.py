"""Inputs built to hurt (issue 32): each answered quickly by one short message in our own words.

The readers run in time linear in their input (no pattern that backtracks over a line), read
numbers only as a few ASCII digits, raise only their own error type, and quote at most about
60 characters of what they refuse. The time limits are generous guards, not measurements.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli.lines import serve
from game.cli.moves import answer_moves
from game.cli.replay import replay
from game.formats.mat import InvalidMatFile, read_mat, without_illegal_plays
from game.formats.match_file import file_text, read_match_file
from game.formats.xgid import InvalidXgid, parse_xgid

LIMIT = 2.0  # seconds of this process's CPU time: other processes on a shared machine do not count
SIZES = (100_000, 1_000_000)
START = " 1 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"


def timed_refusal(text: str) -> InvalidMatFile:
    began = time.process_time()
    with pytest.raises(InvalidMatFile) as caught:
        read_mat(text)
    assert time.process_time() - began <= LIMIT
    assert len(str(caught.value)) <= 200, str(caught.value)[:300]
    return caught.value


@pytest.mark.parametrize("size", SIZES)
def test_a_long_score_line_is_refused_in_linear_time(size):
    text = " 1 point match\n\n Game 1\n" + " " * (size // 2) + ":x" * (size // 4) + "\n"
    assert "players and score" in str(timed_refusal(text).reason)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_match_line_is_refused_in_linear_time(size):
    timed_refusal("1" + " " * size + "x\n")
    timed_refusal("1" + " " * size + "point" + " " * size + "x\n")
    timed_refusal("; [" + " " * size + "x\n1 point match\n")


@pytest.mark.parametrize("size", SIZES)
def test_a_long_fibs_illegal_play_note_is_refused_in_linear_time(size):
    timed_refusal(START + "  1) 31: " + "illegal play(" * (size // 13) + "\n")
    timed_refusal(START + "  1) 31: " + "illegal play (x) " * (size // 17) + "8/5 6/\n")
    began = time.process_time()
    assert without_illegal_plays("illegal play(" * (size // 13)).startswith("illegal play(")
    assert without_illegal_plays("illegal play (x)" * (size // 16)).isspace()
    assert time.process_time() - began <= LIMIT


def test_a_fibs_illegal_play_note_leaves_the_roll_unplayed():
    record, _ = read_mat(START + "  1) 31: " + "Illegal play (board:x:y:1:0:0)" * 20 + "\n")
    assert record.state.dice == (3, 1)  # the roll stands, its play unwritten


@pytest.mark.parametrize("size", SIZES)
def test_a_long_move_line_is_refused_in_linear_time(size):
    timed_refusal(START + "  1) 31: " + "8/5 " * (size // 4) + "\n")
    timed_refusal(START + "  1) " + "31: " * (size // 4) + "\n")


def test_fifty_thousand_empty_games_are_refused_quickly():
    error = timed_refusal(" 0 point match\n" + " Game 1\n Ann : 0  Bob : 0\n" * 50_000)
    assert error.game == 1


@pytest.mark.parametrize(
    "text",
    [
        "9" * 5000 + " point match\n Game 1\n Ann : 0 Bob : 0\n",
        " 5 point match\n Game 1\n Ann : " + "9" * 5000 + " Bob : 0\n",
        START + " " + "9" * 5000 + ") 31: 8/5 6/5\n",
        START + "  1) 31: 8/5 6/5\n      Wins " + "9" * 5000 + " points\n",
        START + "  1) 31: " + "9" * 5000 + "/5 6/5\n",
        START + "  1) 31: 8/5 6/" + "9" * 50 + "\n",
        START + "  1) 31: 8/5 6/²\n",
        START + "  1) 31: 8/5 6/٣\n",
        START + "  1) 31: 8/5 6/5\n      Wins ² point\n",
    ],
)
def test_numbers_too_long_or_not_ascii_are_refused_in_our_words(text):
    error = timed_refusal(text)
    assert "4300" not in str(error) and "invalid literal" not in str(error)


@pytest.mark.parametrize("dice", ["²3", "⓷3", "3²", "٣1"])
def test_xgid_dice_are_ascii_digits(dice):
    with pytest.raises(InvalidXgid) as caught:
        parse_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:{dice}:0:0:0:0:10")
    assert "invalid literal" not in str(caught.value)


@pytest.mark.parametrize("field", [5, 6, 8, 9])
def test_xgid_numbers_are_short_ascii_digits(field):
    for bad in ("9" * 5000, "²", "٣", " 1"):
        fields = ["-b----E-C---eE---c-e----B-", "0", "0", "1", "52", "0", "0", "0", "5", "10"]
        fields[field] = bad
        with pytest.raises(InvalidXgid) as caught:
            parse_xgid("XGID=" + ":".join(fields))
        assert len(str(caught.value)) < 120, str(caught.value)[:200]


def test_an_error_line_quotes_little_of_a_long_input():
    out = io.StringIO()
    status = serve(answer_moves, ["4HPwATDgc/ABMA 3 " + "1" * 2400 + "\n"], out)
    assert status == 1 and len(out.getvalue()) < 140, out.getvalue()[:300]
    out = io.StringIO()
    assert replay(START + "  1) 31: 8/5 6/5 " + "x" * 2400 + "\n", out) == 1
    assert out.getvalue().startswith("error: game 1 move 1:") and len(out.getvalue()) < 200


def test_a_request_that_is_not_utf8_is_answered_in_words():
    out = io.StringIO()
    status = serve(answer_moves, [b"\xff\n", b"4HPwATDgc/ABMA 3 1\n"], out)
    lines = out.getvalue().splitlines()
    assert status == 1 and lines[0] == "error: the request is not UTF-8 text"
    assert lines[1].count("/") >= 1  # the next request is still answered


@pytest.mark.parametrize("command", ["moves", "replay"])
def test_commands_answer_bytes_that_are_not_utf8(command):
    done = subprocess.run(
        [sys.executable, "-m", "game", command],
        input=b"\xff\n",
        capture_output=True,
        env={"PYTHONIOENCODING": "utf-8", "PATH": ""},
        timeout=120,
    )
    assert done.stdout.startswith(b"error: "), done
    assert b"Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    "command",
    [["replay"], ["convert", "--to", "sgf"], ["analyse"], ["cards"], ["dice", "--verify"]],
)
def test_every_match_command_refuses_in_one_form(command):
    done = subprocess.run(
        [sys.executable, "-m", "game", *command],
        input=("; [Game 1 Dice Seed " + "x" * 100_000 + "\n 1 point match\n").encode(),
        capture_output=True,
        timeout=120,
    )
    said = done.stdout.decode()
    assert done.returncode == 1 and said.startswith("error: "), (said[:200], done.stderr[:300])
    assert len(said) < 200 and b"Traceback" not in done.stderr


MATCHES = Path(__file__).parent / "data" / "matches"
ENCODINGS = {
    "UTF-16 (Notepad's Unicode)": lambda text: text.encode("utf-16"),
    "UTF-16 big-endian": lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
    "UTF-16 without its mark": lambda text: text.encode("utf-16-le"),
    "UTF-8 with its BOM": lambda text: text.encode("utf-8-sig"),
    "Latin-1": lambda text: text.encode("latin-1"),
}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", ["gnubg-noisy-3-1.mat", "gnubg-noisy-3-1.sgf"])
def test_a_match_file_saved_in_another_encoding_reads_as_the_same_match(encoding, name):
    # A file re-saved on Windows ("Unicode" is UTF-16 with its BOM) or from an old archive: read
    # as UTF-16 it was refused as having no "N point match" line.
    folder = MATCHES if name.endswith(".mat") else MATCHES.parent / "sgf"
    text = (folder / name).read_text().replace("First", "Jürgen Ørsted")
    data = ENCODINGS[encoding](text)
    assert read_match_file(file_text(data)).record == read_match_file(text).record
    assert read_match_file(text).record.names[0] == "Jürgen Ørsted"
    done = subprocess.run(
        [sys.executable, "-m", "game", "replay"], input=data, capture_output=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.decode().endswith("final 0 4\n"), done


@pytest.mark.parametrize("name", ["gnubg-noisy-3-1.mat", "gnubg-noisy-3-1.sgf"])
def test_a_dos_end_of_file_mark_ends_the_file(name):
    # ^Z, DOS's end of a text file, which old editors and transfers leave after the last line.
    folder = MATCHES if name.endswith(".mat") else MATCHES.parent / "sgf"
    text = (folder / name).read_text()
    assert read_match_file(text + "\x1a").record == read_match_file(text).record
    assert read_match_file(text + "\r\n\x1a\x1a").record == read_match_file(text).record
