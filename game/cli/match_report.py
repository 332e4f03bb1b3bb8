"""What ``python -m game analyse`` and ``python -m game cards`` share: ``[--plies 2|1] < FILE``,
a match file of either kind (``.mat`` or gnubg ``.sgf``, told by its content, as ``replay``
reads it), its record turned into lines and printed.

Bad options: a message on stderr and exit status 2. A file that cannot be read: the
command's refusal, an ``error: ...`` line, and exit 1.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from game.cli.hint import read_plies
from game.cli.lines import read_text
from game.engine.record import Record
from game.formats.match_file import read_match_file

Lines = Callable[[Record, int], list[str]]
Refusal = Callable[[ValueError, TextIO], None]


def run(
    command: str,
    lines_of: Lines,
    refuse: Refusal,
    options: list[str],
    source: TextIO,
    out: TextIO,
) -> int:
    """Print ``lines_of(record, plies)`` for the match file on ``source``; the exit status."""
    try:
        plies = read_plies(options)
    except ValueError as error:
        sys.stderr.write(f"error: {command}: {error}\n")
        return 2
    try:
        lines = lines_of(read_match_file(read_text(source)).record, plies)
    except ValueError as error:
        refuse(error, out)
        return 1
    out.write("".join(line + "\n" for line in lines))
    return 0
