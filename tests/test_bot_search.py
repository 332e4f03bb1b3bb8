"""The 2-ply search: its move filter and its budget in positions evaluated."""

from __future__ import annotations

import math
import random

import pytest

from game.bot import budget, evaluator, search
from game.bot.budget import HAND_COST, PRUNING_COST, Budget, OutOfBudget, reply_candidates
from game.bot.level_names import STRONGEST_LEVEL
from game.bot.levels import level_named
from game.bot.search import lookahead, rank_plays, rank_plays_deeper
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import parse_position_id
from tests import soak

# A middle-game position with many plays for 1-1 (a costly look-ahead).
BUSY = parse_position_id("4PPgASTgc/ABMA")
# Checkers spread all over: 362 plays for 2-2.
SPREAD = parse_position_id("4Ac8SCnEnDhCFQ")


def test_budget_spends_only_what_it_has():
    paid = Budget(10)
    assert paid.spend(6) and paid.left == 4
    assert not paid.spend(5) and paid.left == 4
    assert paid.spend(4) and paid.left == 0


@pytest.mark.parametrize("positions", [50, 400, 1500])
def test_a_decision_never_evaluates_more_positions_than_its_budget(counted, positions):
    for dice in ((1, 1), (6, 5), (3, 3)):
        counted[0] = 0
        rank_plays_deeper(BUSY, dice, keep=8, margin=0.5, budget=positions)
        assert counted[0] <= positions


@pytest.fixture
def shortlisted(monkeypatch):
    """Counts the plays ranked by hand and by the pruning network."""
    seen = {"hand": 0, "pruning": 0}
    hand = budget.heuristic_probabilities

    def counting_hand(position):
        seen["hand"] += 1
        return hand(position)

    class CountingPruning(budget.PruningScorer):
        def probabilities(self, position):
            seen["pruning"] += 1
            return super().probabilities(position)

    monkeypatch.setattr(budget, "heuristic_probabilities", counting_hand)
    monkeypatch.setattr(budget, "PruningScorer", CountingPruning)
    return seen


def _every_play_ranked_once(ranked, plays):
    assert len(ranked) == len(plays)
    assert {p.position for _, p in ranked} == {p.position for p in plays}
    equities = [equity for equity, _ in ranked]
    assert equities == sorted(equities, reverse=True)


def test_more_plays_than_the_budget_are_shortlisted_by_hand_then_by_the_pruning_network(
    counted, shortlisted
):
    plays = legal_plays(SPREAD, (2, 2))
    assert len(plays) > 300
    ranked = rank_plays_deeper(SPREAD, (2, 2), keep=8, margin=0.5, budget=100)
    # Ranking 300 plays by the pruning network would cost over half the budget: the hand
    # keeps the best 200 of them for it.
    assert shortlisted == {"hand": len(plays), "pruning": 200}
    spent = math.ceil(HAND_COST * len(plays)) + math.ceil(PRUNING_COST * 200)
    assert 0 < counted[0] <= 100 - spent
    # Every play is still ranked, those the network never saw below the others.
    _every_play_ranked_once(ranked, plays)


def test_the_pruning_network_alone_shortlists_when_it_costs_half_the_budget(counted, shortlisted):
    plays = legal_plays(SPREAD, (2, 2))
    ranked = rank_plays_deeper(SPREAD, (2, 2), keep=8, margin=0.5, budget=200)
    assert shortlisted == {"hand": 0, "pruning": len(plays)}
    assert 0 < counted[0] <= 200 - math.ceil(PRUNING_COST * len(plays))
    _every_play_ranked_once(ranked, plays)
    # The network's best play of all survives the shortlist here.
    assert ranked[0][1].position == rank_plays(SPREAD, (2, 2))[0][1].position


def test_a_race_with_more_plays_than_the_budget_is_shortlisted_by_hand(counted, shortlisted):
    race = Position.from_points({6: 3, 5: 3, 4: 3, 9: 2, 10: 2, 11: 2}, {1: 5, 2: 5, 3: 5})
    plays = legal_plays(race, (1, 1))
    assert len(plays) > 20
    ranked = rank_plays_deeper(race, (1, 1), keep=8, margin=0.5, budget=20)
    assert shortlisted == {"hand": len(plays), "pruning": 0}
    _every_play_ranked_once(ranked, plays)


