"""``python -m game convert --to mat|sgf < FILE``: a match file written as the other kind.

    $ python -m game convert --to sgf < match.mat > match.sgf

The input is a ``.mat`` or gnubg ``.sgf`` file, told by its content; the output is the same
match written as ``--to`` says, which gnubg 1.07 opens (``import mat``, ``load match``). A file
that cannot be read or a move the rules forbid prints ``error: game K move M: REASON`` and
exits 1.
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.cli.lines import read_match, read_text
from game.engine.text import quoted
from game.formats.match_file import KINDS, write_match_file


def convert(text: str, kind: str, out: TextIO) -> int:
    match = read_match(text, out)
    if match is None:
        return 1
    try:
        written = write_match_file(match.record, kind)
    except ValueError as error:
        out.write(f"error: {error}\n")
        return 1
    out.write(written)
    return 0


def main(options: list[str]) -> int:
    """``--to mat|sgf``."""
    if len(options) != 2 or options[0] != "--to" or options[1] not in KINDS:
        got = quoted(" ".join(options))
        sys.stderr.write(f"error: convert: expected --to {'|'.join(KINDS)}, got {got}\n")
        return 2
    return convert(read_text(sys.stdin), options[1], sys.stdout)
