"""Every version of the game link: the links written before version 4 still open to the same
game (``tests/data/game_links_golden.txt``, written by the encoder of session 28) and are still
written for records of ``LONG_RECORD`` actions or fewer; version 4 (longer records: blocks of
digits, plays move by move) gives back every action as it was, refuses a play the rules do
not allow, and carries a game between friends with the same checks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Cube, Rules
from game.engine.plays import MoveByMove
from game.engine.position import Position
from game.engine.record import Action, ActionKind, Record
from game.engine.state import GameState
from game.formats import game_link
from game.formats.friend_link import read_link
from game.formats.game_link import InvalidGameLink, decode_game, encode_game
from game.formats.link_blocks import pack_blocks
from tests import test_friend_link
from tests.link_digest import moments_digest
from tests.records import played

GOLDEN = Path(__file__).parent / "data" / "game_links_golden.txt"


def golden() -> list[tuple[str, str]]:
    lines = GOLDEN.read_text(encoding="ascii").splitlines()
    return [(link, digest) for link, digest in (line.split("\t") for line in lines)]


def test_the_golden_links_hold_every_older_version():
    versions = {link.split(".")[0] for link, _ in golden()}
    assert versions == {"1", "2", "3"}
    longest = max(int(link.split(".")[3], 36) for link, _ in golden() if link.startswith("1."))
    assert longest > game_link.LONG_RECORD  # a long game written as version 1 before version 4


@pytest.mark.parametrize(("link", "digest"), golden(), ids=lambda text: text[:12])
def test_a_link_written_before_opens_to_the_same_game(link, digest):
    record = decode_game(link)
    assert moments_digest(record) == digest
    again = encode_game(record)
    if len(record) + len(record.games) - 1 <= game_link.LONG_RECORD:
        assert again == link  # still written so: a link made today is the one made before
    else:
        assert again.startswith("4.") and moments_digest(decode_game(again)) == digest


@pytest.fixture
def every_link_in_blocks(monkeypatch):
    monkeypatch.setattr(game_link, "LONG_RECORD", 0)


@pytest.fixture(scope="module")
def long_record() -> Record:
    """The first 2,200 actions of ``tests/data/long_game.mat.xz`` (``tests/test_linear.py``)."""
    import lzma

    from game.formats.mat import parse_mat

    text = lzma.decompress((GOLDEN.parent / "long_game.mat.xz").read_bytes()).decode("ascii")
    game = parse_mat(text)
    return Record(game.start, (game.games[0][:2_200],), game.names)


def test_a_long_record_is_written_in_blocks_and_comes_back_action_for_action(long_record):
    record = long_record
    link = encode_game(record)
    assert link.startswith("4.") and len(record) > game_link.LONG_RECORD
    assert decode_game(link).games == record.games  # each play's moves, in their order


@pytest.mark.usefixtures("every_link_in_blocks")
@pytest.mark.parametrize("seed", range(8))
def test_every_kind_of_action_comes_back_from_version_4(seed):
    record = played(seed, wild=seed % 2 == 0)  # cubes, beavers, resignations, matches
    link = encode_game(record)
    assert link.startswith("4.")
    assert decode_game(link).games == record.games


@pytest.mark.usefixtures("every_link_in_blocks")
def test_set_ups_and_resignations_before_the_opening_roll_come_back_from_version_4():
    from game.formats.mat import read_mat
    from tests.test_mat_exports import BEFORE_THE_OPENING_ROLL
    from tests.test_sgf_setups import edited_record

    for record in (read_mat(BEFORE_THE_OPENING_ROLL)[0], edited_record()):
        link = encode_game(record)
        assert link.startswith("4.")
        assert decode_game(link).games == record.games


def test_moves_in_an_order_no_die_allows_come_back_as_the_play_they_make(every_link_in_blocks):
    # From the bar with 3-1: the 8/5 written before the checker enters.
    position = Position.from_points({25: 1, 8: 3, 6: 5, 13: 5, 24: 1}, {6: 5})
    start = to_roll(position)
    record = Record(start).extend([Action.roll((3, 1))])
    played_so = record.append(Action.play([(8, 5), (25, 24)]))
    back = decode_game(encode_game(played_so))
    assert back.state.position == played_so.state.position
    assert back.games[0][-1].moves == ((25, 24), (8, 5))


def to_roll(position: Position) -> GameState:
    """A money game at ``position``, player 0 to roll."""
    return GameState.new(Rules.full()).set_up(position, 0, Cube(1, None))


def link_of(start: GameState, places: list[tuple[int, int]], count: int) -> str:
    """A version 4 link from ``start`` with these digits, its check right."""
    head = encode_game(Record(start)).split(".")
    body = ".".join(["4", *head[1:3], game_link.base36(count), _b64(pack_blocks(places)), ""])
    return f"{body}.{game_link._check(body)}"


def _b64(data: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def a_play_stopped_short() -> tuple[GameState, tuple[int, int], int]:
    """A start to roll, a roll and the index of a first move after which the other die cannot
    move, though a play of both dice exists: stopping there is not a legal play."""
    rng = random.Random(7)
    for _ in range(5_000):
        mine = {point: 1 for point in rng.sample(range(1, 25), 6)}
        theirs = {point: 2 for point in rng.sample(range(1, 25), 6)}
        if any(25 - p in theirs for p in mine):
            continue
        position = Position.from_points(mine, theirs)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if dice[0] == dice[1]:
            continue
        for index in range(len(MoveByMove(position, dice).options())):
            made = MoveByMove(position, dice)
            made.make(index)
            if not made.options() and made.play() is None:
                return to_roll(position), dice, index
    raise AssertionError("no such position found")


def test_a_play_that_stops_short_is_refused():
    start, dice, index = a_play_stopped_short()
    choices = game_link._choices(start, game_link.BLOCKS_VERSION)
    roll = choices.index((ActionKind.ROLL, dice))
    first = len(MoveByMove(start.position, dice).options()) + 6
    with pytest.raises(InvalidGameLink, match="damaged"):
        decode_game(link_of(start, [(roll, len(choices)), (index, first)], 2))
    made = MoveByMove(start.position, dice)
    made.make(index)
    assert made.left  # a die unused: the link named a play of one die where two could move
    # The same link naming a play of both dice opens.
    made = MoveByMove(start.position, dice)
    both = next(i for i in range(first - 6) if _goes_on(start.position, dice, i))
    made.make(both)
    places = [(roll, len(choices)), (both, first), (0, len(made.options()))]
    assert len(decode_game(link_of(start, places, 2))) == 2


def _goes_on(position: Position, dice: tuple[int, int], index: int) -> bool:
    made = MoveByMove(position, dice)
    made.make(index)
    return bool(made.options())


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda payload: payload[:-4], "cut short|truncated|damaged"),
        (lambda payload: payload + "AA", "holds more|damaged"),
        (lambda payload: "_w" + payload[2:], "damaged|cut short|holds more"),
    ],
)
def test_a_broken_version_4_link_says_what_is_wrong(change, reason, long_record):
    fields = encode_game(long_record).split(".")
    body = ".".join([*fields[:4], change(fields[4]), fields[5]])
    with pytest.raises(InvalidGameLink, match=reason):
        decode_game(f"{body}.{game_link._check(body)}")


@pytest.mark.usefixtures("every_link_in_blocks")
def test_friends_play_by_version_4_links_with_the_same_checks():
    (ann, bob), links = test_friend_link.play_match(Rules.full(match_length=3), 2)
    assert ann.record == bob.record and ann.record.state.phase.name == "MATCH_OVER"
    texts = [read_link(link).record_text for link in links]
    assert all(text.startswith("4.") for text in texts if len(decode_game(text)))
    test_friend_link.test_a_friend_who_changes_the_dice_or_moves_for_you_is_refused()
    for field in (4, 5, 8):
        test_friend_link.test_a_tampered_link_is_refused_and_nothing_is_lost(field)


def _a_version_4_link() -> str:
    kept = game_link.LONG_RECORD
    game_link.LONG_RECORD = 0
    try:
        return encode_game(played(3, wild=True))
    finally:
        game_link.LONG_RECORD = kept


V4_LINK = _a_version_4_link()


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_version_4_link_changed_anywhere_is_a_record_or_refused(data):
    fields = V4_LINK.split(".")
    payload = fields[4]
    at = data.draw(st.integers(0, len(payload) - 1))
    new = data.draw(st.sampled_from(game_link._ALPHABET))
    cut = data.draw(st.integers(0, 3))
    changed = (payload[:at] + new + payload[at + 1 :])[: len(payload) - cut]
    body = ".".join([*fields[:4], changed, fields[5]])
    try:
        record = decode_game(f"{body}.{game_link._check(body)}")
    except InvalidGameLink:
        return
    assert isinstance(record, Record)


def test_the_collector_is_paused_only_while_a_link_is_read(long_record):
    import gc

    link = encode_game(long_record)
    assert gc.isenabled()
    decode_game(link)
    assert gc.isenabled()
    with pytest.raises(InvalidGameLink):
        decode_game(link[:-6] + "AA" + link[-4:])
    assert gc.isenabled()
    gc.disable()
    try:
        decode_game(link)
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
