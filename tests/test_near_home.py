"""A race near home reckoned one-sided (game/bot/near_home.py), checked against the engine."""

from __future__ import annotations

from functools import cache

import pytest

from game.bot import evaluator, near_home
from game.bot.bearoff import table
from game.bot.evaluator import NEAR_HOME, Scorer, evaluate_position
from game.bot.near_home import FINISH_PIPS, race_chances, reckons, rolls_to_finish
from game.bot.search import RECKONED_PLAYS, lookahead, rank_plays, rank_plays_deeper
from game.engine.plays import legal_plays
from game.engine.position import OFF, Position
from game.formats import parse_position_id

ROLLS = [(a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]
# Someone to race against, home, with checkers off.
HOME = {1: 2, 2: 3, 3: 3}


def best_mean(points: dict[int, int]) -> float:
    """Rolls to bear every checker off on average, each roll played to need the fewest on
    average over every legal play of the engine (a brute force)."""
    other = Position.from_points({}, HOME).opponent

    @cache
    def mean(side: tuple[int, ...]) -> float:
        if side[OFF] == 15:
            return 0.0
        if not any(side[7:26]):
            return sum(n * p for n, p in enumerate(table().rolls(side[1:7])))  # type: ignore[union-attr]
        position = Position.trusted(side, other)
        return sum(
            weight * (1 + min(mean(play.position.player) for play in legal_plays(position, (a, b))))
            for a, b, weight in ROLLS
        )

    return mean(Position.from_points(points, HOME).player)


@pytest.fixture
def reckoned(monkeypatch) -> list[Position]:
    """Every position ``near_home.race_chances`` is asked about from now on."""
    asked: list[Position] = []
    chances = near_home.race_chances

    def counting(after, *rest, **named):
        asked.append(after)
        return chances(after, *rest, **named)

    monkeypatch.setattr(near_home, "race_chances", counting)
    return asked


@pytest.mark.parametrize(
    "points", [{8: 1, 2: 3}, {9: 1, 3: 2, 1: 1}, {10: 1, 5: 2, 2: 3}, {8: 2, 6: 1}, {12: 1, 4: 2}]
)
def test_rolls_to_finish_close_to_the_best_play(points):
    side = Position.from_points(points, HOME).player
    distribution = rolls_to_finish(side)
    assert sum(distribution) == pytest.approx(1.0, abs=1e-6)
    mean = sum(n * p for n, p in enumerate(distribution))
    # Its way of playing is the best's or a little slower (a bear-in's rule of thumb for the
    # checkers outside), never faster.
    best = best_mean(points)
    assert best - 1e-6 <= mean <= best + 0.03


def test_only_races_near_home_are_reckoned():
    assert reckons(Position.from_points({8: 1, 2: 3}, {9: 1, 3: 2}))
    assert not reckons(Position.from_points({2: 4}, {3: 3}))  # both home: the table's
    assert not reckons(Position.from_points({8: 1, 2: 3}, {20: 1, 3: 2}))  # they are far
    assert FINISH_PIPS == 12
    assert reckons(Position.from_points({18: 1, 2: 3}, {3: 3}))  # 12 pips
    assert not reckons(Position.from_points({19: 1, 2: 3}, {3: 3}))  # 13 pips
    # Contact: their checker on our 5-point's far side is behind ours on the 8.
    assert not reckons(Position.from_points({8: 1, 2: 3}, {21: 1, 3: 2}))
    assert race_chances(Position.from_points({19: 1, 2: 3}, {3: 3})) is None


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ({8: 1, 2: 3}, {9: 1, 3: 2}),  # both with checkers off: no gammon
        ({10: 1, 5: 1}, {11: 2, 6: 12, 5: 1}),  # they have none off: we may win a gammon
        ({9: 2, 6: 12, 4: 1}, {2: 2}),  # we have none off: we may lose one
    ],
)
def test_the_chances_are_those_of_the_next_roll_played_out(mine, theirs):
    # Winning on roll is, over our 21 rolls, finishing now or the other side then failing to
    # win from where our roll leaves us: the reckoning is one-sided, so this holds exactly.
    position = Position.from_points(mine, theirs)
    chances = race_chances(position)
    assert chances is not None
    win = win_gammon = lose_gammon = 0.0
    outside = tuple(point for point in range(7, 26) for _ in range(position.player[point]))
    for a, b, weight in ROLLS:
        after = near_home._roll((outside, position.player[1:7]), a, b)
        if after is None:
            win += weight
            win_gammon += weight * (position.opponent[OFF] == 0)
            continue
        side = [0] * 26
        for point in after[0]:
            side[point] += 1
        side[1:7] = after[1]
        side[OFF] = 15 - sum(side)
        theirs_then = race_chances(Position.trusted(position.opponent, tuple(side)))
        if theirs_then is None:  # every checker home on both sides: the table
            theirs_then = evaluate_position(Position.trusted(position.opponent, tuple(side)))
        win += weight * (1.0 - theirs_then.win)
        win_gammon += weight * theirs_then.lose_gammon
        lose_gammon += weight * theirs_then.win_gammon
    assert chances.win == pytest.approx(win, abs=1e-6)
    assert chances.win_gammon == pytest.approx(win_gammon, abs=1e-6)
    assert chances.lose_gammon == pytest.approx(lose_gammon, abs=1e-6)
    assert 0.0 <= chances.win < 1.0 and chances.win_backgammon == chances.lose_backgammon == 0.0


