"""The share-link reader is total: every text opens a game, holds none, or raises LinkError."""

from __future__ import annotations

import random
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.state import GameState
from game.formats.gnubg_id import write_gnubg_id
from game.web.address import links
from tests import soak

ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None))
ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:&%#-_.²①"


def played_games(seed: int, count: int) -> list[GameState]:
    """States that real play reaches, of every rule set (from the soak's random players)."""
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        states.append(soak.random_state(rng, 60))
    return states


GAMES = played_games(10, 60)
FRAGMENTS = ["#" + links.share_fragment(game) for game in GAMES if game.phase in links.SHOWN_PHASES]


def read(fragment: str) -> None:
    """Read a fragment; any outcome but a game, None or LinkError fails the test."""
    try:
        found = links.read_fragment(fragment)
    except links.LinkError as error:
        assert str(error)  # the page shows this text
        # The reader's safety net chains unexpected errors: those are bugs to fix.
        assert error.__cause__ is None, repr(error.__cause__)
        return
    if found is not None:
        game, opponent = found
        assert isinstance(game, GameState) and opponent in ("computer", "friend")
        assert game.phase in links.SHOWN_PHASES


@st.composite
def mutated(draw) -> str:
    """A real link with a few characters replaced, inserted or deleted."""
    text = list(draw(st.sampled_from(FRAGMENTS)))
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(text) - 1))
        how = draw(st.sampled_from(["replace", "insert", "delete"]))
        char = draw(st.sampled_from(ID_CHARS))
        if how == "replace":
            text[index] = char
        elif how == "insert":
            text.insert(index, char)
        elif len(text) > 1:
            del text[index]
    return "".join(text)


@settings(max_examples=1500, deadline=None)
@given(mutated())
def test_mutated_links_open_or_say_why(fragment):
    read(fragment)


@settings(max_examples=1000, deadline=None)
@given(ANY_TEXT)
def test_any_text_opens_or_says_why(fragment):
    read(fragment)
    read("#gnubgid=" + fragment)


@settings(max_examples=1000, deadline=None)
@given(
    st.text(ID_CHARS, max_size=40),
    st.sampled_from(["", "&rules=simple", "&rules=full", "&beaver=1", "&vs=friend", "&vs=x"]),
    st.booleans(),
)
def test_random_ids_and_options_open_or_say_why(gnubg_id, options, escape):
    gnubg_id = quote(gnubg_id, safe="") if escape else gnubg_id
    read(f"#gnubgid={gnubg_id}{options}")


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.lists(st.text()), st.binary(), st.floats()))
def test_anything_that_is_not_text_raises_link_error(value):
    try:
        links.read_fragment(value)
    except links.LinkError:
        return
    raise AssertionError("a non-text fragment was read")


def test_every_shared_game_reads_back():
    for game in GAMES:
        if game.phase in links.SHOWN_PHASES:
            shared, _ = links.read_fragment("#" + links.share_fragment(game))
            assert write_gnubg_id(shared) == write_gnubg_id(game)


def test_an_unexpected_error_inside_the_reader_becomes_a_link_error(monkeypatch):
    def broken(*args, **kwargs):
        raise RecursionError("deep")

    monkeypatch.setattr(links, "game_from_id", broken)
    try:
        links.read_fragment(FRAGMENTS[0])
    except links.LinkError as error:
        assert isinstance(error.__cause__, RecursionError)
    else:
        raise AssertionError("no LinkError")
