"""Label more training positions with GNU Backgammon: the siblings of real decisions.

    nice python -m tools.training.teacher --decisions 150000 --plies 0 \
        --out tools/checkpoints/siblings-0ply.txt.gz

Picks positions from the teacher file (seeded), rolls dice for each, and writes
every position a legal play leads to (the opponent then on roll), labelled by
gnubg at ``--plies``. A network that ranks plays must tell such siblings apart,
and the teacher file holds mostly one position per decision. The output has the
teacher file's format, so ``tools/training/train.py --teacher`` reads it. gnubg is only
the teacher: its evaluations are the labels, its weights are never used.
The plays come from gnubg_nn's move generator (one entry per distinct resulting
position, as game.engine.plays; 100 times faster than ours in CPython): 150,000
decisions take about 2 minutes at 0-ply.

``--top K --margin M`` labels, of each decision, only its K best plays by gnubg 0-ply
within M of the best, and only when two or more are that close: the close calls,
where a deeper label (``--plies 2``, 15 ms a position) is worth its time.

``--leaves R`` labels instead the positions a look-ahead ends on: of each decision, its
``--top`` best plays by gnubg 0-ply within ``--margin`` (the best alone when it is clear),
then for each of those R rolls of the opponent (drawn at random) and its best reply by
gnubg 0-ply: the position after that reply, the first mover on roll again. The bot's
2-ply look-ahead evaluates exactly such positions, and gnubg 1-ply labels there
(``--plies 1``, 0.8 ms a position) are what makes a 1-ply look-ahead agree with gnubg 2-ply.
``--replies K`` labels the K best replies to each roll instead of the best alone.
``--race --leaves 3 --top 3 --margin 0.16 --without-bearoffs --plies 1`` labels the race
network's leaves: the positions a look-ahead from a race decision ends on, bear-offs left out
(the bot looks those up).

An interrupted run resumes: the labels go to ``OUT.part`` (plain text, a line per
position), which a rerun of the same command reads back and goes on from; the
finished file is gzipped to OUT.
"""

from __future__ import annotations

import argparse
import gzip
import random
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


