"""The look two rolls ahead (GNU Backgammon's 2-ply depth) at the strongest level's closest
calls: ``two_rolls_ahead`` values one play so, ``looked_deeper`` re-ranks a decision's
closest plays by it.

After the play, over the opponent's 21 rolls its best reply (of the best ``prune`` by the
pruning network, as a look one roll ahead), then, after each reply, a third of the mover's
rolls (``shots.ROLL_THIRDS`` in turn, so that the 21 first rolls meet all 21 second rolls;
or a seventh, ``shots.ROLL_SEVENTHS``, for a thinner look; all 21, ``shots.ROLL_ALL``, for
a full one), each answered by the mover's one play the pruning network ranks first, valued
by the network. A decision keeps the rolls
its look one roll ahead evaluated (``rolls.Kept``): the look two rolls ahead of the same
play reads them again and pays only for its second rolls. The second rolls are kept too, for
the decision's plays together: a position met again (the same dance from the bar after several
first rolls, two plays that meet after the replies) is ranked once, and paid for each time, so
the budget's figures and the answers are as before.
"""

from __future__ import annotations

from collections.abc import Callable

from game.bot.budget import Budget, OutOfBudget, Value
from game.bot.evaluator import EVERY
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Evaluator, Kept, Rolls, paid_rolls
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
    after = after_first_rolls(rolls, value, prune, seconds or Kept(FRESH), second_rolls)
    if not budget.spend(second_cost(after)):
        raise OutOfBudget
    return summed(after, answered(other_value))


# After each first roll: its weight in 36, the other side's rolls then (on roll after the
# first roll's best play) and the second rolls it takes, with their weights.
AfterFirst = list[tuple[int, Rolls, tuple[tuple[int, int, float], ...]]]
# The mover's five probabilities once the other side's best play of a second roll is played.
Answer = Callable[[Rolls, tuple[int, int]], tuple[float, ...]]


def after_first_rolls(
    rolls: Rolls,
    value: Value | None,
    prune: int,
    seconds: Evaluator,
    second_rolls: SecondRolls,
    replies: list[Position] | None = None,
) -> AfterFirst:
    """The positions after each of ``rolls``' 21 first rolls (its best play by ``value``, of
    the best ``prune``; or ``replies``, found so elsewhere), each with its share of
    ``second_rolls``; ``seconds`` hands out their rolls (with ``rolls.reckon``). Nothing is
    evaluated that ``rolls`` has not."""
    # A reply that leaves the same position (a dance from the bar, say) comes back.
    if replies is None:
        replies = [rolls.best((a, b), value, prune)[1] for a, b, _ in ROLLS]
    return [
        (weight, seconds.rolls(reply, rolls.reckon), second_rolls[index % len(second_rolls)])
        for index, ((_, _, weight), reply) in enumerate(zip(ROLLS, replies, strict=True))
    ]


def second_cost(after: AfterFirst) -> int:
    """Positions the second rolls of ``after`` evaluate (each paid for, even when met twice)."""
    return sum(replies.cost_of((x, y), 1) for _, replies, share in after for x, y, _ in share)


def answered(other_value: Value | None) -> Answer:
    """The answer of a second roll worked out here: the other side's best play of the roll,
    of the one the pruning network ranks first, valued by the network."""

    def answer(replies: Rolls, dice: tuple[int, int]) -> tuple[float, ...]:
        return replies.best(dice, other_value, 1)[0].as_tuple()  # position.player's

    return answer


def summed(after: AfterFirst, answer: Answer) -> Probabilities:
    """The probabilities two rolls ahead: ``answer`` of every second roll of ``after``,
    weighted, added in the order of the rolls (the same figures however they were found)."""
    totals = [0.0] * 5
    for weight, replies, share in after:
        for x, y, part in share:
            values = answer(replies, (x, y))
            for k in range(5):
                totals[k] += weight * part * values[k]
    return Probabilities.from_sequence([total / (36.0 * 36.0) for total in totals])


def paid_looks(
    closest: list[tuple[float, Play]],
    budget: Budget,
    reply_value: Value | None,
    prune: int,
    evaluator: Evaluator,
    reckon: int,
    second_rolls: SecondRolls = ROLL_THIRDS,
    replies: dict[Position, list[Position]] | None = None,
) -> list[tuple[Play, AfterFirst]]:
    """The plays of ``closest`` (each already looked at one roll ahead through ``evaluator``,
    or elsewhere: then ``replies`` holds its best replies by its position after the play)
    whose look two rolls ahead ``budget`` pays for, in turn until it cannot, each with its
    positions after the first rolls; none if fewer than two could be paid for. Decided before
    any second roll is evaluated: their cost is known from the kept first rolls."""
    paid: list[tuple[Play, AfterFirst]] = []
    seconds = Kept(FRESH)  # the plays' second rolls, shared: one play's may meet another's
    for _, play in closest:
        after_play = play.position.flip()
        rolls = evaluator.rolls(after_play, reckon)
        firsts = None if replies is None else replies[after_play]
        after = after_first_rolls(rolls, reply_value, prune, seconds, second_rolls, firsts)
        if not budget.spend(second_cost(after)):
            break
        paid.append((play, after))
    return paid if len(paid) >= 2 else []


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
    paid = paid_looks(closest, budget, reply_value, prune, evaluator, reckon, second_rolls)
    return deeper_ranking(ranked, paid, value, answered(value))


def deeper_ranking(
    ranked: list[tuple[float, Play]],
    paid: list[tuple[Play, AfterFirst]],
    value: Value | None,
    answer: Answer,
) -> list[tuple[float, Play]]:
    """``ranked`` with the ``paid`` plays valued two rolls ahead by the mover's ``value``,
    their second rolls answered by ``answer`` (here, or by the parts of ``spread``)."""
    if not paid:
        return ranked
    deeper = []
    for play, after in paid:
        probabilities = summed(after, answer)
        equity = -probabilities.equity if value is None else value(probabilities.flip())
        deeper.append((equity, play))
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
