"""Measure the bot against GNU Backgammon: equity lost per decision, head-to-head games, speed.

    python -m tools.bench.bot                      # every level: error rates, timing, 1000 games
    python -m tools.bench.bot --games 100 --levels strong expert
    python -m tools.bench.bot --games 2000 --levels --game-levels expert --jobs 2
    python -m tools.bench.bot --games 400 --levels --game-levels strong --opponent-plies 1
    python -m tools.bench.bot --make-set           # rebuild the decision set (slow, needs gnubg)
    python -m tools.bench.bot --make-set --phase race --positions 1000 --seed 2027 \
        --set tools/data/race-bench.txt.gz         # a set of races alone (then --set to read it)

The decision set (tools/data/bot-bench.txt.gz) holds positions from gnubg 0-ply
self-play (5% random moves for variety, seeded) that are not in the teacher
file and have two or more plays, with gnubg 2-ply and 0-ply equities of every
play, so a rerun needs gnubg only for the head-to-head games.

Error: for each decision, the equity (by gnubg 2-ply, cubeless, for the mover)
of gnubg 2-ply's best play minus that of the play chosen, averaged, in
thousandths of a point. gnubg 0-ply is scored the same way in the same run.
Also by phase of the decision (contact; race; bear-off: both sides with every
checker home), with the CPU time and the positions evaluated per decision.
``--pyodide N`` times N decisions per level under the page's Pyodide in Node.js
(tools/bench/pyodide_timing.py, run by tools/bench/pyodide.mjs)
(the process's CPU time, and wall time beside it: the machine is shared).
``--chromium N`` sends N decisions per level to the game page's worker in Chromium
(tools/bench/page.py's machinery; needs `make runtime`), asked one after another, as
the page asks them; then a table gives each level's time per decision in CPython,
Pyodide (Node.js) and Chromium side by side, with the machine's load.

Games: cubeless money games against gnubg 0-ply (the play with the best 0-ply
equity; ``--opponent-plies 1``: gnubg 1-ply, every play evaluated at 1-ply), in pairs
with the same dice and the sides swapped, counting gammons and backgammons; points per
game for the bot ± one standard error (of the pair means). gnubg is the judge here and
never imported by game/.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

from game.bot import LEVELS, choose_play
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import format_position_id
from tools.bench.common import (
    PHASES,
    ROOT,
    SET_FILE,
    TEACHER,
    count_positions,
    phase,
    read_set,
)


def gnubg_board(position: Position) -> list[list[int]]:
    return [list(position.opponent[1:26]), list(position.player[1:26])]


def gnubg_equity_after(gnubg, play_position: Position, plies: int) -> float:
    """gnubg's cubeless equity for the mover after a play (the opponent is then on roll)."""
    if play_position.player[0] == 15:
        return float(play_position.winner_result())
    context = gnubg.evalcontext(0, plies, 1, 0, 0.0)
    return -gnubg.evaluate(gnubg_board(play_position.flip()), gnubg.cubeinfo(), context)[5]


def gnubg_choice(gnubg, position: Position, dice, plies: int = 0):
    """gnubg's best play of ``dice`` at ``plies`` (None when no play is legal)."""
    plays = legal_plays(position, dice)
    if not plays:
        return None
    return max(plays, key=lambda play: gnubg_equity_after(gnubg, play.position, plies))


# --- the decision set ---------------------------------------------------------


