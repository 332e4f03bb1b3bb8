"""How each player's dice came up, against what fair dice give, in plain words.

    >>> from game.engine.match import Rules
    >>> from game.engine.record import Action, Record
    >>> record = Record.new(Rules.full()).extend(
    ...     [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]), Action.roll((6, 6))])
    >>> stats = dice_statistics(record)
    >>> stats[1].rolls, stats[1].doubles.observed
    (1, 1)

Per player, over the rolls of every game of a record (the opening roll, one
die each, is left out: it cannot be a double):

- each of the 21 rolls (``6-5`` counts 6-5 and 5-6), against 1/36 for a double
  and 2/36 for the others: a chi-square test;
- doubles, against 1 in 6;
- entering from the bar: rolls made with a checker on the bar that let at
  least one checker in, against 1 - (closed/6)^2 for the points closed then;
- hitting shots: rolls made while a blot of the opponent's could be hit that
  did allow a hit (whether or not the player hit), against the share of the 36
  rolls that would have allowed one then.

Each count gets a two-sided p-value (the chance that fair dice stray at least
this far) and a verdict: "within what chance gives" when p >= 0.05. With few
rolls every verdict is mild, as it should be: chance has room to wander.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.engine.plays import legal_plays
from game.engine.position import BAR, Position
from game.engine.record import Record
from game.engine.state import Phase

ROLL_NAMES = tuple(f"{a}-{b}" for a in range(6, 0, -1) for b in range(a, 0, -1))
UNUSUAL = 0.05
RARE = 0.01


@dataclass(frozen=True, slots=True)
class Count:
    """How often something came up, how often fair dice would make it on average, and the test."""

    observed: int
    expected: float
    chances: int  # the rolls where it could happen
    p_value: float

    @property
    def verdict(self) -> str:
        return verdict(self.p_value, self.observed - self.expected)


@dataclass(slots=True)
class PlayerDice:
    """One player's dice. ``rolls_seen``: how often each roll came up, by name (``6-5``)."""

    rolls: int = 0
    rolls_seen: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLL_NAMES, 0))
    doubles: Count = Count(0, 0.0, 0, 1.0)
    entering: Count = Count(0, 0.0, 0, 1.0)
    hitting: Count = Count(0, 0.0, 0, 1.0)
    rolls_p_value: float = 1.0

    @property
    def rolls_verdict(self) -> str:
        return verdict(self.rolls_p_value, 0.0, spread=True)

    def expected(self, name: str) -> float:
        return self.rolls * roll_chance(name)


def roll_chance(name: str) -> float:
    """1/36 for a double, 2/36 for the other rolls."""
    a, b = name.split("-")
    return (1 if a == b else 2) / 36


def verdict(p_value: float, excess: float, spread: bool = False) -> str:
    """Plain words for a test's p-value; ``excess`` (observed - expected) says which way."""
    if p_value >= UNUSUAL:
        return "within what chance gives"
    if spread:
        way = "unevenly spread over the rolls"
    else:
        way = "more often than average" if excess > 0 else "less often than average"
    if p_value >= RARE:
        return f"{way}: a little unusual, about once in {round(1 / p_value)} by chance"
    return f"{way}: unusual, less than once in {round(1 / max(p_value, 1e-9))} by chance"


# --- tests ------------------------------------------------------------------------------


def _normal_tail(z: float) -> float:
    """P(|Z| >= z) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def chi_square_p_value(statistic: float, freedom: int) -> float:
    """P(chi-square with ``freedom`` degrees >= statistic), by Wilson and Hilferty's
    cube-root approximation (good to a few thousandths, enough for a verdict)."""
    if statistic <= 0.0:
        return 1.0
    k = float(freedom)
    z = ((statistic / k) ** (1.0 / 3.0) - (1.0 - 2.0 / (9.0 * k))) / math.sqrt(2.0 / (9.0 * k))
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def count_p_value(observed: int, chances: list[float]) -> float:
    """Two-sided p-value of ``observed`` successes in trials with these success chances.

    Exact (the Poisson-binomial distribution, by dynamic programming) up to a few
    hundred trials, a normal approximation beyond."""
    if not chances:
        return 1.0
    if len(chances) > 400:
        mean = sum(chances)
        variance = sum(p * (1.0 - p) for p in chances)
        if variance <= 0.0:
            return 1.0 if abs(observed - mean) < 0.5 else 0.0
        # Continuity correction: half a count towards the mean.
        gap = max(0.0, abs(observed - mean) - 0.5)
        return min(1.0, _normal_tail(gap / math.sqrt(variance)))
    distribution = [1.0]
    for p in chances:
        following = [0.0] * (len(distribution) + 1)
        for k, mass in enumerate(distribution):
            following[k] += mass * (1.0 - p)
            following[k + 1] += mass * p
        distribution = following
    own = distribution[observed] if observed < len(distribution) else 0.0
    return min(1.0, sum(mass for mass in distribution if mass <= own * (1.0 + 1e-9)))


# --- reading the record -------------------------------------------------------------------


def entering_chance(position: Position) -> float:
    """The chance that a roll lets at least one of the player's bar checkers in."""
    # A die d enters on the opponent's own point d.
    closed = sum(1 for d in range(1, 7) if position.opponent[d] >= 2)
    return 1.0 - (closed / 6.0) ** 2


