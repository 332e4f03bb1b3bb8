"""The ID readers are total: any text reads, or raises a ValueError saying why (issue 10).

A link's ``gnubgid=`` reaches them with whatever a visitor typed; a crash of another kind
would escape the page's one error type. Fuzzed with any unicode text (unicode digits such
as ``²`` among them) and with real IDs mutated a few characters at a time.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.formats.gnubg_id import read_gnubg_id, write_gnubg_id
from game.formats.match_id import parse_gnubg_id, parse_match_id
from game.formats.position_id import parse_position_id
from game.formats.xgid import format_xgid, parse_xgid, xgid_from_match
from tests import soak

READERS = {
    "position ID": parse_position_id,
    "match ID": parse_match_id,
    "gnubg ID": parse_gnubg_id,
    "game state from a gnubg ID": read_gnubg_id,
    "XGID": parse_xgid,
}
ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None))
ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:;-_ ²①٣"
FUZZ = settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))


def real_ids(seed: int, count: int) -> list[str]:
    """gnubg IDs, their halves and XGIDs of states that play reaches, every rule set."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        state = soak.random_state(rng, 80)
        try:
            gnubg = write_gnubg_id(state)
            position, match = parse_gnubg_id(gnubg)
            xgid = format_xgid(xgid_from_match(position, match))
        except ValueError:  # a state no ID (or no XGID) describes: a pass, a resignation
            continue
        found += [gnubg, *gnubg.split(":"), xgid]
    return found


IDS = real_ids(3, 200)


def read_all(text: str) -> None:
    for name, reader in READERS.items():
        try:
            reader(text)
        except ValueError as error:
            assert str(error), name  # the page shows these words
        except Exception as error:  # anything else is a crash to fix
            raise AssertionError(f"{name} of {text!r}: {type(error).__name__}: {error}") from error


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = list(draw(st.sampled_from(IDS)))
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, max(0, len(text) - 1)))
        how = draw(st.sampled_from(["replace", "insert", "delete"]))
        char = draw(st.sampled_from(ID_CHARS))
        if how == "replace" and text:
            text[index] = char
        elif how == "insert":
            text.insert(index, char)
        elif len(text) > 1:
            del text[index]
    return "".join(text)


@FUZZ
@given(ANY_TEXT)
def test_any_text_reads_or_says_why(text):
    read_all(text)


@settings(FUZZ, max_examples=1500)
@given(mutated())
def test_mutated_ids_read_or_say_why(text):
    read_all(text)


@FUZZ
@given(st.text(ID_CHARS, max_size=60))
def test_id_like_text_reads_or_says_why(text):
    read_all(text)


def test_real_ids_read():
    for text in IDS:
        if ":" in text and not text.startswith("XGID="):
            read_gnubg_id(text)
        elif text.startswith("XGID="):
            parse_xgid(text)
