"""A race near home, reckoned one-sided: each side's rolls to bear every checker off.

    >>> from game.engine.position import Position
    >>> near = Position.from_points({8: 1, 2: 3}, {9: 1, 3: 2})
    >>> finish = rolls_to_finish(near.player)  # the 8-point checker, then three checkers
    >>> round(sum(finish), 6), finish[1], round(finish[2], 4)
    (1.0, 0.0, 0.2261)
    >>> p = race_chances(near)
    >>> round(p.win, 3), p.win_gammon, p.lose_gammon
    (0.684, 0.0, 0.0)
    >>> race_chances(Position.from_points({20: 1, 2: 3}, {9: 1, 3: 2})) is None  # too far
    True

In a race the sides cannot meet, so each side's rolls to finish can be worked out alone,
as the bear-off table does once every checker is home: the side on roll wins when it
needs n rolls and the other n or more. Here a side may still have checkers outside its
home board, within ``FINISH_PIPS`` pips of it: each roll brings them in as a bear-in does
(``bear_in.py``: the farthest checker a die can bring home, else the move that leaves the
fewest dice outside), each die left once every checker is home is played the way that
leaves the fewest rolls on average by the table, and the table's distribution takes over
from the home board a roll ends with. Only the rolls that can still matter are worked out:
the side that may finish sooner in full, the other only up to that side's last roll. A
gammon follows from the loser's rolls to its first checker off (``bear_in.first_off``); a
backgammon cannot happen so near home. The networks misjudge these races most where one
side is home and the other nearly so: the table values the first exactly and the network
the second (docs/performance.md).
"""

from __future__ import annotations

from typing import TypeVar

from game.bot.bear_in import DICE_HOME, ROLLS, first_off, move_in, outside_pips, progress
from game.bot.bearoff import table
from game.bot.probabilities import Probabilities
from game.engine.position import OFF, Position, Side

Key = TypeVar("Key")
Value = TypeVar("Value")

# The pips each side's checkers outside may need to come home for the race to be reckoned.
FINISH_PIPS = 12
# ... and at most this many checkers outside (each more multiplies the sides to work through).
FINISH_CHECKERS = 3
# Rolls counted in a side's distribution worked out in full (a race near home takes fewer).
ROLL_COUNTS = 24

# A side near home: the points (7..24) of its checkers outside, sorted, and its home counts.
NearHome = tuple[tuple[int, ...], tuple[int, ...]]
# Distributions by side, kept between positions; emptied past _KEEP (a few hundred bytes
# each) so that a long session in the page's worker holds a few MB at most.
_known: dict[NearHome, tuple[int, list[float]]] = {}  # (horizon, distribution)
_means: dict[tuple[int, ...], float] = {}
_played: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
_rolled: dict[NearHome, list[NearHome | None]] = {}  # each roll's ``_roll``, by side
_KEEP = 10_000


def _kept(memo: dict[Key, Value], key: Key, value: Value) -> Value:
    """``value``, kept in ``memo`` under ``key`` (the memo emptied first once past _KEEP)."""
    if len(memo) > _KEEP:
        memo.clear()
    memo[key] = value
    return value


def reckons(position: Position) -> bool:
    """Whether ``position`` is a race this module reckons: no contact, not every checker of
    both sides home (the bear-off table's), each side within ``FINISH_PIPS`` pips and
    ``FINISH_CHECKERS`` checkers of home.
    (Every position either side's plays lead to is then reckoned too, or in the table.)"""
    me, them = position.player, position.opponent
    if table() is None or me[OFF] == 15 or them[OFF] == 15:
        return False
    mine, theirs = outside_pips(me), outside_pips(them)
    if not mine and not theirs:
        return False
    if mine > FINISH_PIPS or theirs > FINISH_PIPS:
        return False
    if sum(me[7:26]) > FINISH_CHECKERS or sum(them[7:26]) > FINISH_CHECKERS:
        return False
    return not position.is_contact()


def race_chances(position: Position) -> Probabilities | None:
    """Probabilities for the player on roll where ``reckons``, else None."""
    if not reckons(position):
        return None
    me, them = position.player, position.opponent
    # The side with fewer checkers left needs fewer rolls: worked out in full, it tells how
    # far the other's rolls matter (beyond its last possible roll, not at all).
    if _on_board(me) < _on_board(them):
        mine = rolls_to_finish(me)
        theirs = rolls_to_finish(them, len(mine) + 1)
    else:
        theirs = rolls_to_finish(them)
        mine = rolls_to_finish(me, len(theirs) + 1)
    length = max(len(mine), len(theirs)) + 2
    win = _chance_before(mine, _at_least(theirs, length))
    win_gammon = lose_gammon = 0.0
    if not them[OFF]:
        # They are gammoned if they bear no checker off in the n - 1 rolls they get.
        win_gammon = _chance_before(mine, _at_least(_first(them), length))
    if not me[OFF]:
        first = _at_least(_first(me), length + 1)
        lose_gammon = _chance_before(theirs, first[1:])
    return Probabilities.from_sequence((min(1.0, win), min(win, win_gammon), 0.0, lose_gammon, 0.0))


