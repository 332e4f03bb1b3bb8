"""Readers of stored data and of text keep their word (issue 49): for any JSON value or text
each raises only its documented error, quickly, with a short message (Hypothesis feeds them
arbitrary JSON: deep nesting, numbers too large for a float or an int, ``None``, types where
others are expected).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.match import Rules
from game.engine.notation import InvalidPlay, parse_play
from game.engine.position import Position
from game.engine.state import InvalidState
from game.formats.friend_link import FriendGame, LinkRefused, read_link
from game.formats.game_link import (
    InvalidGameLink,
    decode_game,
    parse_game_link,
    parse_game_link_dice,
)
from game.formats.gnubg_id import read_gnubg_id
from game.formats.mat import InvalidMatFile, parse_mat
from game.formats.mat_dice import InvalidDiceHeaders, read_dice_headers
from game.formats.match_id import InvalidMatchId, parse_gnubg_id, parse_match_id
from game.formats.position_id import InvalidPositionId, parse_position_id
from game.formats.save import read_save
from game.formats.sgf import InvalidSgfFile, parse_sgf
from game.formats.xgid import InvalidXgid, parse_xgid
from game.web.store.deck import CARD_FIELDS, Deck, read_deck
from game.web.store.deck import VERSION as DECK_VERSION

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))

# JSON as a parser gives it back: 1e999 reads as inf, huge integers stay integers.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([10**4000, -1, 0, 1, 2**63, float("inf"), float("-inf"), 1e308, 0.5]),
    st.floats(allow_nan=False),
    st.text(max_size=30),
)
any_json = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=30,
)


def nested(depth: int) -> object:
    """A list inside a list ``depth`` deep (what ``[[[...]]]`` of that depth reads as)."""
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


deep = st.integers(1, 5000).map(nested)

# Each reader of text or data, and the one error it promises.
READERS = [
    (decode_game, InvalidGameLink),
    (parse_game_link, InvalidGameLink),
    (parse_game_link_dice, InvalidGameLink),
    (read_link, LinkRefused),
    (FriendGame.from_data, ValueError),
    (read_save, InvalidState),
    (parse_mat, InvalidMatFile),
    (parse_sgf, InvalidSgfFile),
    (read_dice_headers, InvalidDiceHeaders),
    (parse_position_id, InvalidPositionId),
    (parse_match_id, InvalidMatchId),
    (parse_gnubg_id, (InvalidPositionId, InvalidMatchId)),
    (read_gnubg_id, ValueError),
    (parse_xgid, InvalidXgid),
    (lambda text: parse_play(text, Position.start(), (3, 1)), InvalidPlay),
]


def answers_in_its_word(reader, error, value) -> None:
    try:
        reader(value)
    except error as refused:
        assert len(str(refused)) <= 400, str(refused)[:500]  # escapes of 60 characters at most
    except Exception as other:
        pytest.fail(f"{type(other).__name__} from {value!r:.80}: {other!s:.200}")


@pytest.mark.parametrize(("reader", "error"), READERS)
@FUZZ
@given(value=st.one_of(any_json, deep))
def test_any_json_is_read_or_refused_in_the_readers_word(reader, error, value):
    answers_in_its_word(reader, error, value)


@pytest.mark.parametrize(("reader", "error"), READERS)
@FUZZ
@given(text=st.text(max_size=200))
def test_any_text_is_read_or_refused_in_the_readers_word(reader, error, text):
    answers_in_its_word(reader, error, text)


def saved_friend_game() -> dict:
    ann = FriendGame.invite(Rules.full(match_length=3), master=bytes(32), key=bytes(16))
    return ann.to_data()


@FUZZ
@given(field=st.sampled_from(sorted(saved_friend_game())), value=st.one_of(any_json, deep))
def test_a_friend_save_with_any_field_changed_is_read_or_refused(field, value):
    data = saved_friend_game()
    data[field] = value
    answers_in_its_word(FriendGame.from_data, ValueError, data)


@pytest.mark.parametrize("field", ["seq", "nonces_sent", "me"])
def test_a_friend_save_with_a_huge_number_is_refused(field):
    data = json.loads(
        json.dumps(saved_friend_game()).replace(f'"{field}": ', f'"{field}": 1e999, "x": ')
    )
    with pytest.raises(ValueError, match="not a saved game with a friend"):
        FriendGame.from_data(data)
    data = saved_friend_game()
    data["commits"] = [[1e999, "00" * 16]]
    with pytest.raises(ValueError, match="not a saved game with a friend"):
        FriendGame.from_data(data)


def test_the_dice_of_a_link_are_read_only_from_text():
    with pytest.raises(InvalidGameLink):
        parse_game_link_dice(None)  # type: ignore[arg-type]
    seed = "ab" * 32
    with pytest.raises(InvalidGameLink):
        parse_game_link_dice(f"dice={'cd' * 32}-{seed}%0A")  # a line end after the seed


def a_deck_text(card: object) -> str:
    return json.dumps({"version": DECK_VERSION, "cards": [card]})


GOOD_CARD = {
    "card": {name: f"some {name}" for name in CARD_FIELDS},
    "schedule": [1, 2.5, 1.0, 0.0],
    "answers": [[0.0, 1]],
}


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1000 + "]" * 1000,
        '{"version": 1, "cards": ' + "[" * 1000 + "]" * 1000 + "}",
        a_deck_text({**GOOD_CARD, "answers": 7}),  # a number where a list is
        a_deck_text({**GOOD_CARD, "schedule": [1, 2.5, int("9" * 4000), 0.0]}),
        a_deck_text({**GOOD_CARD, "answers": [[int("9" * 4000), 1]]}),
        a_deck_text({**GOOD_CARD, "schedule": 5}),
        a_deck_text(None),
    ],
)
def test_read_deck_keeps_its_word_on_hostile_decks(text):
    deck = read_deck(text)  # never raises
    assert isinstance(deck, Deck) and len(deck.cards) <= 1


def test_read_deck_keeps_the_cards_it_can_read():
    deck = read_deck(json.dumps({"version": DECK_VERSION, "cards": [GOOD_CARD, {"answers": 7}]}))
    assert len(deck.cards) == 1


@FUZZ
@given(value=any_json, field=st.sampled_from(["card", "schedule", "answers"]))
def test_read_deck_reads_any_json_or_an_empty_deck(value, field):
    for text in (json.dumps(value), a_deck_text({**GOOD_CARD, field: value})):
        assert isinstance(read_deck(text), Deck)
