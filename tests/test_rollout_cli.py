"""``python -m game rollout``: the answer's line, errors, ``--jobs`` giving the serial answer."""

from __future__ import annotations

import pytest

from game.analysis.rollout import RolloutSettings, roll_out
from game.cli.lines import serve
from game.cli.rollout import answerer, read_options
from game.formats.xgid import parse_position_and_match
from tests.rollout_command import run_rollout

CONTACT = "xPPgAQnI3Q0DIA:cAkAAAAAAAAA"


def test_one_line_per_request_the_equity_its_error_and_five_chances():
    done = run_rollout(
        ["--trials", "36", "--seed", "4", "--truncate", "2"], f"{CONTACT}\n\n{CONTACT}\n"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and lines[0] == lines[1]
    fields = [float(field) for field in lines[0].split()]
    assert len(fields) == 7
    position, _ = parse_position_and_match(CONTACT)
    result = roll_out(position, RolloutSettings(trials=36, seed=4, truncate=2)).result()
    assert fields[0] == pytest.approx(result.equity, abs=1e-5)
    assert fields[1] == pytest.approx(result.standard_error, abs=1e-5)
    assert fields[2:] == pytest.approx(list(result.chances.as_tuple()), abs=1e-5)
    assert all(0.0 <= chance <= 1.0 for chance in fields[2:])


def test_jobs_give_the_same_answer_as_one_process():
    args = ["--trials", "40", "--seed", "9", "--truncate", "3"]
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    one = run_rollout(args, f"{CONTACT}\n{xgid}\n")
    two = run_rollout([*args, "--jobs", "2"], f"{CONTACT}\n{xgid}\n")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == 2


@pytest.mark.parametrize(
    "request_line",
    ["nonsense", "4HPwATDgc/ABMA", f"{CONTACT} 3", "XGID=garbage", f"{CONTACT} 3 1"],
)
def test_a_request_that_cannot_be_read_gets_one_error_line_and_exit_1(request_line):
    done = run_rollout(["--trials", "1", "--seed", "1", "--truncate", "1"], request_line + "\n")
    assert done.returncode == 1
    assert done.stdout.startswith("error: ") and len(done.stdout.splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_a_finished_game_is_refused():
    import io

    out = io.StringIO()
    status = serve(
        answerer(["--trials", "1", "--seed", "1"]), ["AAAAAAAAAAAAAA:cAkAAAAAAAAA\n"], out
    )
    assert status == 1 and out.getvalue().startswith("error: ")


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--trials", "36"],
        ["--seed", "1"],
        ["--trials", "x", "--seed", "1"],
        ["--trials", "36", "--seed", "1", "--jobs", "0"],
        ["--trials", "0", "--seed", "1"],
        ["--trials", "36", "--seed", "1", "--level", "god"],
        ["--trials", "36", "--trials", "72", "--seed", "1"],
    ],
)
def test_bad_options_are_refused_with_a_message(options):
    with pytest.raises(ValueError):
        read_options(options)
    done = run_rollout(options, "")
    assert done.returncode == 2 and done.stderr.startswith("error: rollout: ")
    assert "Traceback" not in done.stderr


def test_the_export_names_the_position_and_the_settings():
    done = run_rollout(
        ["--trials", "36", "--seed", "2", "--truncate", "2", "--export"],
        f"{CONTACT}\n{CONTACT} 6 5\n",
    )
    assert done.returncode == 0, done.stderr
    assert "Position ID: xPPgAQnI3Q0DIA" in done.stdout
    assert "36 trials, seed 2, truncated at 2 plies" in done.stdout
    assert "Cube, cubeless: no double" in done.stdout
    assert "Dice 65, the best plays by the network rolled out" in done.stdout