def test_the_evaluator_and_a_scorer_take_the_reckoning_only_where_the_base_is_near():
    near = Position.from_points({8: 1, 2: 3}, {9: 1, 3: 2})
    assert evaluate_position(near) == race_chances(near)
    if evaluator.network("race") is None:
        pytest.skip("no race network")
    assert evaluate_position(near, reckon=0) != race_chances(near)
    # A base beyond the limit: plays that bring it near are valued by the network too.
    far = Position.from_points({19: 1, 2: 3}, {3: 3})
    plays = legal_plays(far, (6, 1))
    assert all(reckons(play.position) for play in plays)
    scorer = Scorer(far.flip())
    assert not scorer.reckon & NEAR_HOME
    for play in plays:
        assert scorer.evaluate(play.position.flip()) != race_chances(play.position.flip())
    near_scorer = Scorer(near.flip())
    for play in legal_plays(near, (6, 1)):
        after = play.position.flip()
        assert near_scorer.evaluate(after) == (race_chances(after) or evaluate_position(after))


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ({9: 2, 6: 12, 4: 1}, {8: 1, 2: 2}),  # they finish long before us: our rolls matter little
        ({8: 1, 2: 3}, {11: 2, 6: 12, 5: 1}),  # and the other way round
        ({9: 1, 6: 8, 5: 6}, {10: 1, 6: 7, 4: 7}),  # fifteen checkers each
    ],
)
def test_the_rolls_that_cannot_matter_are_left_out_without_changing_the_chances(mine, theirs):
    position = Position.from_points(mine, theirs)
    chances = race_chances(position)
    assert chances is not None
    # Both sides' rolls worked out in full, and the race between them counted directly.
    full_mine, full_theirs = rolls_to_finish(position.player), rolls_to_finish(position.opponent)
    assert sum(full_mine) == pytest.approx(1.0) and sum(full_theirs) == pytest.approx(1.0)
    win = sum(p * q for n, p in enumerate(full_mine) for m, q in enumerate(full_theirs) if m >= n)
    assert chances.win == pytest.approx(win, abs=1e-9)


@pytest.mark.parametrize(
    "points", [{9: 1, 6: 8, 5: 6}, {11: 2, 6: 12, 5: 1}, {8: 1, 7: 1, 2: 3}, {12: 1, 3: 2}]
)
def test_a_distribution_is_the_same_whatever_was_worked_out_before(points):
    # Kept distributions serve shorter horizons: the numbers must be those worked out afresh,
    # to the last bit, so that a decision never depends on the worker's history.
    side = Position.from_points(points, {6: 2}).player
    fresh = {}
    for horizon in (3, 6, 24):
        near_home._known.clear()
        fresh[horizon] = rolls_to_finish(side, horizon)
    for order in ((24, 6, 3), (3, 24, 6), (6, 3, 24)):
        near_home._known.clear()
        for horizon in order:
            assert rolls_to_finish(side, horizon) == fresh[horizon]
    assert fresh[24][:6] == fresh[6]


