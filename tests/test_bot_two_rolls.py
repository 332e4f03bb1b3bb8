"""The look two rolls ahead (``deeper.two_rolls_ahead``) at the closest calls of the strongest
level and, thinner, of the default level."""

from __future__ import annotations

import dataclasses

import pytest

from game.bot import choose_play, hint, levels
from game.bot.budget import Budget, OutOfBudget
from game.bot.deeper import looked_deeper, two_rolls_ahead
from game.bot.evaluator import evaluate_position, reckonings
from game.bot.level_names import DEFAULT_LEVEL, STRONGEST_LEVEL
from game.bot.levels import level_named
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Kept
from game.bot.search import lookahead, rank_plays_deeper
from game.bot.shots import ROLL_ALL, ROLL_SEVENTHS, ROLL_THIRDS, ROLLS, SECOND_ROLLS
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import format_position_id, parse_position_id

# From the tuning set (tools/data/tune-contact.txt.gz): 2-2 to play, where a look one roll
# ahead prefers another play and gnubg 2-ply's best is ``CLOSE_CALL_BEST``.
CLOSE_CALL = parse_position_id("bdsDAhDz/AAAAA")
CLOSE_CALL_BEST = "bdsDAhDP8wAAAA"
EXPERT = level_named(STRONGEST_LEVEL)


def test_the_thirds_hold_every_roll_once_and_each_stands_for_all_36():
    assert sorted((a, b) for third in ROLL_THIRDS for a, b, _ in third) == [
        (a, b) for a, b, _ in ROLLS
    ]
    for third in ROLL_THIRDS:
        assert sum(weight for _, _, weight in third) == 36
        assert {number for a, b, _ in third for number in (a, b)} == set(range(1, 7))
        assert sum(weight for a, b, weight in third if a == b) == 6  # doubles: 6 in 36


def test_the_sevenths_hold_every_roll_once_and_each_stands_for_all_36():
    assert SECOND_ROLLS[3] is ROLL_THIRDS and SECOND_ROLLS[7] is ROLL_SEVENTHS
    assert sorted((a, b) for seventh in ROLL_SEVENTHS for a, b, _ in seventh) == [
        (a, b) for a, b, _ in ROLLS
    ]
    weights = {(a, b): weight for a, b, weight in ROLLS}
    for seventh in ROLL_SEVENTHS:
        assert len(seventh) == 3
        assert sum(share for _, _, share in seventh) == pytest.approx(36)
        # Within a set, each roll keeps its odds against the others (a double half another's).
        scale = {share / weights[a, b] for a, b, share in seventh}
        assert max(scale) == pytest.approx(min(scale))


def _brute_force(position: Position) -> float:
    """Equity for ``position.player`` two rolls ahead, every play of every roll of both
    sides evaluated by the network (no pruning, all 21 second rolls)."""
    total = 0.0
    for a, b, weight in ROLLS:
        firsts = [play.position.flip() for play in legal_plays(position, (a, b))]
        if not firsts:
            firsts = [position.flip()]
        after = max(firsts, key=lambda p: -evaluate_position(p).equity)
        inner = 0.0
        for x, y, share in ROLLS:
            seconds = [play.position.flip() for play in legal_plays(after, (x, y))]
            if not seconds:
                seconds = [after.flip()]
            inner += share * min(evaluate_position(p).equity for p in seconds)  # its best
        total += weight * inner / 36
    return total / 36


@pytest.mark.parametrize(
    "position_id",
    [
        "Oz4gBAAbIyJZDA",  # the side on roll far behind (equity about -1.1)
        "pn1FAAaO3wEAAA",  # the side on roll far ahead (about +1.06)
    ],
)
def test_two_rolls_ahead_is_near_the_unpruned_look_over_all_441_rolls(position_id):
    position = parse_position_id(position_id)
    mine = two_rolls_ahead(position, Budget(10**6), prune=EXPERT.prune)
    assert isinstance(mine, Probabilities)
    # Pruned replies and a third of the second rolls: near, not equal.
    exact = _brute_force(position)
    assert abs(exact) > 0.5  # a sign or a side mixed up would be far off
    assert mine.equity == pytest.approx(exact, abs=0.06)


@pytest.mark.parametrize("position_id", ["Oz4gBAAbIyJZDA", "pn1FAAaO3wEAAA"])
def test_a_seventh_of_the_second_rolls_is_near_too_for_under_half_the_work(position_id):
    position = parse_position_id(position_id)
    thirds, sevenths = Budget(10**6), Budget(10**6)
    two_rolls_ahead(position, thirds, prune=EXPERT.prune)
    mine = two_rolls_ahead(position, sevenths, prune=EXPERT.prune, second_rolls=ROLL_SEVENTHS)
    assert mine.equity == pytest.approx(_brute_force(position), abs=0.06)
    assert 10**6 - sevenths.left < (10**6 - thirds.left) / 2


