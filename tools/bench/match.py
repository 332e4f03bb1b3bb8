"""Checker play at the match score: does the bot value gammons as the score makes them worth?

    python -m tools.bench.match --make-set     # label match decisions with gnubg 2-ply (~10 min)
    python -m tools.bench.match                # score the levels on them, money vs match valuing
    python -m tools.bench.match --make-set --seed 12 --set /tmp/more.txt.gz   # another set

The set (tools/data/bot-match-bench.txt.gz) holds decisions from gnubg 0-ply
self-play (5% random moves, seeded) at random scores of 3-, 5- and 7-point
matches (Crawford and post-Crawford games, double match point, some with the
cube at 2), none in the teacher file, with two or more plays each and gnubg
2-ply's five cubeless probabilities after every play. gnubg evaluates each play
with the match's cubeinfo, so its own look-ahead plays to the score.

Judge: a play's worth is the mover's cubeless match winning chance from those
probabilities and the match equity table (``game.bot.met``), in EMG units
(``game.bot.match_value.utility``); the loss of a decision is the best play's
worth minus the chosen one's, in thousandths. Each level plays the set twice: as
in money play (``state=None``) and valuing outcomes at the score. gnubg 0-ply is
scored the same way (its probabilities valued at the score, and as money).
gnubg is the judge here and never imported by game/.
"""

from __future__ import annotations

import argparse
import gzip
import random
import statistics
import sys
import time
from pathlib import Path

from game.bot import choose_play
from game.bot.cube import CubeState
from game.bot.match_value import utility
from game.bot.probabilities import Probabilities
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import format_position_id, parse_position_id

ROOT = Path(__file__).resolve().parents[2]

SET_FILE = ROOT / "tools" / "data" / "bot-match-bench.txt.gz"
TEACHER = ROOT.parent / "shared" / "data" / "teacher" / "gnubg-2ply.txt.gz"


def gnubg_board(position: Position) -> list[list[int]]:
    return [list(position.opponent[1:26]), list(position.player[1:26])]


def after_play(gnubg, play_position: Position, state: CubeState, plies: int) -> Probabilities:
    """gnubg's cubeless probabilities for the mover after a play (the opponent on roll),
    its search playing to the score of ``state`` (the mover's view)."""
    if play_position.player[0] == 15:
        result = play_position.winner_result()
        return Probabilities(1.0, float(result >= 2), float(result == 3), 0.0, 0.0)
    # The opponent is on roll: gnubg's board[1] and player 1 of the cubeinfo.
    owner = -1 if state.cube.owner is None else (0 if state.cube.owner == 0 else 1)
    cube = gnubg.cubeinfo(
        state.value, owner, 1, state.match_length, tuple(state.score), int(state.crawford)
    )
    context = gnubg.evalcontext(0, plies, 1, 0, 0.0)
    values = gnubg.evaluate(gnubg_board(play_position.flip()), cube, context)[:5]
    return Probabilities.from_sequence(values).flip()


def random_state(rng: random.Random) -> CubeState:
    length = rng.choice((3, 5, 7))
    score = (rng.randrange(length), rng.randrange(length))
    crawford = length - 1 in score and (length - 1, length - 1) != score and rng.random() < 0.5
    value, owner = 1, None
    if length - 1 not in score and rng.random() < 0.25:
        value, owner = 2, rng.choice((0, 1))
    return CubeState.of(
        value=value, owner=owner, match_length=length, score=score, crawford=crawford
    )


def encode_state(state: CubeState) -> str:
    owner = "-" if state.cube.owner is None else str(state.cube.owner)
    return (
        f"{state.match_length}:{state.score[0]}:{state.score[1]}:{int(state.crawford)}"
        f":{state.value}:{owner}"
    )


def decode_state(text: str) -> CubeState:
    length, a, b, crawford, value, owner = text.split(":")
    return CubeState.of(
        value=int(value),
        owner=None if owner == "-" else int(owner),
        match_length=int(length),
        score=(int(a), int(b)),
        crawford=crawford == "1",
    )


