"""Dice you can check: every roll of a game derived from a secret seed fixed before it began.

    >>> seed = bytes(range(32))
    >>> commitment(seed).hex()[:16]
    '630dcd2966c43366'
    >>> throw(seed, 1), throw(seed, 2), throw(seed, 3)
    ((6, 2), (4, 3), (6, 6))
    >>> cup = DiceCup(seed)
    >>> cup.roll(0), cup.roll(1)          # the opening roll, then the next roll of the game
    ((6, 2), (4, 3))

The method (``docs/dice.md`` has it in words and as a few lines to run):

- A game's seed is 32 bytes from ``secrets`` (the browser's crypto in the page). Its
  commitment is SHA-256 of those 32 bytes, shown before the first roll; the seed is revealed
  when the game is over. Both are written as 64 lowercase hex digits.
- Throw ``n`` of the game (``n`` = 1, 2, 3, ...) is HMAC-SHA256 keyed with the seed over the
  ASCII decimal digits of ``n``, read as a 256-bit big-endian integer ``x``. The 16 values of
  ``x`` at or above ``36 * (2**256 // 36)`` are refused (so every outcome is exactly as likely)
  and the message ``n/1``, then ``n/2``, ... is used instead. The outcome ``x % 36`` gives the
  first die ``x % 36 // 6 + 1`` and the second ``x % 36 % 6 + 1``.
- The opening roll is throw 1, and throws 2, 3, ... while they are ties: the first throw that
  is not a tie is the opening roll, its first die player 0's (the first player named in a
  ``.mat`` file), its second player 1's. Every later roll of the game, one that cannot be
  played too, is the next throw.

Nothing here is read by the bot: the page and self-play hold the cup and hand the engine only
the dice of the roll being made (``GameState.set_dice``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.engine.dice import Dice
from game.engine.refusal import Refusal

__all__ = [
    "SEED_BYTES",
    "DiceCup",
    "DiceMismatch",
    "GameDice",
    "check_game_rolls",
    "commitment",
    "game_rolls",
    "new_seed",
    "throw",
]

SEED_BYTES = 32
_LIMIT = 36 * (2**256 // 36)  # HMAC values at or above this are refused: 36 equal parts below
_HEX = re.compile(r"[0-9a-f]{64}\Z")


def new_seed() -> bytes:
    """A fresh secret seed: 32 bytes from ``secrets``."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> bytes:
    """The seed's commitment: SHA-256 of its 32 bytes."""
    return hashlib.sha256(seed).digest()


def throw(seed: bytes, number: int) -> Dice:
    """Throw ``number`` (from 1) of the game whose seed is ``seed``: two dice."""
    message, attempt = str(number), 0
    while True:
        value = int.from_bytes(hmac.digest(seed, message.encode("ascii"), "sha256"), "big")
        if value < _LIMIT:
            outcome = value % 36
            return outcome // 6 + 1, outcome % 6 + 1
        attempt += 1
        message = f"{number}/{attempt}"


def game_rolls(seed: bytes) -> Iterator[tuple[int, Dice]]:
    """The game's rolls as its record holds them, each with its throw number: the opening roll
    (the first throw that is not a tie), then every throw after it."""
    number = 1
    while True:
        dice = throw(seed, number)
        if dice[0] != dice[1]:
            break
        number += 1
    yield number, dice
    while True:
        number += 1
        yield number, throw(seed, number)


class DiceCup:
    """The dice of one game, for whoever rolls them (the page, self-play). ``roll(k)`` is the
    game's roll after ``k`` rolls were made (``k`` = 0: the opening roll)."""

    __slots__ = ("_made", "_rolls", "seed")

    def __init__(self, seed: bytes):
        if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
            raise ValueError(f"a dice seed is {SEED_BYTES} bytes")
        self.seed = seed
        self._rolls = game_rolls(seed)
        self._made: list[tuple[int, Dice]] = []

    @classmethod
    def fresh(cls) -> DiceCup:
        return cls(new_seed())

    @property
    def commitment(self) -> str:
        return commitment(self.seed).hex()

    def numbered(self, made: int) -> tuple[int, Dice]:
        """(throw number, dice) of the roll after ``made`` rolls."""
        if made < 0:
            raise ValueError("a number of rolls is 0 or more")
        while len(self._made) <= made:
            self._made.append(next(self._rolls))
        return self._made[made]

    def roll(self, made: int) -> Dice:
        return self.numbered(made)[1]

    def game_dice(self, revealed: bool) -> GameDice:
        """The commitment, and the seed when ``revealed`` (the game is over)."""
        return GameDice(self.commitment, self.seed.hex() if revealed else None)


class DiceMismatch(Refusal):
    """A roll, seed or commitment that does not match; ``roll`` is the throw number (1 when
    the seed or commitment itself is at fault: no roll of the game can be checked), ``reason``
    why (a refusal the page says in its language)."""

    def __init__(self, roll: int, reason: Refusal | str):
        super().__init__("roll {roll}: {reason}", roll=roll, reason=reason)
        self.roll, self.reason = roll, reason


@dataclass(frozen=True, slots=True)
class GameDice:
    """What a record keeps of one game's dice: the commitment, and the seed once revealed,
    each as 64 lowercase hex digits (``ValueError`` otherwise)."""

    commitment: str
    seed: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.commitment, str) or not _HEX.match(self.commitment):
            raise Refusal("a dice commitment is 64 lowercase hex digits")
        if self.seed is not None and (not isinstance(self.seed, str) or not _HEX.match(self.seed)):
            raise Refusal("a dice seed is 64 lowercase hex digits")

    def cup(self) -> DiceCup:
        """The cup of the revealed seed; ``DiceMismatch`` when it is not revealed or does not
        match the commitment."""
        if self.seed is None:
            raise DiceMismatch(1, Refusal("the seed is not revealed (the game is not over)"))
        seed = bytes.fromhex(self.seed)
        if commitment(seed).hex() != self.commitment:
            raise DiceMismatch(1, Refusal("the seed does not match the commitment"))
        return DiceCup(seed)


def check_game_rolls(dice: GameDice, rolls: Sequence[Dice]) -> int:
    """The number of throws the game's ``rolls`` (in order, the opening roll first as player 0's
    and player 1's die) took from ``dice``'s revealed seed; ``DiceMismatch`` at the first roll,
    seed or commitment that does not match. Later rolls compare as a pair of dice (the order
    two dice are read in changes nothing in the game)."""
    cup = dice.cup()
    last = 0
    for made, rolled in enumerate(rolls):
        number, expected = cup.numbered(made)
        same = tuple(rolled) == expected if made == 0 else sorted(rolled) == sorted(expected)
        if not same:
            raise DiceMismatch(
                number,
                Refusal(
                    "the opening roll is {roll}, the seed gives {expected}"
                    if made == 0
                    else "the roll is {roll}, the seed gives {expected}",
                    roll=_text(rolled),
                    expected=_text(expected),
                ),
            )
        last = number
    return last


def _text(dice: Sequence[int]) -> str:
    return f"{dice[0]}{dice[1]}"
