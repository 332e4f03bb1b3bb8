"""Write tests/data/gnubg_readings.json: how GNU Backgammon 1.07 reads each match file of the
corpora, so that tests compare our reading with gnubg's without running gnubg.

    python -m tools.golden.gnubg_readings           # the readings of every corpus file
    python -m tools.golden.gnubg_readings --sgf     # first write tests/data/sgf/ with gnubg

The corpora: tests/data/mat_corpus/*.mat (public exports, see its SOURCES) read by
``import mat``, and tests/data/sgf/*.sgf (gnubg's own ``save match`` of our sample .mat files,
one of them analysed, so with analysis properties) read by ``load match``. For each file:
the games gnubg counts, the final score, per game each roll with its moves (from gnubg's
``export match mat``) and whether gnubg warned of a move it found invalid. Needs
/usr/games/gnubg (Debian's gnubg 1.07).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.records import rolls_and_plays

ROOT = Path(__file__).resolve().parents[2]

GNUBG = "/usr/games/gnubg"
DATA = ROOT / "tests" / "data"
SGF = DATA / "sgf"
MAT_CORPUS = DATA / "mat_corpus"
READINGS = DATA / "gnubg_readings.json"
SGF_SOURCES = [*sorted((DATA / "mat").glob("*.mat")), *sorted((DATA / "matches").glob("*.mat"))]
ANALYSED = "gnubg-noisy-3-1"  # saved after gnubg's 0-ply analysis


def run_gnubg(commands: str, where: Path) -> str:
    script = where / "commands.txt"
    script.write_text(commands)
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=where,
        check=False,
    )
    return done.stdout + done.stderr


def write_sgf_corpus() -> None:
    """gnubg's ``save match`` of our sample .mat files."""
    SGF.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        commands = [
            "set analysis chequerplay evaluation plies 0",
            "set analysis cubedecision evaluation plies 0",
        ]
        for path in SGF_SOURCES:
            commands.append(f"import mat {path}")
            if path.stem == ANALYSED:
                commands.append("analyse match")
            commands.append(f"save match {SGF / (path.stem + '.sgf')}")
        run_gnubg("\n".join(commands) + "\n", Path(temporary))
    for path in SGF.glob("*.sgf"):  # the date gnubg saves on is not part of the match
        path.write_text(re.sub(r"DT\[[^\]]*\]", "", path.read_text()))


def readings(files: list[Path]) -> dict[str, dict[str, object]]:
    """gnubg's reading of each file, by its path from tests/data."""
    found: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as temporary:
        where = Path(temporary)
        for index, path in enumerate(files):
            verb = "load match" if path.suffix == ".sgf" else "import mat"
            out = where / f"out{index}.mat"
            output = run_gnubg(f"{verb} {path}\nshow score\nexport match mat {out}\n", where)
            score = re.search(
                r"The score \(after (\d+) games?\) is: .*? (-?\d+), .*? (-?\d+) \(", output
            )
            exported = out.read_text(errors="replace") if out.exists() else ""
            found[str(path.relative_to(DATA))] = {
                "games": int(score.group(1)) if score else 0,
                "score": [int(score.group(2)), int(score.group(3))] if score else None,
                "invalid_move": "Invalid move" in output or "not a valid" in output,
                "plays": [
                    [f"{dice}: {' '.join(moves)}".strip() for dice, moves in game]
                    for game in (rolls_and_plays(exported) if exported else [])
                ],
            }
    return found


def main(arguments: list[str]) -> int:
    if "--sgf" in arguments:
        write_sgf_corpus()
    files = [*sorted(MAT_CORPUS.glob("*.mat")), *sorted(SGF.glob("*.sgf"))]
    READINGS.write_text(json.dumps(readings(files), indent=1, sort_keys=True) + "\n")
    print(f"gnubg_readings: {len(files)} files read by gnubg into {READINGS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