def rolls_to_finish(side: Side, horizon: int = ROLL_COUNTS) -> list[float]:
    """P(exactly n rolls to bear every checker off), index n below ``horizon``, for a side
    within ``FINISH_PIPS`` of home (its plays as in the module notes); the chance of
    needing ``horizon`` rolls or more is what the list's sum falls short of 1."""
    outside = tuple(point for point in range(7, 26) for _ in range(side[point]))
    return _finish((outside, tuple(side[1:7])), horizon)


def _on_board(side: Side) -> int:
    return 15 - side[OFF]


def _at_least(distribution: list[float], length: int) -> list[float]:
    """P(n rolls or more), index n below ``length``, from a distribution that may stop
    short of its last rolls (``rolls_to_finish``'s horizon): 1 less the rolls before n."""
    found = [0.0] * length
    before = 0.0
    for n in range(length):
        found[n] = max(0.0, 1.0 - before)
        if n < len(distribution):
            before += distribution[n]
    return found


def _chance_before(mine: list[float], their_tail: list[float]) -> float:
    """The chance that a side with ``mine`` rolls to do something does it on its n-th roll
    while the other, rolling second, has not yet (``their_tail[n]``)."""
    return sum(p * their_tail[n] for n, p in enumerate(mine) if p and n < len(their_tail))


def _first(side: Side) -> list[float]:
    if any(side[7:26]):
        return first_off(side)
    return table().first(side[1:7])  # type: ignore[union-attr]


def _finish(near: NearHome, horizon: int) -> list[float]:
    outside, home = near
    # A roll is at most four dice; each checker needs one to bear off and those outside one
    # a six pips or part of them to come home: a side that cannot finish before the horizon
    # needs no working out.
    dice = sum(home) + sum(1 + DICE_HOME[point] for point in outside)
    if -(-dice // 4) >= horizon:
        return []
    if not outside:
        return table().rolls(home)[:horizon]  # type: ignore[union-attr]
    # A distribution worked out to a longer horizon holds this one: its first rolls are
    # the same numbers, added in the same order.
    known = _known.get(near)
    if known is not None and known[0] >= horizon:
        return known[1] if known[0] == horizon else known[1][:horizon]
    found = [0.0] * horizon
    rolled = _rolled.get(near)
    if rolled is None:
        rolled = _kept(_rolled, near, [_roll(near, a, b) for a, b, _ in ROLLS])
    for (_, _, weight), after in zip(ROLLS, rolled, strict=True):
        later = [1.0] if after is None else _finish(after, horizon - 1)
        # One roll more than the distribution after it.
        for n, p in enumerate(later):
            if p:
                found[n + 1] += weight * p
    _kept(_known, near, (horizon, found))
    return found


def _roll(near: NearHome, a: int, b: int) -> NearHome | None:
    """The side after a roll (the better order of the dice), None once every checker is off."""
    orders = ((a,) * 4,) if a == b else ((a, b), (b, a))
    # Every checker home ranks before any left outside: then by the table's mean, else as a
    # bear-in's progress.
    best: tuple[tuple[int, float, tuple[int, int, int]], NearHome | None] | None = None
    for dice in orders:
        outside, home = near
        left = list(dice)
        while left and outside:
            moved = move_in((outside, home), left.pop(0))
            assert moved is not None  # with checkers outside no die bears off
            outside, home = moved
        if outside:
            after: NearHome | None = (outside, home)
            key = (1, 0.0, progress((outside, home)))
        else:
            home = _bear_off(home, tuple(left))
            if not any(home):
                return None
            key, after = (0, _mean(home), (0, 0, 0)), ((), home)
        if best is None or key < best[0]:
            best = (key, after)
    assert best is not None
    return best[1]


def _bear_off(home: tuple[int, ...], dice: tuple[int, ...]) -> tuple[int, ...]:
    """The home board after ``dice`` are played in it: each die in turn the way that leaves
    the fewest rolls on average (by the table). A double's dice are played one at a time:
    searching every way to play three dice together costs far more than it gains."""
    for die in dice:
        if not any(home):
            break
        found = _played.get((home, die))
        if found is None:
            # A checker home can always move or bear off: there is a move.
            found = _kept(_played, (home, die), min(_moves(home, die), key=_mean))
        home = found
    return home


def _moves(home: tuple[int, ...], die: int) -> list[tuple[int, ...]]:
    """Every home board one die can leave, every checker home (a checker borne off leaves it)."""
    found = []
    highest = max(point for point in range(1, 7) if home[point - 1])
    for point in range(1, 7):
        if not home[point - 1]:
            continue
        counts = list(home)
        counts[point - 1] -= 1
        if point > die:
            counts[point - die - 1] += 1
        elif point < die and point != highest:
            continue  # a higher die bears off only from the highest point
        found.append(tuple(counts))
    return found


def _mean(home: tuple[int, ...]) -> float:
    found = _means.get(home)
    if found is None:
        if not any(home):
            found = 0.0
        else:
            distribution = table().rolls(home)  # type: ignore[union-attr]
            found = sum(n * p for n, p in enumerate(distribution))
        found = _kept(_means, home, found)
    return found
