"""Train a race network to rank a race's plays (race-ranking.net): a loss over its plays.

    nice -n 10 python -m tools.training.race_rank --data          # the decisions (minutes)
    nice -n 10 python -m tools.training.race_rank --init FOLDER/race.net \
        --epochs 40 --lr 0.003 --teacher-weight 4 --run ft40t4 --out game/bot/data/race-ranking.net
        # the race ranking network that ships (FOLDER: 090e989's race.net; a rerun
        # resumes; about 6 minutes on one core)

``--data`` draws the race decisions of the teacher file (../shared/data/teacher/gnubg-2ply.txt.gz):
each race position (no contact; not a bear-off with both sides home, which the bot looks up)
with one roll (seeded), kept when two or more of its plays lead to positions the race
network is asked about (bear-offs left out); every such sibling (the opponent then on roll)
is labelled by gnubg 0-ply and encoded with game.bot.encoding. Positions of the bench sets
(tools/data/race-bench, bot-bench and held-out) are left out. The decisions stay grouped
(tools/checkpoints/race-rank-sSEED.npz); a fixed share of them is held out for validation.

Training (torch, CPU, seeded) takes batches of whole decisions. Its loss is the squared
error of each play's equity relative to its decision's mean equity (what ranking the plays
needs, whatever a common offset), times ``--rank-weight``, plus the usual absolute loss
(cross-entropy on the 5 outputs and ``--equity-weight`` x the squared equity error) so that
the probabilities stay calibrated for the cube and the look-ahead; ``--teacher-weight``
adds that absolute loss on the teacher file's own race positions (gnubg 2-ply, positions
before a roll as a look-ahead's leaves are), a batch of them with every batch of
decisions (cached in tools/checkpoints/race-rank-teacher.npz). Validation reports the
relative-equity error (RMS), the absolute equity error and the equity lost per decision by
the play the network ranks first, against the labels. A checkpoint is written after every
epoch (tools/checkpoints/race-rank-RUN.pt); rerunning the same command resumes.
gnubg is only the teacher: its evaluations are the targets, never its weights.
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
import time
from pathlib import Path

import numpy as np

from game.bot.encoding import INPUTS, encode, is_contact
from tools.training.teacher import TEACHER, is_bearoff, siblings, teacher_ids
from tools.training.train import (
    CHECKPOINTS,
    centred,
    dense_all,
    equity,
    export,
    fast_parser,
    group_rows,
    resume,
    save_checkpoint,
    start_from,
)

ROOT = Path(__file__).resolve().parents[2]
BENCH_SETS = ("race-bench.txt.gz", "bot-bench.txt.gz", "held-out.txt.gz")


def bench_positions() -> set[str]:
    """The Position IDs of the bench sets' decisions and of the positions their plays reach."""
    found: set[str] = set()
    for name in BENCH_SETS:
        with gzip.open(ROOT / "tools" / "data" / name, "rt") as lines:
            for line in lines:
                if line.startswith("#"):
                    continue
                fields = line.split()
                found.add(fields[0])
                found.update(play.split(":", 1)[0] for play in fields[3:])
    return found


def make_data(seed: int, path: Path) -> None:
    """Label and encode the race decisions' siblings; write them grouped to ``path``."""
    import gnubg

    started = time.time()
    parse = fast_parser()
    excluded = bench_positions()
    cube = gnubg.cubeinfo()
    context = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    rng = random.Random(seed)
    ids, groups, lengths, indices, values, targets = [], [], [], [], [], []
    decisions = skipped = 0
    for pid in teacher_ids():
        dice = (rng.randint(1, 6), rng.randint(1, 6))  # drawn for every position: stable
        if pid in excluded:
            skipped += 1
            continue
        board = gnubg.positionfromid(pid)
        if is_bearoff(board) or is_contact(parse(pid)):
            continue
        plays = [
            (after_id, after)
            for after_id, after in siblings(pid, dice)
            if not is_bearoff(after) and after_id not in excluded
        ]
        if len(plays) < 2:
            continue
        for after_id, after in plays:
            encoded = encode(parse(after_id))
            ids.append(after_id)
            groups.append(decisions)
            lengths.append(len(encoded))
            for index, value in encoded:
                indices.append(index)
                values.append(value)
            targets.append(gnubg.evaluate(after, cube, context)[:5])
        decisions += 1
        if decisions % 20000 == 0:
            print(f"  {decisions} decisions, {len(ids)} positions ({time.time() - started:.0f} s)")
    path.parent.mkdir(parents=True, exist_ok=True)
    save_encoded(
        path, ids, lengths, indices, values, targets, groups=np.array(groups, dtype=np.int64)
    )
    print(
        f"wrote {decisions} decisions, {len(ids)} positions to {path} ({skipped} bench"
        f" positions left out) in {time.time() - started:.0f} s",
        flush=True,
    )


