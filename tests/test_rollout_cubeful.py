"""Cubeful rollouts (``RolloutSettings(cubeful=True)``, ``game.analysis.rollout.cube``): the
cube played in every trial by the bot's 0-ply cube judgement, the cube's three answers from
no double and double/take, chunks and processes giving the serial answer, and the command
line's cubeless answer unchanged."""

from __future__ import annotations

import pytest

from game.analysis.rollout import CubeStart, RolloutSettings, Tally, roll_out
from game.analysis.rollout.cube import ON_ROLL, OPPONENT, CubeState
from game.analysis.rollout.decision import cube_candidates
from game.analysis.rollout.dice import rollout_key
from game.analysis.rollout.job import RolloutJob, chunk_reply
from game.analysis.rollout.trial import Trials
from game.bot.cube import decide
from game.bot.cube.model import cube_efficiency
from game.bot.evaluator import evaluate_position
from game.bot.shots import ROLLS
from game.engine.position import Position
from game.formats.position_id import parse_position_id
from tests.rollout_command import run_rollout

PRIME = parse_position_id("sLlbABi43Q3AAA")  # double, take by the bot's 0-ply cube
CASH = parse_position_id("xPPgAQnI3Q0DIA")  # double, pass by the bot's 0-ply cube
CUBEFUL = RolloutSettings(trials=36, seed=3, truncate=4, cubeful=True)
NO_DOUBLE, DOUBLE_TAKE = (c.cube for c in cube_candidates(PRIME))


def zero_ply(position: Position) -> tuple[str, str]:
    """The bot's 0-ply cube decision, the cube centred."""
    return decide(evaluate_position(position), CubeState(), cube_efficiency(position)).answer


def test_a_double_the_opponent_passes_ends_every_trial_at_once_with_one_point():
    assert zero_ply(CASH) == ("double", "pass")
    result = roll_out(CASH, CUBEFUL).result()
    assert (result.cubeful, result.cubeful_error) == (1.0, 0.0)
    # The five figures of a passed double are the network's chances then (a truncation).
    assert result.chances.as_tuple() == pytest.approx(evaluate_position(CASH).as_tuple())
    # Without the first double (the rollout of no double) the game is played on.
    played_on = roll_out(CASH, CUBEFUL, cube=NO_DOUBLE).result()
    assert played_on.cubeful is not None and played_on.cubeful_error > 0.0


def test_a_taken_double_is_the_double_take_rollout_trial_by_trial():
    # The cube live and the bot doubling at once, the opponent taking: each trial is the one
    # that starts from the cube at 2 on the taker's side, the same dice, the same points.
    assert zero_ply(PRIME) == ("double", "take")
    live = roll_out(PRIME, CUBEFUL)
    taken = roll_out(PRIME, CUBEFUL, cube=DOUBLE_TAKE)
    assert live.cubeful == taken.cubeful and live.outcomes == taken.outcomes
    assert roll_out(PRIME, CUBEFUL, cube=NO_DOUBLE).cubeful != live.cubeful


def test_the_points_are_the_result_times_the_cube():
    # The side on roll bears off its last checker with any roll; the other is on the bar
    # with none off: a backgammon, 3 points a cube (too good to double: played on).
    position = Position.from_points({1: 1}, {25: 1, 23: 2, 13: 5, 8: 3, 6: 4})
    settings = RolloutSettings(trials=36, seed=1, cubeful=True)
    for cube, points in ((None, 3.0), (DOUBLE_TAKE, 6.0), (CubeStart(4, OPPONENT), 12.0)):
        result = roll_out(position, settings, cube=cube).result()
        assert (result.cubeful, result.cubeful_error, result.equity) == (points, 0.0, 3.0)
        other = roll_out(position, settings, for_other_side=True, cube=cube).result()
        assert other.cubeful == -points


def test_a_cubeless_rollout_has_no_cubeful_figure_and_is_unchanged_by_the_cube_code():
    cubeless = RolloutSettings(trials=36, seed=3, truncate=4)
    tally = roll_out(PRIME, cubeless, cube=DOUBLE_TAKE)  # the cube is not used
    assert tally.cubeful == {} and tally.result().cubeful is None
    player = Trials(cubeless)
    key = rollout_key(3)
    assert [player.play(PRIME, key, t) for t in range(36)] == [tally.outcomes[t] for t in range(36)]


RACE = parse_position_id("2M42AwDMtp0BAA")  # the race ahead of gnubg's cube comparison
OPENING = parse_position_id("4HPwATDgc/ABMA")


