"""Address parameters: one total reader, fuzzed (issue 10, item 4)."""

from __future__ import annotations

import math
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.web.address.params import MAX_PACE, MAX_SEED_DIGITS, Params, read_params

# Every code point, lone surrogates included (JavaScript strings may hold them).
ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None))
NAMES = st.sampled_from(["seed", "pace", "embed", "sw", "vs", "", "seed[]", "SEED"])
# Characters that str.isdigit() calls digits but int() may refuse ('²', '①', ...).
UNICODE_DIGITS = "".join(c for c in map(chr, range(0x80, 0x20000)) if c.isdigit())
# Values shaped like the attacks: unicode digits, signs, floats, huge numbers, escapes.
VALUES = st.one_of(
    ANY_TEXT,
    st.integers().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(st.sampled_from("0123456789.-+eE%" + UNICODE_DIGITS), max_size=30),
    st.sampled_from([41, 4299, 4300, 4301, 5000]).map(lambda n: "9" * n),
)


def valid(params: Params) -> bool:
    seed_ok = params.seed is None or (
        isinstance(params.seed, int) and 0 <= params.seed < 10**MAX_SEED_DIGITS
    )
    pace_ok = math.isfinite(params.pace) and 0 <= params.pace <= MAX_PACE
    return seed_ok and pace_ok and isinstance(params.embed, bool)


@settings(max_examples=1500, deadline=None)
@given(ANY_TEXT)
def test_any_text_gives_usable_parameters(query):
    assert valid(read_params(query))


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.tuples(NAMES, VALUES, st.booleans()), max_size=4))
def test_any_mix_of_names_and_values_gives_usable_parameters(pairs):
    parts = [
        f"{quote(name)}={quote(value, safe='', errors='surrogatepass') if escape else value}"
        for name, value, escape in pairs
    ]
    assert valid(read_params("?" + "&".join(parts)))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.floats(), st.lists(st.text()), st.binary()))
def test_anything_that_is_not_text_gives_the_defaults(query):
    assert read_params(query) == Params()


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**MAX_SEED_DIGITS - 1), st.sampled_from(["0", "1", "2", "0.5", "5"]))
def test_a_seed_and_pace_written_in_ascii_are_read_back(seed, pace):
    params = read_params(f"?pace={pace}&seed={seed}&embed=1")
    assert params == Params(seed=seed, pace=float(pace), embed=True)


@pytest.mark.parametrize(
    "query",
    [
        "?seed=%C2%B2",  # '²'.isdigit() is true; int('²') raises
        "?pace=%C2%B2",
        "?seed=" + "7" * 5000,  # beyond Python's int-string limit (4300 digits)
        "?seed=" + "7" * (MAX_SEED_DIGITS + 1),
        "?seed=",
        "?pace=",
        "?seed=-5",
        "?pace=-1",
        "?pace=1e3",
        "?pace=inf",
        "?pace=nan",
        "?pace=6",
        "?pace=1.",
        "?pace=.5",
        "?seed=%zz",
        "?seed",
        "?seed=%",
        "?=&&=&",
        "?seed=١٢٣",  # Arabic-Indic digits
    ],
)
def test_issue_cases_give_the_defaults(query):
    assert read_params(query) == Params()


def test_the_first_of_repeated_names_wins():
    assert read_params("?seed=3&seed=4&pace=0&pace=2") == Params(seed=3, pace=0.0)
    assert read_params("?seed=x&seed=4").seed is None  # the first is unusable: no seed


def test_escaped_names_and_values_are_decoded():
    assert read_params("?%73eed=%31%32&embed=%31") == Params(seed=12, embed=True)