def save_encoded(path: Path, ids, lengths, indices, values, targets, **more) -> None:
    """Encoded positions as the training reads them: sparse rows (``indptr``, ``indices``,
    ``values``), five targets a row and the Position IDs, plus any ``more`` arrays."""
    np.savez(
        path,
        indptr=np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
        indices=np.array(indices, dtype=np.int16),
        values=np.array(values, dtype=np.float32),
        targets=np.array(targets, dtype=np.float32).reshape(-1, 5),
        ids=np.array(ids, dtype="S14"),
        **more,
    )


def teacher_races(path: Path) -> None:
    """The teacher file's own race positions (gnubg 2-ply labels, before a roll; bear-offs
    and the bench sets' positions left out), encoded, to ``path``: the absolute term's data."""
    started = time.time()
    parse = fast_parser()
    excluded = bench_positions()
    ids, lengths, indices, values, targets = [], [], [], [], []
    with gzip.open(TEACHER, "rt") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            fields = line.split()
            pid = fields[0]
            if pid in excluded:
                continue
            position = parse(pid)
            if is_contact(position) or is_bearoff(gnubg_board(pid)):
                continue
            encoded = encode(position)
            ids.append(pid)
            lengths.append(len(encoded))
            for index, value in encoded:
                indices.append(index)
                values.append(value)
            targets.append([float(x) for x in fields[1:6]])
    save_encoded(path, ids, lengths, indices, values, targets)
    print(f"wrote {len(ids)} teacher race positions to {path} in {time.time() - started:.0f} s")


def gnubg_board(pid: str):
    import gnubg

    return gnubg.positionfromid(pid)


