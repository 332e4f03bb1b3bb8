"""Game links as they were written, kept so that every link shared keeps opening.

    python -m tools.golden.game_links [--out tests/data/game_links_golden.txt]

Writes one line a link: the link text, then a digest of what it holds (each action's kind, dice
and resignation, and the GNU Backgammon ID of every moment: ``tests.link_digest``). Links of
versions 1 (self-played matches and money games, and one long game of 5,000 actions as the
encoder wrote it before version 4), 2 (a resignation before an opening roll) and 3 (positions
set up by hand). ``tests/test_game_link_versions.py`` reads them back and checks the digests;
the file kept is the one session 28's encoder wrote, before version 4 existed (written again
today, the long game's link would be of version 4: keep the file, add to it).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from game.engine.record import Record
from game.formats.game_link import encode_game
from game.formats.mat import read_mat
from game.formats.sgf import parse_sgf
from tests.link_digest import moments_digest

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "game_links_golden.txt"


def records() -> Iterator[Record]:
    from tests.records import played
    from tests.test_mat_exports import BEFORE_THE_OPENING_ROLL
    from tests.test_sgf_setups import EDITED, edited_record
    from tools.golden.long_game import endless_game

    for seed in range(12):
        yield played(seed, wild=seed % 3 == 0)
    yield endless_game(2_600)  # 5,000 actions and more
    yield read_mat(BEFORE_THE_OPENING_ROLL)[0]
    yield edited_record()
    for path in sorted(EDITED.glob("*.sgf")):
        yield parse_sgf(path.read_text(encoding="utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=OUT)
    options = parser.parse_args()
    lines = []
    for record in records():
        link = encode_game(record)
        from game.formats.game_link import decode_game

        lines.append(f"{link}\t{moments_digest(decode_game(link))}\n")
    options.out.write_text("".join(lines), encoding="ascii")
    print(f"{len(lines)} links written to {options.out}")


if __name__ == "__main__":
    main()