def make_set(
    count: int,
    seed: int,
    only: str | None = None,
    path: Path = SET_FILE,
    exclude: tuple[Path, ...] = (),
) -> None:
    """``count`` decisions of gnubg 0-ply self-play (``only``: of that phase) into ``path``,
    none of whose positions is in the teacher file or in a set of ``exclude``.

    Resumable: each decision labelled is appended to ``path`` + ``.part`` as it is done; a
    rerun with the same arguments replays the (cheap, deterministic) self-play and labels only
    the decisions not found there."""
    import gnubg

    teacher = set()
    with gzip.open(TEACHER, "rt") as lines:
        for line in lines:
            if not line.startswith("#"):
                teacher.add(line.split(None, 1)[0])
    for other in exclude:
        teacher.update(format_position_id(position) for position, _, _ in read_set(other))
    part = path.with_name(path.name + ".part")
    done: dict[tuple[str, tuple[int, int]], list[tuple[str, float, float]]] = {}
    if part.exists():
        for line in part.read_text().splitlines():
            fields = line.split()
            if len(fields) < 4:
                continue  # a line cut short by an interruption
            items = [item.split(":") for item in fields[3:]]
            done[fields[0], (int(fields[1]), int(fields[2]))] = [
                (rid, float(e2), float(e0)) for rid, e2, e0 in items
            ]
        print(f"  {len(done)} decisions already labelled in {part}", flush=True)
    rng = random.Random(seed)
    decisions = []
    seen = set()
    started = time.time()
    while len(decisions) < count:
        position = Position.start()
        noise = 0.05
        while not position.is_game_over():
            dice = rng.randint(1, 6), rng.randint(1, 6)
            plays = legal_plays(position, dice)
            if plays:
                pid = format_position_id(position)
                if (
                    len(plays) >= 2
                    and (only is None or phase(position) == only)
                    and rng.random() < 0.25
                    and pid not in teacher
                    and (pid, dice) not in seen
                    and len(decisions) < count
                ):
                    seen.add((pid, dice))
                    scored = done.get((pid, dice)) or [
                        (
                            format_position_id(play.position),
                            gnubg_equity_after(gnubg, play.position, 2),
                            gnubg_equity_after(gnubg, play.position, 0),
                        )
                        for play in plays
                    ]
                    if (pid, dice) not in done:
                        with part.open("a") as out:
                            out.write(f"{decision_line(pid, dice, scored)}\n")
                    decisions.append((pid, dice, scored))
                    if len(decisions) % 50 == 0:
                        print(
                            f"  {len(decisions)} decisions ({time.time() - started:.0f} s)",
                            flush=True,
                        )
                if rng.random() < noise:
                    chosen = rng.choice(plays)
                else:
                    chosen = max(
                        plays, key=lambda play: gnubg_equity_after(gnubg, play.position, 0)
                    )
                position = chosen.position
            position = position.flip()
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt") as out:
        out.write(
            "# POSITION_ID D1 D2 then per play RESULT_ID:EQUITY_2PLY:EQUITY_0PLY"
            " (gnubg 1.1.0a16, cubeless,"
            " mover's equity after the play; RESULT_ID with the mover still on roll)\n"
        )
        for pid, dice, scored in decisions:
            out.write(f"{decision_line(pid, dice, scored)}\n")
    part.unlink(missing_ok=True)
    print(f"wrote {len(decisions)} decisions to {path} in {time.time() - started:.0f} s")


def decision_line(pid: str, dice: tuple[int, int], scored: list[tuple[str, float, float]]) -> str:
    """One line of a decision set: the position, the dice, every play's two equities."""
    plays = " ".join(f"{rid}:{e2:.5f}:{e0:.5f}" for rid, e2, e0 in scored)
    return f"{pid} {dice[0]} {dice[1]} {plays}"


def measure_errors(decisions, levels: list[str], seed: int) -> dict:
    """Prints the table of losses; returns {level: (CPU seconds, positions) per decision}."""
    counts = {name: sum(phase(position) == name for position, _, _ in decisions) for name in PHASES}
    print(
        f"\nEquity lost per decision vs gnubg 2-ply, {len(decisions)} decisions"
        f" ({', '.join(f'{counts[name]} {name}' for name in PHASES)}; thousandths; lower is better)"
    )
    print(
        f"{'player':<14}{'mean loss':>10}{'blunders>0.08':>15}"
        + "".join(f"{name:>10}" for name in PHASES)
        + f"{'ms/decision':>13}{'median':>8}{'max ms':>8}{'positions':>11}{'max':>6}"
        + "  (CPU time; positions evaluated per decision, mean and max)"
    )
    seen = count_positions()
    losses = []
    for _, _, plays in decisions:
        best = max(e2 for e2, _ in plays.values())
        chosen = max(plays.values(), key=lambda pair: pair[1])
        losses.append(best - chosen[0])
    report("gnubg 0-ply", decisions, losses, None, None)
    measured = {}
    for level in levels:
        rng = random.Random(seed)
        losses, times, counts = [], [], []
        for position, dice, plays in decisions:
            best = max(e2 for e2, _ in plays.values())
            # CPU time of this process: the machine is shared, wall time would measure the others.
            seen[0] = 0
            started = time.process_time()
            play = choose_play(position, dice, level, rng)
            times.append(time.process_time() - started)
            counts.append(seen[0])
            losses.append(best - plays[format_position_id(play.position)][0])
        report(level, decisions, losses, times, counts)
        measured[level] = (times, counts)
    return measured


