"""Counts of distinct legal plays from tests/data/perft.txt (figures from GNU Backgammon).

On a mismatch the failure shows what our plays look like (dice used, hits, checkers
borne off) and lists them, so the wrong rule can be spotted.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.engine.plays import Play, legal_plays
from game.engine.position import BAR, OFF
from game.formats.position_id import parse_position_id

PERFT = Path(__file__).parent / "data" / "perft.txt"


def perft_rows() -> list[tuple[str, tuple[int, int], int, str]]:
    rows = []
    for line in PERFT.read_text().splitlines():
        data, _, label = line.partition("#")
        if not data.strip():
            continue
        pid, roll, count = data.split()
        high, low = roll.split("-")
        rows.append((pid, (int(high), int(low)), int(count), label.strip()))
    return rows


def breakdown(plays: list[Play]) -> str:
    kinds = Counter()
    for play in plays:
        kinds[f"{len(play.moves)} dice used"] += 1
        kinds["hits"] += any(move.hit for move in play.moves)
        kinds["bears off"] += any(move.destination == OFF for move in play.moves)
        kinds["enters"] += any(move.origin == BAR for move in play.moves)
    listed = "\n".join(" ".join(map(str, play.moves)) for play in plays[:40])
    return f"{dict(kinds)}\n{listed}"


def test_perft_table_holds_the_known_figures():
    rows = {(pid, dice): count for pid, dice, count, _ in perft_rows()}
    assert rows[("4HPwATDgc/ABMA", (3, 1))] == 16
    assert rows[("4HPwATDgc/ABMA", (6, 6))] == 11
    assert rows[("AACAkCRJqqoAAA", (1, 1))] == 2220
    assert len(rows) >= 40


@pytest.mark.parametrize(
    "pid, dice, count, label", perft_rows(), ids=lambda value: str(value).replace(" ", "_")
)
def test_number_of_distinct_plays_matches_gnubg(pid, dice, count, label):
    plays = legal_plays(parse_position_id(pid), dice)
    assert len(plays) == count, (
        f"{pid} {dice[0]}-{dice[1]} ({label}): {len(plays)} plays, gnubg has {count}\n"
        + breakdown(plays)
    )
