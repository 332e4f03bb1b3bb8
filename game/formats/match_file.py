"""A match file of either kind, told by its content: gnubg's ``.sgf`` or a ``.mat``.

    >>> from game.formats.mat import format_mat
    >>> from game.formats.sgf import format_sgf
    >>> from game.engine.record import Action, Record
    >>> record = Record.new().extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    >>> [read_match_file(text).kind for text in (format_mat(record), format_sgf(record))]
    ['mat', 'sgf']
    >>> read_match_file(format_sgf(record)).record == record
    True

``file_text`` turns a file's bytes into the text the readers read (UTF-8, UTF-16 with its
mark, Latin-1). ``read_match_file`` raises the reader's own error (``InvalidMatFile`` or
``InvalidSgfFile``, both with ``game``, ``move`` and ``reason``); ``write_match_file`` writes
either kind.
"""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from dataclasses import dataclass

from game.engine.record import Record
from game.engine.seeded_dice import GameDice
from game.formats.mat import InvalidMatFile, Steps, finish_steps, format_mat, read_mat_steps
from game.formats.mat_dice import with_dice_headers
from game.formats.sgf import InvalidSgfFile, format_sgf, looks_like_sgf, read_sgf_steps
from game.formats.sgf_dice import dice_properties

__all__ = [
    "KINDS",
    "MatchFile",
    "MatchFileError",
    "file_text",
    "read_match_file",
    "read_match_file_steps",
    "write_match_file",
]

KINDS = ("mat", "sgf")
MatchFileError = (InvalidMatFile, InvalidSgfFile)


@dataclass(frozen=True)
class MatchFile:
    """A file's record, its kind and per game the points its result line writes."""

    record: Record
    kind: str
    written: tuple[int | None, ...]


def file_text(data: bytes) -> str:
    """A file's bytes as text: UTF-16 when it begins with its byte-order mark (Windows
    Notepad's "Unicode") or has a zero in every other byte of its beginning (UTF-16 without
    it), else UTF-8 (its own mark dropped), else Latin-1 (old archives)."""
    encoding = "utf-16" if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else None
    head = data[:64]
    if encoding is None and len(head) >= 8 and not head.count(0) * 2 - len(head):
        # Without its mark: every other byte of ASCII text (a match file's) is a zero.
        encoding = "utf-16-le" if not head[1::2].strip(b"\0") else None
        encoding = "utf-16-be" if not head[0::2].strip(b"\0") else encoding
    if encoding is not None:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: read below
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_match_file(text: str) -> MatchFile:
    """The match in ``text``, an ``.sgf`` when it begins as one, else a ``.mat``."""
    return finish_steps(read_match_file_steps(text))


def read_match_file_steps(text: str) -> Steps[MatchFile]:
    """``read_match_file`` a game at a time: it yields (games replayed, games in the file)."""
    if isinstance(text, str) and looks_like_sgf(text):
        match = yield from read_sgf_steps(text)
        return MatchFile(match.record, "sgf", tuple(match.written))
    record, written = yield from read_mat_steps(text)
    return MatchFile(record, "mat", tuple(written))


def write_match_file(record: Record, kind: str, dice: Mapping[int, GameDice] | None = None) -> str:
    """The record as a file of ``kind`` (``mat`` or ``sgf``); ``ValueError`` if it cannot be.
    ``dice``: each game's commitment and seed (``docs/dice.md``), written as ``.mat`` header
    tags or ``.sgf`` ``DC[]``/``DS[]``."""
    if kind == "mat":
        return with_dice_headers(format_mat(record), dice or {})
    if kind == "sgf":
        return format_sgf(record, dice_properties(dice or {}))
    raise ValueError(f"a match file is {' or '.join(KINDS)}, got {kind!r}")