def report(name, decisions, losses, times, counts) -> None:
    mean = 1000 * statistics.fmean(losses)
    blunders = sum(loss > 0.08 for loss in losses)
    by_phase = ""
    for name_of_phase in PHASES:
        some = [
            loss
            for (p, _, _), loss in zip(decisions, losses, strict=True)
            if phase(p) == name_of_phase
        ]
        by_phase += f"{1000 * statistics.fmean(some):>10.2f}" if some else f"{'':>10}"
    timing = (
        f"{1000 * statistics.fmean(times):>13.1f}{1000 * statistics.median(times):>8.1f}"
        f"{1000 * max(times):>8.0f}{statistics.fmean(counts):>11.0f}{max(counts):>6.0f}"
        if times
        else ""
    )
    print(f"{name:<14}{mean:>10.2f}{blunders:>15d}{by_phase}{timing}", flush=True)


# --- head-to-head games -------------------------------------------------------


def play_game(gnubg, level: str, bot_first: bool, seed: int, plies: int = 0) -> int:
    """One cubeless game against gnubg at ``plies``; returns the bot's points (+1/2/3 or
    -1/2/3)."""
    dice_rng = random.Random(seed)
    bot_rng = random.Random(seed + 1)
    while True:
        first = dice_rng.randint(1, 6), dice_rng.randint(1, 6)
        if first[0] != first[1]:
            break
    # The side with the higher die starts; with the same seed and the sides swapped,
    # the other player gets that same opening.
    bot_to_move = (first[0] > first[1]) == bot_first
    position = Position.start()
    dice = first
    while True:
        if bot_to_move:
            play = choose_play(position, dice, level, bot_rng)
        else:
            play = gnubg_choice(gnubg, position, dice, plies)
        if play is not None:
            position = play.position
            if position.player[0] == 15:
                result = position.winner_result()
                return result if bot_to_move else -result
        position = position.flip()
        bot_to_move = not bot_to_move
        dice = dice_rng.randint(1, 6), dice_rng.randint(1, 6)


def play_pair(job: tuple[str, int, int]) -> tuple[int, int]:
    """The two games of a pair (the same dice, the sides swapped): the bot's points."""
    import gnubg

    level, seed, plies = job
    return play_game(gnubg, level, True, seed, plies), play_game(gnubg, level, False, seed, plies)


