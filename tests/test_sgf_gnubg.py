"""GNU Backgammon 1.07 (Debian's, headless) opens the .sgf files we write with ``load match``:
every game, every roll and play, the same final score; and it reads the corpus files as the
stored readings say (tests/data/gnubg_readings.json, made by
python -m tools.golden.gnubg_readings)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.record import Record
from game.formats.mat import format_mat, parse_mat
from game.formats.sgf import format_sgf
from tests.gnubg_files import gnubg_open, needs_gnubg
from tests.records import played, rolls_and_plays

DATA = Path(__file__).parent / "data"

pytestmark = [pytest.mark.gnubg, needs_gnubg]


def test_gnubg_opens_every_game_roll_and_play_of_our_sgf(tmp_path):
    records = [played(seed) for seed in range(28)]
    paths = []
    for index, record in enumerate(records):
        path = tmp_path / f"match{index}.sgf"
        path.write_text(format_sgf(record))
        paths.append(path)
    for record, (games, score, exported) in zip(records, gnubg_open(paths, tmp_path), strict=True):
        if not record.rules.gammons:
            continue  # gnubg has no rule without gammons: it may score a gammon as 2
        assert (games, score) == (len(record.games), record.state.score)
        assert rolls_and_plays(exported) == rolls_and_plays(format_mat(record))
        # every roll comes back in the order it was thrown (the .sgf writes it so, gnubg keeps it)
        assert thrown(parse_mat(exported)) == thrown(record)


def thrown(record: Record) -> list[list[tuple[int, int] | None]]:
    return [[action.dice for action in game if action.kind == "roll"] for game in record.games]


def test_the_stored_readings_are_gnubgs_own(tmp_path):
    readings = json.loads((DATA / "gnubg_readings.json").read_text())
    names = sorted(readings)
    files = [DATA / name for name in names]
    for name, path in zip(names, files, strict=True):
        if readings[name]["invalid_move"]:
            continue
        ((games, score, _),) = gnubg_open([path], tmp_path, warnings_fail=False)
        assert (games, list(score)) == (readings[name]["games"], readings[name]["score"]), name
