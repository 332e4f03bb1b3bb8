"""Print our match analysis beside GNU Backgammon's on the same .mat files.

    python -m tools.qa.compare_analysis          # 6 self-play matches, ours 1-ply, gnubg 0-ply
    python -m tools.qa.compare_analysis --ours 1 2 --gnubg 2 --matches 4 --length 3
    python -m tools.qa.compare_analysis tests/data/matches/*.mat

For each file and player: gnubg's overall "Error rate mEMG" and its counted
decisions (unforced moves plus close or actual cube decisions), and ours from
``python -m game analyse`` (game.analysis.record_analysis). gnubg is Debian's 1.07 run headless
(``apt-get install -y gnubg``; ``/usr/games/gnubg -t -q -r -c CMDS``) with
``analyse match`` and ``show statistics match`` at the chosen plies for checker
play and cube. Without files, matches are made by our bot playing itself with a
different level on each side (``--levels``), written as .mat by game.formats.mat.

Plies differ by one between the programs: our 1-ply is the network on each
play, as gnubg's 0-ply; our 2-ply (the strongest level) looks at the replies of
the best few plays, as gnubg's 1-ply does for every play.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.analysis.intervals import player_intervals
from game.analysis.record_analysis import analyse_record
from game.analysis.selfplay import BotPlayer, play_game
from game.engine.match import Rules
from game.engine.record import Record
from game.engine.state import Phase
from game.formats.mat import format_mat, parse_mat

GNUBG = "/usr/games/gnubg"
RATE = re.compile(r"Error rate mEMG \((?:MWC|Points)\)\s+(-?[\d.]+)\s+\(.*?\)\s+(-?[\d.]+)")


class TwoLevels:
    """Each side played by the bot at its own level."""

    def __init__(self, levels: tuple[str, str], rng: random.Random):
        self.players = (BotPlayer(levels[0], rng), BotPlayer(levels[1], rng))

    def choose_play(self, state):
        return self.players[state.turn].choose_play(state)

    def wants_to_double(self, state):
        return self.players[state.turn].wants_to_double(state)

    def answer_double(self, state):
        return self.players[1 - state.turn].answer_double(state)

    def resignation(self, state):
        return 0

    def accepts_resignation(self, state):
        return True


def make_match(length: int, seed: int, levels: tuple[str, str]) -> str:
    rng = random.Random(seed)
    player = TwoLevels(levels, rng)
    record = Record.new(Rules.full(match_length=length), names=levels)
    while True:
        record = play_game(record, rng, player)
        if record.state.phase is Phase.MATCH_OVER:
            return format_mat(record)
        record = record.next_game()


def gnubg_rates(path: Path, plies: int) -> list[tuple[float, int, float, float, int, int]]:
    """Per player, by gnubg: the overall error rate mEMG, the counted decisions, the checker
    and cube error rates, the unforced moves and the close or actual cube decisions."""
    commands = path.with_suffix(".gnubg")
    commands.write_text(
        f"set analysis chequerplay evaluation plies {plies}\n"
        f"set analysis cubedecision evaluation plies {plies}\n"
        f"import mat {path}\nanalyse match\nshow statistics match\n"
    )
    try:
        done = subprocess.run(
            [GNUBG, "-t", "-q", "-r", "-c", str(commands)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=3600,
        )
    finally:
        commands.unlink()
    text = done.stdout
    overall = RATE.search(text[text.index("Overall statistics") :])
    checker = RATE.search(text[text.index("Chequerplay statistics") :])
    cube_part = text.find("Cube statistics")
    cube = RATE.search(text[cube_part:]) if cube_part >= 0 else None
    unforced = re.search(r"Unforced moves\s+(\d+)\s+(\d+)", text)
    close = re.search(r"Close or actual cube decisions\s+(\d+)\s+(\d+)", text)
    if not (overall and checker and unforced):
        raise RuntimeError(f"gnubg's statistics not found for {path}:\n{text[-2000:]}")
    found = []
    for i in (1, 2):
        moves = int(unforced.group(i))
        cubes = int(close.group(i)) if close else 0
        found.append(
            (
                abs(float(overall.group(i))),
                moves + cubes,
                abs(float(checker.group(i))),
                abs(float(cube.group(i))) if cube else 0.0,
                moves,
                cubes,
            )
        )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--ours", type=int, nargs="+", default=[1], choices=(1, 2))
    parser.add_argument("--gnubg", type=int, default=0, choices=(0, 1, 2), help="gnubg's plies")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs=2, default=("beginner", "intermediate"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        files = list(args.files)
        if not files:
            for k in range(args.matches):
                levels = tuple(args.levels) if k % 2 == 0 else tuple(reversed(args.levels))
                path = Path(folder) / f"selfplay-{args.length}-{args.seed + k}.mat"
                path.write_text(make_match(args.length, args.seed + k, levels))
                files.append(path)
        print(f"gnubg 1.07 at {args.gnubg}-ply; error rate mEMG (decisions counted)")
        print(
            f"{'file':26} {'pl':>2} {'ours':>4} {'gnubg':>13} {'ours':>13} {'diff':>6}"
            f"   checker gnubg/ours   cube gnubg/ours   our 90% interval of the error rate"
        )
        diffs: dict[int, list[float]] = {plies: [] for plies in args.ours}
        inside: dict[int, list[bool]] = {plies: [] for plies in args.ours}
        seconds = dict.fromkeys(["gnubg", *args.ours], 0.0)
        for path in files:
            copy = Path(folder) / path.name
            if copy != path:
                copy.write_text(path.read_text())
            start = time.perf_counter()
            theirs = gnubg_rates(copy, args.gnubg)
            seconds["gnubg"] += time.perf_counter() - start
            for plies in args.ours:
                start = time.perf_counter()
                analysis = analyse_record(parse_mat(path.read_text()), plies)
                seconds[plies] += time.perf_counter() - start
                for player in (0, 1):
                    ours = analysis.stats[player]
                    rate, count, checker, cube, _, _ = theirs[player]
                    diffs[plies].append(ours.error_rate - rate)
                    interval = player_intervals(ours).error_rate
                    low, high = (interval.low, interval.high) if interval else (0.0, 0.0)
                    inside[plies].append(low <= rate <= high)
                    print(
                        f"{path.name:26} {player + 1:>2} {plies:>4} {rate:7.1f} ({count:3d}) "
                        f"{ours.error_rate:7.1f} ({ours.decisions:3d}) {diffs[plies][-1]:+6.1f}"
                        f"   {checker:7.1f} {ours.checker_rate:7.1f}"
                        f"   {cube:7.1f} {ours.cube_rate:7.1f}"
                        f"   {low:6.1f} {high:6.1f} {'in' if inside[plies][-1] else 'OUT'}",
                        flush=True,
                    )
        for plies, found in diffs.items():
            mean = sum(found) / len(found)
            mean_abs = sum(abs(d) for d in found) / len(found)
            print(
                f"ours {plies}-ply vs gnubg {args.gnubg}-ply: mean difference {mean:+.1f}, "
                f"mean absolute difference {mean_abs:.1f} mEMG ({len(found)} player-matches); "
                f"gnubg's error rate inside our 90% interval in {sum(inside[plies])} of "
                f"{len(found)}"
            )
        print("time: " + ", ".join(f"{name} {value:.0f} s" for name, value in seconds.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
