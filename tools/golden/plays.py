"""Write tests/data/plays_golden.txt.xz: GNU Backgammon's legal plays for many (position, roll).

    python -m tools.golden.plays            # needs the pip packages gnubg and gnubg-nn
    python -m tools.golden.plays --pairs 30000 --seed 7

Positions come from self-play games between players of mixed strength: gnubg's
0-ply evaluation with Gaussian noise on each play's equity, and some plays picked
at random (random play leaves blots, so checkers go to the bar and points get
built in odd places; strong play makes primes, closed boards and bear-offs).
Some visited positions are recorded with all 21 rolls, so no-play rolls and
doubles in crowded positions are well covered; a few hundred random positions
with checkers spread thin, rolled with small doubles, add plays by the hundred.

Each line of the golden file is::

    POSITION_ID D1 D2 BOARD RESULT_ID RESULT_ID ...     (or "-" when no play is legal)

where POSITION_ID is gnubg's ``positionid`` of the position, BOARD is the same
position as 50 hex digits (gnubg's board[0], then board[1] = the player on roll,
each point 1..24 then the bar), and the RESULT_IDs are gnubg_nn's distinct
resulting positions (mover still on roll), sorted. The test rebuilds the position
from BOARD, so our Position ID encoder is checked against gnubg's as well.
"""

from __future__ import annotations

import argparse
import itertools
import lzma
import random
import sys
from collections import Counter
from pathlib import Path

import gnubg
import gnubg_nn

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
GOLDEN = DATA / "plays_golden.txt.xz"
PERFT = DATA / "perft.txt"
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
START = gnubg.positionfromid("4HPwATDgc/ABMA")

Board = tuple[tuple[int, ...], tuple[int, ...]]


def board_hex(board: Board) -> str:
    return "".join(f"{n:x}" for side in board for n in side)


def results(board: Board, dice: tuple[int, int]) -> list[tuple[str, Board, tuple]]:
    """gnubg_nn's distinct resulting positions: (Position ID, board with the mover as
    board[1], the steps of one way to play it)."""
    found = []
    for key, steps in gnubg_nn.moves([list(board[0]), list(board[1])], dice[0], dice[1], 1):
        after = gnubg_nn.board_from_position_key(key)
        found.append((gnubg.positionid(after), after, steps))
    return found


class Player:
    """gnubg 0-ply with noise on the equities, or a random play with probability ``blunder``."""

    def __init__(self, rng: random.Random, noise: float, blunder: float):
        self.rng, self.noise, self.blunder = rng, noise, blunder
        self.cube = gnubg.cubeinfo()
        self.context = gnubg.evalcontext(0, 0, 1, 0, 0.0)

    def choose(self, plays: list[tuple[str, Board, tuple]]) -> Board:
        if len(plays) == 1 or self.rng.random() < self.blunder:
            return self.rng.choice(plays)[1]
        best, best_score = None, None
        for _pid, after, _steps in plays:
            # Evaluate from the opponent's side (it is on roll next) and negate.
            equity = gnubg.evaluate((after[1], after[0]), self.cube, self.context)[5]
            score = -equity + self.rng.gauss(0.0, self.noise)
            if best_score is None or score > best_score:
                best, best_score = after, score
        return best


def game_over(board: Board) -> bool:
    return sum(board[0]) == 0 or sum(board[1]) == 0


def play_games(pairs_wanted: int, rng: random.Random, all_rolls_rate: float):
    """Yield (board, dice, results) from self-play until enough distinct pairs are seen."""
    seen: set[tuple[str, tuple[int, int]]] = set()
    games = 0
    while len(seen) < pairs_wanted:
        games += 1
        styles = [(0.0, 0.0), (0.02, 0.0), (0.1, 0.05), (0.3, 0.2), (0.0, 1.0)]
        players = [Player(rng, *rng.choice(styles)), Player(rng, *rng.choice(styles))]
        board: Board = START
        turn = 0
        while not game_over(board) and len(seen) < pairs_wanted:
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            rolls = [roll]
            if rng.random() < all_rolls_rate:
                rolls += ALL_ROLLS
            pid = gnubg.positionid(board)
            for dice in rolls:
                key = (pid, tuple(sorted(dice, reverse=True)))
                if key in seen:
                    continue
                seen.add(key)
                yield board, dice, results(board, dice)
            plays = results(board, roll)
            if plays:
                board = players[turn].choose(plays)
            board = (board[1], board[0])  # the other side is on roll
            turn = 1 - turn
    print(f"{games} games", file=sys.stderr)


