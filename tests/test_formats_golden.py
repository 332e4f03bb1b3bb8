"""Our formats agree with GNU Backgammon on the stored golden file (no gnubg needed).

Regenerate the file with ``python -m tools.golden.formats``.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from game.engine.plays import Move
from game.engine.position import BAR, CHECKERS, OFF, Position
from game.formats import (
    MatchId,
    format_gnubg_id,
    format_match_id,
    format_play,
    format_position_id,
    format_xgid,
    parse_gnubg_id,
    parse_match_id,
    parse_play,
    parse_position_id,
    parse_xgid,
)

GOLDEN = Path(__file__).parent / "data" / "formats_golden.txt"


def _load() -> dict[str, list[list[str]]]:
    rows: dict[str, list[list[str]]] = defaultdict(list)
    for line in GOLDEN.read_text().splitlines():
        kind, *fields = line.split("\t")
        rows[kind].append(fields)
    return rows


ROWS = _load()


def _position(opponent_hex: str, player_hex: str) -> Position:
    def side(text: str) -> tuple[int, ...]:
        counts = [int(c, 16) for c in text]
        return (CHECKERS - sum(counts), *counts)

    return Position(side(player_hex), side(opponent_hex))


def _match(fields: list[str]) -> MatchId:
    (
        cube,
        owner,
        roll,
        crawford,
        state,
        turn,
        doubled,
        resigned,
        d1,
        d2,
        length,
        s0,
        s1,
        jacoby,
    ) = (int(f) for f in fields)
    return MatchId(
        cube=cube,
        cube_owner=None if owner == -1 else owner,
        player_on_roll=roll,
        crawford=bool(crawford),
        game_state=state,
        turn=turn,
        double_offered=bool(doubled),
        resignation=resigned,
        dice=(d1, d2),
        match_length=length,
        score=(s0, s1),
        jacoby=bool(jacoby),
    )


def test_golden_file_covers_every_kind_of_line():
    counts = {kind: len(rows) for kind, rows in ROWS.items()}
    assert counts["position"] >= 2000 and counts["match"] >= 2000
    assert counts["gnubgid"] >= 100 and counts["xgid"] >= 500 and counts["play"] >= 1000


def test_position_ids_agree_with_gnubg_both_ways():
    for opponent, player, pid in ROWS["position"]:
        position = _position(opponent, player)
        assert format_position_id(position) == pid
        assert parse_position_id(pid) == position


def test_golden_positions_include_bar_and_bear_off_cases():
    positions = [_position(o, p) for o, p, _ in ROWS["position"]]
    assert sum(1 for p in positions if p.player[BAR] or p.opponent[BAR]) > 100
    assert sum(1 for p in positions if p.player[OFF]) > 50


def test_match_ids_agree_with_gnubg_both_ways():
    for *fields, mid in ROWS["match"]:
        match = _match(fields)
        assert format_match_id(match) == mid, fields
        assert parse_match_id(mid) == match, fields


def test_golden_match_states_cover_every_field():
    matches = [_match(fields) for *fields, _ in ROWS["match"]]
    assert {m.game_state for m in matches} == set(range(5))
    assert {int(m.resignation) for m in matches} == {0, 1, 2, 3}
    assert {m.cube for m in matches} == {1, 2, 4, 8, 16, 32, 64}
    assert any(m.double_offered for m in matches) and any(m.crawford for m in matches)
    assert {m.cube_owner for m in matches} == {None, 0, 1}
    assert {m.jacoby for m in matches} == {True, False}
    assert max(m.match_length for m in matches) == 64


def test_combined_gnubg_ids_agree_with_gnubg():
    for opponent, player, *fields, ident in ROWS["gnubgid"]:
        position, match = _position(opponent, player), _match(fields)
        assert format_gnubg_id(position, match) == ident
        assert parse_gnubg_id(ident) == (position, match)


def test_xgids_read_as_gnubg_reads_them():
    for text, ident in ROWS["xgid"]:
        xgid = parse_xgid(text)
        assert format_xgid(xgid) == text
        assert format_gnubg_id(xgid.position(), xgid.match_id()) == ident, text


def _moves(position: Position, steps: str) -> tuple[Move, ...]:
    opponent = list(position.opponent)
    moves = []
    for step in steps.split(","):
        origin, destination = (int(p) for p in step.split("/"))
        hit = destination != OFF and opponent[25 - destination] == 1
        if hit:
            opponent[25 - destination] = 0
        moves.append(Move(origin, destination, hit))
    return tuple(moves)


def test_play_text_is_written_as_gnubg_writes_it():
    for pid, _d1, _d2, steps, text in ROWS["play"]:
        position = parse_position_id(pid)
        assert format_play(_moves(position, steps)) == text, (pid, steps)


def test_gnubg_play_text_reads_back_to_the_same_play():
    for pid, d1, d2, steps, text in ROWS["play"]:
        position = parse_position_id(pid)
        dice = (int(d1), int(d2))
        me, opp = list(position.player), list(position.opponent)
        for move in _moves(position, steps):
            me[move.origin] -= 1
            me[move.destination] += 1
            if move.hit:
                opp[25 - move.destination] -= 1
                opp[BAR] += 1
        expected = Position(tuple(me), tuple(opp))
        assert parse_play(text, position, dice).position == expected, (pid, dice, text)


@pytest.mark.parametrize("kind", ["position", "match", "xgid", "play"])
def test_golden_rows_are_distinct_enough(kind):
    rows = ROWS[kind]
    assert len({tuple(r) for r in rows}) > 0.9 * len(rows)
