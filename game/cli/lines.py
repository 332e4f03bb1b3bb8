"""What the request commands share: one request per line on stdin, one answer each.

    $ echo "4HPwATDgc/ABMA 3 1" | python -m game moves
    $ echo "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10" | python -m game moves
    $ echo "4HPwATDgc/ABMA:cAkAAAAAAAAA 31" | python -m game best

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
from game.formats.match_id import MatchId
from game.formats.xgid import is_xgid, parse_position_and_match

Answer = Callable[[str], str]


def read_position_and_dice(request: str) -> tuple[Position, tuple[int, int]]:
    """The position and dice of ``read_decision``'s request, without its match state."""
    position, dice, _ = read_decision(request)
    return position, dice


def read_decision(request: str) -> tuple[Position, tuple[int, int], MatchId | None]:
    """Parse ``POSITION_ID D1 D2``, or gnubg's ``POSITION_ID:MATCH_ID`` or an XGID with the
    dice it holds (``... [D1 D2]``: dice written after it play instead of its own, which it
    needs when it has none): the position, the dice and the match state when the request
    has one. Dice may be written as one word (``31``)."""
    fields = request.split()
    if fields and (is_xgid(fields[0]) or ":" in fields[0]):
        position, match = parse_position_and_match(fields[0])
        written = fields[1:]
        if not written:
            if match.dice == (0, 0):
                raise ValueError("the ID has no dice rolled: write them after it ('ID 3 1')")
            return position, check_dice(match.dice), match
        form = "XGID=... [D1 D2]" if is_xgid(fields[0]) else "POSITION_ID:MATCH_ID [D1 D2]"
        return position, read_written_dice(written, form, request), match
    if len(fields) not in (2, 3):
        raise ValueError(f"expected 'POSITION_ID D1 D2', got {quoted(request.strip())}")
    position = parse_position_id(fields[0])
    return position, read_written_dice(fields[1:], "POSITION_ID D1 D2", request), None


def read_written_dice(words: list[str], form: str, request: str) -> tuple[int, int]:
    """``D1 D2`` or ``D1D2``: the words after a request's position (``form`` names the
    request's shape in the error)."""
    if len(words) == 1 and len(words[0]) == 2:
        return read_dice(words[0][0], words[0][1])
    if len(words) == 2:
        return read_dice(words[0], words[1])
    raise ValueError(f"expected {quoted(form)}, got {quoted(request.strip())}")


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
