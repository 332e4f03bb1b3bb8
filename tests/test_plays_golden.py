"""Our legal plays against GNU Backgammon's, on the positions in tests/data/plays_golden.txt.xz.

The golden file is written by tools/golden/plays.py (see there for its format and
for the coverage figures); gnubg is not needed here. Zero differences are allowed, in
the sets of resulting positions and in the Position IDs that name them.
"""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest

from game.engine.plays import legal_plays
from game.engine.position import BAR, Position
from game.formats.position_id import format_position_id, parse_position_id

GOLDEN = Path(__file__).parent / "data" / "plays_golden.txt.xz"


def read_golden() -> list[list[str]]:
    with lzma.open(GOLDEN, "rt", encoding="ascii") as lines:
        return [line.split() for line in lines]


def position_from_board_hex(text: str) -> Position:
    """gnubg's board as 50 hex digits (board[0], then board[1] = on roll) as a Position."""
    counts = [int(digit, 16) for digit in text]
    sides = []
    for half in (counts[:25], counts[25:]):
        side = [0] * 26
        side[1 : BAR + 1] = half
        side[0] = 15 - sum(half)
        sides.append(tuple(side))
    return Position(sides[1], sides[0])


@pytest.fixture(scope="module")
def golden() -> list[list[str]]:
    return read_golden()


def test_golden_file_is_large_and_varied(golden):
    assert len(golden) >= 20_000
    sizes = [len(fields) - 4 for fields in golden if fields[4] != "-"]
    assert sum(fields[4] == "-" for fields in golden) >= 100
    assert max(sizes) >= 1000
    assert sum(fields[1] == fields[2] for fields in golden) >= 2000


def test_position_ids_agree_with_gnubg(golden):
    wrong = []
    for pid, _d1, _d2, board, *_ in golden:
        position = position_from_board_hex(board)
        if format_position_id(position) != pid or parse_position_id(pid) != position:
            wrong.append(pid)
    assert not wrong, f"{len(wrong)} Position IDs differ from gnubg's, e.g. {wrong[:5]}"


@pytest.mark.slow
def test_legal_plays_agree_with_gnubg(golden):
    differences = []
    for pid, d1, d2, board, *expected in golden:
        position = position_from_board_hex(board)
        want = set() if expected == ["-"] else set(expected)
        got = {
            format_position_id(play.position) for play in legal_plays(position, (int(d1), int(d2)))
        }
        if got != want:
            differences.append(
                f"{pid} {d1}-{d2}: {len(got)} plays, gnubg {len(want)}; "
                f"missing {sorted(want - got)[:3]}, extra {sorted(got - want)[:3]}"
            )
    assert not differences, f"{len(differences)} of {len(golden)} differ:\n" + "\n".join(
        differences[:20]
    )