@pytest.mark.parametrize("position", [RACE, PRIME], ids=["race", "prime"])
def test_the_cubeful_luck_of_the_36_rolls_is_nothing_on_average_whatever_the_cube(position):
    # gnubg's cubeful luck: each roll's cubeful value less the mean, so the rollout keeps
    # its mean; it depends on the cube (who may double next, at what value).
    trials = Trials(RolloutSettings(cubeful=True, variance_reduction=True))
    cubes = (CubeState(), CubeStart(2, OPPONENT).state(), CubeStart(2, ON_ROLL).state())
    lucks = []
    for cube in cubes:
        luck = [trials.cubeful_luck(position, (a, b), cube) for a, b, _ in ROLLS]
        assert sum(w * x for (_, _, w), x in zip(ROLLS, luck, strict=True)) == pytest.approx(
            0.0, abs=1e-12
        )
        assert max(luck) - min(luck) > 0.05  # the dice matter
        lucks.append(luck)
    assert lucks[0] != lucks[1] != lucks[2]


@pytest.mark.parametrize(
    ("position", "truncate", "narrower"),
    [(RACE, 2, 5.0), (OPENING, 3, 3.0)],
    ids=["race", "opening"],
)
def test_variance_reduction_narrows_the_cubeful_equity_without_moving_it(
    position, truncate, narrower
):
    no_double = cube_candidates(position)[0].cube
    plain = roll_out(position, RolloutSettings(36, 3, truncate, cubeful=True), cube=no_double)
    reduced = roll_out(
        position,
        RolloutSettings(36, 3, truncate, cubeful=True, variance_reduction=True),
        cube=no_double,
    )
    before, after = plain.result(), reduced.result()
    assert before.cubeful is not None and before.cubeful_error is not None
    assert after.cubeful is not None and after.cubeful_error is not None
    assert after.cubeful_error * narrower < before.cubeful_error
    combined = (before.cubeful_error**2 + after.cubeful_error**2) ** 0.5
    assert abs(after.cubeful - before.cubeful) < 2 * combined


def test_the_cubeful_luck_is_the_same_whatever_the_chunks_a_process_plays():
    # Each chunk's process works out the rolls' look-ahead afresh: the figures are the
    # serial rollout's to the last digit (the command line's --jobs).
    settings = RolloutSettings(4, 5, 2, variance_reduction=True, cubeful=True)
    serial = roll_out(RACE, settings, cube=DOUBLE_TAKE)
    parts = [roll_out(RACE, settings, range(a, b), cube=DOUBLE_TAKE) for a, b in ((3, 4), (0, 3))]
    merged = Tally().merged(*parts)
    assert merged.cubeful == serial.cubeful and merged.outcomes == serial.outcomes
    assert len(set(serial.cubeful.values())) > 1


def test_chunks_in_any_order_and_a_kept_job_give_the_serial_cubeful_rollout():
    job = RolloutJob.of(PRIME, None, RolloutSettings(trials=8, seed=2, truncate=3, cubeful=True))
    assert [c.label for c in job.candidates] == ["no double", "double, take"]
    for index, request in reversed(job.requests(size=3)):
        job.take(index, chunk_reply(request))
    serial = [roll_out(PRIME, job.settings, cube=c.cube) for c in job.candidates]
    assert [t.cubeful for t in job.tallies] == [t.cubeful for t in serial]
    again = RolloutJob.from_dict(job.to_dict())
    assert again.rows() == job.rows() and again.candidates == job.candidates
    cube = job.cube()
    assert cube is not None and cube.rolled
    assert cube.no_double == serial[0].result().cubeful
    assert cube.double_take == serial[1].result().cubeful
    assert Tally.from_lists(job.tallies[0].as_lists()).cubeful == job.tallies[0].cubeful


def test_the_opponents_cube_leaves_the_position_alone_and_no_cube_answer():
    job = RolloutJob.of(PRIME, None, CUBEFUL, owner=OPPONENT)
    assert [c.label for c in job.candidates] == ["position"]
    assert job.candidates[0].cube == CubeStart(1, OPPONENT)


def test_the_command_lines_cubeful_option_answers_the_same_line_with_jobs_and_without():
    args = ["--trials", "24", "--seed", "2", "--truncate", "3"]
    request = "sLlbABi43Q3AAA:cAkAAAAAAAAA\n"
    cubeless = run_rollout(args, request)
    one = run_rollout([*args, "--cubeful"], request)
    two = run_rollout([*args, "--cubeful", "--jobs", "2"], request)
    assert cubeless.returncode == one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and two.stderr == ""
    fields = [float(f) for f in one.stdout.split()]
    result = roll_out(PRIME, RolloutSettings(24, 2, 3, cubeful=True)).result()
    assert fields[:2] == pytest.approx([result.cubeful, result.cubeful_error], abs=1e-5)
    # The cubeless line, as before: the plain rollout's equity.
    plain = roll_out(PRIME, RolloutSettings(24, 2, 3)).result()
    assert float(cubeless.stdout.split()[0]) == pytest.approx(plain.equity, abs=1e-5)
    refused = run_rollout([*args, "--cubeful"], "sLlbABi43Q3AAA:cAlgAAAAAAAA\n")
    assert refused.returncode == 1 and refused.stdout.startswith("error: a cubeful rollout")