def measure_games(
    level: str, games: int, seed: int, progress: bool = True, jobs: int = 1, plies: int = 0
) -> None:
    pairs = []
    started = time.time()
    gammons = 0
    work = [(level, seed + 1000 * k, plies) for k in range(games // 2)]
    # Each pair is seeded by its number alone: any number of processes plays the same games.
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        results = pool.imap(play_pair, work) if pool is not None else map(play_pair, work)
        for a, b in results:
            gammons += (abs(a) >= 2) + (abs(b) >= 2)
            pairs.append((a + b) / 2)
            if progress and len(pairs) % 25 == 0 and len(pairs) < games // 2:
                so_far = statistics.stdev(pairs) / math.sqrt(len(pairs))
                print(
                    f"  {level}: {2 * len(pairs)} games,"
                    f" {statistics.fmean(pairs):+.3f} ± {so_far:.3f} ppg so far"
                    f" ({time.time() - started:.0f} s)",
                    flush=True,
                )
    mean = statistics.fmean(pairs)
    error = statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else float("nan")
    print(
        f"{level:<14} vs gnubg {plies}-ply: {mean:+.3f} ± {error:.3f} points per game"
        f" over {2 * len(pairs)} games"
        f" ({gammons} gammons or backgammons; {time.time() - started:.0f} s)",
        flush=True,
    )


# --- time per decision under Pyodide (Node.js) ------------------------------------


def measure_pyodide(levels: list[str], count: int) -> dict:
    """CPU time per decision under the page's Pyodide (from node_modules), run by Node.js:
    printed; returns {level: (median ms, slowest ms, decisions)}."""
    import subprocess

    runner = ROOT / "tools" / "bench" / "pyodide.mjs"
    command = ["node", str(runner), "tools.bench.pyodide_timing", str(count), *levels]
    found = {}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as node:
        assert node.stdout is not None
        for line in node.stdout:
            if line.startswith("RESULT "):
                _, level, median, slowest, decisions = line.split()
                found[level] = (float(median), float(slowest), int(decisions))
            else:
                print(line, end="", flush=True)
    if node.returncode:
        raise SystemExit(f"pyodide timing failed ({node.returncode})")
    return found


# --- time per decision in Chromium (the page's worker) ---------------------------------


def measure_chromium(decisions, levels: list[str], count: int, seed: int) -> dict:
    """The first ``count`` decisions asked of the game page's worker in Chromium, per level
    (tools/bench/page.py's machinery): printed; returns {level: (median, slowest, decisions)}."""
    import json

    from playwright.sync_api import sync_playwright

    from game.engine.match import Rules
    from game.engine.state import GameState, Phase
    from game.web.worker import thinker
    from tools.bench import page as bench_page
    from tools.build.server import serve_in_thread

    if not (ROOT / "runtime" / "compiled" / "python_stdlib.zip").is_file():
        raise SystemExit("bench_bot --chromium: runtime/ is missing; run `make runtime` first")
    games = [
        GameState(Rules.full(), position=position, phase=Phase.MOVE, turn=0, dice=dice)
        for position, dice, _ in decisions[:count]
    ]
    requests = {
        level: [
            json.dumps(thinker.play_request(game, level, random.Random(seed + index)))
            for index, game in enumerate(games)
        ]
        for level in levels
    }
    print(f"\nTime per decision in Chromium (the page's worker), {len(games)} decisions a level:")
    server, base = serve_in_thread()
    try:
        with sync_playwright() as playwright:
            results = bench_page.ask_worker(playwright, base, requests)
    finally:
        server.shutdown()
    found = {}
    for level in levels:
        positions = bench_page.positions_evaluated(requests[level])
        bench_page.report_decisions(level, requests[level], results[level], positions)
        times = results[level]["times"]
        found[level] = (statistics.median(times), max(times), len(times))
    return found


def time_table(cpython: dict, pyodide: dict, chromium: dict) -> None:
    """Each level's time per decision, median / slowest, where it was measured."""
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\nTime per decision, median / slowest in ms (machine load now {load}, 2 cores):")
    print(
        f"{'level':<14}{'CPython CPU':>22}{'Pyodide (Node) CPU':>24}{'Chromium':>22}"
        f"{'positions mean/max':>22}"
    )

    def cell(found: dict, level: str) -> str:
        if level not in found:
            return "-"
        median, slowest, decisions = found[level]
        return f"{median:.0f} / {slowest:.0f} ({decisions})"

    for level in cpython.keys() | pyodide.keys() | chromium.keys():
        times, counts = cpython.get(level, ([], []))
        here = (
            {level: (1000 * statistics.median(times), 1000 * max(times), len(times))}
            if times
            else {}
        )
        positions = f"{statistics.fmean(counts):.0f} / {max(counts)}" if counts else "-"
        print(
            f"{level:<14}{cell(here, level):>22}{cell(pyodide, level):>24}"
            f"{cell(chromium, level):>22}{positions:>22}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--make-set", action="store_true", help="rebuild the decision set with gnubg"
    )
    parser.add_argument("--positions", type=int, default=1200, help="decisions in a rebuilt set")
    parser.add_argument(
        "--set", type=Path, default=SET_FILE, help="the decision set to read or make"
    )
    parser.add_argument(
        "--phase", choices=PHASES, default=None, help="--make-set: only decisions of this phase"
    )
    parser.add_argument(
        "--levels", nargs="*", default=list(LEVELS), help="levels to score on the decision set"
    )
    parser.add_argument("--games", type=int, default=1000, help="games per level (0: none)")
    parser.add_argument(
        "--game-levels", nargs="*", default=None, help="levels that play games (default: --levels)"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes playing the games (the same games)"
    )
    parser.add_argument(
        "--exclude",
        type=Path,
        nargs="*",
        default=[],
        help="--make-set: leave out the positions of these sets (a held-out set)",
    )
    parser.add_argument(
        "--opponent-plies", type=int, default=0, help="the games' gnubg looks this deep (0, 1)"
    )
    parser.add_argument("--limit", type=int, default=0, help="use only the first N decisions")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--pyodide",
        type=int,
        default=0,
        metavar="N",
        help="time N decisions per level under Pyodide in Node.js (needs npm's pyodide)",
    )
    parser.add_argument(
        "--chromium",
        type=int,
        default=0,
        metavar="N",
        help="time N decisions per level in the game page's worker in Chromium",
    )
    args = parser.parse_args(argv)
    if args.make_set:
        make_set(args.positions, args.seed, args.phase, args.set, tuple(args.exclude))
        return 0
    decisions = read_set(args.set)
    if args.limit:
        decisions = decisions[: args.limit]
    cpython = measure_errors(decisions, args.levels, args.seed) if args.levels else {}
    pyodide = measure_pyodide(args.levels or list(LEVELS), args.pyodide) if args.pyodide else {}
    chromium = (
        measure_chromium(decisions, args.levels or list(LEVELS), args.chromium, args.seed)
        if args.chromium
        else {}
    )
    if pyodide or chromium:
        time_table(cpython, pyodide, chromium)
    if args.games:
        print(
            f"\nCubeless money games against gnubg {args.opponent_plies}-ply"
            " (the bot's points per game)"
        )
        for level in args.game_levels if args.game_levels is not None else args.levels:
            measure_games(level, args.games, args.seed, jobs=args.jobs, plies=args.opponent_plies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
