"""The look two rolls ahead (GNU Backgammon's 2-ply depth) at the strongest level's closest
calls: ``two_rolls_ahead`` values one play so, ``looked_deeper`` re-ranks a decision's
closest plays by it.

After the play, over the opponent's 21 rolls its best reply (of the best ``prune`` by the
pruning network, as a look one roll ahead), then, after each reply, a third of the mover's
rolls (``shots.ROLL_THIRDS`` in turn, so that the 21 first rolls meet all 21 second rolls;
or a seventh, ``shots.ROLL_SEVENTHS``, for a thinner look), each answered by the mover's
one play the pruning network ranks first, valued by the network. A decision keeps the rolls
its look one roll ahead evaluated (``rolls.Kept``): the look two rolls ahead of the same
play reads them again and pays only for its second rolls. The second rolls are kept too, for
the decision's plays together: a position met again (the same dance from the bar after several
first rolls, two plays that meet after the replies) is ranked once, and paid for each time, so
the budget's figures and the answers are as before.
"""

from __future__ import annotations

from game.bot.budget import Budget, OutOfBudget, Value
from game.bot.evaluator import EVERY
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Evaluator, Kept, paid_rolls
from game.bot.shots import ROLL_THIRDS, ROLLS, SecondRolls
from game.engine.plays import Play
from game.engine.position import Position


def two_rolls_ahead(
    position: Position,
    budget: Budget,
    value: Value | None = None,
    other_value: Value | None = None,
    prune: int = 0,
    evaluator: Evaluator | None = None,
    reckon: int = EVERY,
    looked: bool = False,
    second_rolls: SecondRolls = ROLL_THIRDS,
    seconds: Evaluator | None = None,
) -> Probabilities:
    """Probabilities for ``position.player`` before rolling, two rolls ahead: over its 21
    rolls its best play by ``value`` (of the best ``prune`` by the pruning network, as
    ``search.lookahead``), then the other side's rolls, a third of them for each first roll,
    each answered by the other side's one play the pruning network ranks first
    (``other_value``), valued by the network. ``second_rolls``: the sets the other side's
    rolls take in turn (``shots.SECOND_ROLLS``), each standing for all 36.

    ``budget`` pays for the first rolls' plays before they are evaluated, unless ``looked``
    (a look one roll ahead from ``position`` paid for them and ``evaluator`` kept its rolls),
    then for every second roll's plays before any is evaluated: ``OutOfBudget`` when it
    cannot (what the first rolls cost stays spent). ``seconds``: where the second rolls'
    positions find their rolls (None: kept for this look alone); the same position met after
    several first rolls, or by several plays' looks, is ranked once, and paid for each time.
    """
    if looked:
        rolls = (evaluator or FRESH).rolls(position, reckon)
    else:
        rolls, _ = paid_rolls(position, budget, prune, evaluator, reckon)
    # A reply that leaves the same position (a dance from the bar, say) comes back.
    kept = seconds or Kept(FRESH)
    after_first = [
        (
            weight,
            kept.rolls(rolls.best((a, b), value, prune)[1], reckon),
            second_rolls[index % len(second_rolls)],
        )
        for index, (a, b, weight) in enumerate(ROLLS)
    ]  # the other side on roll after each first roll
    cost = sum(replies.cost_of((x, y), 1) for _, replies, third in after_first for x, y, _ in third)
    if not budget.spend(cost):
        raise OutOfBudget
    totals = [0.0] * 5
    for weight, replies, third in after_first:
        for x, y, share in third:
            values = replies.best((x, y), other_value, 1)[0].as_tuple()  # position.player's
            for k in range(5):
                totals[k] += weight * share * values[k]
    return Probabilities.from_sequence([total / (36.0 * 36.0) for total in totals])


def looked_deeper(
    ranked: list[tuple[float, Play]],
    closest: list[tuple[float, Play]],
    budget: Budget,
    value: Value | None,
    reply_value: Value | None,
    prune: int,
    evaluator: Evaluator,
    reckon: int,
    second_rolls: SecondRolls = ROLL_THIRDS,
) -> list[tuple[float, Play]]:
    """``ranked`` with ``closest`` (its first plays, each already looked at one roll ahead
    through ``evaluator``) looked at two rolls ahead in turn while ``budget`` pays, those
    looked at best first and the rest below them; ``ranked`` as it was if fewer than two
    could be paid for."""
    deeper: list[tuple[float, Play]] = []
    seconds = Kept(FRESH)  # the plays' second rolls, shared: one play's may meet another's
    for _, play in closest:
        try:
            probabilities = two_rolls_ahead(
                play.position.flip(),
                budget,
                reply_value,
                value,
                prune,
                evaluator,
                reckon,
                looked=True,
                second_rolls=second_rolls,
                seconds=seconds,
            )
        except OutOfBudget:
            break
        equity = -probabilities.equity if value is None else value(probabilities.flip())
        deeper.append((equity, play))
    if len(deeper) < 2:
        return ranked
    return reordered(ranked, deeper)


def reordered(
    ranked: list[tuple[float, Play]], first: list[tuple[float, Play]]
) -> list[tuple[float, Play]]:
    """``first`` (``ranked``'s first plays, valued anew) best first, then the rest of
    ``ranked`` below the last of them."""
    first = sorted(first, key=lambda pair: -pair[0])
    floor = first[-1][0]
    rest = [(min(equity, floor - 1e-9), play) for equity, play in ranked[len(first) :]]
    return first + rest
