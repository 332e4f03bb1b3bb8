"""Records, files and links take time linear in their size (issue 49): each guard makes the
size four times larger and checks the time at most 6 times (linear work takes 4, quadratic 16),
in this process's CPU time: the best of three runs of each size, taken in turns and without the
garbage collector, so that other processes on a shared machine, or a collection that falls in
one run, do not count (and measured again, up to three times, when the ratio is over).

The game is ``tests/data/long_game.mat.xz`` (``python -m tools.golden.long_game``): one legal
money game of 15,000 turns where both players keep hitting, so the positions stay full of
contact (the most legal plays) and nothing ends it.
"""

from __future__ import annotations

import gc
import lzma
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.engine.record import Record
from game.formats.friend_link import FriendGame, LinkFields, LinkRefused, game_id_of
from game.formats.game_link import LONG_RECORD, decode_game, encode_game
from game.formats.mat import InvalidMatFile, format_mat, parse_mat
from game.formats.sgf import format_sgf, parse_sgf
from tests.friend_turns import friend_turn

LONG_GAME = Path(__file__).parent / "data" / "long_game.mat.xz"
GROWTH, RATIO = 4, 6.0


@pytest.fixture(scope="module")
def long_game() -> Record:
    return parse_mat(lzma.decompress(LONG_GAME.read_bytes()).decode("ascii"))


def cpu_time(work: Callable[[], object], runs: int = 3) -> float:
    return min(cpu_times(work, runs=runs))


def cpu_times(*works: Callable[[], object], runs: int = 3) -> list[float]:
    """The best CPU time of each work over ``runs`` rounds, the works taking turns in each."""
    best = [float("inf")] * len(works)
    for _ in range(runs):
        for at, work in enumerate(works):
            gc.collect()  # the garbage of the run before is not this run's work
            gc.disable()
            try:
                began = time.process_time()
                work()
                best[at] = min(best[at], time.process_time() - began)
            finally:
                gc.enable()
    return best


def prefix(record: Record, actions: int) -> Record:
    return Record(record.start, (record.games[0][:actions],), record.names)


def assert_linear(make: Callable[[int], object], read: Callable[[object], object], size: int):
    small, large = make(size), make(GROWTH * size)
    ratios = []
    for _ in range(3):  # a shared machine's noise only ever slows a run: a real cost stays
        for_small, for_large = cpu_times(lambda: read(small), lambda: read(large))
        ratios.append(for_large / for_small)
        if ratios[-1] <= RATIO:
            return
    assert min(ratios) <= RATIO, f"{GROWTH} times the size took {min(ratios):.2f} times as long"


def test_the_long_game_is_long_and_legal(long_game):
    assert len(long_game) >= 29_000 and len(long_game.games) == 1
    kinds = {action.kind for action in long_game.games[0]}
    assert kinds == {"roll", "play"}


def test_appending_to_a_record_is_linear(long_game):
    actions = long_game.games[0]

    def build(count: object) -> Record:
        return Record.new(long_game.rules).extend(actions[: int(count)])  # type: ignore[call-overload]

    assert_linear(lambda n: n, build, 7_000)
    assert build(100).games[0] == actions[:100]


def test_a_record_shares_its_actions_and_stays_a_value(long_game):
    base = prefix(long_game, 10)
    one, other = base.append(long_game.games[0][10]), base.append(long_game.games[0][10])
    assert one == other and len(base) == 10 and len(one) == 11
    assert base.games[0] == long_game.games[0][:10]  # an older record sees only its own actions


def test_reading_a_mat_file_is_linear(long_game):
    assert_linear(lambda n: format_mat(prefix(long_game, n)), parse_mat, 6_000)


def test_reading_an_sgf_file_is_linear(long_game):
    assert_linear(lambda n: format_sgf(prefix(long_game, n)), parse_sgf, 4_000)


