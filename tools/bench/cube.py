"""Agreement of the bot's cube decisions with GNU Backgammon 2-ply, on stored cube positions.

    python -m tools.bench.cube                     # the bot, one roll ahead (what the CLI does)
    python -m tools.bench.cube --plies 0           # the bot, from the position's own probabilities
    python -m tools.bench.cube --budget 100        # one roll ahead within 100 positions evaluated
    python -m tools.bench.cube --levels --jobs 2   # each level's cube look-ahead (levels.py)
    python -m tools.bench.cube --plies 2 --prune 2 --budget 2000   # two rolls ahead
    python -m tools.bench.cube --probabilities gnubg   # our cube logic on gnubg's own 2-ply
                                                       # cubeless probabilities
    nice python -m tools.bench.cube label          # (re)build the data file; needs pip gnubg
    nice python -m tools.bench.cube label --seed 99 --out /tmp/check.txt   # a fresh set,
    python -m tools.bench.cube --data /tmp/check.txt                       # to check on
    python -m tools.bench.cube --data tools/data/cube-check-2ply.txt   # 2,400 more (seeds 99-102)
    python -m tools.bench.cube compare --data tools/data/cube-check-2ply.txt \
        --against tools/data/cube-check-1ply.txt    # gnubg 1-ply's answers against its 2-ply's

The data file ``tests/data/cube_gnubg2ply.txt`` holds one cube position a line:
``PID:MID ACTION RESPONSE W WG WBG LG LBG # gnubg's words`` where ACTION RESPONSE
is gnubg 2-ply's proper cube action in our words and the five numbers are its
2-ply cubeless probabilities for the player on roll. Reruns need no gnubg.

How the positions are chosen (``label``, seeded): games of gnubg 0-ply against
itself (each play random with a small chance) give positions before a roll; each
gets a cube state drawn from a fixed list (money with and without Jacoby, a
redouble, match scores including 2-away 2-away, post-Crawford, the Crawford game
and a dead cube); three quarters are kept only when our model, fed gnubg's
0-ply probabilities, finds them close to a decision threshold (within ``--near``
= 0.08 of equity between two of no double, double/take and double/pass), the
rest from all positions where the player on roll wins at least 45%.
gnubg's answer is read from ``hint`` with no dice (the cube analysis printed on
file descriptor 1).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

from game.bot.cube import (
    BEAVER,
    DOUBLE,
    NO_DOUBLE,
    ON_ROLL,
    PASS,
    TAKE,
    TOO_GOOD,
    CubeState,
    cube_decision,
    cube_efficiency,
    decide,
)
from game.bot.match_value import result_mwc
from game.bot.probabilities import Probabilities
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats.match_id import MatchId, format_match_id, parse_gnubg_id
from game.formats.position_id import format_position_id
from tests.cube_positions import CUBE_POSITIONS, read_cube_positions

ROOT = Path(__file__).resolve().parents[2]


# (weight, cube value, owner, match length, score (player on roll, opponent), crawford, jacoby)
STATES = [
    (6, 1, None, 0, (0, 0), False, True),
    (3, 1, None, 0, (0, 0), False, False),
    (3, 2, ON_ROLL, 0, (0, 0), False, True),
    (1, 4, ON_ROLL, 0, (0, 0), False, True),
    (2, 1, None, 7, (0, 0), False, False),
    (2, 1, None, 7, (2, 4), False, False),
    (2, 1, None, 7, (4, 2), False, False),
    (1, 1, None, 5, (3, 3), False, False),
    (1, 1, None, 5, (2, 3), False, False),
    (1, 1, None, 9, (4, 1), False, False),
    (1, 2, ON_ROLL, 7, (3, 5), False, False),
    (1, 2, ON_ROLL, 11, (2, 5), False, False),
    (1, 1, None, 7, (3, 6), False, False),  # post-Crawford, the trailer on roll
    (1, 1, None, 7, (4, 6), False, False),
    (0.3, 1, None, 7, (6, 4), False, False),  # post-Crawford, the leader: no double
    (0.3, 1, None, 7, (6, 4), True, False),  # the Crawford game
    (0.3, 2, ON_ROLL, 5, (3, 1), False, False),  # dead cube: 2 points already win
]

GNUBG_WORDS = [
    # gnubg's "Proper cube action" text -> (action, response); first match wins.
    ("too good", TOO_GOOD),
    ("cannot double", NO_DOUBLE),
    ("never", NO_DOUBLE),
    ("no double", NO_DOUBLE),
    ("no redouble", NO_DOUBLE),
    ("double", DOUBLE),  # also "Redouble", "Optional double"
]


def answer_from_gnubg(text: str) -> tuple[str, str]:
    """Our (ACTION, RESPONSE) for gnubg's proper cube action text."""
    words = text.lower()
    action = next(ours for key, ours in GNUBG_WORDS if key in words)
    response = BEAVER if "beaver" in words else PASS if "pass" in words else TAKE
    return action, response