TEACHER = ROOT.parent / "shared" / "data" / "teacher" / "gnubg-2ply.txt.gz"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=150000)
    parser.add_argument("--plies", type=int, default=0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--top", type=int, default=0, help="label only the K best plays (0: all)")
    parser.add_argument(
        "--margin", type=float, default=0.08, help="with --top: within this of the best"
    )
    parser.add_argument(
        "--leaves",
        type=int,
        default=0,
        metavar="R",
        help="label the positions after the opponent's best reply to R rolls of each of the"
        " --top plays (the leaves of a look-ahead) instead of the plays themselves",
    )
    parser.add_argument(
        "--replies",
        type=int,
        default=1,
        metavar="K",
        help="with --leaves: the K best replies to each roll by gnubg 0-ply, not only the best",
    )
    parser.add_argument(
        "--race",
        action="store_true",
        help="only the decisions that are races (no contact left): the race network's data",
    )
    parser.add_argument(
        "--without-bearoffs",
        action="store_true",
        help="leave out the bear-offs (both sides with every checker home): the bot looks"
        " them up in its table and never asks a network",
    )
    parser.add_argument(
        "--shard",
        default="0/1",
        help="K/N: label only every N-th decision from the K-th (N processes in parallel)",
    )
    args = parser.parse_args(argv)
    shard, shards = (int(part) for part in args.shard.split("/"))
    import gnubg

    ids = teacher_ids()
    known = set(ids)
    context = gnubg.evalcontext(0, args.plies, 1, 0, 0.0)
    ranking = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    cube = gnubg.cubeinfo()
    started = time.time()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # Written under another name and gzipped at the end: an interrupted run leaves no file
    # that tools/training/train.py would take for a finished one, and a rerun goes on from it.
    partial = args.out.with_name(args.out.name + ".part")
    written = resume(partial)
    if written:
        print(f"resuming {partial.name}: {len(written)} positions already labelled", flush=True)
    with partial.open("a") as out:
        if not written:
            out.write(
                "# POSITION_ID WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON LOSE_BACKGAMMON"
                f" (gnubg {args.plies}-ply)\n"
            )
        for count, (pid, dice) in enumerate(chosen_decisions(args.seed, args.decisions, ids), 1):
            if count % shards != shard:
                continue  # another process's share (the dice are drawn all the same)
            if args.race and is_contact(pid):
                continue
            plays = list(siblings(pid, dice))
            if args.leaves:
                candidates = best_plays(plays, args.top or 1, args.margin, cube, ranking)
                rolls = random.Random(f"{args.seed}:{count}")
                plays = [
                    leaf
                    for _, after in candidates
                    for leaf in leaves(after, args.leaves, rolls, cube, ranking, args.replies)
                ]
            elif args.top:
                plays = close_calls(plays, args.top, args.margin, cube, ranking)
            for after_id, after in plays:
                if after_id in written or after_id in known:
                    continue
                if args.without_bearoffs and is_bearoff(after):
                    continue
                written.add(after_id)
                values = gnubg.evaluate(after, cube, context)[:5]
                out.write(after_id + " " + " ".join(f"{v:.5f}" for v in values) + "\n")
            out.flush()
            if count % 10000 == 0:
                print(
                    f"  {count} decisions, {len(written)} positions"
                    f" ({time.time() - started:.0f} s)",
                    flush=True,
                )
    with partial.open("rb") as source, gzip.open(args.out, "wb") as target:
        shutil.copyfileobj(source, target)
    partial.unlink()
    print(f"wrote {len(written)} positions to {args.out} in {time.time() - started:.0f} s")
    return 0


def resume(partial: Path) -> set[str]:
    """The positions an interrupted run already labelled (its last, cut-off line dropped)."""
    if not partial.exists():
        return set()
    text = partial.read_bytes()
    complete = text[: text.rfind(b"\n") + 1]
    if len(complete) != len(text):
        partial.write_bytes(complete)
    return {
        line.split(None, 1)[0]
        for line in complete.decode().splitlines()
        if line and not line.startswith("#")
    }


def close_calls(plays, top: int, margin: float, cube, ranking) -> list:
    """The ``top`` best of ``plays`` by gnubg 0-ply within ``margin`` of the best, or
    none when fewer than two are that close (a clear decision)."""
    close = best_plays(plays, top, margin, cube, ranking)
    return close if len(close) >= 2 else []


def best_plays(plays, top: int, margin: float, cube, ranking) -> list:
    """The ``top`` best of ``plays`` by gnubg 0-ply within ``margin`` of the best."""
    import gnubg

    # A sibling is evaluated for the opponent, on roll: the mover's equity is its negation.
    scored = sorted(
        ((-gnubg.evaluate(after, cube, ranking)[5], after_id, after) for after_id, after in plays),
        key=lambda item: -item[0],
    )
    close = [
        (after_id, after) for equity, after_id, after in scored if equity >= scored[0][0] - margin
    ]
    return close[:top]


def leaves(after, count: int, rolls: random.Random, cube, ranking, replies: int = 1):
    """The positions after the opponent's ``replies`` best replies (by gnubg 0-ply) to
    ``count`` distinct rolls drawn at random, from ``after`` (the opponent on roll as
    board[1]): (Position ID, board) each, the first mover on roll again; a roll on which a
    reply can finish the game is left out. A look-ahead that keeps the best few replies
    must rank them: more than one reply a roll teaches that."""
    import gnubg
    import gnubg_nn

    drawn: list[tuple[int, int]] = []
    while len(drawn) < min(count, 21):
        die1, die2 = sorted((rolls.randint(1, 6), rolls.randint(1, 6)))
        if (die1, die2) not in drawn:
            drawn.append((die1, die2))
    for dice in drawn:
        scored = []
        for key, _ in gnubg_nn.moves([list(after[0]), list(after[1])], *dice, 1):
            first, replier = gnubg_nn.board_from_position_key(key)  # the replier as board[1]
            if not any(replier) or not any(first):
                scored = []  # the reply can end the game: nothing to learn there
                break
            leaf = (replier, first)  # the first mover on roll as board[1]
            # The first mover's equity: the replier picks the least.
            scored.append((gnubg.evaluate(leaf, cube, ranking)[5], leaf))
        else:
            if not scored:  # no legal reply: the first mover is on roll again as it was
                scored = [(0.0, (after[1], after[0]))]
        scored.sort(key=lambda item: item[0])
        for _, leaf in scored[:replies]:
            yield gnubg.positionid(leaf), leaf


def is_bearoff(board) -> bool:
    """Both sides with every checker on their home points (or off): the bear-off table's reach."""
    return not any(board[0][6:]) and not any(board[1][6:])


def is_contact(pid: str) -> bool:
    from game.formats import parse_position_id

    return parse_position_id(pid).is_contact()


def teacher_ids() -> list[str]:
    """The Position IDs of the teacher file, in its order."""
    with gzip.open(TEACHER, "rt") as lines:
        return [line.split(None, 1)[0] for line in lines if not line.startswith("#")]


def chosen_decisions(
    seed: int, decisions: int, ids: list[str] | None = None
) -> list[tuple[str, tuple[int, int]]]:
    """The decisions (Position ID, dice) whose siblings a run with this seed labels, in order."""
    ids = teacher_ids() if ids is None else ids
    rng = random.Random(seed)
    chosen = rng.sample(ids, min(decisions, len(ids)))
    return [(pid, (rng.randint(1, 6), rng.randint(1, 6))) for pid in chosen]


def sibling_groups(
    seed: int, decisions: int, groups: dict[str, int] | None = None
) -> dict[str, int]:
    """Which decision each sibling of a run comes from: Position ID -> group number.

    The siblings of one decision are the positions its plays lead to; a network that
    ranks plays must get their differences right (tools/training/train.py --rank-weight). A
    position reached from several decisions keeps its first group, as the labels keep
    its first line. Group numbers are ``seed * 10**6 + decision index``.
    """
    groups = {} if groups is None else groups
    for index, (pid, dice) in enumerate(chosen_decisions(seed, decisions)):
        for after_id, _ in siblings(pid, dice):
            groups.setdefault(after_id, seed * 10**6 + index)
    return groups


def siblings(pid: str, dice: tuple[int, int]):
    """The positions the plays of ``dice`` lead to from ``pid``, the opponent then on roll
    (gnubg's board[1]): (Position ID, board) each, finished games left out."""
    import gnubg
    import gnubg_nn

    board = gnubg.positionfromid(pid)
    # gnubg_nn gives one entry per distinct resulting position (the mover still board[1]);
    # game.engine.plays agrees with it (tools/golden/plays.py, the golden tests) and is 100
    # times slower in CPython.
    for key, _ in gnubg_nn.moves([list(board[0]), list(board[1])], *dice, 1):
        mover, other = gnubg_nn.board_from_position_key(key)[::-1]
        if not any(mover) or not any(other):
            continue  # the game is over: nothing to learn
        after = (mover, other)  # the opponent (other) now on roll as board[1]
        yield gnubg.positionid(after), after


if __name__ == "__main__":
    sys.exit(main())
