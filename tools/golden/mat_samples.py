"""Write tests/data/mat/*.mat: self-played matches written the ways other programs write them.

    python -m tools.golden.mat_samples

eXtreme Gammon's header and wide columns with bar/off and CRLF, old Jellyfish's narrow columns
with joined moves and long names, GNU Backgammon's own export (needs /usr/games/gnubg),
a money session with beavers, resignations written as XG does (``52: ???``). The tests
check that gnubg and our reader score each file the same (tests/test_mat_gnubg.py) and
that our reader reads them without error (tests/test_mat.py).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from game.formats.mat import format_mat
from tests.records import played, restyle

ROOT = Path(__file__).resolve().parents[2]

OUT = ROOT / "tests" / "data" / "mat"

XG_HEADER = """\ufeff; [Site "eXtreme Gammon"]
; [Match ID "123456789"]
; [Player 1 "Anna"]
; [Player 2 "Bert"]
; [Player 1 Elo "1500.00/0"]
; [Player 2 Elo "1500.00/0"]
; [EventDate "2026.11.30"]
; [EventTime "21.04"]
; [Variation "Backgammon"]
; [Unrated "Off"]
; [Crawford "On"]
; [CubeLimit "1024"]

"""


def with_resignations(seed: int, wanted: int = 1) -> int:
    """The first seed from ``seed`` whose match has an accepted resignation after a roll."""
    while True:
        record = played(seed)
        text = format_mat(record)
        if re.search(r"[1-6][1-6]:\s*$", text, re.MULTILINE) and "resign" in {
            a.kind for g in record.games for a in g
        }:
            return seed
        seed += 1


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    seed = with_resignations(0)  # a 5-point match (seed % 7 == 0) or another rule set
    record = played(seed).with_names(("Anna", "Bert"))
    text = restyle(record, format_mat(record), width=33, words=True, hits=True, header=XG_HEADER)
    # XG writes a roll followed by a resignation as "52: ???".
    text = re.sub(r"([1-6][1-6]:)\s*$", r"\1 ???", text, flags=re.MULTILINE)
    (OUT / "xg_style.mat").write_bytes(text.replace("\n", "\r\n").encode())

    record = played(7).with_names(("Grandmaster Flash of the Northern Club", "Ida"))
    text = restyle(
        record,
        format_mat(record),
        width=22,
        joined=True,
        cannot_move=True,
        names=record.names,
        blank_lines=True,
    )
    (OUT / "jellyfish_narrow.mat").write_text(text.replace(" 5 point match", "5 point match"))

    money = next(
        s
        for s in range(1, 400, 7)
        if "beaver" in {a.kind for g in played(s, games=4).games for a in g}
    )
    record = played(money, games=4)
    (OUT / "money_beavers.mat").write_text(
        '; [Site "Backgammon in the browser"]\n; [Beaver "On"]\n\n' + format_mat(record)[1:]
    )

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.mat"
        source.write_text(format_mat(played(14)))
        commands = Path(folder) / "commands.txt"
        commands.write_text(f"import mat {source}\nexport match mat {OUT / 'gnubg_export.mat'}\n")
        subprocess.run(
            ["/usr/games/gnubg", "-t", "-q", "-r", "-c", str(commands)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=True,
        )


if __name__ == "__main__":
    main()
