"""Whole-game links: every self-played record comes back from its link, a 60-turn game
fits in 400 characters, and anything else raises InvalidGameLink."""

from __future__ import annotations

import contextlib
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Rules
from game.engine.position import Position
from game.engine.record import ROLL, Record
from game.engine.state import GameState
from game.formats.game_link import (
    InvalidGameLink,
    decode_game,
    encode_game,
    format_game_link,
    parse_game_link,
)
from tests.records import played

ROUND_TRIPS = int(os.environ.get("RECORD_GAMES", "60"))


def same_game(a: Record, b: Record) -> bool:
    """Same actions with the same outcome (a play may come back as other moves to the same
    position: the link keeps which play, not the order its moves were made in)."""
    if (a.start, len(a.games)) != (b.start, len(b.games)):
        return False
    for (_, _, x), (_, _, y) in zip(a.steps(), b.steps(), strict=True):
        if (x.position, x.phase, x.dice, x.cube, x.score, x.turn) != (
            y.position,
            y.phase,
            y.dice,
            y.cube,
            y.score,
            y.turn,
        ):
            return False
    kinds = [[action.kind for action in game] for game in a.games]
    return kinds == [[action.kind for action in game] for game in b.games]


@pytest.mark.slow
def test_every_record_comes_back_from_its_link():
    for seed in range(ROUND_TRIPS):
        record = played(seed)
        assert same_game(decode_game(encode_game(record)), record), seed
        assert same_game(parse_game_link("#" + format_game_link(record)), record), seed


def test_a_sixty_turn_game_takes_under_400_characters():
    longest = 0
    for seed in range(40):
        record = played(seed, games=1, wild=True)
        game = record.games[0]
        turns = sum(1 for action in game if action.kind == ROLL)
        if turns >= 60:
            link = format_game_link(Record(record.start, (game,)))
            per_turn = len(link) / turns
            longest = max(longest, per_turn)
    assert longest, "some random games should last 60 turns"
    assert 60 * longest < 400, f"{longest:.1f} characters a turn"


def test_records_from_a_set_position_or_score_come_back():
    rules = Rules.full(match_length=7)
    for start in (
        GameState.new(rules, (3, 5)),
        GameState.new(rules, (6, 2)),
        GameState.new(rules, (6, 2), crawford=False, post_crawford=True),
        GameState.new(Rules.full(), position=Position.from_points({1: 2, 2: 3}, {5: 4})),
    ):
        record = Record(start)
        rng = random.Random(1)
        from game.analysis.selfplay import RunnerPlayer, play_game

        record = play_game(record, rng, RunnerPlayer(rng))
        back = decode_game(encode_game(record))
        assert [s.position for s in back.replay()] == [s.position for s in record.replay()]
        assert back.start.score == start.score and back.start.crawford == start.crawford


def signed(body: str) -> str:
    """``body`` with its right check, to reach the reader's later checks."""
    from game.formats.game_link import _check

    return f"{body}.{_check(body)}"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not a game link"),
        ("5.3g..2.ATY.B9", "version 5"),
        ("1.3g..2.ATY", "damaged or cut short"),
        ("1.3g..2.AT.B9", "check does not match"),
        ("1.3g..2.ATY.B", "damaged or cut short"),
        ("1.3g..2.AT$Y.B9", "damaged"),
        (signed("1.3g..zzzzzz.ATY"), "too many actions"),
        (signed("1.3g..zz.ATY"), "more actions than it has room for"),
        (signed("1.zzzzzzzzz..2.ATY"), "rules"),
        (signed("1.3g.99-99.2.ATY"), "starting position"),
        (signed("1.3g.AAAA:BBBB.2.ATY"), "starting position"),
        (signed("1.3g..2.ATYAAAAAAAA"), "holds more"),
    ],
)
def test_broken_links_say_what_is_wrong(text, reason):
    with pytest.raises(InvalidGameLink, match=reason):
        decode_game(text)


def test_the_position_beside_the_game_must_agree():
    record = played(3)
    link = format_game_link(record)
    other = format_game_link(played(4))
    mixed = link.split("&")[1] + "&" + other.split("&")[0]
    with pytest.raises(InvalidGameLink, match="do not agree"):
        parse_game_link(mixed)
    with pytest.raises(InvalidGameLink, match="no game"):
        parse_game_link(link.split("&")[0])


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet="0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ._-:", max_size=80
    )
)
def test_any_text_is_a_record_or_invalid_game_link(text):
    try:
        record = decode_game(text)
    except InvalidGameLink:
        return
    assert isinstance(record, Record)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_a_damaged_link_never_fails_otherwise(seed, data):
    text = encode_game(played(seed % 50))
    at = data.draw(st.integers(0, len(text) - 1))
    damaged = text[:at] + data.draw(st.sampled_from("A_-.9z")) + text[at + 1 :]
    cut = text[: data.draw(st.integers(0, len(text)))]
    for candidate in (damaged, cut):
        with contextlib.suppress(InvalidGameLink):
            decode_game(candidate)


def test_a_play_is_told_by_its_rank_among_the_resulting_positions_as_tuples():
    # The link's order of the plays is the resulting positions' (mover's side, then the
    # opponent's) as tuples of counts; decoding ranks the search's byte keys instead, which
    # must give the same order, so that every link made before still reads the same game.
    import lzma
    from pathlib import Path

    from game.engine.plays import legal_plays
    from game.formats.game_link import _ranked_plays
    from game.formats.mat import parse_mat

    long_game = Path(__file__).parent / "data" / "long_game.mat.xz"  # hitting: many plays
    text = lzma.decompress(long_game.read_bytes()).decode("ascii")
    record = parse_mat(text[:40_000].rsplit("\n", 1)[0] + "\n")
    states = [s for _, _, s in record.steps()]
    for state in states + [s for seed in (3, 4) for _, _, s in played(seed, wild=True).steps()]:
        if not state.dice or state.phase.value != "move":
            continue
        ranked, found = _ranked_plays(state)
        by_tuples = sorted(
            legal_plays(state.position, state.dice),
            key=lambda p: (p.position.player, p.position.opponent),
        )
        assert [bytes(p.position.player) + bytes(p.position.opponent) for p in by_tuples] == ranked
        assert len(found) == len(ranked)
