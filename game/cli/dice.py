"""``python -m game dice --verify < FILE``: every roll of a match checked against its dice seeds.

    $ python -m game dice --verify < match.mat
    ok: 3 games, 142 rolls

FILE is a ``.mat`` file, an ``.sgf`` file or a game link (the address or its ``#...`` part)
with each game's dice commitment and seed (``docs/dice.md``). For each game the seed must
hash to the commitment and give every roll the file holds, in order. The answer is
``ok: G games, N rolls`` (N: the throws checked, tied opening throws included), or
``error: game K roll M: REASON`` (M: the throw number, 1 when the seed or commitment itself
is at fault; ``error: REASON`` when the file cannot be read) with exit 1. The words are
fixed: ``ok: 1 games, 9 rolls`` too.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TextIO

from game.cli.lines import read_text
from game.engine.record import ROLL, Record
from game.engine.seeded_dice import DiceMismatch, GameDice, check_game_rolls
from game.engine.text import quoted

USAGE = "usage: python -m game dice --verify < FILE (.mat, .sgf or game link)\n"


class Unreadable(ValueError):
    """A file that is not a match with dice this command can read."""


def read_match_with_dice(text: str) -> tuple[Record, dict[int, GameDice]]:
    """The record and each game's dice of a ``.mat`` file, ``.sgf`` file or game link."""
    from game.formats.sgf import looks_like_sgf

    stripped = text.strip("\ufeff \t\r\n")
    if looks_like_sgf(text):
        return _read_sgf(text)
    if _looks_like_link(stripped):
        return _read_link(stripped)
    return _read_mat(text)


def _looks_like_link(text: str) -> bool:
    """A link is one word (an address, its ``#...`` part or the game's text): a file of lines
    whose tag holds ``game=`` or whose first line starts ``1.`` is not one."""
    if not text or any(character.isspace() for character in text):
        return False
    return "game=" in text or text[:2] in ("1.", "2.")


def _read_mat(text: str) -> tuple[Record, dict[int, GameDice]]:
    from game.formats.mat import InvalidMatFile, parse_mat
    from game.formats.mat_dice import InvalidDiceHeaders, read_dice_headers

    try:
        dice = read_dice_headers(text)
    except InvalidDiceHeaders as error:
        raise GameDiceError(error.game, DiceMismatch(1, error.reason)) from None
    try:
        record = parse_mat(text)
    except InvalidMatFile as error:
        raise Unreadable(f"not a match file this reads: {error}") from None
    return record, dice


def _read_link(text: str) -> tuple[Record, dict[int, GameDice]]:
    from game.formats.game_link import (
        InvalidGameLink,
        InvalidLinkDice,
        parse_game_link,
        parse_game_link_dice,
    )

    fragment = text.split("#", 1)[1] if "#" in text else text
    fragment = fragment.strip()
    if "game=" not in fragment:
        fragment = f"game={fragment}"
    try:
        dice = parse_game_link_dice(fragment)
    except InvalidLinkDice as error:
        raise GameDiceError(error.game, DiceMismatch(1, error.reason)) from None
    except InvalidGameLink as error:
        raise Unreadable(str(error)) from None
    try:
        return parse_game_link(fragment), dice
    except InvalidGameLink as error:
        raise Unreadable(str(error)) from None


def _read_sgf(text: str) -> tuple[Record, dict[int, GameDice]]:
    from game.formats.sgf import InvalidSgfFile
    from game.formats.sgf_dice import InvalidSgfDice, read_sgf_dice

    try:
        return read_sgf_dice(text)
    except InvalidSgfDice as error:
        raise GameDiceError(error.game, DiceMismatch(1, error.reason)) from None
    except (InvalidSgfFile, ValueError) as error:
        raise Unreadable(f"not a match file this reads: {error}") from None


def verify(record: Record, dice: Mapping[int, GameDice]) -> tuple[int, int]:
    """(games, throws) checked; ``GameDiceError`` at the first game that does not match."""
    games = rolls = 0
    for number, actions in enumerate(record.games, 1):
        thrown = [action.dice for action in actions if action.kind == ROLL and action.dice]
        if not thrown and number == len(record.games):
            continue  # the next game, not begun
        if number not in dice:
            raise GameDiceError(number, DiceMismatch(1, "no dice commitment for this game"))
        try:
            rolls += check_game_rolls(dice[number], thrown)
        except DiceMismatch as error:
            raise GameDiceError(number, error) from None
        games += 1
    extra = sorted(set(dice) - set(range(1, len(record.games) + 1)))
    if extra:
        raise GameDiceError(extra[0], DiceMismatch(1, "dice for a game the file does not have"))
    if not games:
        raise GameDiceError(1, DiceMismatch(1, "no rolls to check"))
    return games, rolls


class GameDiceError(ValueError):
    def __init__(self, game: int, error: DiceMismatch):
        super().__init__(f"game {game} {error}")


def run(text: str, out: TextIO) -> int:
    try:
        record, dice = read_match_with_dice(text)
        games, rolls = verify(record, dice)
    except (Unreadable, GameDiceError) as error:
        out.write(f"error: {error}\n")
        return 1
    out.write(f"ok: {games} games, {rolls} rolls\n")
    return 0


def main(options: list[str]) -> int:
    if options != ["--verify"]:
        got = quoted(" ".join(options))
        sys.stderr.write(f"error: dice: expected --verify, got {got}\n{USAGE}")
        return 2
    return run(read_text(sys.stdin), sys.stdout)
