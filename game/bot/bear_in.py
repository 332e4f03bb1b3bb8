"""The gammon race of a bear-in: how soon a side with no checker off, some of them still
outside its home board, bears its first checker off, and so whether it is gammoned.

    >>> from game.engine.position import Position
    >>> saver = Position.from_points({12: 1, 9: 1, 6: 13}, {1: 2, 2: 3, 3: 3})
    >>> first = first_off(saver.player)  # two checkers to bring home first
    >>> round(sum(first), 6), first[0], round(first[1], 4)  # 6-6 or 4-4 (2/36) in one roll
    (1.0, 0.0, 0.0556)
    >>> win_gammon, lose_gammon = gammon_chances(saver)
    >>> win_gammon is None, round(lose_gammon, 3)
    (True, 0.048)
    >>> round(gammon_chances(saver.flip())[0], 3)  # the side bearing off rolls first
    0.253

In a race where one side has borne checkers off (all of its checkers are home, so the
bear-off table gives its rolls to finish exactly) and the other has not, the second is
gammoned when the first finishes before it bears a checker off. That second side's rolls
to its first checker off are worked out one-sided (in a race the sides cannot meet): each
roll played as a bear-in is, bringing home the farthest checker a die can bring and else
the move that leaves the fewest dice and pips outside, until every checker is home, where
the table's first-checker distribution takes over. The networks misjudge these races the
most (docs/performance.md); this reckoning is exact but for that way of playing. It is
worked out only while the checkers outside need at most ``OUTSIDE_PIPS`` pips to come home,
which bounds its cost (a gammon race further out is left to the network).
"""

from __future__ import annotations

from game.bot import shots
from game.bot.bearoff import rolls_to_bear_off, table, tails
from game.engine.position import OFF, Position, Side

# The pips the checkers outside may need to come home for the reckoning to be made.
OUTSIDE_PIPS = 20
# Roll counts kept in a distribution (a bear-in within OUTSIDE_PIPS takes far fewer).
ROLL_COUNTS = 16
# The 21 rolls, each with its chance.
ROLLS = tuple((a, b, weight / 36) for a, b, weight in shots.ROLLS)