def test_all_21_second_rolls_are_nearer_the_unpruned_look_for_three_times_the_work():
    (every_roll,) = SECOND_ROLLS[1]
    assert sorted((a, b) for a, b, _ in every_roll) == [(a, b) for a, b, _ in ROLLS]
    assert sum(weight for _, _, weight in every_roll) == 36
    position = parse_position_id("Oz4gBAAbIyJZDA")
    thirds, every = Budget(10**6), Budget(10**6)
    third = two_rolls_ahead(position, thirds)
    mine = two_rolls_ahead(position, every, second_rolls=ROLL_ALL)
    exact = _brute_force(position)
    # Unpruned first rolls: only the second rolls' replies (the pruning network's first) differ.
    assert abs(mine.equity - exact) < abs(third.equity - exact)
    assert mine.equity == pytest.approx(exact, abs=0.02)
    assert 10**6 - every.left > 2.5 * (10**6 - thirds.left)


def test_all_21_second_rolls_at_three_times_the_budget_find_the_close_calls_best_too():
    # The expert's look over all its second rolls (deep_sets 1), what session 31 measured
    # for a pool of workers (performance.md): at the close call its two plays find gnubg
    # 2-ply's best, valued otherwise than by a third.
    assert SECOND_ROLLS[1] is ROLL_ALL
    ranked = _ranked(deep_sets=1, deep_budget=15500)
    assert format_position_id(ranked[0][1].position) == CLOSE_CALL_BEST
    assert ranked[0][0] != _ranked()[0][0]  # valued over all 21 second rolls, not a third


def test_two_rolls_ahead_stops_when_the_budget_cannot_pay():
    with pytest.raises(OutOfBudget):
        two_rolls_ahead(CLOSE_CALL, Budget(100), prune=EXPERT.prune)


def _ranked(**changes):
    settings = dataclasses.replace(EXPERT, **changes)
    return rank_plays_deeper(
        CLOSE_CALL,
        (2, 2),
        keep=settings.keep,
        margin=settings.margin,
        budget=settings.budget,
        prune=settings.prune,
        ranking=settings.ranks(CLOSE_CALL),
        deep=settings.deep,
        deep_margin=settings.deep_margin,
        deep_budget=settings.deep_budget,
        deep_sets=settings.deep_sets,
    )


def test_the_closest_calls_looked_two_rolls_ahead_find_the_play_one_roll_misses():
    assert EXPERT.deep >= 2 and EXPERT.deep_budget > 0
    one_roll = _ranked(deep=0)
    two_rolls = _ranked()
    assert format_position_id(one_roll[0][1].position) != CLOSE_CALL_BEST
    assert format_position_id(two_rolls[0][1].position) == CLOSE_CALL_BEST
    # The two closest plays carry their values two rolls ahead; the rest rank below them.
    first, second = two_rolls[0][1], two_rolls[1][1]
    for equity, play in two_rolls[:2]:
        assert equity == pytest.approx(
            -two_rolls_ahead(
                play.position.flip(),
                Budget(10**6),
                prune=EXPERT.prune,
                reckon=reckonings(CLOSE_CALL),
            ).equity
        )
    assert {first.position, second.position} == {p.position for _, p in one_roll[:2]}
    assert all(equity < two_rolls[1][0] for equity, _ in two_rolls[2:])
    assert [p.position for _, p in two_rolls[2:]] == [p.position for _, p in one_roll[2:]]


def test_after_the_look_one_roll_ahead_the_look_two_rolls_ahead_pays_only_its_second_rolls(
    counted,
):
    # A play of the close call: the decision looked at it one roll ahead first.
    after = legal_plays(CLOSE_CALL, (2, 2))[0].position.flip()
    reckon = reckonings(CLOSE_CALL)
    fresh_budget = Budget(10**6)
    fresh = two_rolls_ahead(after, fresh_budget, prune=EXPERT.prune, reckon=reckon)
    fresh_work = counted[0]

    kept = Kept(FRESH)
    _, first_cost = lookahead(
        after, Budget(10**6), prune=EXPERT.prune, evaluator=kept, reckon=reckon
    )
    counted[0] = 0
    looked_budget = Budget(10**6)
    looked = two_rolls_ahead(
        after, looked_budget, prune=EXPERT.prune, evaluator=kept, reckon=reckon, looked=True
    )
    # The same figures; the first rolls' replies neither evaluated nor paid for again.
    assert looked.as_tuple() == fresh.as_tuple()
    assert 10**6 - looked_budget.left == 10**6 - fresh_budget.left - first_cost
    replies = sum(1 for a, b, _ in ROLLS if legal_plays(after, (a, b)))
    assert counted[0] <= fresh_work - replies


