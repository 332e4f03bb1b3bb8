"""The dice's commitments and seeds in a ``.mat`` file's header, as Galaxy writes its tags.

    >>> from game.engine.seeded_dice import GameDice
    >>> dice = {1: GameDice("ab" * 32, "cd" * 32)}
    >>> text = with_dice_headers(" 1 point match\\n", dice)
    >>> print(text.splitlines()[0][:47])
    ; [Game 1 Dice Commitment "abababababababababab
    >>> read_dice_headers(text) == dice
    True

Two comment lines per game at the top of the file, before ``N point match``:
``; [Game K Dice Commitment "64 hex digits"]`` and, once the game is over,
``; [Game K Dice Seed "64 hex digits"]`` (K from 1; lowercase hex). Readers that do not know
them skip them as comments (GNU Backgammon 1.07 does). ``read_dice_headers`` refuses a value
that is not 64 hex digits, a seed without its commitment and a tag written twice, with
``InvalidDiceHeaders`` saying which game and line, as it does a ``Game K Dice`` tag it cannot
read (quoting at most 60 characters of it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.engine.seeded_dice import GameDice
from game.engine.text import ascii_number, quoted

__all__ = ["InvalidDiceHeaders", "dice_header_lines", "read_dice_headers", "with_dice_headers"]

_TAG = re.compile(
    r"[ \t]*[;#][ \t]*\[[ \t]*Game[ \t]+([0-9]{1,4})[ \t]+Dice[ \t]+(Commitment|Seed)"
    r'[ \t]+"([^"]*)"[ \t]*\][ \t]*\Z',
    re.IGNORECASE,
)
_LOOKS_LIKE_TAG = re.compile(
    r"[ \t]*[;#][ \t]*\[[ \t]*Game[ \t]+([0-9]+)[ \t]+Dice\b", re.IGNORECASE
)
_HEX = re.compile(r"[0-9a-fA-F]{64}\Z")


class InvalidDiceHeaders(ValueError):
    """A dice tag that cannot be read; ``game`` is the game it names (1 if it names none
    that can be read)."""

    def __init__(self, game: int, reason: str):
        super().__init__(f"game {game}: {reason}")
        self.game, self.reason = game, reason


def dice_header_lines(dice: Mapping[int, GameDice]) -> list[str]:
    """The header lines for each game's dice, in game order."""
    lines = []
    for number in sorted(dice):
        game = dice[number]
        lines.append(f'; [Game {number} Dice Commitment "{game.commitment}"]')
        if game.seed is not None:
            lines.append(f'; [Game {number} Dice Seed "{game.seed}"]')
    return lines


def with_dice_headers(text: str, dice: Mapping[int, GameDice]) -> str:
    """``.mat`` text with the dice's lines put first in its header."""
    lines = dice_header_lines(dice)
    if not lines:
        return text
    joiner = "\n" if text.lstrip(" ").startswith((";", "#")) else "\n\n"
    return "\n".join(lines) + joiner + text


def read_dice_headers(text: str) -> dict[int, GameDice]:
    """Each game's dice as the file's tags give them (games without tags are left out)."""
    if not isinstance(text, str):
        raise InvalidDiceHeaders(1, f"a match file is text, got {type(text).__name__}")
    found: dict[int, dict[str, str]] = {}
    for line_number, line in enumerate(text.splitlines(), 1):
        tag = _TAG.match(line)
        if not tag:
            looks = _LOOKS_LIKE_TAG.match(line)
            if looks:
                game = ascii_number(looks.group(1)) or 1
                raise InvalidDiceHeaders(
                    game if game <= 9999 else 1,
                    f"line {line_number}: cannot read the dice tag {quoted(line.strip(), 60)}",
                )
            continue
        game, key, value = int(tag.group(1)), tag.group(2).lower(), tag.group(3).strip()
        if not _HEX.match(value):
            raise InvalidDiceHeaders(
                game, f"line {line_number}: the dice {key} is not 64 hex digits"
            )
        if key in found.setdefault(game, {}):
            raise InvalidDiceHeaders(game, f"line {line_number}: the dice {key} is written twice")
        found[game][key] = value.lower()
    dice = {}
    for game, keys in sorted(found.items()):
        if "commitment" not in keys:
            raise InvalidDiceHeaders(game, "a dice seed but no commitment")
        dice[game] = GameDice(keys["commitment"], keys.get("seed"))
    return dice
