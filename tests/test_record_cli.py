"""``python -m game replay`` and ``python -m game selfplay`` as a script would run them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.formats.mat import format_mat
from tests.records import as_mat_keeps, played

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], stdin: str | bytes = "") -> subprocess.CompletedProcess:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=300,
    )


def test_replay_prints_each_game_and_the_final_score():
    record = as_mat_keeps(played(0))  # a 5-point match
    done = run(["replay"], format_mat(record))
    assert done.returncode == 0, done.stderr
    expected = [
        f"game {r.number}: {r.winner + 1} {r.points}"
        for r in record.results()
        if r.winner is not None
    ]
    score = record.state.score
    assert done.stdout.decode().splitlines() == [*expected, f"final {score[0]} {score[1]}"]


def test_replay_reports_an_illegal_move_with_game_and_move():
    text = format_mat(played(0))
    lines = text.splitlines()
    # Game 1's first numbered line: make its first play impossible.
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("1)"))
    lines[at] = lines[at].replace(":", ": 1/0 1/0 1/0 1/0 ", 1)
    done = run(["replay"], "\n".join(lines) + "\n")
    assert done.returncode == 1
    out = done.stdout.decode()
    assert out.startswith("error: game 1 move 1: "), out


def test_replay_reports_a_file_that_is_not_a_match():
    done = run(["replay"], b"\xff\xfe not a match file at all\n")
    assert done.returncode == 1
    assert done.stdout.decode().startswith("error: game 0 move 0: ")


def test_selfplay_prints_a_match_that_replays_to_its_end():
    done = run(["selfplay", "--length", "3", "--seed", "5", "--level", "beginner"])
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode()
    body = "\n".join(line for line in text.splitlines() if not line.startswith(";"))
    assert body.lstrip().startswith("3 point match")  # after the dice's header lines
    again = run(["selfplay", "--length", "3", "--seed", "5", "--level", "beginner"])
    assert again.stdout.decode() == text  # the seed decides everything
    replayed = run(["replay"], text)
    assert replayed.returncode == 0
    final = replayed.stdout.decode().splitlines()[-1].split()
    assert final[0] == "final" and max(int(final[1]), int(final[2])) >= 3


def test_selfplay_money_plays_one_game():
    done = run(["selfplay", "--length", "0", "--seed", "1"])
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode()
    body = "\n".join(line for line in text.splitlines() if not line.startswith(";"))
    assert body.lstrip().startswith("0 point match") and text.count(" Game ") == 1
    assert run(["replay"], text).returncode == 0


def test_selfplay_refuses_an_unknown_level():
    done = run(["selfplay", "--length", "1", "--seed", "1", "--level", "grandmaster"])
    assert done.returncode == 2 and b"grandmaster" in done.stderr
