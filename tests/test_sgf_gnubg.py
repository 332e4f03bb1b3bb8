"""GNU Backgammon 1.07 (Debian's, headless) opens the .sgf files we write with ``load match``:
every game, every roll and play, the same final score; and it reads the corpus files as the
stored readings say (tests/data/gnubg_readings.json, made by
python -m tools.golden.gnubg_readings)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game.formats.mat import format_mat
from game.formats.sgf import format_sgf
from tests.records import played, rolls_and_plays
from tests.test_mat_gnubg import GNUBG

DATA = Path(__file__).parent / "data"

pytestmark = [
    pytest.mark.gnubg,
    pytest.mark.skipif(shutil.which(GNUBG) is None, reason="Debian's gnubg is not installed"),
]


def gnubg_load(
    files: list[Path], tmp_path: Path, verb: str
) -> list[tuple[int, tuple[int, int], str]]:
    """(games, final score, gnubg's .mat export) of each file as gnubg opens it."""
    commands = "".join(
        f"{verb} {path}\nshow score\nexport match mat {tmp_path}/out{index}.mat\n"
        for index, path in enumerate(files)
    )
    script = tmp_path / "commands.txt"
    script.write_text(commands)
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    output = done.stdout + done.stderr
    assert "Invalid move" not in output and "warning" not in output.lower(), output[-2000:]
    scores = re.findall(r"The score \(after (\d+) games?\) is: .*? (\d+), .*? (\d+) \(", output)
    assert len(scores) == len(files), output[-2000:]
    return [
        (int(g), (int(a), int(b)), (tmp_path / f"out{i}.mat").read_text())
        for i, (g, a, b) in enumerate(scores)
    ]


def test_gnubg_opens_every_game_roll_and_play_of_our_sgf(tmp_path):
    records = [played(seed) for seed in range(28)]
    paths = []
    for index, record in enumerate(records):
        path = tmp_path / f"match{index}.sgf"
        path.write_text(format_sgf(record))
        paths.append(path)
    for record, (games, score, exported) in zip(
        records, gnubg_load(paths, tmp_path, "load match"), strict=True
    ):
        if not record.rules.gammons:
            continue  # gnubg has no rule without gammons: it may score a gammon as 2
        assert (games, score) == (len(record.games), record.state.score)
        assert rolls_and_plays(exported) == rolls_and_plays(format_mat(record))


def test_the_stored_readings_are_gnubgs_own(tmp_path):
    readings = json.loads((DATA / "gnubg_readings.json").read_text())
    names = sorted(readings)
    files = [DATA / name for name in names]
    by_kind = {".sgf": "load match", ".mat": "import mat"}
    for name, path in zip(names, files, strict=True):
        if readings[name]["invalid_move"]:
            continue
        ((games, score, _),) = gnubg_load([path], tmp_path, by_kind[path.suffix])
        assert (games, list(score)) == (readings[name]["games"], readings[name]["score"]), name
