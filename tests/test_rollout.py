"""Rollouts (``game.analysis.rollout``): the trials' dice, the luck adjustment, truncation,
chunks merged as one, positions whose outcome is known, and decisions."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from game.analysis.rollout import RolloutSettings, Tally, chunks, roll_out
from game.analysis.rollout.decision import cube_figures, play_candidates
from game.analysis.rollout.dice import ALL_ROLLS, first_two, rollout_key, trial_rolls
from game.analysis.rollout.export import rollout_text
from game.analysis.rollout.tally import equity_of
from game.analysis.rollout.trial import Trials
from game.bot.bearoff import bearoff_probabilities
from game.bot.evaluator import evaluate_position
from game.bot.search import rank_plays
from game.bot.shots import ROLLS
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats.position_id import parse_position_id

CONTACT = parse_position_id("xPPgAQnI3Q0DIA")
RACE = parse_position_id("zLadAQDYzjYDAA")
QUICK = RolloutSettings(trials=36, seed=5, truncate=3)


def docs_throw(seed: bytes, n: int) -> tuple[int, int]:
    """docs/dice.md's own lines, copied: throw ``n`` of a game's seed."""
    message, retry = str(n), 0
    while True:
        x = int.from_bytes(hmac.digest(seed, message.encode(), "sha256"), "big")
        if x < 36 * (2**256 // 36):
            return x % 36 // 6 + 1, x % 36 % 6 + 1
        retry += 1
        message = f"{n}/{retry}"


def test_every_36_trials_roll_each_first_and_second_roll_once_and_a_block_every_pair():
    key = rollout_key(11)
    for start in (0, 36, 1296 + 72):
        firsts = [first_two(key, t)[0] for t in range(start, start + 36)]
        seconds = [first_two(key, t)[1] for t in range(start, start + 36)]
        assert sorted(firsts) == sorted(ALL_ROLLS) == sorted(seconds)
    assert len({first_two(key, t) for t in range(1296)}) == 1296
    # Another seed, another order.
    assert [first_two(rollout_key(12), t) for t in range(36)] != [
        first_two(key, t) for t in range(36)
    ]


def test_a_trials_later_rolls_are_the_documented_throws_of_its_seed():
    key = hashlib.sha256(b"rollout 3").digest()
    assert rollout_key(3) == key
    seed = hmac.digest(key, b"trial 7", "sha256")
    rolls = trial_rolls(key, 7)
    assert [next(rolls) for _ in range(2)] == list(first_two(key, 7))
    assert [next(rolls) for _ in range(20)] == [docs_throw(seed, n) for n in range(3, 23)]


@pytest.mark.parametrize("seed", [-1, 1.5, True, "1"])
def test_a_seed_is_a_whole_number(seed):
    with pytest.raises(ValueError):
        RolloutSettings(trials=36, seed=seed)


@pytest.mark.parametrize(
    "fields", [{"trials": 0}, {"trials": 36, "truncate": -1}, {"trials": 36, "level": "god"}]
)
def test_settings_refuse_what_cannot_be_rolled_out(fields):
    with pytest.raises(ValueError):
        RolloutSettings(**fields)
    settings = RolloutSettings(trials=72, seed=3, truncate=5, level="casual")
    assert RolloutSettings.from_dict(settings.as_dict()) == settings


def test_chunks_merged_in_any_order_equal_the_serial_rollout():
    serial = roll_out(CONTACT, QUICK)
    parts = [roll_out(CONTACT, QUICK, part) for part in chunks(QUICK.trials, 3, size=7)]
    assert len(parts) >= 3
    merged = Tally().merged(*reversed(parts))
    assert merged.outcomes == serial.outcomes
    assert merged.result() == serial.result()
    # Through the worker's plain lists too.
    assert Tally.from_lists(merged.as_lists()).result() == serial.result()


def test_the_same_seed_repeats_a_rollout_and_another_seed_does_not():
    again = roll_out(CONTACT, QUICK).result()
    assert again == roll_out(CONTACT, QUICK).result()
    other = RolloutSettings(trials=36, seed=6, truncate=3)
    assert roll_out(CONTACT, other).result() != again


def test_a_truncated_trial_ends_on_the_networks_chances_after_the_first_play():
    key = rollout_key(5)
    trials = Trials(RolloutSettings(trials=36, seed=5, truncate=1))
    for trial in range(6):
        dice = first_two(key, trial)[0]
        play = rank_plays(CONTACT, dice)[0][1]
        after = evaluate_position(play.position.flip()).flip()
        assert trials.play(CONTACT, key, trial) == pytest.approx(after.as_tuple())


def test_a_bear_off_is_the_tables_exact_chances_without_error():
    position = Position.from_points({6: 2, 5: 3, 2: 2}, {6: 3, 4: 2, 1: 3})
    result = roll_out(position, QUICK).result()
    exact = bearoff_probabilities(position)
    assert exact is not None
    assert result.equity == pytest.approx(exact.equity)
    assert result.standard_error == pytest.approx(0.0, abs=1e-12)


def test_a_sure_backgammon_is_worth_three_points_to_the_winner_and_minus_three_to_the_loser():
    # The side on roll bears off its last checker with any roll; the other is on the bar
    # with none off.
    position = Position.from_points({1: 1}, {25: 1, 23: 2, 13: 5, 8: 3, 6: 4})
    result = roll_out(position, RolloutSettings(trials=36, seed=1)).result()
    assert (result.equity, result.standard_error) == (3.0, 0.0)
    assert result.chances.as_tuple() == (1.0, 1.0, 1.0, 0.0, 0.0)
    other = roll_out(position, RolloutSettings(trials=36, seed=1), for_other_side=True)
    assert other.result().equity == -3.0


def test_the_luck_of_the_36_rolls_adds_up_to_nothing():
    trials = Trials(RolloutSettings(trials=36, variance_reduction=True))
    for position in (CONTACT, RACE):
        total = [0.0] * 5
        for a, b, weight in ROLLS:
            luck = trials._roll_luck(position, (a, b))
            total = [t + weight * x for t, x in zip(total, luck, strict=True)]
        assert total == pytest.approx([0.0] * 5, abs=1e-12)


def test_variance_reduction_narrows_the_error_of_a_race_without_moving_it():
    # A short race: a few plies before the bear-off table takes over.
    race = Position.from_points(
        {8: 2, 7: 2, 5: 3, 4: 3, 3: 3, 2: 2}, {9: 1, 7: 2, 6: 3, 5: 3, 4: 3, 2: 3}
    )
    plain = roll_out(race, RolloutSettings(trials=72, seed=2)).result()
    reduced = roll_out(race, RolloutSettings(trials=72, seed=2, variance_reduction=True)).result()
    assert reduced.standard_error < plain.standard_error / 4
    assert abs(reduced.equity - plain.equity) < 2 * (plain.standard_error + reduced.standard_error)


def test_a_level_plays_the_trials_repeatably():
    settings = RolloutSettings(trials=4, seed=1, truncate=4, level="beginner")
    assert roll_out(CONTACT, settings).outcomes == roll_out(CONTACT, settings).outcomes


def test_progress_stops_a_rollout_keeping_what_is_done():
    seen: list[int] = []

    def progress(tally: Tally) -> bool:
        seen.append(len(tally))
        return len(tally) < 8

    tally = roll_out(
        CONTACT, RolloutSettings(trials=36, seed=1, truncate=1), None, False, progress, 4
    )
    assert seen == [4, 8] and len(tally) == 8


def test_a_plays_rollout_is_the_movers_and_the_cube_follows_from_the_position():
    candidates = play_candidates(CONTACT, (6, 5), count=3, near=1.0)
    assert len(candidates) == 3 and all(c.for_other_side for c in candidates)
    plays = {play.position.flip() for play in legal_plays(CONTACT, (6, 5))}
    assert {c.position for c in candidates} <= plays
    settings = RolloutSettings(trials=1, seed=1, truncate=1)
    tally = roll_out(candidates[0].position, settings, None, True)
    mover = roll_out(candidates[0].position, settings, None, False)
    assert tally.result().equity == pytest.approx(-mover.result().equity)
    result = roll_out(CONTACT, QUICK).result()
    figures = cube_figures(CONTACT, result)
    assert figures.double_take_cubeless == pytest.approx(2 * result.equity)
    assert figures.double_pass == 1.0
    assert figures.action in ("no-double", "double", "too-good")


def test_the_equity_is_the_mean_of_the_trials_and_the_error_their_spread():
    tally = Tally(
        {0: (1.0, 1.0, 0.0, 0.0, 0.0), 1: (0.0, 0.0, 0.0, 0.0, 0.0), 2: (1.0,) + (0.0,) * 4}
    )
    result = tally.result()
    equities = [2.0, -1.0, 1.0]
    assert result.equity == pytest.approx(sum(equities) / 3)
    mean = sum(equities) / 3
    spread = (sum((e - mean) ** 2 for e in equities) / 2 / 3) ** 0.5
    assert result.standard_error == pytest.approx(spread)
    assert equity_of((1.0, 1.0, 1.0, 0.0, 0.0)) == 3.0


def test_the_export_holds_the_position_the_settings_and_each_candidates_figures():
    settings = RolloutSettings(trials=36, seed=5, truncate=3)
    results = [("8/2 6/1", roll_out(CONTACT, settings).result())]
    text = rollout_text(CONTACT, settings, results)
    assert "Position ID: xPPgAQnI3Q0DIA" in text and "Match ID: cAkAAAAAAAAA" in text
    assert settings.describe() in text and "rolled out: 36 trials" in text
    assert f"{results[0][1].equity:+.3f} ({results[0][1].standard_error:.3f})" in text