# The dice a checker on each point needs to come home (at most six pips a die).
DICE_HOME = tuple(max(0, (point - 1) // 6) for point in range(26))

# A bear-in: the points (7..24) of the checkers outside, sorted, and the home counts.
Bearin = tuple[tuple[int, ...], tuple[int, ...]]
# First-checker distributions by bear-in, kept between positions (a decision within the
# limit works out a few hundred, rarely thousands); emptied past _KEEP, about 1 KB each, so
# that a long session in the page's worker holds a few MB at most.
_known: dict[Bearin, list[float]] = {}
_KEEP = 5_000


def outside_pips(side: Side) -> int:
    """The pips ``side``'s checkers outside its home board need to come home."""
    return sum((point - 6) * side[point] for point in range(7, 26))


def first_off(side: Side) -> list[float]:
    """P(the first checker off on exactly the n-th roll), index n, for a side with no
    checker off (its plays as in the module notes)."""
    if len(_known) > _KEEP:
        _known.clear()
    outside = tuple(point for point in range(7, 26) for _ in range(side[point]))
    return _first_off((outside, tuple(side[1:7])))


def reckons(position: Position) -> bool:
    """Whether the gammon race of ``position`` is reckoned here (then so is every position
    either side's plays lead to, whose checkers outside are no further out)."""
    me, them = position.player, position.opponent
    return _applies(them, me) or _applies(me, them)


def gammon_chances(
    position: Position, limit: int = OUTSIDE_PIPS
) -> tuple[float | None, float | None]:
    """The chances that the player on roll wins a gammon and loses one, where the module's
    reckoning applies within ``limit`` outside pips (else None for that chance)."""
    me, them = position.player, position.opponent
    win_gammon = lose_gammon = None
    if _applies(them, me, limit):
        # We roll first: they save the gammon on their m-th roll if we need more than m.
        finish = tails(rolls_to_bear_off(me) or [], ROLL_COUNTS + 2)
        saved = sum(p * finish[m + 1] for m, p in enumerate(first_off(them)) if p)
        win_gammon = max(0.0, 1.0 - saved)
    if _applies(me, them, limit):
        # We save it on our m-th roll if they need m rolls or more.
        finish = tails(rolls_to_bear_off(them) or [], ROLL_COUNTS + 2)
        saved = sum(p * finish[m] for m, p in enumerate(first_off(me)) if p)
        lose_gammon = max(0.0, 1.0 - saved)
    return win_gammon, lose_gammon


def _applies(saver: Side, finisher: Side, limit: int = OUTSIDE_PIPS) -> bool:
    """A gammon race this module reckons: the finisher home with checkers off, the saver
    with none off and some checkers outside, within ``limit`` pips."""
    if saver[OFF] or not finisher[OFF] or any(finisher[7:26]) or table() is None:
        return False
    return 0 < outside_pips(saver) <= limit


def _first_off(bearin: Bearin) -> list[float]:
    # Which home points hold a checker decides most first rolls; how many beyond one
    # hardly matters: bear-ins that differ only there share one distribution, worked out
    # for one of them (``_standing``) so that it never depends on which came first.
    bearin = _standing(bearin)
    outside, home = bearin
    found = _known.get(bearin)
    if found is not None:
        return found
    if not outside:
        found = [*table().first(home), *[0.0] * ROLL_COUNTS][:ROLL_COUNTS]  # type: ignore[union-attr]
    else:
        found = [0.0] * ROLL_COUNTS
        # Each die's first move, shared by the rolls that hold it.
        once = [bearin, *(move_in(bearin, die) for die in range(1, 7))]
        for a, b, weight in ROLLS:
            after = _play(once, a, b)
            if after is None:
                found[1] += weight
                continue
            later = _first_off(after)
            # One roll more than the distribution after it.
            found = [
                here + weight * before
                for here, before in zip(found, [0.0, *later[:-1]], strict=True)
            ]
    _known[bearin] = found
    return found


def _standing(bearin: Bearin) -> Bearin:
    """The bear-in that stands for those with checkers on the same points: one checker on
    each point held at home, the others on the highest of them (where a bear-in piles
    them)."""
    outside, home = bearin
    held = [1 if n else 0 for n in home]
    extra = sum(home) - sum(held)
    if extra:
        highest = max(point for point in range(6) if held[point])
        held[highest] += extra
    return outside, tuple(held)


def _play(once: list[Bearin | None], a: int, b: int) -> Bearin | None:
    """The bear-in after a roll (the better order of the dice), None if a checker comes off;
    ``once``: the bear-in, then its move by each die (``move_in``)."""
    if a == b:
        after = once[a]
        for _ in range(3):
            if after is None:
                return None
            after = move_in(after, a)
        return after
    results = []
    for first, second in ((a, b), (b, a)):
        moved = once[first]
        if moved is None:
            return None
        moved = move_in(moved, second)
        if moved is None:
            return None
        results.append(moved)
    one, other = results
    if one == other or progress(one) <= progress(other):
        return one
    return other


def progress(bearin: Bearin) -> tuple[int, int, int]:
    """Smaller is further on: fewest dice needed outside, fewest pips, most low points held."""
    outside, home = bearin
    dice = sum(DICE_HOME[point] for point in outside)
    return dice, sum(outside) - 6 * len(outside), -sum(1 for n in home[:5] if n)


def move_in(bearin: Bearin, die: int) -> Bearin | None:
    """One die of a bear-in, None if it bears a checker off."""
    outside, home = bearin
    if not outside:
        if home[die - 1] or not any(home[die:]):
            return None  # every checker home: this die bears one off
        counts = list(home)
        for point in range(6, die, -1):
            if counts[point - 1]:
                counts[point - 1] -= 1
                counts[point - die - 1] += 1
                break
        return (), tuple(counts)
    # Bring home the farthest checker this die can bring home.
    for index in range(len(outside) - 1, -1, -1):
        point = outside[index]
        if point - die <= 6:
            counts = list(home)
            counts[point - die - 1] += 1
            return outside[:index] + outside[index + 1 :], tuple(counts)
    # Else the move that leaves the bear-in furthest on (``progress``): every such move saves
    # the same pips and leaves the home board alone, so the one that saves the most dice
    # (the nearest checker of equals).
    saved = [DICE_HOME[point - die] - DICE_HOME[point] for point in outside]
    index = min(range(len(outside)), key=saved.__getitem__)
    point = outside[index]
    return tuple(sorted((*outside[:index], *outside[index + 1 :], point - die))), home
