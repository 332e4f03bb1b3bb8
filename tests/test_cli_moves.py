"""``python -m game moves``: one answer line per request, errors answered in place, exit 1."""

from __future__ import annotations

import subprocess
import sys

from game.engine.plays import legal_plays
from game.formats import format_position_id, parse_position_id

START = "4HPwATDgc/ABMA"


def run_moves(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", "moves"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_answers_every_request_with_the_sorted_ids_of_the_resulting_positions():
    done = run_moves(f"{START} 3 1\n{START} 6 6\n")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    first = lines[0].split()
    assert len(first) == 16 and first == sorted(first)
    expected = {
        format_position_id(p.position) for p in legal_plays(parse_position_id(START), (3, 1))
    }
    assert set(first) == expected
    assert len(lines[1].split()) == 11


def test_the_mover_stays_on_roll_in_the_answer():
    done = run_moves(f"{START} 6 5\n")
    # 24/13 with 6-5: the mover's back checker reaches the mid-point; the opponent is untouched.
    results = [parse_position_id(pid) for pid in done.stdout.split()]
    assert any(pos.player[13] == 6 and pos.player[24] == 1 for pos in results)
    assert all(pos.opponent == parse_position_id(START).opponent for pos in results)


def test_a_roll_with_no_legal_play_is_answered_with_a_dash():
    # Cyan has one checker on the bar; pink holds its whole home board closed.
    closed = "27YBADjg/wcAQA"
    position = parse_position_id(closed)
    assert legal_plays(position, (6, 6)) == []
    assert run_moves(f"{closed} 6 6\n").stdout == "-\n"


def test_unreadable_requests_get_an_error_line_and_exit_status_1_while_others_are_answered():
    done = run_moves(f"nonsense 3 1\n{START} 3 1\n{START} 7 1\n{START} 3\n")
    lines = done.stdout.splitlines()
    assert done.returncode == 1
    assert len(lines) == 4
    assert lines[0].startswith("error: ") and "14 characters" in lines[0]
    assert len(lines[1].split()) == 16
    assert lines[2].startswith("error: ") and "7" in lines[2]
    assert lines[3].startswith("error: ")