def state_of(template) -> CubeState:
    _, value, owner, length, score, crawford, jacoby = template
    return CubeState.of(
        value=value,
        owner=owner,
        match_length=length,
        score=score,
        crawford=crawford,
        jacoby=jacoby and not length,
        beaver=not length,
    )


def match_id_of(state: CubeState) -> str:
    """gnubg Match ID for ``state`` with gnubg's player 1 on roll, before rolling."""
    owner = None if state.cube.owner is None else 1 if state.cube.owner == ON_ROLL else 0
    return format_match_id(
        MatchId(
            cube=state.value,
            cube_owner=owner,
            player_on_roll=1,
            crawford=state.crawford,
            match_length=state.match_length,
            score=(state.score[1], state.score[0]),
            jacoby=state.rules.jacoby if state.is_money else False,
        )
    )


# --- labelling with gnubg ------------------------------------------------------------


def _board(position: Position):
    return [list(position.opponent[1:26]), list(position.player[1:26])]


def self_play_positions(rng: random.Random, games: int, noise: float = 0.05) -> list[Position]:
    """Positions before a roll from games of gnubg 0-ply against itself."""
    import gnubg

    context = gnubg.evalcontext(0, 0, 0, 0, 0.0)
    cube = gnubg.cubeinfo()
    seen: list[Position] = []
    for _ in range(games):
        position = Position.start()
        first = True
        while not position.is_game_over():
            if not first:
                seen.append(position)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if first:
                while dice[0] == dice[1]:
                    dice = (rng.randint(1, 6), rng.randint(1, 6))
                first = False
            plays = legal_plays(position, dice)
            if plays:
                if rng.random() < noise:
                    after = rng.choice(plays).position
                else:
                    # The opponent's equity after each play: the mover wants it lowest.
                    after = min(
                        plays,
                        key=lambda play: gnubg.evaluate(
                            _board(play.position.flip()), cube, context
                        )[5],
                    ).position
            else:
                after = position
            position = after.flip()
    return seen


def gnubg_probabilities(position: Position) -> Probabilities:
    import gnubg

    values = gnubg.evaluate(_board(position), gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 0, 0, 0.0))
    return Probabilities.from_sequence(values[:5])


def closeness(probabilities: Probabilities, state: CubeState, x: float) -> float:
    """How far (in normalised equity) our model puts the position from a decision threshold."""
    decision = decide(probabilities, state, x)
    values = [decision.no_double, decision.double_take, decision.double_pass]
    if not state.is_money:
        win, lose = result_mwc(state, state.value), result_mwc(state, -state.value)
        values = [(2 * v - win - lose) / (win - lose) for v in values]
    nd, dt, dp = values
    return min(abs(dt - nd), abs(dt - dp), abs(nd - dp))


def capture_gnubg(command: str) -> str:
    """Run a gnubg command; return what it printed on file descriptor 1."""
    import gnubg

    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        try:
            gnubg.command(command)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        return sink.read().decode(errors="replace")


def gnubg_cube_analysis(gnubg_id: str) -> tuple[str, list[float]]:
    """gnubg 2-ply: (proper cube action text, 2-ply cubeless probabilities) for ``PID:MID``."""
    capture_gnubg(f"set gnubgid {gnubg_id}")
    text = capture_gnubg("hint")
    proper, numbers = "", []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("Proper cube action:"):
            proper = line.split(":", 1)[1].split("(")[0].strip()
            if "dead cube" in line:
                proper += " (dead cube)"
        if "cubeless equity" in line and index + 1 < len(lines):
            fields = lines[index + 1].replace("-", " ").split()
            numbers = [float(f) for f in fields]
    if not proper and not text.strip():
        # gnubg prints "You cannot double." on stderr and no analysis when no double is
        # possible (Crawford game, post-Crawford leader, ...).
        import gnubg

        position, _ = parse_gnubg_id(gnubg_id)
        values = gnubg.evaluate(
            _board(position), gnubg.cubeinfo(), gnubg.evalcontext(0, 2, 0, 0, 0.0)
        )
        return "You cannot double", [round(v, 3) for v in values[:5]]
    if not proper:
        raise RuntimeError(f"gnubg gave no cube action for {gnubg_id}:\n{text}")
    # gnubg prints win, gammon, backgammon for each side; the losses come after the dash.
    if len(numbers) == 6:
        numbers = numbers[:3] + numbers[4:]
    return proper, numbers