def test_a_look_ahead_that_would_overspend_stops():
    _, cost = lookahead(BUSY)
    with pytest.raises(OutOfBudget):
        lookahead(BUSY, Budget(cost - 1))
    assert lookahead(BUSY, Budget(cost))[1] == cost


def test_the_budget_makes_the_answer_depend_on_the_position_alone():
    first = rank_plays_deeper(BUSY, (2, 1), keep=8, margin=0.3, budget=2000)
    again = rank_plays_deeper(BUSY, (2, 1), keep=8, margin=0.3, budget=2000)
    assert [(round(e, 12), p.position) for e, p in first] == [
        (round(e, 12), p.position) for e, p in again
    ]


def test_filter_rescores_the_candidates_and_ranks_the_rest_below():
    one_ply = rank_plays(BUSY, (4, 2))
    ranked = rank_plays_deeper(BUSY, (4, 2), keep=3, margin=1.0, budget=10**6)
    assert {p.position for _, p in ranked} == {p.position for _, p in one_ply}
    assert {p.position for _, p in ranked[:3]} == {p.position for _, p in one_ply[:3]}
    for equity, play in ranked[:3]:
        assert equity == pytest.approx(-lookahead(play.position.flip())[0].equity)
    assert all(e < ranked[2][0] for e, _ in ranked[3:])


def test_with_no_budget_left_the_ranking_is_the_one_ply_ranking():
    one_ply = rank_plays(BUSY, (5, 3))
    ranked = rank_plays_deeper(BUSY, (5, 3), keep=8, margin=1.0, budget=len(one_ply))
    assert [p.position for _, p in ranked] == [p.position for _, p in one_ply]


def test_the_strongest_level_searches_with_a_budget():
    expert = level_named(STRONGEST_LEVEL)
    assert expert.plies == 2 and expert.keep >= 2 and expert.budget > 0


def test_the_hint_ranks_every_play_by_the_network_even_past_the_budget(monkeypatch):
    """The teacher (hint, analysis) never ranks by hand: past its budget it stays at 1-ply."""
    import dataclasses

    import game.bot as bot

    small = dataclasses.replace(level_named(STRONGEST_LEVEL), budget=100)
    monkeypatch.setattr(bot, "level_named", lambda name: small)
    ranked = bot.hint(SPREAD, (2, 2))
    one_ply = rank_plays(SPREAD, (2, 2), ranking=small.ranking)
    assert len(ranked) == len(one_ply) > 300
    assert [(round(e, 12), p.position) for e, p in ranked] == [
        (round(e, 12), p.position) for e, p in one_ply
    ]


# --- pruning: a look-ahead evaluates in full only the best few replies of each roll -------


