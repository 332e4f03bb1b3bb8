"""Choosing a play: rank every play by the network (1-ply), or look one roll further (2-ply).

    >>> from game.engine.position import Position
    >>> ranked = rank_plays(Position.start(), (3, 1))
    >>> len(ranked), ranked[0][0] >= ranked[-1][0]
    (16, True)

1-ply: each play's resulting position is evaluated with the opponent on roll,
and the play with the best equity for the mover wins.

2-ply: the best few plays by 1-ply (within ``margin`` of the best, at most
``keep``) are looked at further: for each of the opponent's 21 rolls, the
opponent answers with its best play by 1-ply, and the mover's probabilities
are averaged over the rolls (weighted 1/36 or 2/36). With ``prune``, the
opponent's plays of a roll (in contact) are first ranked by the small pruning
network and only the best ``prune`` of them evaluated in full, as GNU Backgammon
prunes its deeper searches: a look-ahead then costs about 40% of the full one,
so a budget pays for twice the candidates. A budget in positions
evaluated bounds the work of one decision (``Budget``), the 1-ply ranking
included: a roll with more plays than the budget is first shortlisted by the
hand-made evaluation (``heuristic.py``, about a tenth of a network's cost).

``value``: how a side ranks its outcomes, a function of its probabilities (None:
cubeless money equity; in a match, ``match_value.MatchValue`` of the score). The
2-ply search takes one for the mover and one for the opponent's replies.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.bot.encoding import ROLLS, is_contact
from game.bot.evaluator import PruningScorer, Scorer, evaluate_position, network
from game.bot.heuristic import heuristic_probabilities
from game.bot.probabilities import Probabilities
from game.engine.plays import Play, legal_plays
from game.engine.position import Position

Value = Callable[[Probabilities], float]

# What a hand-made evaluation costs, in positions evaluated by the network: 43 against 430
# microseconds in CPython (tools/bench_page.py measures the network's in Chromium).
HAND_COST = 0.125
# What ranking a play by the pruning network costs, in positions: 42 against 165
# microseconds for a look-ahead's replies in CPython (32 hidden units, no escapes).
PRUNING_COST = 0.25


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    plays: list[Play] | None = None,
    value: Value | None = None,
    ranking: bool = True,
) -> list[tuple[float, Play]]:
    """Every legal play with its 1-ply equity for the mover, best first (by the ranking
    network, or without ``ranking`` by the look-ahead's)."""
    if plays is None:
        plays = legal_plays(position, dice)
    scored = [
        (probabilities.equity if value is None else value(probabilities), play)
        for probabilities, play in zip(score_plays(position, plays, ranking), plays, strict=True)
    ]
    scored.sort(key=lambda pair: -pair[0])
    return scored


def score_plays(position: Position, plays: list[Play], ranking: bool = True) -> list[Probabilities]:
    """The mover's probabilities after each play (opponent on roll), by the ranking network
    (without ``ranking``: by the network of the look-ahead's leaves)."""
    scorer = Scorer(position.flip(), ranking=ranking)
    return [scorer.evaluate(play.position.flip()).flip() for play in plays]


class Budget:
    """Positions the search may still evaluate: a bound on a decision's time that keeps it
    deterministic (the same answer on every machine, at any load), unlike a clock."""

    __slots__ = ("left",)

    def __init__(self, positions: int) -> None:
        self.left = positions

    def spend(self, positions: int) -> bool:
        """Take ``positions`` from the budget; False (and nothing taken) if too few are left."""
        if positions > self.left:
            return False
        self.left -= positions
        return True


class OutOfBudget(Exception):
    """The look-ahead stopped: the budget could not pay for the next roll's plays."""


def reply_candidates(
    position: Position, plays: list[Play], prune: int, budget: Budget | None = None
) -> tuple[list[int], int]:
    """Which of ``plays`` (``position.player``'s plays of one roll) a look-ahead evaluates in
    full, as indices into ``plays`` in the order to evaluate them, and what that costs in
    positions. All of them, unless ``prune`` is set, the position has contact and pruning
    costs less: then the best ``prune`` of the plays that keep the contact by the pruning
    network, and the plays that break it (which it does not rank). With a ``budget``, the
    cost is taken from it first (``OutOfBudget`` if it cannot pay, before any ranking)."""
    split = _pruning(position, plays, prune)
    cost = max(1, len(plays)) if split is None else split[2]
    if budget is not None and not budget.spend(cost):
        raise OutOfBudget
    if split is None:
        return list(range(len(plays))), cost
    kept = split[0]
    net = network("pruning")
    assert net is not None  # _pruning checked
    scorer = PruningScorer(position.flip(), net)
    # The replier's best plays leave the other side (on roll after them) the least equity;
    # a stable sort keeps ties in the order of the plays.
    kept.sort(key=lambda index: scorer.equity(plays[index].position.flip()))
    return kept[:prune] + split[1], cost


def reply_cost(position: Position, plays: list[Play], prune: int) -> int:
    """``reply_candidates``'s cost, without ranking anything."""
    split = _pruning(position, plays, prune)
    return max(1, len(plays)) if split is None else split[2]


def _pruning(
    position: Position, plays: list[Play], prune: int
) -> tuple[list[int], list[int], int] | None:
    """When pruning ``plays`` saves work: the plays that keep the contact (to rank), those
    that break it, and the cost in positions; else None."""
    if not prune or len(plays) <= prune or not is_contact(position):
        return None
    if network("pruning") is None:
        return None
    kept: list[int] = []
    broken: list[int] = []
    for index, play in enumerate(plays):
        (kept if is_contact(play.position) else broken).append(index)
    cost = math.ceil(PRUNING_COST * len(kept)) + prune + len(broken)
    if cost >= len(plays):  # too few plays for pruning to save anything
        return None
    return kept, broken, cost


def after_best_play(
    position: Position,
    dice: tuple[int, int],
    scorer: Scorer | None = None,
    budget: Budget | None = None,
    value: Value | None = None,
    prune: int = 0,
) -> tuple[Probabilities, int]:
    """The mover's probabilities after its best 1-ply play of ``dice``; and the cost in
    positions. ``prune``: evaluate only the best few plays by the pruning network
    (``reply_candidates``)."""
    probabilities, _, cost = best_play_after(position, dice, scorer, budget, value, prune)
    return probabilities.flip(), cost


def best_play_after(
    position: Position,
    dice: tuple[int, int],
    scorer: Scorer | None = None,
    budget: Budget | None = None,
    value: Value | None = None,
    prune: int = 0,
) -> tuple[Probabilities, Position, int]:
    """Like ``after_best_play``, from the other side: the position after the mover's best
    play of ``dice`` (the other side on roll; the same position flipped when no play is
    legal), that side's probabilities there, and the cost in positions."""
    plays = legal_plays(position, dice)
    chosen, cost = reply_candidates(position, plays, prune, budget)
    if not plays:
        # No play: the same position, the other side on roll.
        return evaluate_position(position.flip()), position.flip(), 1
    if scorer is None:
        scorer = Scorer(position.flip())
    best: tuple[Probabilities, Position] | None = None
    best_equity = -9.0
    for index in chosen:
        after = plays[index].position.flip()
        probabilities = scorer.evaluate(after)
        equity = -probabilities.equity if value is None else value(probabilities.flip())
        if equity > best_equity:
            best, best_equity = (probabilities, after), equity
    assert best is not None  # plays is not empty
    return best[0], best[1], cost


def lookahead(
    position: Position,
    budget: Budget | None = None,
    value: Value | None = None,
    prune: int = 0,
) -> tuple[Probabilities, int]:
    """Probabilities for ``position.player`` before rolling, averaged over its 21 rolls
    (each answered by its best play by ``value``; with ``prune``, the best of those the
    pruning network ranks first: ``reply_candidates``).

    Also returns how many positions were evaluated (the cost). With a ``budget``,
    raises ``OutOfBudget`` as soon as the next roll's plays would overspend it.
    """
    scorer = Scorer(position.flip())
    totals = [0.0] * 5
    cost = 0
    for a, b, weight in ROLLS:
        probabilities, looked_at = after_best_play(position, (a, b), scorer, budget, value, prune)
        cost += looked_at
        values = probabilities.as_tuple()
        for k in range(5):
            totals[k] += weight * values[k]
    return Probabilities.from_sequence([total / 36.0 for total in totals]), cost


def shortlist(
    position: Position, plays: list[Play], budget: int, value: Value | None = None
) -> tuple[list[Play], list[tuple[float, Play]], int]:
    """When ``plays`` cost more than ``budget`` positions: the plays the network may still
    evaluate (the best by the hand-made evaluation), the others with their hand-made value
    for the mover (best first), and the cost of the hand-made evaluations in positions."""
    if len(plays) <= budget:
        return plays, [], 0
    cost = math.ceil(HAND_COST * len(plays))
    by_hand = []
    for play in plays:
        probabilities = heuristic_probabilities(play.position.flip()).flip()
        by_hand.append((probabilities.equity if value is None else value(probabilities), play))
    by_hand.sort(key=lambda pair: -pair[0])
    kept = max(1, budget - cost)
    return [play for _, play in by_hand[:kept]], by_hand[kept:], cost


def rank_plays_deeper(
    position: Position,
    dice: tuple[int, int],
    keep: int = 8,
    margin: float = 0.16,
    budget: int = 3000,
    plays: list[Play] | None = None,
    value: Value | None = None,
    reply_value: Value | None = None,
    prune: int = 0,
    ranking: bool = True,
) -> list[tuple[float, Play]]:
    """The 1-ply ranking with the best candidates re-scored at 2-ply, best first.

    Candidates (a move filter, as GNU Backgammon's): at most ``keep`` plays within
    ``margin`` of the best 1-ply equity, best first. ``budget`` counts the positions
    evaluated, the 1-ply ranking included; a candidate whose look-ahead would
    overspend it is left at 1-ply, and so are the ones after it. With more plays
    than the budget, only the best by the hand-made evaluation are ranked by the
    network (``shortlist``); the others follow, ranked by hand, below them. This
    bounds a decision's time while the answer depends on the position and dice alone.
    Plays left at 1-ply rank below every re-scored one. ``value`` ranks the mover's
    outcomes, ``reply_value`` the opponent's (both None: money equity). ``prune``: the
    look-aheads evaluate only the best few replies of each roll (``reply_candidates``).
    ``ranking``: the 1-ply ranking by the ranking network (else by the look-ahead's).
    """
    if plays is None:
        plays = legal_plays(position, dice)
    plays, by_hand, spent = shortlist(position, plays, budget, value)
    ranked = rank_plays(position, dice, plays, value, ranking)
    if len(ranked) > 1:
        best = ranked[0][0]
        candidates = [pair for pair in ranked[:keep] if pair[0] >= best - margin]
        if len(candidates) > 1:
            ranked = _rescored(
                ranked,
                candidates,
                Budget(budget - spent - len(ranked)),
                value,
                reply_value,
                prune,
            )
    if by_hand:
        floor = ranked[-1][0]
        ranked += [(min(equity, floor - 1e-9), play) for equity, play in by_hand]
    return ranked


def _rescored(
    ranked: list[tuple[float, Play]],
    candidates: list[tuple[float, Play]],
    left: Budget,
    value: Value | None,
    reply_value: Value | None,
    prune: int = 0,
) -> list[tuple[float, Play]]:
    """``ranked`` with the ``candidates`` (its first plays) re-scored at 2-ply while
    ``left`` pays for them, the rest below."""
    rescored: list[tuple[float, Play]] = []
    for _, play in candidates:
        try:
            probabilities, _ = lookahead(play.position.flip(), left, reply_value, prune)
        except OutOfBudget:
            break
        if value is None:
            rescored.append((-probabilities.equity, play))
        else:
            rescored.append((value(probabilities.flip()), play))
    if not rescored:
        return ranked
    rescored.sort(key=lambda pair: -pair[0])
    floor = rescored[-1][0]
    rest = [(min(equity, floor - 1e-9), play) for equity, play in ranked[len(rescored) :]]
    return rescored + rest
