"""The gammon race of a bear-in (game/bot/bear_in.py), checked against the engine's plays."""

from __future__ import annotations

from functools import cache

import pytest

from game.analysis.judgement import KeptRolls
from game.bot import bear_in, evaluator
from game.bot.bear_in import OUTSIDE_PIPS, first_off, gammon_chances, reckons
from game.bot.bearoff import table
from game.bot.evaluator import Scorer, evaluate_position
from game.bot.search import lookahead, rank_plays_deeper
from game.engine.plays import legal_plays
from game.engine.position import OFF, Position

# The side bearing off: home, with checkers off.
FINISHER = {1: 2, 2: 3, 3: 3}
ROLLS = [(a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]
# A saver just beyond the limit (21 pips outside): a 6-5 brings it within.
BEYOND = Position.from_points({17: 1, 16: 1, 6: 13}, FINISHER)


def exact_mean(side: tuple[int, ...]) -> float:
    """Rolls to the first checker off on average, each roll played to need the fewest on
    average over every legal play of the engine (a brute force)."""

    @cache
    def mean(points: tuple[int, ...]) -> float:
        if not any(points[7:26]):
            return sum(n * p for n, p in enumerate(table().first(points[1:7])))  # type: ignore[union-attr]
        position = Position.trusted(points, Position.from_points({}, FINISHER).opponent)
        total = 0.0
        for a, b, weight in ROLLS:
            afters = [play.position.player for play in legal_plays(position, (a, b))]
            if any(after[OFF] for after in afters):
                total += weight
            else:
                total += weight * (1 + min(mean(after) for after in afters))
        return total

    return mean(side)


@pytest.mark.parametrize(
    "points",
    # One checker outside, the rest low in the home board: the brute force over the
    # engine's plays grows with the home points the others can still move down through
    # (a second or two here; 40 s with fourteen on the 6-point, minutes with two outside).
    [{8: 1, 4: 14}, {9: 1, 4: 14}],
)
def test_rolls_to_the_first_checker_off_close_to_the_best_play(points):
    side = Position.from_points(points, FINISHER).player
    distribution = first_off(side)
    assert sum(distribution) == pytest.approx(1.0, abs=1e-6)
    assert distribution[0] == 0.0
    mean = sum(n * p for n, p in enumerate(distribution))
    # The bear-in's way of playing is the best's or a little slower (a few hundredths of a
    # roll: it misses some rolls that bring the last checker home and bear one off), never
    # faster.
    best = exact_mean(side)
    assert best - 1e-6 <= mean <= best + 0.1


def test_who_rolls_first_and_how_far_out_the_saver_is():
    near = Position.from_points({8: 1, 6: 14}, FINISHER)
    far = Position.from_points({12: 1, 9: 1, 6: 13}, FINISHER)
    _, near_loss = gammon_chances(near)
    _, far_loss = gammon_chances(far)
    finisher_first, none = gammon_chances(far.flip())
    assert none is None and gammon_chances(far)[0] is None
    assert 0.0 <= near_loss < far_loss < finisher_first <= 1.0


def test_only_bear_in_gammon_races_within_the_limit_are_reckoned():
    assert not reckons(Position.from_points({6: 15}, FINISHER))  # both home: the table's
    assert not reckons(Position.from_points({8: 1, 6: 14}, {1: 2, 20: 1}))  # they are not home
    assert not reckons(Position.from_points({8: 1, 6: 13}, FINISHER))  # a checker off: saved
    assert OUTSIDE_PIPS == 20  # the two positions below are on either side of the limit
    assert not reckons(BEYOND)  # 21 pips
    assert reckons(Position.from_points({16: 2, 6: 13}, FINISHER))  # 20 pips


def test_the_evaluator_takes_the_reckoned_gammon_chances():
    position = Position.from_points({12: 1, 9: 1, 6: 13}, FINISHER)
    _, lose_gammon = gammon_chances(position)
    probabilities = evaluate_position(position)
    assert probabilities.lose_gammon == pytest.approx(lose_gammon)
    assert probabilities.win <= 1.0 - lose_gammon + 1e-9
    finisher = evaluate_position(position.flip())
    assert finisher.win_gammon == pytest.approx(gammon_chances(position.flip())[0])


def test_one_rolls_plays_are_scored_by_one_measure():
    # A saver beyond the limit: plays that bring it within are left to the network too.
    base = BEYOND
    assert not reckons(base)
    scorer = Scorer(base.flip())
    plays = legal_plays(base, (6, 5))
    inside = [play for play in plays if bear_in.outside_pips(play.position.player) > 0]
    assert inside and all(reckons(play.position) for play in inside)
    if evaluator.network("race") is None:
        pytest.skip("no race network")
    for play in inside:
        scored = scorer.evaluate(play.position.flip())
        assert scored.win_gammon != pytest.approx(gammon_chances(play.position.flip())[0])


def test_a_look_ahead_reckons_only_if_its_root_does():
    # The candidates of a root beyond the limit come within it; their look-aheads are
    # valued as the root's 1-ply ranking was, by the network, so that one measure ranks
    # them all.
    if evaluator.network("race") is None:
        pytest.skip("no race network")
    plays = legal_plays(BEYOND, (6, 5))
    ranked = rank_plays_deeper(BEYOND, (6, 5), keep=len(plays), margin=9.0, budget=10**6)
    assert len(ranked) == len(plays) > 1
    differs = 0
    for equity, play in ranked:
        after = play.position.flip()
        assert reckons(after)
        unreckoned, _ = lookahead(after, reckon=0)
        reckoned, _ = lookahead(after)
        assert equity == pytest.approx(-unreckoned.equity)
        differs += reckoned.equity != pytest.approx(unreckoned.equity)
    assert differs  # the reckoning would have changed the figures
    # A judge that keeps rolls between decisions keeps both measures apart.
    kept = KeptRolls()
    after = plays[0].position.flip()
    assert kept.rolls(after, reckon=0) is not kept.rolls(after)
    assert kept.rolls(after, reckon=0).reckon == 0


def test_a_distribution_never_depends_on_what_was_worked_out_before():
    # Two bear-ins with checkers on the same points share a distribution: it must be the
    # same whichever of them came first (a seeded game plays the same in any session).
    one = Position.from_points({10: 1, 6: 12, 3: 1, 2: 1}, FINISHER).player
    other = Position.from_points({10: 1, 6: 1, 3: 12, 2: 1}, FINISHER).player
    bear_in._known.clear()
    first = first_off(one)
    bear_in._known.clear()
    first_off(other)
    assert first_off(one) == first