def contact_rolls(count: int, seed: int, least: int = 5):
    """(position, dice, plays) of random play with contact and at least ``least`` plays."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = soak.random_state(rng, 150).position
        if position.is_game_over() or not position.is_contact():
            continue
        dice = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(position, dice)
        if len(plays) >= least:
            found.append((position, dice, plays))
    return found


def test_pruning_keeps_the_best_few_by_the_pruning_network_and_says_what_they_cost():
    net = evaluator.network("pruning")
    assert net is not None  # shipped
    pruned = 0
    for position, _, plays in contact_rolls(40, seed=3):
        chosen, cost = reply_candidates(position, plays, 4)
        after = [play.position.flip() for play in plays]
        broken = [k for k, p in enumerate(after) if not p.is_contact()]
        ranked = [k for k, p in enumerate(after) if p.is_contact()]
        if math.ceil(PRUNING_COST * len(ranked)) + 4 + len(broken) >= len(plays):
            assert chosen == list(range(len(plays))) and cost == len(plays)  # nothing saved
            continue
        assert chosen[4:] == broken and len(set(chosen)) == len(chosen)
        assert cost == math.ceil(PRUNING_COST * len(ranked)) + 4 + len(broken)
        pruned += 1
        scorer = evaluator.PruningScorer(net)
        equity = {k: scorer.equity(after[k]) for k in ranked}
        # the replier's best leave the other side the least
        assert max(equity[k] for k in chosen[:4]) <= min(
            equity[k] for k in ranked if k not in chosen
        )
    assert pruned >= 20


def test_the_plays_that_keep_the_contact_are_those_the_engine_says_keep_it():
    # Pruning ranks only the plays that keep the contact; it tells them apart by the
    # rearmost checkers and hits without building each play's sides.
    breaking = 0
    for position, _, plays in contact_rolls(600, seed=11, least=2):
        chosen, cost = reply_candidates(position, plays, 1)
        if chosen == list(range(len(plays))):
            continue  # not pruned
        broken = [k for k, play in enumerate(plays) if not play.position.is_contact()]
        assert chosen[1:] == broken  # the best one that keeps it, then every one that breaks it
        assert cost == math.ceil(PRUNING_COST * (len(plays) - len(broken))) + 1 + len(broken)
        breaking += bool(broken)
    assert breaking >= 3  # 6 of 593 rolls with a play that breaks it


def test_the_pruning_network_keeps_the_full_networks_best_play_nearly_always():
    rolls = contact_rolls(200, seed=5)
    kept = 0
    for position, dice, plays in rolls:
        best = rank_plays(position, dice, plays)[0][1].position
        chosen, _ = reply_candidates(position, plays, 4)
        kept += any(plays[k].position == best for k in chosen)
    assert kept >= 0.9 * len(rolls)  # 97% measured


def test_pruning_changes_nothing_when_every_reply_is_kept_or_without_the_network(monkeypatch):
    full = lookahead(BUSY)
    assert lookahead(BUSY, prune=10_000) == full
    pruned = lookahead(BUSY, prune=3)
    assert pruned[1] < full[1]
    assert pruned[0].equity == pytest.approx(full[0].equity, abs=0.05)
    monkeypatch.setitem(evaluator.loaded_networks, "pruning", None)
    assert lookahead(BUSY, prune=3) == full


@pytest.mark.slow
def test_a_pruned_search_spends_no_more_than_its_budget(counted, monkeypatch):
    ranked_by_pruning = [0]

    class CountingPruningScorer(evaluator.PruningScorer):
        def equity(self, position):
            ranked_by_pruning[0] += 1
            return super().equity(position)

        def equities_after(self, positions):
            ranked_by_pruning[0] += len(positions)
            return super().equities_after(positions)

    monkeypatch.setattr(budget, "PruningScorer", CountingPruningScorer)
    for positions in range(100, 1300, 37):  # a look-ahead runs out of budget at many places
        for dice in ((1, 1), (6, 5), (3, 3)):
            counted[0] = ranked_by_pruning[0] = 0
            rank_plays_deeper(BUSY, dice, keep=8, margin=0.5, budget=positions, prune=4)
            assert counted[0] + PRUNING_COST * ranked_by_pruning[0] <= positions
    assert ranked_by_pruning[0] > 0


def test_the_strongest_level_prunes_its_replies():
    assert level_named(STRONGEST_LEVEL).prune > 0


def test_the_default_level_looks_ahead_at_a_middle_games_best_plays(monkeypatch):
    # Its budget, pruned, pays for the look-aheads of more than one candidate in a middle
    # game (at 120 positions unpruned it seldom paid for one: 3 of these 29 decisions).
    import random

    from game.bot import choose_play
    from game.bot.level_names import DEFAULT_LEVEL

    completed = [0]
    look = search.lookahead

    def counting(*args, **kwargs):
        found = look(*args, **kwargs)
        completed[0] += 1
        return found

    monkeypatch.setattr(search, "lookahead", counting)
    several = decisions = 0
    for position, dice, _ in contact_rolls(30, seed=41):
        if dice[0] == dice[1]:
            continue
        completed[0] = 0
        choose_play(position, dice, DEFAULT_LEVEL, random.Random(1))
        several += completed[0] >= 2
        decisions += 1
    assert level_named(DEFAULT_LEVEL).prune > 0
    assert several >= decisions / 3  # 14 of 29


def test_the_movers_ranking_uses_the_ranking_network_and_the_look_ahead_the_contact_one():
    ranking, contact = evaluator.network("ranking"), evaluator.network("contact")
    assert ranking is not None and contact is not None and ranking is not contact  # shipped
    dice = (6, 5)
    plays = legal_plays(BUSY, dice)
    by_ranking = [
        evaluator.settle(p, "contact", ranking.evaluate(evaluator.encode(p))).flip()
        for p in (play.position.flip() for play in plays)
    ]
    for (equity, _), expected in zip(
        rank_plays(BUSY, dice, plays),
        sorted(by_ranking, key=lambda p: -p.equity),
        strict=True,
    ):
        assert equity == pytest.approx(expected.equity, abs=1e-9)
    # The look-ahead's leaves (the replies) are valued by the contact network.
    after = plays[0].position.flip()
    reply_dice = (3, 1)
    replies = legal_plays(after, reply_dice)
    leaf = min(
        (
            evaluator.settle(
                r.position.flip(), "contact", contact.evaluate(evaluator.encode(r.position.flip()))
            )
            for r in replies
            if r.position.is_contact()
        ),
        key=lambda p: p.equity,
    )
    got, _ = search.after_best_play(after, reply_dice)
    assert got.flip().equity == pytest.approx(leaf.equity, abs=1e-9)


def test_a_race_is_ranked_by_the_race_ranking_network_and_looked_ahead_by_the_race_one():
    ranking, race = evaluator.network("race-ranking"), evaluator.network("race")
    assert ranking is not None and race is not None and ranking is not race  # shipped
    position = Position.from_points(
        {6: 3, 5: 3, 4: 3, 3: 2, 8: 2, 9: 2}, {6: 4, 4: 4, 10: 4, 12: 3}
    )
    assert not position.is_contact()
    dice = (4, 2)
    plays = legal_plays(position, dice)
    by_ranking = sorted(
        (
            evaluator.settle(p, "race", ranking.evaluate(evaluator.encode(p))).flip().equity
            for p in (play.position.flip() for play in plays)
        ),
        reverse=True,
    )
    assert [e for e, _ in rank_plays(position, dice, plays)] == pytest.approx(by_ranking, abs=1e-9)
    # The strongest level ranks by the look-ahead's network, the race network.
    by_race = sorted(
        (
            evaluator.settle(p, "race", race.evaluate(evaluator.encode(p))).flip().equity
            for p in (play.position.flip() for play in plays)
        ),
        reverse=True,
    )
    ranked = rank_plays(position, dice, plays, ranking=False)
    assert [e for e, _ in ranked] == pytest.approx(by_race, abs=1e-9)
    assert by_race != pytest.approx(by_ranking, abs=1e-6)


def test_without_the_ranking_network_the_contact_network_ranks(monkeypatch):
    with_it = rank_plays(BUSY, (6, 5))
    monkeypatch.setitem(evaluator.loaded_networks, "ranking", None)
    without = rank_plays(BUSY, (6, 5))
    contact = evaluator.network("contact")
    assert contact is not None
    first = without[0][1].position.flip()
    assert -without[0][0] == pytest.approx(
        evaluator.settle(first, "contact", contact.evaluate(evaluator.encode(first))).equity
    )
    assert [e for e, _ in with_it] != [e for e, _ in without]


def test_a_level_may_rank_its_own_plays_by_the_look_aheads_network():
    dice = (6, 5)
    by_contact = rank_plays(BUSY, dice, ranking=False)
    contact = evaluator.network("contact")
    assert contact is not None
    for equity, play in by_contact:
        after = play.position.flip()
        expected = evaluator.settle(after, "contact", contact.evaluate(evaluator.encode(after)))
        assert equity == pytest.approx(-expected.equity, abs=1e-9)
    assert [e for e, _ in by_contact] != [e for e, _ in rank_plays(BUSY, dice)]
    # A level's search asks its own ranking: with no budget for a look-ahead, the 1-ply one.
    for ranking in (True, False):
        ranked = rank_plays_deeper(
            BUSY, dice, keep=8, margin=1.0, budget=len(by_contact), ranking=ranking
        )
        expected = by_contact if not ranking else rank_plays(BUSY, dice)
        assert [p.position for _, p in ranked] == [p.position for _, p in expected]


def test_a_match_score_shortlists_by_its_own_value(shortlisted):
    from game.bot.cube import CubeState
    from game.bot.match_value import match_value

    # Trailing 0-6 in a 7-point match: gammons are worth much to the mover.
    value = match_value(CubeState.of(match_length=7, score=(0, 6)))
    plays = legal_plays(SPREAD, (2, 2))
    ranked = rank_plays_deeper(SPREAD, (2, 2), keep=8, margin=0.5, budget=200, value=value)
    assert shortlisted["pruning"] == len(plays)
    _every_play_ranked_once(ranked, plays)
    money = rank_plays_deeper(SPREAD, (2, 2), keep=8, margin=0.5, budget=200)
    assert [p.position for _, p in ranked] != [p.position for _, p in money]
