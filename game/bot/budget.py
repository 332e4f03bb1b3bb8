"""What a decision may evaluate, and the cheaper rankings that make a budget go further.

A decision's work is counted in positions evaluated by the network (``Budget``), not in
time, so that its answer depends on the position and dice alone. Two cheaper rankings
decide which plays the full network sees: the opponent's replies of a look-ahead, pruned
to the best few by the small pruning network (``reply_candidates``), and a roll with more
plays than the budget, shortlisted (``shortlist``: by the pruning network with contact, by
the hand-made evaluation in a race or past half the budget). Their costs are counted in
positions too (``PRUNING_COST``, ``HAND_COST``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.bot.encoding import is_contact
from game.bot.evaluator import PruningScorer, network
from game.bot.heuristic import heuristic_probabilities
from game.bot.probabilities import Probabilities
from game.engine.plays import Play
from game.engine.position import BAR, Position

Value = Callable[[Probabilities], float]

# What a hand-made evaluation costs, in positions evaluated by the network (measured:
# docs/performance.md).
HAND_COST = 0.125
# What ranking a play by the pruning network costs, in positions (32 hidden units, no
# escapes; measured: docs/performance.md).
PRUNING_COST = 0.25


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
    scorer = PruningScorer(net)
    # The replier's best plays leave the other side (on roll after them) the least equity;
    # a stable sort keeps ties in the order of the plays.
    equities = scorer.equities_after([plays[index].position for index in kept])
    kept = [kept[at] for at in sorted(range(len(kept)), key=equities.__getitem__)]
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
    # A play keeps the contact when it hits (the other side's checker on the bar) or leaves
    # a checker of the mover where the other side's rearmost checker is still ahead of it.
    behind = 26 - position.flip().rearmost()
    for index, play in enumerate(plays):
        after = play.position
        (kept if after.opponent[BAR] or any(after.player[behind:]) else broken).append(index)
    cost = math.ceil(PRUNING_COST * len(kept)) + prune + len(broken)
    if cost >= len(plays):  # too few plays for pruning to save anything
        return None
    return kept, broken, cost


def shortlist(
    position: Position, plays: list[Play], budget: int, value: Value | None = None
) -> tuple[list[Play], list[tuple[float, Play]], int]:
    """When ``plays`` cost more than ``budget`` positions: the plays the network may still
    evaluate, the others with a value for the mover (best first), and the cost of ranking
    them in positions. With contact the pruning network ranks them (the hand-made
    evaluation first keeps the best ``2 * budget`` when ranking more would cost over half
    the budget); in a race, or without that network, the hand-made evaluation alone."""
    if len(plays) <= budget:
        return plays, [], 0
    net = network("pruning") if is_contact(position) else None
    left_out: list[tuple[float, Play]] = []
    cost = 0
    if net is None or PRUNING_COST * len(plays) > budget / 2:
        cost = math.ceil(HAND_COST * len(plays))
        by_hand = sorted(
            ((valued(heuristic_probabilities(p.position.flip()).flip(), value), p) for p in plays),
            key=lambda pair: -pair[0],
        )
        kept = max(1, budget - cost) if net is None else 2 * budget
        plays, left_out = [play for _, play in by_hand[:kept]], by_hand[kept:]
        if net is None:
            return plays, left_out, cost
    cost += math.ceil(PRUNING_COST * len(plays))
    scorer = PruningScorer(net)
    by_net = sorted(
        ((valued(scorer.probabilities(p.position.flip()).flip(), value), p) for p in plays),
        key=lambda pair: -pair[0],
    )
    kept = max(1, budget - cost)
    # The two rankings' values are on different scales: those ranked by hand follow the
    # pruning network's, each below the one before.
    rest = by_net[kept:] + left_out
    ordered: list[tuple[float, Play]] = []
    for equity, play in rest:
        if ordered:
            equity = min(equity, ordered[-1][0] - 1e-9)
        ordered.append((equity, play))
    return [play for _, play in by_net[:kept]], ordered, cost


def valued(probabilities: Probabilities, value: Value | None) -> float:
    """The mover's value of its ``probabilities``: money equity, or ``value``'s."""
    return probabilities.equity if value is None else value(probabilities)
