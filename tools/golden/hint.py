"""Write tests/data/hint_golden.txt: GNU Backgammon's 2-ply judgement of every play of many rolls.

    python -m tools.golden.hint                 # needs the pip package gnubg
    python -m tools.golden.hint --positions 200 --seed 3

Positions come from our own bot's self-play at its 1-ply level with noise on the
equities (so positions are varied but plausible), contact and race, most in money
play and some in match play at a random score with a random cube. For each
position and roll, every legal play's resulting position is evaluated by gnubg
at 2-ply, cubeless (gnubg's own move filters are bypassed: every play is
evaluated in full), and the mover's five probabilities are stored.

Each block of the file is::

    PID:MID
    RESULT_PID WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON LOSE_BACKGAMMON
    ...                                   (one line per legal play)
    (blank line)

The test (tests/test_hint_golden.py) turns the probabilities into equities with
our own units (game.analysis.judgement.utility, the match equity table in match play), so
what it compares is the judgement of positions, not the equity conventions.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import gnubg

from game.bot.search import rank_plays
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import MatchId, format_gnubg_id, format_position_id

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "data" / "hint_golden.txt"


def gnubg_side(side: tuple[int, ...]) -> list[int]:
    """Our side (index 1..24 the points, 25 the bar) as gnubg's 25 numbers."""
    return [side[point] for point in range(1, 25)] + [side[25]]


def gnubg_probabilities(after: Position, context) -> tuple[float, ...]:
    """The mover's probabilities after a play (``after`` seen from the mover), by gnubg."""
    # The opponent is on roll: gnubg's board[1] is the opponent.
    board = (gnubg_side(after.player), gnubg_side(after.opponent))
    win, wg, wbg, lg, lbg, _ = gnubg.evaluate(board, gnubg.cubeinfo(), context)
    return (1.0 - win, lg, lbg, wg, wbg)


def positions(count: int, rng: random.Random) -> list[tuple[Position, tuple[int, int]]]:
    """Positions with a roll to play, from noisy self-play, a few per game."""
    found: list[tuple[Position, tuple[int, int]]] = []
    while len(found) < count:
        position = Position.start()
        turn = 0
        while not position.is_game_over() and len(found) < count:
            dice = rng.randint(1, 6), rng.randint(1, 6)
            plays = legal_plays(position, dice)
            if len(plays) > 1 and rng.random() < 0.15 and turn > 1:
                found.append((position, dice))
            if plays:
                ranked = rank_plays(position, dice, plays)
                noisy = max(ranked, key=lambda pair: pair[0] + rng.gauss(0.0, 0.08))
                position = noisy[1].position
            position = position.flip()
            turn += 1
    return found


def match_id(rng: random.Random, dice: tuple[int, int]) -> MatchId:
    """Money play mostly; sometimes a match at a random score with a random cube."""
    if rng.random() < 0.7:
        return MatchId(player_on_roll=0, dice=dice)
    length = rng.choice((3, 5, 7, 9, 11))
    score = (rng.randrange(length), rng.randrange(length))
    crawford = length - 1 in score and rng.random() < 0.5 and score != (length - 1,) * 2
    cube = 1 if crawford else rng.choice((1, 1, 2, 4))
    owner = None if cube == 1 else rng.randrange(2)
    return MatchId(
        cube=cube,
        cube_owner=owner,
        player_on_roll=0,
        crawford=crawford,
        dice=dice,
        match_length=length,
        score=score,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=160)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--plies", type=int, default=2, help="gnubg's plies (default 2)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    context = gnubg.evalcontext(0, args.plies, 1, 0, 0.0)
    blocks = []
    for position, dice in positions(args.positions, rng):
        match = match_id(rng, dice)
        lines = [format_gnubg_id(position, match)]
        for play in legal_plays(position, dice):
            figures = gnubg_probabilities(play.position, context)
            lines.append(
                format_position_id(play.position) + " " + " ".join(f"{x:.6f}" for x in figures)
            )
        blocks.append("\n".join(lines) + "\n")
        print(f"{len(blocks)}/{args.positions}", file=sys.stderr, end="\r")
    GOLDEN.write_text(
        f"# gnubg 1.1.0a16 {args.plies}-ply cubeless, tools/golden/hint.py "
        f"--positions {args.positions} --seed {args.seed}\n" + "\n".join(blocks)
    )
    print(f"\nwrote {GOLDEN}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