def scattered_board(rng: random.Random) -> Board:
    """A legal position with both sides' checkers spread thin: doubles give hundreds of plays."""
    sides = [[0] * 25, [0] * 25]
    for side in rng.sample([0, 1], 2):
        other = sides[1 - side]
        for _ in range(15):
            while True:
                index = 24 if rng.random() < 0.01 else rng.randrange(24)
                # Point index i of one side is index 23 - i of the other.
                if index == 24 or other[23 - index] == 0:
                    break
            sides[side][index] += 1
    return tuple(sides[0]), tuple(sides[1])


def scattered_pairs(count: int, rng: random.Random):
    """Yield (board, dice, results) for spread-out positions rolled with small doubles."""
    for _ in range(count):
        board = scattered_board(rng)
        dice = rng.choice([(1, 1), (2, 2), (3, 3), (rng.randint(1, 6), rng.randint(1, 6))])
        yield board, dice, results(board, dice)


# --- coverage figures: what kinds of (position, roll) the file holds -------------------


def home_board_closed(side: tuple[int, ...]) -> bool:
    return all(side[i] >= 2 for i in range(6))


def coverage(board: Board, dice: tuple[int, int], found: list) -> list[str]:
    opponent, mover = board
    kinds = []
    if mover[24]:
        kinds.append("mover on the bar")
        if mover[24] >= 2:
            kinds.append("two or more on the bar")
        if home_board_closed(opponent):
            kinds.append("on the bar against a closed board")
        if not any(mover[6:24]):
            kinds.append("on the bar with every other checker home (hit in the bear-off)")
    if dice[0] == dice[1]:
        kinds.append("doubles")
    if not found:
        kinds.append("no legal play")
    elif len(found) == 1:
        kinds.append("exactly one play")
    for size in (100, 500, 1000):
        if len(found) >= size:
            kinds.append(f"{size}+ plays")
    if not any(mover[6:]):
        kinds.append("bear-off (all home)")
        highest = max(i for i in range(6) if mover[i]) + 1
        if any(mover[i] == 0 for i in range(highest - 1)):
            kinds.append("bear-off with gaps")
        if max(dice) > highest:
            kinds.append("bear-off, a die above the highest point")
    if any(after[0][24] > opponent[24] for _pid, after, _steps in found):
        kinds.append("some play hits")
    dice_rolled = 4 if dice[0] == dice[1] else 2
    if found and max(len(steps) for _pid, _after, steps in found) < dice_rolled:
        kinds.append("not every die can be used")
    return kinds


# --- the perft table: a few dozen hand-picked counts, readable in review ---------------

PERFT_HEADER = """\
# Number of distinct legal plays (resulting positions) per (Position ID, roll), from gnubg_nn.
# Written by tools/golden/plays.py --perft; checked by tests/test_plays_perft.py.
# POSITION_ID  ROLL  PLAYS  # what the position shows
"""