def train(args) -> None:
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    data = np.load(args.data_file)
    groups = data["groups"]  # rows of one group are contiguous, groups numbered in order
    x = torch.from_numpy(dense_all(data["indptr"], data["indices"], data["values"]))
    y = torch.from_numpy(data["targets"])
    starts = np.flatnonzero(np.concatenate([[True], groups[1:] != groups[:-1]]))
    sizes = np.diff(np.append(starts, len(groups)))
    order = np.random.default_rng(args.seed).permutation(len(starts))
    n_valid = int(len(starts) * args.validation)
    valid, training = order[:n_valid], order[n_valid:]
    valid_rows, valid_group = group_rows(valid, starts, sizes)
    x_valid, y_valid = x[valid_rows], y[valid_rows]
    valid_group_t = torch.from_numpy(valid_group)
    if not args.teacher_file.exists():
        teacher_races(args.teacher_file)
    teacher = np.load(args.teacher_file)
    t_x = torch.from_numpy(dense_all(teacher["indptr"], teacher["indices"], teacher["values"]))
    t_y = torch.from_numpy(teacher["targets"])
    t_order = torch.from_numpy(np.random.default_rng(args.seed).permutation(len(t_y)))
    t_valid_n = int(len(t_y) * args.validation)
    t_valid, t_train = t_order[:t_valid_n], t_order[t_valid_n:]
    t_generator = torch.Generator().manual_seed(args.seed)
    model = torch.nn.Sequential(
        torch.nn.Linear(INPUTS, args.hidden), torch.nn.Sigmoid(), torch.nn.Linear(args.hidden, 5)
    )
    if args.init is not None:
        start_from(model, args.init)
    per_batch = max(1, round(args.batch / float(sizes.mean())))
    steps = (len(training) + per_batch - 1) // per_batch
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=args.lr, total_steps=args.epochs * steps
    )

    def validate() -> str:
        model.eval()
        with torch.no_grad():
            p = torch.sigmoid(model(x_valid))
            mine, theirs = equity(p), equity(y_valid)
            relative = centred(mine, valid_group_t, n_valid) - centred(
                theirs, valid_group_t, n_valid
            )
            # The mover's equity after a play is minus the sibling's (opponent on roll):
            # the network's pick is the sibling it rates lowest.
            label = theirs.numpy()
            net = mine.numpy()
            lost = []
            for k in range(n_valid):
                lo, hi = (
                    int(np.searchsorted(valid_group, k)),
                    int(np.searchsorted(valid_group, k, side="right")),
                )
                pick = lo + int(np.argmin(net[lo:hi]))
                lost.append(label[pick] - label[lo:hi].min())
        return (
            f"relative RMS {torch.sqrt(torch.mean(relative**2)).item():.5f},"
            f" absolute {torch.mean(torch.abs(mine - theirs)).item():.4f},"
            f" lost {1000 * float(np.mean(lost)):.3f};"
            f" teacher's races: absolute {teacher_error():.4f}"
        )

    def teacher_error() -> float:
        """Mean absolute equity error on the held-out teacher race positions (2-ply)."""
        with torch.no_grad():
            p = torch.sigmoid(model(t_x[t_valid]))
            return torch.mean(torch.abs(equity(p) - equity(t_y[t_valid]))).item()

    checkpoint = CHECKPOINTS / f"race-rank-{args.run}.pt"
    start_epoch = 0
    if checkpoint.exists():
        start_epoch = resume(checkpoint, model, optimizer, schedule)
        print(f"resumed from {checkpoint.name} after epoch {start_epoch}", flush=True)
    print(
        f"{len(training)} training and {n_valid} validation decisions ({len(groups)} positions),"
        f" {per_batch} decisions a batch, hidden {args.hidden}",
        flush=True,
    )
    if start_epoch == 0:
        print(f"before training: {validate()}", flush=True)
    bce = torch.nn.BCEWithLogitsLoss()
    for epoch in range(start_epoch, args.epochs):
        started = time.time()
        model.train()
        rng = np.random.default_rng((args.seed, epoch))
        shuffled = training[rng.permutation(len(training))]
        total = 0.0
        for lo in range(0, len(shuffled), per_batch):
            chosen = shuffled[lo : lo + per_batch]
            rows, group = group_rows(chosen, starts, sizes)
            rows_t, group_t = torch.from_numpy(rows), torch.from_numpy(group)
            logits = model(x[rows_t])
            target = y[rows_t]
            mine, theirs = equity(torch.sigmoid(logits)), equity(target)
            rank = torch.mean(
                (centred(mine, group_t, len(chosen)) - centred(theirs, group_t, len(chosen))) ** 2
            )
            loss = (
                args.rank_weight * rank
                + bce(logits, target)
                + args.equity_weight * torch.mean((mine - theirs) ** 2)
            )
            if args.teacher_weight > 0:
                drawn = t_train[torch.randint(len(t_train), (args.batch,), generator=t_generator)]
                t_logits = model(t_x[drawn])
                t_target = t_y[drawn]
                loss = loss + args.teacher_weight * (
                    bce(t_logits, t_target)
                    + args.equity_weight
                    * torch.mean((equity(torch.sigmoid(t_logits)) - equity(t_target)) ** 2)
                )
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += loss.item()
        print(
            f"epoch {epoch + 1}/{args.epochs}: loss {total / steps:.5f}, {validate()}"
            f" ({time.time() - started:.0f} s)",
            flush=True,
        )
        save_checkpoint(checkpoint, model, optimizer, schedule, epoch + 1)
    export(model, args.out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--data", action="store_true", help="make the decisions' file only (else made when missing)"
    )
    parser.add_argument("--data-seed", type=int, default=21)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--init", type=Path, default=None, help="a .net file to start from")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--batch", type=int, default=512, help="positions a batch (about)")
    parser.add_argument("--rank-weight", type=float, default=20.0)
    parser.add_argument("--equity-weight", type=float, default=0.5)
    parser.add_argument(
        "--teacher-weight",
        type=float,
        default=0.0,
        help="also the absolute loss on the teacher file's race positions (gnubg 2-ply),"
        " a batch of them with each batch of decisions, times this",
    )
    parser.add_argument("--validation", type=float, default=0.05, help="share of decisions")
    parser.add_argument("--run", default="rank1", help="name of this run (checkpoint file)")
    parser.add_argument("--out", type=Path, default=None, help="the .net file to write")
    args = parser.parse_args(argv)
    args.data_file = CHECKPOINTS / f"race-rank-s{args.data_seed}.npz"
    args.teacher_file = CHECKPOINTS / "race-rank-teacher.npz"
    if args.data or not args.data_file.exists():
        make_data(args.data_seed, args.data_file)
    if args.data:
        return 0
    if args.out is None:
        parser.error("--out is needed to train")
    train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