def test_the_closest_plays_are_looked_at_in_turn_while_the_budget_pays():
    ranked = _ranked(deep=0)  # the look one roll ahead's ranking
    reckon = reckonings(CLOSE_CALL)
    kept = Kept(FRESH)
    costs, deep_values = [], {}
    for _, play in ranked[:3]:
        lookahead(play.position.flip(), prune=EXPERT.prune, evaluator=kept, reckon=reckon)
        budget = Budget(10**6)
        probabilities = two_rolls_ahead(
            play.position.flip(),
            budget,
            prune=EXPERT.prune,
            evaluator=kept,
            reckon=reckon,
            looked=True,
        )
        costs.append(10**6 - budget.left)
        deep_values[play.position] = -probabilities.equity

    def deeper(positions):
        return looked_deeper(
            ranked, ranked[:3], Budget(positions), None, None, EXPERT.prune, kept, reckon
        )

    def plays(pairs):
        return [play.position for _, play in pairs]

    for paid, looked in ((sum(costs), 3), (sum(costs) - 1, 2)):
        found = deeper(paid)
        assert set(plays(found[:looked])) == set(plays(ranked[:looked]))
        assert all(equity == deep_values[play.position] for equity, play in found[:looked])
        assert plays(found[looked:]) == plays(ranked[looked:])
        assert all(equity < found[looked - 1][0] for equity, _ in found[looked:])
    assert deeper(costs[0] + costs[1] - 1) == ranked  # one play alone is not compared


def test_a_deep_budget_too_small_for_both_plays_leaves_the_one_roll_ranking():
    assert _ranked(deep_budget=500) == _ranked(deep=0)


# From the tuning set: 1-3 to play, where the default level's look one roll ahead prefers
# another play and its look two rolls ahead (a seventh of its second rolls) finds gnubg
# 2-ply's best, ``THIN_CALL_BEST``.
THIN_CALL = parse_position_id("NzcwYEDbzcMAAA")
THIN_CALL_BEST = "NzcwYEDbzYcAAA"
DEFAULT = level_named(DEFAULT_LEVEL)


def test_the_default_level_looks_a_seventh_of_its_second_rolls_within_its_budgets(counted):
    assert DEFAULT.deep >= 2 and SECOND_ROLLS[DEFAULT.deep_sets] is ROLL_SEVENTHS

    def ranked(**changes):
        settings = dataclasses.replace(DEFAULT, **changes)
        counted[0] = 0
        found = rank_plays_deeper(
            THIN_CALL,
            (1, 3),
            keep=settings.keep,
            margin=settings.margin,
            budget=settings.budget,
            prune=settings.prune,
            ranking=settings.ranks(THIN_CALL),
            deep=settings.deep,
            deep_margin=settings.deep_margin,
            deep_budget=settings.deep_budget,
            deep_sets=settings.deep_sets,
        )
        return [format_position_id(play.position) for _, play in found], counted[0]

    one_roll, one_roll_cost = ranked(deep=0)
    two_rolls, two_rolls_cost = ranked()
    assert one_roll[0] != THIN_CALL_BEST and two_rolls[0] == THIN_CALL_BEST
    assert set(two_rolls[:2]) == set(one_roll[:2]) and two_rolls[2:] == one_roll[2:]
    assert one_roll_cost < two_rolls_cost <= DEFAULT.budget + DEFAULT.deep_budget
    # Looked at by thirds, as the strongest level looks, the two plays cost more than that.
    assert ranked(deep_sets=3) == (one_roll, one_roll_cost)
    assert choose_play(THIN_CALL, (1, 3), DEFAULT_LEVEL).position == parse_position_id(
        THIN_CALL_BEST
    )


def test_the_hint_looks_as_deep_as_the_strongest_level(monkeypatch):
    assert format_position_id(hint(CLOSE_CALL, (2, 2))[0][1].position) == CLOSE_CALL_BEST
    shallow = dataclasses.replace(EXPERT, deep=0)
    monkeypatch.setattr(
        levels,
        "LEVELS_BY_STRENGTH",
        tuple(
            shallow if level.name == STRONGEST_LEVEL else level
            for level in levels.LEVELS_BY_STRENGTH
        ),
    )
    assert format_position_id(hint(CLOSE_CALL, (2, 2))[0][1].position) != CLOSE_CALL_BEST


def test_a_decision_with_the_deep_look_spends_no_more_than_both_budgets(counted):
    _ranked()
    assert counted[0] <= EXPERT.budget + EXPERT.deep_budget
    assert counted[0] > EXPERT.budget // 2  # it did look deeper
