"""What the request commands share: one request per line on stdin, one answer each.

    $ echo "4HPwATDgc/ABMA 3 1" | python -m game moves
    $ echo "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10" | python -m game moves

A request that cannot be read is answered ``error: <reason>``; the others are
still answered, and the command exits 1 at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from game.engine.plays import check_dice
from game.engine.position import Position
from game.engine.text import ascii_number, quoted
from game.formats import parse_position_id
from game.formats.match_file import MatchFile, MatchFileError, file_text, read_match_file
from game.formats.xgid import is_xgid, parse_xgid

Answer = Callable[[str], str]


def read_position_and_dice(request: str) -> tuple[Position, tuple[int, int]]:
    """Parse ``POSITION_ID D1 D2``, or an XGID with its dice (``XGID=... [D1 D2]``: dice written
    after it play instead of its own, which it needs when it has none)."""
    fields = request.split()
    if fields and is_xgid(fields[0]):
        if len(fields) not in (1, 3):
            raise ValueError(f"expected 'XGID=... [D1 D2]', got {quoted(request.strip())}")
        xgid = parse_xgid(fields[0])
        if len(fields) == 1:
            if xgid.dice == (0, 0):
                raise ValueError(
                    "the XGID has no dice rolled: write them after it ('XGID=... 3 1')"
                )
            return xgid.position(), check_dice(xgid.dice)
        return xgid.position(), read_dice(fields[1], fields[2])
    if len(fields) != 3:
        raise ValueError(f"expected 'POSITION_ID D1 D2', got {quoted(request.strip())}")
    position = parse_position_id(fields[0])
    return position, read_dice(fields[1], fields[2])


def read_dice(first_text: str, second_text: str) -> tuple[int, int]:
    first, second = ascii_number(first_text, 1), ascii_number(second_text, 1)
    if first is None or second is None:
        raise ValueError(
            f"dice are numbers 1-6, got {quoted(first_text, 20)} {quoted(second_text, 20)}"
        )
    return check_dice((first, second))


def serve(answer: Answer, requests: Iterable[str | bytes], out: TextIO) -> int:
    """Answer each non-blank request line; return the exit status.

    Lines given as bytes (stdin's own) are decoded one by one: a line that is not UTF-8 is
    answered ``error: ...`` like any request that cannot be read. An answerer marked
    ``block`` answers in several lines: each answer, an error too, is closed by a blank line.
    An answerer with a ``close`` is closed at the end (its processes shut down before the
    interpreter's exit, which otherwise races them)."""
    try:
        return _served(answer, requests, out)
    finally:
        close = getattr(answer, "close", None)
        if close is not None:
            close()


def _served(answer: Answer, requests: Iterable[str | bytes], out: TextIO) -> int:
    status = 0
    closing = "\n" if getattr(answer, "block", False) else ""
    for raw in requests:
        try:
            line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError:
            out.write("error: the request is not UTF-8 text\n" + closing)
            status = 1
            continue
        if not line.strip():
            continue
        try:
            reply = answer(line)
        except ValueError as error:
            reply, status = f"error: {error}", 1
        out.write(reply + "\n" + closing)
        out.flush()
    return status


def request_lines(stream: TextIO) -> Iterable[str | bytes]:
    """Stdin's lines as bytes when it has them (decoded by ``serve``, a line at a time)."""
    return stream.buffer if hasattr(stream, "buffer") else stream


def read_text(stream: TextIO) -> str:
    """Stdin as text: UTF-8, UTF-16 with its mark, else Latin-1 (``file_text``)."""
    data: str | bytes = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    return data if isinstance(data, str) else file_text(data)


def read_match(text: str, out: TextIO) -> MatchFile | None:
    """The match file ``text`` (``.mat`` or gnubg ``.sgf``), or None once ``out`` was told
    ``error: game K move M: REASON`` (what ``convert`` and ``replay`` print)."""
    try:
        return read_match_file(text)
    except MatchFileError as error:
        out.write(f"error: game {error.game} move {error.move}: {error.reason}\n")
        return None
