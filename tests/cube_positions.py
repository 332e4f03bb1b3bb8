"""The cube positions gnubg 2-ply judged (tests/data/cube_gnubg2ply.txt, written by
``python -m tools.bench.cube label``): read by tests/test_cube.py and the cube benchmark.

One position a line: its gnubg ID, gnubg's action and response, gnubg's 2-ply cubeless
probabilities (five numbers), then ``#`` and gnubg's words.
"""

from __future__ import annotations

from pathlib import Path

from game.bot.probabilities import Probabilities

CUBE_POSITIONS = Path(__file__).resolve().parent / "data" / "cube_gnubg2ply.txt"


def read_cube_positions(
    path: Path = CUBE_POSITIONS,
) -> list[tuple[str, tuple[str, str], Probabilities, str]]:
    """(gnubg ID, gnubg's answer, gnubg's 2-ply cubeless probabilities, gnubg's words)."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        data, _, words = line.partition("#")
        fields = data.split()
        rows.append(
            (
                fields[0],
                (fields[1], fields[2]),
                Probabilities.from_sequence(float(f) for f in fields[3:8]),
                words.strip(),
            )
        )
    return rows
