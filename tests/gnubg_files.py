"""Debian's gnubg 1.07, headless, opening match files for the tests: ``import mat`` for a
``.mat``, ``load match`` for an ``.sgf``; then ``show score`` and gnubg's own ``export match
mat`` of what it read. A warning gnubg prints (a move it finds invalid, a line it cannot
read) fails the test that asked, unless it asks for the scores only."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

GNUBG = "/usr/games/gnubg"

needs_gnubg = pytest.mark.skipif(
    shutil.which(GNUBG) is None,
    reason="Debian's gnubg is not installed (make test-deps installs it)",
)

WARNINGS = ("invalid move", "unrecognised", "not a valid", "warning")


def run_gnubg(commands: str, tmp_path: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """Debian's gnubg 1.07 run on ``commands`` (a script in ``tmp_path``), text captured."""
    script = tmp_path / "commands.txt"
    script.write_text(commands)
    return subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=tmp_path,
    )


def verb_for(path: Path) -> str:
    return "load match" if path.suffix == ".sgf" else "import mat"


def gnubg_open(
    files: list[Path], tmp_path: Path, *, warnings_fail: bool = True
) -> list[tuple[int, tuple[int, int], str]]:
    """For each file: (games, final score) as gnubg scores it, and gnubg's ``.mat`` export."""
    commands = "".join(
        f"{verb_for(path)} {path}\nshow score\nexport match mat {tmp_path}/out{index}.mat\n"
        for index, path in enumerate(files)
    )
    done = run_gnubg(commands, tmp_path, timeout=600)
    output = done.stdout + done.stderr
    lowered = output.lower()
    for warning in WARNINGS if warnings_fail else ():
        assert warning not in lowered, output[lowered.index(warning) - 300 :][:800]
    scores = re.findall(r"The score \(after (\d+) games?\) is: .*? (\d+), .*? (\d+) \(", output)
    assert len(scores) == len(files), output[-2000:]
    return [
        (int(g), (int(a), int(b)), (tmp_path / f"out{i}.mat").read_text())
        for i, (g, a, b) in enumerate(scores)
    ]