def make_set(count: int, seed: int) -> None:
    import gnubg

    with gzip.open(TEACHER, "rt") as lines:
        teacher = {line.split(None, 1)[0] for line in lines if not line.startswith("#")}
    rng = random.Random(seed)
    decisions = []
    seen = set()
    started = time.time()
    while len(decisions) < count:
        state = random_state(rng)  # player 0's view; the sides swap after each play
        position = Position.start()
        while not position.is_game_over() and len(decisions) < count:
            dice = rng.randint(1, 6), rng.randint(1, 6)
            plays = legal_plays(position, dice)
            if plays:
                pid = format_position_id(position)
                if (
                    len(plays) >= 2
                    and rng.random() < 0.15
                    and pid not in teacher
                    and (pid, dice, encode_state(state)) not in seen
                ):
                    seen.add((pid, dice, encode_state(state)))
                    scored = [
                        (
                            format_position_id(play.position),
                            after_play(gnubg, play.position, state, 2),
                        )
                        for play in plays
                    ]
                    decisions.append((pid, dice, encode_state(state), scored))
                    if len(decisions) % 25 == 0:
                        print(
                            f"  {len(decisions)} decisions ({time.time() - started:.0f} s)",
                            flush=True,
                        )
                if rng.random() < 0.05:
                    chosen = rng.choice(plays)
                else:
                    chosen = max(
                        plays,
                        key=lambda play: utility(after_play(gnubg, play.position, state, 0), state),
                    )
                position = chosen.position
            position = position.flip()
            state = state.flip()
    SET_FILE.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(SET_FILE, "wt") as out:
        out.write(
            "# POSITION_ID D1 D2 LENGTH:SCORE:OPPONENT_SCORE:CRAWFORD:CUBE:OWNER then per play"
            " RESULT_ID:W:WG:WBG:LG:LBG (gnubg 1.1.0a16 2-ply, cubeless, match cubeinfo;"
            " mover's probabilities after the play; owner 0 = the mover)\n"
        )
        for pid, dice, state_text, scored in decisions:
            plays = " ".join(
                rid + ":" + ":".join(f"{v:.5f}" for v in p.as_tuple()) for rid, p in scored
            )
            out.write(f"{pid} {dice[0]} {dice[1]} {state_text} {plays}\n")
    print(f"wrote {len(decisions)} decisions to {SET_FILE} in {time.time() - started:.0f} s")


def read_set():
    decisions = []
    with gzip.open(SET_FILE, "rt") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            state = decode_state(fields[3])
            plays = {}
            for item in fields[4:]:
                rid, *values = item.split(":")
                plays[rid] = utility(Probabilities.from_sequence([float(v) for v in values]), state)
            position = parse_position_id(fields[0])
            decisions.append((position, (int(fields[1]), int(fields[2])), state, plays))
    return decisions


def gammons_matter(state: CubeState) -> str:
    """A coarse class of the score: where money play's gammon values are most wrong."""
    away = state.away
    if 1 in away:
        return "1-away"  # DMP, Crawford, post-Crawford: one side's gammons are worthless
    return "other"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--make-set", action="store_true")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--levels", nargs="*", default=["intermediate", "strong", "expert"])
    parser.add_argument(
        "--set", type=Path, default=None, help="the decisions file (made by --make-set)"
    )
    args = parser.parse_args(argv)
    global SET_FILE
    SET_FILE = args.set or SET_FILE
    if args.make_set:
        make_set(args.positions, args.seed)
        return 0
    decisions = read_set()
    classes = sorted({gammons_matter(state) for _, _, state, _ in decisions})
    counts = {c: sum(gammons_matter(s) == c for _, _, s, _ in decisions) for c in classes}
    print(
        f"Loss per decision at the match score (EMG thousandths, judge gnubg 2-ply),"
        f" {len(decisions)} decisions ({', '.join(f'{counts[c]} {c}' for c in classes)})"
    )
    print(f"{'player':<30}{'mean':>8}" + "".join(f"{c:>10}" for c in classes))

    def report(name: str, losses: list[float]) -> None:
        by_class = ""
        for c in classes:
            some = [
                loss
                for (_, _, s, _), loss in zip(decisions, losses, strict=True)
                if gammons_matter(s) == c
            ]
            by_class += f"{1000 * statistics.fmean(some):>10.2f}"
        print(f"{name:<30}{1000 * statistics.fmean(losses):>8.2f}{by_class}", flush=True)

    import gnubg

    for valuing in ("money", "score"):
        losses = []
        for position, dice, state, plays in decisions:
            best = max(plays.values())
            judged = state if valuing == "score" else CubeState()
            chosen = max(
                legal_plays(position, dice),
                key=lambda play: utility(after_play(gnubg, play.position, state, 0), judged),
            )
            losses.append(best - plays[format_position_id(chosen.position)])
        report(f"gnubg 0-ply, {valuing}", losses)
    for level in args.levels:
        for valuing in ("money", "score"):
            rng = random.Random(args.seed)
            losses = []
            for position, dice, state, plays in decisions:
                best = max(plays.values())
                play = choose_play(
                    position, dice, level, rng, state if valuing == "score" else None
                )
                losses.append(best - plays[format_position_id(play.position)])
            report(f"{level}, {valuing}", losses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
