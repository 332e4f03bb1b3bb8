"""Who played which part of a record, as text (game/web/store/seats.py): read back as written,
and any other text gives the record as it was, never an error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.record import Seat
from game.web.store.seats import format_seats, read_link_seats, read_seats
from tests.records import played

RECORD = played(3).truncated(1, 6).with_names(("Ann, 2nd", "Bob;&Co"))


def test_seats_read_back_as_written():
    record = RECORD.with_seats(
        (((1, 0), Seat(RECORD.names, (None, "expert"))), ((1, 4), Seat(turned=False)))
    )
    assert read_seats(format_seats(record), RECORD) == record
    link = f"gnubgid=x&names=Cyan,Pink&seats={format_seats(record)}"
    assert read_link_seats(link, record.with_names(("Cyan", "Pink"))) == record
    edited = link.replace("names=Cyan,Pink", "names=Ann,Bob")  # names= changed by hand: they win
    named = RECORD.with_names(("Ann", "Bob"))
    assert read_link_seats(edited, named) is named


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1.0,A,B,,,",  # fine, but the next ones are not
        "².0,A,B,,,",
        "1.0,A,B,,nobody,",
        "1.0,A,B,,,2",
        "1.0,%ZZ,B,,,",
        "1.0,,B,,,",
        "1.1,A,B,,,",
        "1.0,A,B,,,;1.0,A,B,,,",
        "1.0,A,B,,,;1.99,A,B,,,",
        "9.0,A,B,,,",
        ";" * 500,
    ],
)
def test_other_text_gives_the_record_as_it_was(text):
    read = read_seats(text, RECORD)
    assert read is None or read.seats == (((1, 0), Seat(("A", "B"))),)


@given(st.text(max_size=80))
def test_any_text_is_read_or_refused_quietly(text):
    read = read_seats(text, RECORD)
    assert read is None or read.seats[0][0] == (1, 0)
