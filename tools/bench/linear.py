"""Long records, files and links, timed in CPU time (issue 49's figures).

    python -m tools.bench.linear [--turns 50000]

Plays one money game of ``--turns`` rolls where both players keep hitting
(``tools.golden.long_game``), then times: building its record action by action; reading it
as ``.mat`` (and the time a MB); reading 10,000 actions of it as ``.sgf`` (a file
holds 20,000 nodes at most); decoding 10,000 and 20,000 actions of it as a whole-game link (a
link holds 20,000 at most; version 4, and version 1 as written before it, with the time of its
number's divisions alone); a friend's turn
received over some 9,950 and 19,900 actions (``FriendGame.receive``: read, every roll checked,
refused only by the last roll's dice: ``friend_turn``).
``--turns 76000`` makes a .mat of about 2 MB. Runs under Pyodide too:
``node tools/bench/pyodide.mjs tools.bench.linear --turns 10000``.
"""

from __future__ import annotations

import argparse
import base64
import time
from collections.abc import Callable

from game.engine.record import Record
from game.formats.friend_link import FriendGame, LinkRefused
from game.formats.game_link import decode_game, encode_game
from game.formats.mat import format_mat, parse_mat
from game.formats.sgf import format_sgf, parse_sgf
from tests.friend_turns import friend_turn
from tools.golden.long_game import endless_game


def _clock() -> Callable[[], float]:
    """CPU time: Node.js's for its process under Pyodide, whose ``time.process_time`` counts
    the wall clock (on a shared machine, the others' work too)."""
    try:
        from js import process  # type: ignore[import-not-found]
    except ImportError:
        return time.process_time

    def used() -> float:
        usage = process.cpuUsage()
        return float(usage.user + usage.system) / 1e6

    return used


_CPU = _clock()


def cpu(work: Callable[[], object]) -> float:
    began = _CPU()
    work()
    return _CPU() - began


def prefix(record: Record, actions: int) -> Record:
    return Record(record.start, (record.games[0][:actions],), record.names)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=50_000)
    options = parser.parse_args()
    record = endless_game(options.turns)
    actions = record.games[0]
    print(f"the game: {len(actions)} actions")
    seconds = cpu(lambda: Record.new(record.rules).extend(actions))
    print(f"record, action by action: {len(actions)} actions in {seconds:.2f} s CPU")
    text = format_mat(record)
    seconds = cpu(lambda: parse_mat(text))
    per_mb = seconds / (len(text) / 1_000_000)
    print(f".mat: {len(text):,} bytes in {seconds:.2f} s CPU ({per_mb:.2f} s a MB)")
    sgf = format_sgf(prefix(record, 10_000))
    print(f".sgf: 10,000 actions, {len(sgf):,} bytes in {cpu(lambda: parse_sgf(sgf)):.2f} s CPU")
    links = {n: encode_game(prefix(record, n)) for n in (10_000, 20_000)}
    times = {n: cpu(lambda link=link: decode_game(link)) for n, link in links.items()}  # type: ignore[misc]
    print(
        f"link: 20,000 actions, {len(links[20_000]):,} characters (version "
        f"{links[20_000][0]}) in {times[20_000]:.2f} s CPU; 10,000 in {times[10_000]:.2f} s"
        f" ({times[20_000] / times[10_000]:.2f}x for 2x)"
    )
    olds = {n: _as_version_1(prefix(record, n)) for n in (10_000, 20_000)}
    times = {n: cpu(lambda old=old: decode_game(old)) for n, old in olds.items()}  # type: ignore[misc]
    divisions = {n: _divisions(old) for n, old in olds.items()}
    print(
        f"link of version 1 (as written before version 4): 20,000 actions in {times[20_000]:.2f}"
        f" s CPU, of which the number's divisions {divisions[20_000]:.2f} s; 10,000 in"
        f" {times[10_000]:.2f} s ({divisions[10_000]:.2f} s; {times[20_000] / times[10_000]:.2f}x"
        f" and {divisions[20_000] / divisions[10_000]:.2f}x for 2x)"
    )
    turns = {n: friend_turn(record, n) for n in (9_950, 19_900)}  # ends at most 2 actions later
    times = {n: cpu(lambda turn=turn: _refused(*turn)) for n, turn in turns.items()}  # type: ignore[misc]
    actions = len(turns[19_900][0].record) + 2
    print(
        f"friend's turn received: {actions:,} actions in {times[19_900]:.2f} s CPU; half as "
        f"many in {times[9_950]:.2f} s ({times[19_900] / times[9_950]:.2f}x for 2x)"
    )


def _as_version_1(record: Record) -> str:
    """The link the encoder wrote before version 4 (longer records were of version 1 too)."""
    from game.formats import game_link

    kept = game_link.LONG_RECORD
    game_link.LONG_RECORD = game_link.MAX_ACTIONS
    try:
        return encode_game(record)
    finally:
        game_link.LONG_RECORD = kept


def _divisions(link: str) -> float:
    """CPU time of the divisions a version 1 link's decoding makes: its whole number divided
    by each action's radix in turn (each radix known only once the action before is read, so
    each division is of the whole rest of the number: quadratic), without the rest."""
    from game.formats import game_link

    radices: list[int] = []

    def recorded(value: int, radix: int) -> tuple[int, int]:
        radices.append(radix)
        return divmod(value, radix)

    game_link.divmod = recorded  # type: ignore[attr-defined]
    try:
        decode_game(link)
    finally:
        del game_link.divmod  # type: ignore[attr-defined]
    payload = link.split(".")[4]
    value = int.from_bytes(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), "big")

    def divide(value: int = value) -> None:
        for radix in radices:
            value, _ = divmod(value, radix)

    return cpu(divide)


def _refused(game: FriendGame, link: str) -> None:
    try:
        game.receive(link)
    except LinkRefused as refusal:
        if "committed" in str(refusal):
            return  # refused by the very last check, as it should be
        raise
    raise AssertionError("the friend's turn was taken with the wrong dice")


if __name__ == "__main__":
    main()