def test_a_race_near_home_is_ranked_at_1_ply_its_best_plays_reckoned():
    if evaluator.network("race") is None:
        pytest.skip("no race network")
    # Fifteen checkers each, a few outside: a 1-1 has many plays.
    position = Position.from_points({9: 1, 8: 1, 6: 7, 5: 6}, {10: 1, 6: 7, 4: 7})
    assert reckons(position)
    plays = legal_plays(position, (1, 1))
    assert len(plays) > RECKONED_PLAYS
    ranked = rank_plays(position, (1, 1))
    assert len(ranked) == len(plays)
    reckoned = [
        (-race_chances(play.position.flip()).equity, play)  # type: ignore[union-attr]
        for play in plays
    ]
    network = Scorer(position.flip(), ranking=True, reckon=0)  # the race's ranking network
    by_network = sorted(
        plays, key=lambda play: -network.evaluate(play.position.flip()).flip().equity
    )
    # The network's best few are reckoned and ranked first; the others follow below them.
    shortlisted = {play.position for play in by_network[:RECKONED_PLAYS]}
    assert {play.position for _, play in ranked[:RECKONED_PLAYS]} == shortlisted
    for equity, play in ranked[:RECKONED_PLAYS]:
        assert equity == pytest.approx(dict((p.position, e) for e, p in reckoned)[play.position])
    assert all(equity < ranked[RECKONED_PLAYS - 1][0] for equity, _ in ranked[RECKONED_PLAYS:])
    # Reckoned at 1-ply already, it is not looked at a roll further: the deeper ranking is
    # the same.
    deeper = rank_plays_deeper(position, (1, 1), keep=8, margin=1.0, budget=10**6)
    assert [(e, p.position) for e, p in deeper] == [(e, p.position) for e, p in ranked]


def test_the_analysis_at_1_ply_reckons_only_the_networks_shortlist(reckoned):
    if evaluator.network("race") is None:
        pytest.skip("no race network")
    from game.analysis import judgement
    from game.bot.cube import CubeState

    position = Position.from_points({9: 1, 8: 1, 6: 7, 5: 6}, {10: 1, 6: 7, 4: 7})
    plays = legal_plays(position, (1, 1))
    assert len(plays) > RECKONED_PLAYS
    ranked = judgement.rank_plays(position, (1, 1), CubeState(), plies=1)
    assert len(ranked) == len(plays)
    assert 0 < len({after for after in reckoned}) <= RECKONED_PLAYS
    # The same ranking as the levels' own 1-ply one.
    assert [(r.play.position, pytest.approx(r.equity)) for r in ranked] == [
        (play.position, equity) for equity, play in rank_plays(position, (1, 1))
    ]


def test_a_look_ahead_from_a_position_with_contact_leaves_races_near_home_to_the_network(
    reckoned,
):
    # The player on roll hits and the game becomes a race near home on many replies: the
    # look-ahead of a play (reckoning what its root does) values them by the race network,
    # since reckoning them anew could cost more than the rest of the decision.
    root = parse_position_id("v5tBAALbzQEAAA")
    assert root.is_contact()
    candidates = [play.position.flip() for play in legal_plays(root, (4, 1))]
    leaves = [
        reply.position.flip()
        for candidate in candidates
        for a, b, _ in ROLLS
        for reply in legal_plays(candidate, (a, b))
    ]
    assert sum(map(reckons, leaves)) > 20
    for candidate in candidates:
        lookahead(candidate, reckon=evaluator.reckonings(root))
    assert reckoned == []
    # A root that is itself a race near home reckons them (at 1-ply: ``rank_plays``).
    race = Position.from_points({8: 1, 2: 3}, {9: 1, 3: 2})
    rank_plays(race, (6, 1))
    assert reckoned
