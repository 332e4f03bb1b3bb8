"""Dice: every roll comes from a random source passed in, so games can be replayed.

>>> import random
>>> rng = random.Random(7)
>>> d1, d2 = roll(rng)
>>> 1 <= d1 <= 6 and 1 <= d2 <= 6
True
>>> mine, theirs = opening_roll(rng)
>>> mine != theirs
True
"""

from __future__ import annotations

import random

Dice = tuple[int, int]


def die(rng: random.Random) -> int:
    """One die: 1 to 6."""
    return rng.randint(1, 6)


def roll(rng: random.Random) -> Dice:
    """A roll of two dice, in the order they were thrown."""
    return die(rng), die(rng)


def opening_roll(rng: random.Random) -> Dice:
    """One die for player 0 and one for player 1; a tie is thrown again.

    The player with the higher die starts and plays both numbers.
    """
    while True:
        first, second = die(rng), die(rng)
        if first != second:
            return first, second