def perft_rows(
    golden_lines: list[str], rng: random.Random
) -> list[tuple[str, tuple[int, int], str]]:
    """The starting position with every roll, the known wildbg figures, and varied picks."""
    rows = [("4HPwATDgc/ABMA", dice, "starting position") for dice in ALL_ROLLS]
    rows.append(("AACAkCRJqqoAAA", (1, 1), "spread checkers, 2220 plays"))
    parsed = []
    for line in golden_lines:
        pid, d1, d2, board_text, *ids = line.split()
        board = [int(c, 16) for c in board_text]
        board = (tuple(board[:25]), tuple(board[25:]))
        size = 0 if ids == ["-"] else len(ids)
        parsed.append((pid, (int(d1), int(d2)), board, size))
    wanted = [
        ("no legal play, on the bar", lambda b, d, n: n == 0 and b[1][24]),
        ("no legal play, blocked", lambda b, d, n: n == 0 and not b[1][24]),
        ("on the bar against a closed board", lambda b, d, n: b[1][24] and home_board_closed(b[0])),
        ("two on the bar, doubles", lambda b, d, n: b[1][24] >= 2 and d[0] == d[1] and n > 1),
        ("two on the bar", lambda b, d, n: b[1][24] == 2 and d[0] != d[1] and n > 1),
        (
            "bear-off with gaps",
            lambda b, d, n: (
                not any(b[1][6:])
                and n > 3
                and any(b[1][i] == 0 for i in range(max(i for i in range(6) if b[1][i])))
            ),
        ),
        ("bear-off, doubles", lambda b, d, n: not any(b[1][6:]) and d[0] == d[1] and n > 3),
        ("bear-off, hit checker on the bar", lambda b, d, n: b[1][24] and not any(b[1][6:24])),
        (
            "only one die can be played",
            lambda b, d, n: 0 < n < 4 and d[0] != d[1] and not b[1][24] and n == 1,
        ),
        ("hundreds of plays", lambda b, d, n: n >= 300),
        ("contact, ordinary roll", lambda b, d, n: 15 <= n <= 60 and d[0] != d[1]),
        ("contact, doubles", lambda b, d, n: 60 <= n < 300 and d[0] == d[1]),
    ]
    for label, test in wanted:
        matches = [row for row in parsed if test(row[2], row[1], row[3])]
        for pid, dice, _board, _size in rng.sample(matches, min(3, len(matches))):
            rows.append((pid, dice, label))
    return rows


def write_perft(golden: Path, out: Path, rng: random.Random) -> None:
    with lzma.open(golden, "rt", encoding="ascii") as lines:
        rows = perft_rows(list(lines), rng)
    text = [PERFT_HEADER]
    for pid, dice, label in rows:
        count = len(gnubg_nn.moves([list(side) for side in gnubg.positionfromid(pid)], *dice, 0))
        text.append(f"{pid}  {dice[0]}-{dice[1]}  {count:4d}  # {label}\n")
    out.write_text("".join(text))
    print(f"{len(rows)} perft rows -> {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=25_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--all-rolls-rate", type=float, default=0.08)
    parser.add_argument(
        "--scattered",
        type=int,
        default=500,
        help="extra spread-out positions with small doubles (hundreds of plays)",
    )
    parser.add_argument("--out", type=Path, default=GOLDEN)
    parser.add_argument(
        "--perft",
        action="store_true",
        help="only (re)write tests/data/perft.txt from the golden file",
    )
    args = parser.parse_args(argv)
    if args.perft:
        write_perft(args.out, PERFT, random.Random(args.seed))
        return 0

    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    lines = []
    most = (0, "")
    games = play_games(args.pairs - args.scattered, rng, args.all_rolls_rate)
    for board, dice, found in itertools.chain(games, scattered_pairs(args.scattered, rng)):
        pid = gnubg.positionid(board)
        ids = sorted(result_id for result_id, _after, _steps in found)
        lines.append(f"{pid} {dice[0]} {dice[1]} {board_hex(board)} {' '.join(ids) or '-'}\n")
        counts.update(coverage(board, dice, found))
        most = max(most, (len(found), f"{pid} {dice[0]}-{dice[1]}"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(args.out, "wt", encoding="ascii", preset=9) as out:
        out.writelines(lines)
    print(f"{len(lines)} (position, roll) pairs -> {args.out} ({args.out.stat().st_size:,} bytes)")
    for kind, n in sorted(counts.items(), key=lambda item: -item[1]):
        print(f"  {n:6d}  {kind}")
    print(f"  most plays: {most[0]} ({most[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
