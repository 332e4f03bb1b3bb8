"""What the request commands share: one request per line on stdin, one answer each.

    $ echo "4HPwATDgc/ABMA 3 1" | python -m game moves

A request that cannot be read is answered ``error: <reason>``; the others are
still answered, and the command exits 1 at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from game.engine.plays import check_dice
from game.engine.position import Position
from game.formats import parse_position_id

Answer = Callable[[str], str]


def read_position_and_dice(request: str) -> tuple[Position, tuple[int, int]]:
    """Parse ``POSITION_ID D1 D2``."""
    fields = request.split()
    if len(fields) != 3:
        raise ValueError(f"expected 'POSITION_ID D1 D2', got {request.strip()!r}")
    position = parse_position_id(fields[0])
    try:
        dice = int(fields[1]), int(fields[2])
    except ValueError:
        raise ValueError(f"dice must be numbers, got {fields[1]!r} {fields[2]!r}") from None
    return position, check_dice(dice)


def serve(answer: Answer, requests: Iterable[str], out: TextIO) -> int:
    """Answer each non-blank request line; return the exit status.

    An answerer marked ``block`` answers in several lines: each answer, an error
    too, is closed by a blank line."""
    status = 0
    closing = "\n" if getattr(answer, "block", False) else ""
    for line in requests:
        if not line.strip():
            continue
        try:
            reply = answer(line)
        except ValueError as error:
            reply, status = f"error: {error}", 1
        out.write(reply + "\n" + closing)
        out.flush()
    return status


def read_text(stream: TextIO) -> str:
    """Stdin as text: UTF-8 when it is, Latin-1 otherwise (old match archives)."""
    data: str | bytes = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")
