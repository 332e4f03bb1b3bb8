"""A rollout's dice: every trial's rolls from the rollout's seed, repeatable and checkable.

    >>> key = rollout_key(1)
    >>> key.hex()[:16]
    'a561abe2a0a5ff85'
    >>> sorted(first_two(key, t)[0] for t in range(36)) == sorted(ALL_ROLLS)
    True
    >>> rolls = trial_rolls(key, 5)
    >>> next(rolls) == first_two(key, 5)[0], next(rolls) == first_two(key, 5)[1]
    (True, True)

The method (``docs/rollout.md`` has it in words), built on the game's own dice
(``game.engine.seeded_dice``, ``docs/dice.md``):

- The rollout's key is SHA-256 of the ASCII text ``rollout S`` for the seed ``S`` (a whole
  number): 32 bytes, used as a game's seed is.
- The first two rolls of every trial are rotated (GNU Backgammon's quasi-random dice): the
  trials are taken in blocks of 1,296 (``b`` = trial // 1296, ``j`` = trial % 1296). Each
  block orders the 36 outcomes twice, ``first`` and ``second``, by HMAC-SHA256 keyed with the
  rollout's key over ``b/first/o`` and ``b/second/o`` (``o`` = 0..35, the outcome of the
  game's dice: first die ``o // 6 + 1``, second ``o % 6 + 1``), smallest first. Trial ``j`` of
  the block rolls ``first[j % 36]`` first and ``second[(j // 36 + j % 36) % 36]`` second: any 36
  trials in a row roll each outcome once first and once second, and a whole block every pair.
- Every later roll ``n`` (from 3) of trial ``t`` is the game's throw ``n`` (``seeded_dice.throw``)
  of the trial's seed, HMAC-SHA256 keyed with the rollout's key over ``trial t``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from functools import lru_cache

from game.engine.dice import Dice
from game.engine.seeded_dice import throw

BLOCK = 36 * 36  # trials in which every pair of first two rolls comes up once
ALL_ROLLS: tuple[Dice, ...] = tuple((o // 6 + 1, o % 6 + 1) for o in range(36))


def rollout_key(seed: int) -> bytes:
    """The rollout's 32-byte key from its seed, a whole number."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("a rollout's seed is a whole number, 0 or more")
    return hashlib.sha256(f"rollout {seed}".encode("ascii")).digest()


def trial_seed(key: bytes, trial: int) -> bytes:
    """The seed of trial ``trial`` (from 0): HMAC-SHA256 of ``trial N`` keyed with ``key``."""
    return hmac.digest(key, f"trial {trial}".encode("ascii"), "sha256")


@lru_cache(maxsize=64)
def _order(key: bytes, block: int, name: str) -> tuple[int, ...]:
    """The 36 outcomes in the order the block's ``name`` rotation takes them."""

    def rank(outcome: int) -> bytes:
        return hmac.digest(key, f"{block}/{name}/{outcome}".encode("ascii"), "sha256")

    return tuple(sorted(range(36), key=rank))


def first_two(key: bytes, trial: int) -> tuple[Dice, Dice]:
    """The rotated first and second rolls of trial ``trial``."""
    block, j = divmod(trial, BLOCK)
    first = _order(key, block, "first")[j % 36]
    second = _order(key, block, "second")[(j // 36 + j % 36) % 36]
    return ALL_ROLLS[first], ALL_ROLLS[second]


def trial_rolls(key: bytes, trial: int) -> Iterator[Dice]:
    """Every roll of trial ``trial`` in order, without end."""
    first, second = first_two(key, trial)
    yield first
    yield second
    seed = trial_seed(key, trial)
    number = 3
    while True:
        yield throw(seed, number)
        number += 1
