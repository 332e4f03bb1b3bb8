"""Every corpus file read as GNU Backgammon 1.07 reads it (its readings stored in
tests/data/gnubg_readings.json by python -m tools.golden.gnubg_readings): the same games,
rolls, plays and final score; or, where gnubg found a move its rules forbid, our clean error.

The corpora: tests/data/mat_corpus (public exports, their sources in SOURCES) and
tests/data/sgf (gnubg's own .sgf files, one with its analysis).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.state import Phase
from game.formats.mat import format_mat
from game.formats.match_file import MatchFileError, read_match_file
from tests.records import rolls_and_plays

DATA = Path(__file__).parent / "data"
READINGS = json.loads((DATA / "gnubg_readings.json").read_text())


def as_lines(plays: list[list[tuple[str, list[str]]]]) -> list[list[str]]:
    return [[f"{dice}: {' '.join(moves)}".strip() for dice, moves in game] for game in plays]


def test_the_readings_cover_every_corpus_file():
    files = {
        str(path.relative_to(DATA))
        for pattern in ("mat_corpus/*.mat", "sgf/*.sgf")
        for path in DATA.glob(pattern)
    }
    assert files and files == set(READINGS), "run python -m tools.golden.gnubg_readings"


@pytest.mark.parametrize("name", sorted(READINGS))
def test_we_read_each_file_as_gnubg_does(name):
    gnubg = READINGS[name]
    text = (DATA / name).read_bytes().decode("utf-8", errors="replace")
    try:
        match = read_match_file(text)
    except MatchFileError as error:
        assert gnubg["invalid_move"], f"{name}: {error}"
        assert error.game >= 1 and len(str(error)) < 300
        return
    record = match.record
    # gnubg counts the games played out: a last game the file leaves unfinished is not counted
    unfinished = record.state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER)
    games = len(record.games) - unfinished
    assert (games, list(record.state.score)) == (gnubg["games"], gnubg["score"]), name
    ours = as_lines(rolls_and_plays(format_mat(record)))
    theirs = gnubg["plays"]
    assert len(ours) == len(theirs), name
    for game, (mine, gnubgs) in enumerate(zip(ours, theirs, strict=True), 1):
        # gnubg makes a forced play written before a resignation ("52:" then "Wins"); a
        # roll left unplayed at the end of a game is ours
        if len(mine) == len(gnubgs) and mine[-1:] != gnubgs[-1:] and mine[-1].endswith(":"):
            mine, gnubgs = mine[:-1], gnubgs[:-1]
        assert [sorted(m.split()) for m in mine] == [sorted(g.split()) for g in gnubgs], (
            name,
            game,
        )
