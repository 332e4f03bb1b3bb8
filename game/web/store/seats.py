"""Who played which part of a record (``Record.seats``) as one line of text, carried by a share
link (``&seats=...``), an embed's address and the history saved beside the game.

Each seat is ``game.actions,name,name,level,level,turned``: the moment it plays from, the
players' names (%-escaped), the computer's level beside each name it played ("" for a person)
and ``1``/``0`` for a board turned to each mover or not ("" where not known); seats are joined
by ``;``. A record with one seat and no turned board needs none: ``names=`` and ``levels=``
say it all, as they did before seats.

    >>> from game.engine.record import Action, Record, Seat
    >>> record = Record.new(names=("You", "Computer")).with_levels((None, "expert"))
    >>> record = record.extend([Action.roll((3, 1))]).seated(Seat(turned=True))
    >>> text = format_seats(record)
    >>> text
    '1.0,You,Computer,,expert,;1.1,Cyan,Pink,,,1'
    >>> read_seats(text, record.with_seats((((1, 0), Seat()),))) == record
    True
"""

from __future__ import annotations

from game.bot.level_names import LEVEL_NAMES  # the names only: the bot is not loaded
from game.engine.record import Record, Seat
from game.engine.text import is_ascii_number, quote_part, unquote
from game.web.state.session import MAX_NAME

MAX_SEATS = 200  # more changes of players than any match has: a longer list is not read


def needs_seats(record: Record) -> bool:
    """Whether ``record``'s players need more than ``names=`` and ``levels=`` to be told."""
    return len(record.seats) > 1 or record.seats[0][1].turned is not None


def format_seats(record: Record) -> str:
    return ";".join(_seat_text(at, seat) for at, seat in record.seats)


def _seat_text(at: tuple[int, int], seat: Seat) -> str:
    names = (quote_part(name[:MAX_NAME]) for name in seat.names)
    levels = (level or "" for level in seat.levels)
    turned = "" if seat.turned is None else str(int(seat.turned))
    return ",".join((f"{at[0]}.{at[1]}", *names, *levels, turned))


def read_seats(text: str, record: Record) -> Record | None:
    """``record`` with the seats ``text`` tells; None when they cannot be read, or do not fit
    the record (the caller keeps what the names and levels say)."""
    seats: list[tuple[tuple[int, int], Seat]] = []
    parts = text.split(";")
    if len(parts) > MAX_SEATS:
        return None
    for part in parts:
        seat = _seat_of(part)
        if seat is None:
            return None
        seats.append(seat)
    try:
        return record.with_seats(tuple(seats))
    except ValueError:
        return None


def _seat_of(part: str) -> tuple[tuple[int, int], Seat] | None:
    fields = part.split(",")
    if len(fields) != 6:
        return None
    at, first, second, level0, level1, turned = fields
    game, dot, actions = at.partition(".")
    if not (dot and is_ascii_number(game, 4) and is_ascii_number(actions, 6)):
        return None
    if not all(level in ("", *LEVEL_NAMES) for level in (level0, level1)):
        return None
    if turned not in ("", "0", "1"):
        return None
    try:
        names = tuple(" ".join(unquote(name).split())[:MAX_NAME] for name in (first, second))
    except ValueError:
        return None
    if not all(names) or any(not ch.isprintable() for name in names for ch in name):
        return None
    seat = Seat(
        (names[0], names[1]),
        (level0 or None, level1 or None),
        None if turned == "" else turned == "1",
    )
    return (int(game), int(actions)), seat


def seats_part(record: Record) -> str:
    """``&seats=...`` for a link of ``record``, where its names and levels do not say it all."""
    return f"&seats={format_seats(record)}" if needs_seats(record) else ""


def read_link_seats(fragment: str, record: Record) -> Record:
    """``record`` (named by the link's ``names=``) with the seats the link carries, else as it
    is: seats whose players now are not the ones ``names=`` names are not the sharer's (a
    link whose names were changed by hand), and its names win, as before seats."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    found = next((part for part in text.split("&") if part.startswith("seats=")), None)
    seated = None if found is None else read_seats(found[len("seats=") :], record)
    return seated if seated is not None and seated.names == record.names else record