def label(args: argparse.Namespace) -> None:
    capture_gnubg("set threads 1")
    capture_gnubg("set player 0 human")
    capture_gnubg("set player 1 human")
    capture_gnubg("new game")
    capture_gnubg(f"set evaluation cubedecision eval plies {args.gnubg_plies}")
    rng = random.Random(args.seed)
    started = time.time()
    positions = self_play_positions(rng, args.games)
    print(
        f"{len(positions)} positions from {args.games} games ({time.time() - started:.0f} s)",
        flush=True,
    )
    rng.shuffle(positions)
    weights = [template[0] for template in STATES]
    near, other, seen = [], [], set()
    for position in positions:
        template = rng.choices(STATES, weights)[0]
        state = state_of(template)
        key = (format_position_id(position), match_id_of(state))
        if key in seen:
            continue
        probabilities = gnubg_probabilities(position)
        if probabilities.win < 0.45:
            continue
        seen.add(key)
        if (
            closeness(probabilities, state, cube_efficiency(position)) < args.near
            or not state.may_double()
        ):
            near.append(key)
        else:
            other.append(key)
    chosen = near[: args.positions * 3 // 4]
    chosen += other[: args.positions - len(chosen)]
    rng.shuffle(chosen)
    print(f"{len(near)} near a threshold, {len(other)} others; labelling {len(chosen)}", flush=True)
    lines = []
    for count, (pid, mid) in enumerate(chosen, 1):
        proper, numbers = gnubg_cube_analysis(f"{pid}:{mid}")
        action, response = answer_from_gnubg(proper)
        figures = " ".join(f"{n:.3f}" for n in numbers)
        lines.append(f"{pid}:{mid} {action} {response} {figures} # {proper}")
        if count % 50 == 0:
            print(f"{count} labelled ({time.time() - started:.0f} s)", flush=True)
    header = (
        f"# cube positions and GNU Backgammon {args.gnubg_plies}-ply cube actions "
        f"(tools/bench/cube.py label --seed {args.seed} --games {args.games} "
        f"--positions {args.positions} --near {args.near})\n"
        "# PID:MID ACTION RESPONSE"
        " WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON LOSE_BACKGAMMON # gnubg\n"
    )
    Path(args.out).write_text(header + "\n".join(lines) + "\n")
    print(f"wrote {args.out} ({time.time() - started:.0f} s)")


# --- the benchmark --------------------------------------------------------------------


def _decide(job: tuple[str, Probabilities, str, int, int | None, int]):
    """One position's decision (in a worker): the answer, the decision (or None) and the
    seconds it took."""
    gnubg_id, probabilities, source, plies, budget, prune = job
    position, match = parse_gnubg_id(gnubg_id)
    state = CubeState.from_match_id(match)
    started = time.perf_counter()
    if source == "gnubg":
        got = decide(probabilities, state, cube_efficiency(position))
    else:
        got = cube_decision(position, state, plies, budget, prune)
    return got, time.perf_counter() - started


def bench(args: argparse.Namespace, budget: int | None = None, label: str = "") -> None:
    rows = [row for path in args.data for row in read_cube_positions(Path(path))]
    agree = [0, 0, 0]
    kinds: dict[str, list[int]] = {}
    confusion: dict[tuple[str, str], int] = {}
    elapsed = []
    partial = rolls = 0  # decisions a budget cut short; rolls they looked at
    deeper = decided = 0  # rolls looked at a second roll ahead (--plies 2); decisions
    positions = []
    jobs = [(row[0], row[2], args.probabilities, args.plies, budget, args.prune) for row in rows]
    with Pool(args.jobs) as pool:
        results = pool.map(_decide, jobs, chunksize=4)
    for (gnubg_id, expected, _, _), (decision, seconds) in zip(rows, results, strict=True):
        state = CubeState.from_match_id(parse_gnubg_id(gnubg_id)[1])
        got = decision.answer
        if args.probabilities != "gnubg" and args.plies and state.may_double():
            decided += 1
            deeper += decision.rolls_deeper
            positions.append(decision.positions)
            if decision.rolls_ahead < 21:
                partial += 1
                rolls += decision.rolls_ahead
        elapsed.append(seconds)
        hits = (got[0] == expected[0], got[1] == expected[1], got == expected)
        kind = "money" if state.is_money else "match"
        tally = kinds.setdefault(kind, [0, 0, 0, 0])
        for index, hit in enumerate(hits):
            agree[index] += hit
            tally[index] += hit
        tally[3] += 1
        if got[0] != expected[0]:
            confusion[(expected[0], got[0])] = confusion.get((expected[0], got[0]), 0) + 1
    n = len(rows)
    source = (
        "gnubg 2-ply cubeless probabilities"
        if args.probabilities == "gnubg"
        else f"the bot, {args.plies}-ply"
        + (f", budget {budget} positions" if budget is not None else "")
        + label
    )
    print(f"{n} cube positions; decisions from {source}; reference gnubg 2-ply cube analysis")
    print(f"  action agreement   {100 * agree[0] / n:5.1f}%")
    print(f"  response agreement {100 * agree[1] / n:5.1f}%")
    print(f"  both               {100 * agree[2] / n:5.1f}%")
    for kind, (a, r, _, count) in sorted(kinds.items()):
        print(
            f"  {kind}: {count} positions, "
            f"action {100 * a / count:.1f}%, response {100 * r / count:.1f}%"
        )
    if confusion:
        print(
            "  action disagreements (gnubg -> ours): "
            + ", ".join(
                f"{g}->{o} {c}" for (g, o), c in sorted(confusion.items(), key=lambda kv: -kv[1])
            )
        )
    if budget is not None:
        print(
            f"  cut short by the budget: {partial} decisions of {n}"
            + (f" (looking at {rolls / partial:.1f} of the 21 rolls on average)" if partial else "")
        )
    if args.plies == 2:
        print(
            f"  rolls looked at a second roll ahead: {deeper / max(1, decided):.1f} of 21"
            " on average"
        )
    if positions:
        positions.sort()
        print(
            f"  positions a decision: median {positions[len(positions) // 2]}, "
            f"90% under {positions[int(0.9 * len(positions))]}, max {positions[-1]}"
        )
    elapsed.sort()
    median, slowest = 1000 * elapsed[n // 2], 1000 * elapsed[-1]
    print(f"  time per decision: median {median:.1f} ms, max {slowest:.1f} ms (CPython)")


def compare(references: list[str], others: list[str]) -> None:
    """How often the answers of ``others`` agree with those of ``references`` (the same
    positions, e.g. labelled by gnubg at another depth with the same --seed)."""
    pairs = []
    for reference, other in zip(references, others, strict=True):
        left, right = read_cube_positions(Path(reference)), read_cube_positions(Path(other))
        if [row[0] for row in left] != [row[0] for row in right]:
            raise SystemExit(f"{reference} and {other} do not hold the same positions")
        pairs += [(a[1], b[1]) for a, b in zip(left, right, strict=True)]
    n = len(pairs)
    action = sum(a[0] == b[0] for a, b in pairs)
    response = sum(a[1] == b[1] for a, b in pairs)
    print(
        f"{n} cube positions: action agreement {100 * action / n:.1f}%,"
        f" response agreement {100 * response / n:.1f}%"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "command", nargs="?", default="bench", choices=["bench", "label", "compare"]
    )
    parser.add_argument("--plies", type=int, default=1, choices=[0, 1, 2])
    parser.add_argument("--prune", type=int, default=0, help="--plies 2: replies a roll")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--budget", type=int, default=None, help="positions a decision may evaluate (default: all)"
    )
    parser.add_argument(
        "--levels", action="store_true", help="each level with a cube budget, at that budget"
    )
    parser.add_argument(
        "--data",
        action="append",
        help="a file written by label (repeatable; default: tests/data/cube_gnubg2ply.txt)",
    )
    parser.add_argument(
        "--against", action="append", default=[], help="compare: the same positions' other answers"
    )
    parser.add_argument("--probabilities", default="bot", choices=["bot", "gnubg"])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument(
        "--near", type=float, default=0.08, help="closeness to a threshold, in equity"
    )
    parser.add_argument("--gnubg-plies", type=int, default=2)
    parser.add_argument("--out", default=str(CUBE_POSITIONS))
    args = parser.parse_args()
    args.data = args.data or [str(CUBE_POSITIONS)]
    if args.command == "compare":
        compare(args.data, args.against)
    elif args.command == "label":
        label(args)
    elif args.levels:
        from game.bot.levels import LEVELS_BY_STRENGTH

        for level in LEVELS_BY_STRENGTH:
            if level.cube_budget:
                args.plies, args.prune = level.cube_plies, level.cube_prune
                bench(args, level.cube_budget, f" (level {level.name})")
    else:
        bench(args, args.budget)


if __name__ == "__main__":
    main()