def _hits(position: Position, dice: tuple[int, int]) -> bool:
    return any(move.hit for play in legal_plays(position, dice) for move in play.moves)


def hitting_rolls(position: Position) -> float:
    """The share of the 36 rolls that allow the player to hit a blot (0 without a shot)."""
    if not any(count == 1 for count in position.opponent[1:25]):
        return 0.0
    total = 0
    for a in range(1, 7):
        for b in range(a, 7):
            if _hits(position, (a, b)):
                total += 1 if a == b else 2
    return total / 36.0


def dice_statistics(record: Record) -> tuple[PlayerDice, PlayerDice]:
    """Both players' dice over every game of ``record``."""
    seen = (PlayerDice(), PlayerDice())
    doubles: list[list[float]] = [[], []]
    double_count = [0, 0]
    entering: list[list[float]] = [[], []]
    entered = [0, 0]
    hitting: list[list[float]] = [[], []]
    hit = [0, 0]
    previous = None
    for _, action, state in record.steps():
        before, previous = previous, state
        if action == 0 or before is None or before.phase is not Phase.ROLL:
            continue
        dice = state.dice if state.blocked_dice is None else state.blocked_dice
        if dice is None or state.phase not in (Phase.MOVE, Phase.ROLL):
            continue
        player = before.turn
        position = before.position
        high, low = max(dice), min(dice)
        stats = seen[player]
        stats.rolls += 1
        stats.rolls_seen[f"{high}-{low}"] += 1
        doubles[player].append(1.0 / 6.0)
        double_count[player] += high == low
        if position.player[BAR]:
            entering[player].append(entering_chance(position))
            entered[player] += position.opponent[high] < 2 or position.opponent[low] < 2
        share = hitting_rolls(position)
        if share:
            hitting[player].append(share)
            hit[player] += _hits(position, (high, low))
    for player, stats in enumerate(seen):
        stats.doubles = _count(double_count[player], doubles[player])
        stats.entering = _count(entered[player], entering[player])
        stats.hitting = _count(hit[player], hitting[player])
        stats.rolls_p_value = _rolls_p_value(stats)
    return seen


def _count(observed: int, chances: list[float]) -> Count:
    return Count(observed, sum(chances), len(chances), count_p_value(observed, chances))


def _rolls_p_value(stats: PlayerDice) -> float:
    if stats.rolls == 0:
        return 1.0
    statistic = sum(
        (stats.rolls_seen[name] - stats.expected(name)) ** 2 / stats.expected(name)
        for name in ROLL_NAMES
    )
    return chi_square_p_value(statistic, len(ROLL_NAMES) - 1)


HOW_THE_DICE_ARE_ROLLED = (
    "Each game's dice come from its own secret seed, drawn from the browser's cryptographic "
    "random source before the game's first roll: throw n is the HMAC-SHA256 of n keyed with "
    "the seed, reduced without bias to one of the 36 outcomes (docs/dice.md). The seed's "
    "SHA-256, its commitment, is shown before the first roll and the seed when the game is "
    "over, so anyone can check that every roll was fixed before the game began; the computer "
    "never sees the seed or a roll to come. Games opened from a position, played on from the "
    "review, or started with ?seed=N in the address (the same N gives the same rolls, for "
    "tests and bug reports) are thrown by Python's Mersenne Twister and have no commitment. "
    "Runs of good or bad rolls happen with fair dice far more often than intuition suggests; "
    "the dice statistics of a match compare each player's rolls, doubles, entering from the "
    "bar and hitting shots with what fair dice give and say whether they are within what "
    "chance gives."
)