def test_decoding_a_game_link_is_linear(long_game):
    # Records of more than LONG_RECORD actions are written as links of version 4: both sizes are.
    assert LONG_RECORD < 2_500
    assert_linear(lambda n: encode_game(prefix(long_game, n)), decode_game, 2_500)


def invitation(record: Record) -> str:
    """An invitation link (anyone can make one: it carries its own key) holding ``record``."""
    key = bytes(range(16))
    fields = LinkFields(
        game_id=game_id_of(key),
        seq=0,
        ready=False,
        invite=True,
        commit=bytes(16),
        reveals=(),
        nonce=None,
        tag=key,
        record_text=encode_game(record),
    )
    return fields.text()


def test_an_invitation_holding_a_long_record_is_refused_in_linear_time(long_game):
    def join(link: object) -> None:
        with pytest.raises(LinkRefused):
            FriendGame.join(str(link))

    assert_linear(lambda n: invitation(prefix(long_game, n)), join, 2_500)


def test_receiving_a_friends_turn_is_linear(long_game):
    mine, link = friend_turn(long_game, 300)
    with pytest.raises(LinkRefused, match="not the ones committed to"):
        mine.receive(link)  # read, checked to its last roll, refused only by the dice

    def receive(made: object) -> None:
        game, text = made  # type: ignore[misc]
        with pytest.raises(LinkRefused, match="not the ones committed to"):
            game.receive(text)

    assert_linear(lambda n: friend_turn(long_game, n), receive, 2_500)


def with_a_play_left_out(record: Record, then: str = "9999) 66: 24/18 24/18 24/18 24/18") -> str:
    """The record's .mat with the first player's first play left out (as FIBS logs a play
    refused), and then a line (by default one that no reading of it replays)."""
    lines = format_mat(record).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  2) "))
    left = lines[at][5:32]  # the left column: "43: 24/20 13/10", as mat_write lays it out
    roll = left.split(":")[0]
    lines[at] = lines[at][:5] + f"{roll}:".ljust(27) + lines[at][32:]
    return "\n".join([*lines, then, ""])


def test_a_play_left_out_is_found_without_replaying_the_game_per_play(long_game):
    found = parse_mat(with_a_play_left_out(prefix(long_game, 200), then=""))
    assert found == prefix(long_game, 200)  # the play left out, found

    def refused(text: object) -> None:
        with pytest.raises(InvalidMatFile):
            parse_mat(str(text))

    assert_linear(lambda n: with_a_play_left_out(prefix(long_game, n)), refused, 4_000)


def test_a_file_of_plays_left_out_is_refused_within_the_same_budget(long_game):
    # Every play left out: the readings multiply and are cut at a few times the file's work.
    record = prefix(long_game, 400)
    text = "\n".join(
        re.sub(r"([1-6][1-6]):[ 0-9/*]+?(?=  |$)", r"\1:", line) if ")" in line else line
        for line in format_mat(record).splitlines()
    )

    def refuse() -> None:
        with pytest.raises(InvalidMatFile):
            parse_mat(text)

    # Best of two each (a loaded machine's stall is no cost of the reading: it only slows).
    refused, plain = cpu_times(refuse, lambda: parse_mat(format_mat(record)), runs=2)
    assert refused <= 20 * plain + 0.5


def test_a_long_record_stays_shallow(long_game):
    # Pyodide's Python frees nested tuples recursively and dies past some 5,000 levels: a game
    # of 20,000 actions (a link can hold one) is kept in chunks, a few hundred levels deep.
    record = Record.new(long_game.rules).extend(long_game.games[0][:20_000])
    deepest, seen = 0, set()
    stack = [(each, 1) for each in gc.get_referents(record) if type(each) is tuple]
    while stack:  # the deepest nesting of tuples the record holds
        held, depth = stack.pop()
        if id(held) in seen:
            continue
        seen.add(id(held))
        deepest = max(deepest, depth)
        stack += [(each, depth + 1) for each in held if type(each) is tuple]
    assert deepest <= 20_000 // 64 + 10
    assert record.games[0] == long_game.games[0][:20_000]
