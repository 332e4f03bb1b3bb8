"""The dice's commitments and seeds in gnubg ``.sgf`` files: two properties of each game's root.

    >>> from game.engine.match import Rules
    >>> from game.engine.record import Record
    >>> from game.engine.seeded_dice import GameDice
    >>> from game.formats.sgf import format_sgf
    >>> dice = {1: GameDice("ab" * 32, "cd" * 32)}
    >>> text = format_sgf(Record.new(Rules.full(match_length=1)), dice_properties(dice))
    >>> "DC[" + "ab" * 32 + "]" in text and "DS[" + "cd" * 32 + "]" in text
    True
    >>> read_sgf_dice(text)[1] == dice
    True

``DC[64 hex digits]`` is the game's dice commitment and ``DS[64 hex digits]`` its seed, once
the game is over (``docs/dice.md``); gnubg 1.07 keeps to the properties it knows and opens
such files (``tests/test_dice_cli.py``). A value that is not 64 hex digits, or a seed without
its commitment, raises ``InvalidSgfDice`` (an ``InvalidSgfFile``) naming the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from game.engine.record import Record
from game.engine.refusal import Refusal
from game.engine.seeded_dice import GameDice
from game.formats.sgf import InvalidSgfFile, read_sgf

__all__ = ["COMMITMENT", "SEED", "InvalidSgfDice", "dice_properties", "read_sgf_dice"]

COMMITMENT, SEED = "DC", "DS"


class InvalidSgfDice(InvalidSgfFile):
    """A game's dice properties that are not a commitment and a seed."""

    def __init__(self, game: int, reason: Refusal):
        super().__init__(game, 0, reason)


def dice_properties(
    dice: Mapping[int, GameDice],
) -> Callable[[int], Iterable[tuple[str, str]]]:
    """``format_sgf``'s ``root_properties`` for each game's dice."""

    def properties(game: int) -> list[tuple[str, str]]:
        found = dice.get(game)
        if found is None:
            return []
        pairs = [(COMMITMENT, found.commitment)]
        if found.seed is not None:
            pairs.append((SEED, found.seed))
        return pairs

    return properties


def read_sgf_dice(text: str) -> tuple[Record, dict[int, GameDice]]:
    """The record of an ``.sgf`` text and each game's dice its roots hold."""
    match = read_sgf(text)
    dice = {}
    for game, root in enumerate(match.roots, 1):
        commitment, seed = root.get(COMMITMENT), root.get(SEED)
        if commitment is None and seed is None:
            continue
        if commitment is None:
            raise InvalidSgfDice(game, Refusal("a dice seed but no commitment"))
        for name, value in ((COMMITMENT, commitment), (SEED, seed)):
            if value is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", value.strip()):
                raise InvalidSgfDice(game, Refusal("{name}[...] is not 64 hex digits", name=name))
        dice[game] = GameDice(commitment.strip().lower(), seed.strip().lower() if seed else None)
    return match.record, dice
