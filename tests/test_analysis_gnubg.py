"""Our match analysis against GNU Backgammon's own on the same .mat files.

tests/data/matches/ holds four matches played by gnubg's 0-ply evaluation with
noise (and our cube model with some answers turned around), and
tests/data/analysis_gnubg.txt what Debian's gnubg 1.07 said of them with
``analyse match`` at 0-ply (tools/golden/analysis.py). Ours at 1-ply (the
network alone, the same depth) measured: error rates 3.7 mEMG apart on average,
at most 11.2, the counted decisions at most 1 apart;
``python -m tools.qa.compare_analysis`` prints the comparison on any files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.analysis.record_analysis import analyse_record
from game.formats.mat import parse_mat

DATA = Path(__file__).parent / "data"


def gnubg_figures() -> dict[str, list[tuple[float, int, float, int, float, int]]]:
    found: dict[str, list] = {}
    for line in (DATA / "analysis_gnubg.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, _player, rate, decisions, checker, unforced, cube, close = line.split()
        found.setdefault(name, []).append(
            (float(rate), int(decisions), float(checker), int(unforced), float(cube), int(close))
        )
    return found


GNUBG = gnubg_figures()


@pytest.fixture(scope="module")
def ours():
    return {
        name: analyse_record(parse_mat((DATA / "matches" / name).read_text()), plies=1)
        for name in GNUBG
    }


def test_the_same_decisions_are_counted(ours):
    for name, players in GNUBG.items():
        for stats, (_, decisions, _, unforced, _, close) in zip(
            ours[name].stats, players, strict=True
        ):
            assert stats.unforced == unforced, name
            assert abs(stats.close_cube - close) <= 2, name
            assert abs(stats.decisions - decisions) <= 2, name


def test_error_rates_are_close_to_gnubgs(ours):
    differences = []
    for name, players in GNUBG.items():
        for stats, (rate, _, checker, _, cube, close) in zip(
            ours[name].stats, players, strict=True
        ):
            differences.append(stats.error_rate - rate)
            assert abs(stats.error_rate - rate) <= 15.0, name
            assert abs(stats.checker_rate - checker) <= 15.0, name
            if close >= 2:
                assert abs(stats.cube_rate - cube) <= 40.0, name
    assert sum(abs(d) for d in differences) / len(differences) <= 6.0


def test_the_weaker_side_is_seen_as_weaker(ours):
    # Where gnubg sees a clear gap between the players, so do we.
    for name, (first, second) in GNUBG.items():
        if abs(first[0] - second[0]) >= 10.0:
            mine = ours[name].stats
            assert (mine[0].error_rate > mine[1].error_rate) == (first[0] > second[0]), name
