"""Train the bot's networks from positions labelled by GNU Backgammon (supervised).

    nice python -m tools.training.train                 # networks from scratch (about 30 min)
    nice python -m tools.training.train --net race --race-epochs 5 --run quick --out /tmp/nets
    nice python -m tools.training.train --more-siblings --net contact --init FOLDER \
        --epochs 12 --lr 0.001 --run more1          # fine-tune FOLDER/contact.net (README)
    nice python -m tools.training.train --jobs 2 --sibling-plies 1 --more-siblings \
        --net contact --hidden 256 --init FOLDER --epochs 16 --lr 0.001 \
        --run ply1                                    # the step before
    nice python -m tools.training.train --jobs 2 --close-calls 2 --close-weight 8 \
        --sibling-plies 1 --more-siblings --net contact --hidden 256 --init FOLDER \
        --epochs 16 --lr 0.001 --run close8           # what ships (game/bot/README.md)
    nice python -m tools.training.train --jobs 2 --close-calls 2 --more-close-calls \
        --close-weight 8 --sibling-plies 1 --more-siblings --net pruning \
        --pruning-hidden 32 --pruning-epochs 8 --batch 1024 --lr 0.003 \
        --run close8s78                               # the pruning network that ships
    nice python -m tools.training.train --jobs 2 \
        --teacher tools/checkpoints/races-0ply-s12-0of2.txt.gz \
        --teacher tools/checkpoints/races-0ply-s12-1of2.txt.gz --race-without-bearoffs \
        --net race --init FOLDER --race-epochs 10 --lr 0.001 --run racein1
        # the race network on its own inputs (branch bot-races's encoding 3; FOLDER:
        # 7213641's race.net; docs/performance.md, sessions 15 and 16)
    nice python -m tools.training.train --jobs 2 --race-leaves 1 --races-only \
        --race-without-bearoffs --net race --init FOLDER --race-epochs 10 --lr 0.001 \
        --run racelv1                                 # the race network on its leaves alone

By default it reads ../shared/data/teacher/gnubg-2ply.txt.gz (926k positions,
gnubg 2-ply labels) and the "siblings": the 2.3M positions reached by every legal
play of 150k of those decisions (seed 7), labelled by gnubg at --sibling-plies
(0 by default); --more-siblings adds the 3.9M of 250k other decisions (seed 8).
The sibling files (tools/checkpoints/siblings-*) are made first when missing, by
tools/training/teacher.py in --jobs processes (0-ply: minutes; 1-ply: about 30 min
on 2 cores; needs gnubg). --teacher FILE (repeatable) replaces them all. It
encodes every position with game.bot.encoding (the very code the page runs),
splits off a fixed validation share, and trains one network per phase (contact,
race) with torch on the CPU; --net pruning trains the small network that ranks a
look-ahead's replies, on the contact positions with only the inputs it reads
(encoding.PRUNING_INPUTS). --rank-weight adds a loss on the siblings of each
decision relative to each other (what ranking plays needs); --teacher-weight counts
the teacher file's own positions more (tried: no better, game/bot/README.md). Everything is
seeded; progress is checkpointed in tools/checkpoints/ after every epoch, and a
rerun with the same arguments resumes where it stopped. The result is written
to game/bot/data/NET.net (or --out). --init starts from earlier .net files of
ours instead of random weights.

gnubg is only a teacher here: its evaluations are the targets, never its weights.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from game.bot.encoding import (
    ENCODING_VERSION,
    FEATURE_BASE,
    FEATURES,
    INPUTS,
    PRUNING_INPUTS,
    RACE_INPUTS,
    SIDE_INPUTS,
    encode,
)
from game.bot.network import Network
from game.engine.position import CHECKERS, Position
from game.formats import parse_position_id

ROOT = Path(__file__).resolve().parents[2]

CHECKPOINTS = ROOT / "tools" / "checkpoints"
DATA = ROOT / "game" / "bot" / "data"
DEFAULT_TEACHER = ROOT.parent / "shared" / "data" / "teacher" / "gnubg-2ply.txt.gz"
# The siblings' runs of tools/training/teacher.py, (seed, decisions): the first always, the
# second with --more-siblings.
SIBLING_RUNS = ((7, 150000), (8, 250000))
# The close calls' deeper labels (--close-calls): each decision's 4 best plays by gnubg
# 0-ply within 0.08 of the best, when two or more are (about 1.9 positions a decision).
CLOSE_TOP = 4
CLOSE_MARGIN = 0.08
# The leaves (--leaves): the positions a look-ahead ends on, from decisions of seed 9: the
# best 3 plays by gnubg 0-ply within 0.16, 3 rolls of the opponent each, its best reply;
# --more-leaves adds seed 10's, with the best 2 replies of each roll, --more-leaves 2 seed 11's
# too (the same recipe).
LEAF_RUNS = ((9, 400000, 1), (10, 300000, 2), (11, 300000, 2))  # seed, decisions, replies a roll
LEAF_ROLLS, LEAF_TOP, LEAF_MARGIN = 3, 3, 0.16
# The races (--races): the siblings of every race decision of the teacher file (one roll
# each, seed 12), for the race network.
RACE_RUN = (12, 926000)
# The race leaves (--race-leaves): the positions a look-ahead from each race decision of the
# teacher file ends on (one roll each, seed 13), as LEAF_ROLLS, LEAF_TOP and LEAF_MARGIN
# say, bear-offs left out (the bot looks them up).
RACE_LEAF_RUN = (13, 926000)
NETS = ("contact", "race")
PARTS = ("indptr", "indices", "values", "targets", "ids")


def sibling_files(runs, plies: int, jobs: int, top: int = 0) -> list[Path]:
    """The sibling files of ``runs`` labelled at ``plies``, made first when missing
    (by tools/training/teacher.py in ``jobs`` processes, one shard each); with ``top``,
    only each decision's close calls (its ``top`` best plays within CLOSE_MARGIN)."""
    files = []
    for seed, decisions in runs:
        if plies == 0 and jobs == 1:  # the names of the first runs, kept
            shards = [
                CHECKPOINTS
                / ("siblings-0ply.txt.gz" if seed == 7 else f"siblings-0ply-s{seed}.txt.gz")
            ]
        else:
            kind = f"{plies}ply-top{top}" if top else f"{plies}ply"
            shards = [
                CHECKPOINTS / f"siblings-{kind}-s{seed}-{k}of{jobs}.txt.gz" for k in range(jobs)
            ]
        options = ["--decisions", str(decisions), "--plies", str(plies), "--seed", str(seed)]
        if top:
            options += ["--top", str(top), "--margin", str(CLOSE_MARGIN)]
        label(shards, options, f"the siblings of {decisions} decisions (seed {seed})")
        files += shards
    return files


def leaf_files(plies: int, jobs: int, runs=LEAF_RUNS[:1]) -> list[Path]:
    """The leaves of the decisions of ``runs`` (some of LEAF_RUNS) labelled at ``plies``,
    made first when missing (by tools/training/teacher.py --leaves in ``jobs`` processes, one
    shard each)."""
    files = []
    for seed, decisions, replies in runs:
        kind = f"{plies}ply" if replies == 1 else f"{plies}ply-r{replies}"
        shards = [CHECKPOINTS / f"leaves-{kind}-s{seed}-{k}of{jobs}.txt.gz" for k in range(jobs)]
        options = ["--decisions", str(decisions), "--plies", str(plies), "--seed", str(seed)]
        options += ["--leaves", str(LEAF_ROLLS), "--top", str(LEAF_TOP)]
        options += ["--margin", str(LEAF_MARGIN), "--replies", str(replies)]
        label(shards, options, f"the leaves of {decisions} decisions (seed {seed})")
        files += shards
    return files


def race_files(plies: int, jobs: int) -> list[Path]:
    """The siblings of RACE_RUN's race decisions labelled at ``plies``, made first when
    missing (tools/training/teacher.py --race)."""
    seed, decisions = RACE_RUN
    shards = [CHECKPOINTS / f"races-{plies}ply-s{seed}-{k}of{jobs}.txt.gz" for k in range(jobs)]
    options = ["--race", "--decisions", str(decisions), "--plies", str(plies), "--seed", str(seed)]
    label(shards, options, f"the siblings of the race decisions (seed {seed})")
    return shards


def race_leaf_files(plies: int, jobs: int) -> list[Path]:
    """The leaves of RACE_LEAF_RUN's race decisions labelled at ``plies``, made first when
    missing (tools/training/teacher.py --race --leaves --without-bearoffs)."""
    seed, decisions = RACE_LEAF_RUN
    shards = [
        CHECKPOINTS / f"race-leaves-{plies}ply-s{seed}-{k}of{jobs}.txt.gz" for k in range(jobs)
    ]
    options = ["--race", "--without-bearoffs", "--decisions", str(decisions)]
    options += ["--plies", str(plies), "--seed", str(seed), "--leaves", str(LEAF_ROLLS)]
    options += ["--top", str(LEAF_TOP), "--margin", str(LEAF_MARGIN)]
    label(shards, options, f"the leaves of the race decisions (seed {seed})")
    return shards


def label(shards: list[Path], options: list[str], what: str) -> None:
    """Run tools/training/teacher.py with ``options`` for each missing shard (K of
    ``len(shards)``), in parallel; an interrupted run resumes from its partial file."""
    import subprocess

    missing = [k for k, path in enumerate(shards) if not path.exists()]
    if not missing:
        return
    print(f"labelling {what}: {options}", flush=True)
    module = ["-m", "tools.training.teacher"]
    children = [
        subprocess.Popen(
            [sys.executable, *module, *options, f"--shard={k}/{len(shards)}", f"--out={shards[k]}"],
            cwd=ROOT,
        )
        for k in missing
    ]
    if any(child.wait() for child in children):
        raise SystemExit("tools/training/teacher.py failed")


def phase_of(position) -> str:
    return "contact" if position.is_contact() else "race"


def load_teacher(
    paths: list[Path], jobs: int = 1
) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Encode the teacher files once (cached): per phase, CSR inputs, 5 targets, Position IDs.

    A position in several files (or twice in one) is kept at its first line. ``jobs``
    processes encode chunks of lines in parallel; the result does not depend on it. When
    the files but the last few were encoded before, that set is read and only the rest
    encoded (the same result: 20-30 minutes saved for 12M positions).
    """
    digests = [_digest(path) for path in paths]  # each file read once, for every prefix
    cache = _cache_of(digests)
    if cache.exists():
        return _read_cache(cache)
    started = time.time()
    parts: dict[str, list[tuple[np.ndarray, ...]]] = {net: [] for net in NETS}
    seen: set[str] = set()
    count = 0
    first = 0
    for first in range(len(paths) - 1, -1, -1):
        if first and _cache_of(digests[:first]).exists():
            for net, (indptr, indices, values, targets, ids) in _read_cache(
                _cache_of(digests[:first])
            ).items():
                parts[net].append((np.diff(indptr), indices, values, targets, ids))
                seen.update(pid.decode() for pid in ids)
                count += len(ids)
            print(f"  read {count} positions of the first {first} files", flush=True)
            break
    with multiprocessing.Pool(jobs) if jobs > 1 else _InProcess() as pool:
        for encoded in pool.imap(_encode_chunk, _chunks(paths[first:])):
            for net, (ids, lengths, indices, values, targets) in encoded.items():
                keep = np.array([pid not in seen and not seen.add(pid) for pid in ids], dtype=bool)
                parts[net].append(
                    (
                        lengths[keep],
                        indices[np.repeat(keep, lengths)],
                        values[np.repeat(keep, lengths)],
                        targets[keep],
                        np.array(ids, dtype="S14")[keep],
                    )
                )
                count += int(keep.sum())
            print(f"  encoded {count} positions ({time.time() - started:.0f} s)", flush=True)
    result = {}
    arrays = {}
    for net in NETS:
        # One part at a time, each chunk's copy let go as it is joined: joining all five
        # at once held the whole set twice (about 17 GB for 12M positions).
        chunks = parts.pop(net)
        joined = []
        for k in range(len(PARTS)):
            joined.append(np.concatenate([chunk[k] for chunk in chunks]))
            chunks = [(*chunk[:k], None, *chunk[k + 1 :]) for chunk in chunks]
        lengths, indices, values, targets, ids = joined
        result[net] = (
            np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
            indices.astype(np.int16),
            values.astype(np.float32),
            targets.astype(np.float32).reshape(-1, 5),
            ids,
        )
        for part, array in zip(PARTS, result[net], strict=True):
            arrays[f"{net}_{part}"] = array
    CHECKPOINTS.mkdir(parents=True, exist_ok=True)
    np.savez(cache, **arrays)
    print(f"encoded {count} positions in {time.time() - started:.0f} s -> {cache.name}", flush=True)
    return result


CHUNK = 100000  # lines a worker encodes at a time


def _digest(path: Path) -> bytes:
    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").digest()


def _cache_of(digests: list[bytes]) -> Path:
    """The encoded set of the files with these contents' digests (a copy of the same files
    on another machine, or with other times, finds it) and the encoding."""
    key = hashlib.sha256()
    for digest in digests:
        key.update(digest)
    key.update(f"encoding {ENCODING_VERSION} inputs {INPUTS} ids".encode())
    return CHECKPOINTS / f"dataset-{key.hexdigest()[:16]}.npz"


def _read_cache(cache: Path) -> dict[str, tuple[np.ndarray, ...]]:
    loaded = np.load(cache)
    return {net: tuple(loaded[f"{net}_{part}"] for part in PARTS) for net in NETS}


def _chunks(paths: list[Path]):
    """The labelled lines of the files, in order, in lists of CHUNK."""
    for path in paths:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt") as lines:
            chunk = []
            for line in lines:
                if line.startswith("#") or not line.strip():
                    continue
                chunk.append(line)
                if len(chunk) == CHUNK:
                    yield chunk
                    chunk = []
            if chunk:
                yield chunk


def _encode_chunk(lines: list[str]) -> dict[str, tuple[list[str], np.ndarray, ...]]:
    """Per phase: the Position IDs, each row's count of non-zero inputs, the inputs, the
    values and the five targets of these lines (duplicates are dropped by the caller)."""
    parse = fast_parser()
    parts = {net: ([], [], [], [], []) for net in NETS}
    for line in lines:
        fields = line.split()
        position = parse(fields[0])
        ids, lengths, indices, values, targets = parts[phase_of(position)]
        encoded = encode(position)
        ids.append(fields[0])
        lengths.append(len(encoded))
        for index, value in encoded:
            indices.append(index)
            values.append(value)
        targets.append([float(x) for x in fields[1:6]])
    return {
        net: (
            ids,
            np.array(lengths, dtype=np.int64),
            np.array(indices, dtype=np.int16),
            np.array(values, dtype=np.float32),
            np.array(targets, dtype=np.float32).reshape(-1, 5),
        )
        for net, (ids, lengths, indices, values, targets) in parts.items()
    }


class _InProcess:
    """``multiprocessing.Pool``'s ``imap`` in this process (``--jobs 1``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def imap(self, function, items):
        return map(function, items)


def fast_parser():
    """Position IDs to positions: gnubg's C decoder when installed (4 times faster), else ours."""
    try:
        import gnubg
    except ImportError:
        return parse_position_id

    def parse(pid: str) -> Position:
        opponent, player = gnubg.positionfromid(pid)
        return Position.trusted(
            (CHECKERS - sum(player), *player), (CHECKERS - sum(opponent), *opponent)
        )

    return parse


def densify(indptr, indices, values, rows) -> np.ndarray:
    out = np.zeros((len(rows), INPUTS), dtype=np.float32)
    for k, row in enumerate(rows):
        lo, hi = indptr[row], indptr[row + 1]
        out[k, indices[lo:hi]] = values[lo:hi]
    return out


def dense_all(indptr, indices, values, chunk: int = 1 << 20) -> np.ndarray:
    """The CSR rows as one dense array, filled ``chunk`` rows at a time: the index arrays
    of the whole set at once would take twice the dense array's memory."""
    rows = len(indptr) - 1
    out = np.zeros((rows, INPUTS), dtype=np.float32)
    for lo in range(0, rows, chunk):
        hi = min(rows, lo + chunk)
        start, end = indptr[lo], indptr[hi]
        row_of = np.repeat(np.arange(lo, hi), np.diff(indptr[lo : hi + 1]))
        out[row_of, indices[start:end].astype(np.int64)] = values[start:end]
    return out


def equity(p):
    return 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]


def train_net(net: str, data, args) -> None:
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    indptr, indices, values, targets, ids = data
    if net == "race" and args.race_without_bearoffs:
        indptr, indices, values, targets, ids = without_bearoffs(
            indptr, indices, values, targets, ids
        )
    x = torch.from_numpy(dense_all(indptr, indices, values))
    del data, indptr, indices, values  # the sparse copy: GBs with the siblings
    if args.without_extras:
        x[:, RACE_INPUTS:] = 0.0  # a control: the same training without the inputs after 225
    if net == "pruning":
        # The contact positions, with only the inputs encode_pruning sets.
        mask = torch.zeros(INPUTS)
        mask[list(PRUNING_INPUTS)] = 1.0
        x *= mask
    y = torch.from_numpy(targets)
    n = len(y)
    order = np.random.default_rng(args.seed).permutation(n)
    n_valid = max(1000, int(n * args.validation))
    valid, train = order[:n_valid], order[n_valid:]
    # Batches are gathered from the whole array by index: a copy of the training share
    # would double the memory (several GB with the extra siblings).
    x_valid, y_valid = x[valid], y[valid]
    if args.close_ids:
        # The close calls' deeper labels, a few percent of the positions, count more.
        close = train[np.fromiter((pid in args.close_ids for pid in ids[train]), bool, len(train))]
        print(
            f"{net}: {len(close)} close calls, each counted {args.close_weight} times", flush=True
        )
        train = np.concatenate([train, *[close] * (args.close_weight - 1)])
    if args.teacher_ids:
        # The teacher file's own positions (gnubg 2-ply labels, positions before a roll as a
        # look-ahead's replies leave them) may count more too.
        deep = train[
            np.fromiter(
                (pid in args.teacher_ids and pid not in args.close_ids for pid in ids[train]),
                bool,
                len(train),
            )
        ]
        print(f"{net}: {len(deep)} teacher positions, each counted {args.teacher_weight} times")
        train = np.concatenate([train, *[deep] * (args.teacher_weight - 1)])
    if args.leaf_ids:
        # The leaves keep their 1-ply label only where no deeper one came first.
        leaf = train[
            np.fromiter(
                (
                    pid in args.leaf_ids
                    and pid not in args.close_ids
                    and pid not in args.teacher_ids
                    for pid in ids[train]
                ),
                bool,
                len(train),
            )
        ]
        print(f"{net}: {len(leaf)} leaves, each counted {args.leaf_weight} times", flush=True)
        train = np.concatenate([train, *[leaf] * (args.leaf_weight - 1)])
    train = torch.from_numpy(train)
    hidden = {"contact": args.hidden, "race": args.race_hidden, "pruning": args.pruning_hidden}[net]
    model = torch.nn.Sequential(
        torch.nn.Linear(INPUTS, hidden), torch.nn.Sigmoid(), torch.nn.Linear(hidden, 5)
    )
    if args.init is not None and (args.init / f"{net}.net").exists():
        start_from(model, args.init / f"{net}.net")
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    epochs = {"contact": args.epochs, "race": args.race_epochs, "pruning": args.pruning_epochs}[net]
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimizer,
        max_lr=args.lr,
        total_steps=epochs * ((len(train) + args.batch - 1) // args.batch),
    )

    def validate() -> float:
        """Mean absolute equity error on the held-out positions."""
        model.eval()
        with torch.no_grad():
            p = torch.sigmoid(model(x_valid))
            return torch.mean(torch.abs(equity(p) - equity(y_valid))).item()

    tag = f"{net}-h{hidden}-e{epochs}-s{args.seed}-{args.run}"
    checkpoint = CHECKPOINTS / f"{tag}.pt"
    start_epoch = 0
    if checkpoint.exists() and not args.fresh:
        start_epoch = resume(checkpoint, model, optimizer, schedule)
        print(f"{net}: resumed from {checkpoint.name} after epoch {start_epoch}", flush=True)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    rank_batches = (
        RankBatches(ids, train.numpy(), args.groups_of, args.batch, args.seed)
        if args.rank_weight > 0
        else None
    )
    print(
        f"{net}: {len(train)} training and {len(valid)} validation positions, hidden {hidden}",
        flush=True,
    )
    if start_epoch == 0:
        print(f"{net} before training: validation equity error {validate():.4f}", flush=True)
    for epoch in range(start_epoch, epochs):
        started = time.time()
        model.train()
        permutation = torch.randperm(len(train))
        total = 0.0
        ranked = iter(rank_batches.epoch(epoch)) if rank_batches else None
        for lo in range(0, len(train), args.batch):
            batch = train[permutation[lo : lo + args.batch]]
            logits = model(x[batch])
            target = y[batch]
            loss = loss_fn(logits, target)
            # Equity is what the bot ranks plays by: weigh its error too.
            p = torch.sigmoid(logits)
            loss = loss + args.equity_weight * torch.mean((equity(p) - equity(target)) ** 2)
            if ranked is not None:
                rows, group, count = next(ranked)
                loss = loss + args.rank_weight * rank_loss(model(x[rows]), y[rows], group, count)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += loss.item() * len(batch)
        error = validate()
        print(
            f"{net} epoch {epoch + 1}/{epochs}: loss {total / len(train):.5f}, "
            f"validation equity error {error:.4f} ({time.time() - started:.0f} s)",
            flush=True,
        )
        save_checkpoint(checkpoint, model, optimizer, schedule, epoch + 1)
    if net == "pruning":
        with torch.no_grad():  # inputs it never reads: their rows stayed at their random start
            unread = sorted(set(range(INPUTS)) - set(PRUNING_INPUTS))
            model[0].weight[:, unread] = 0.0
    export(model, args.out / f"{net}.net")


def without_bearoffs(indptr, indices, values, targets, ids):
    """The CSR rows less the bear-offs (both sides with every checker home: no
    ``stragglers`` input on either side), which the bot looks up in its bear-off table
    and never asks the race network about."""
    stragglers = [
        which * SIDE_INPUTS + FEATURE_BASE + FEATURES.index("stragglers") for which in (0, 1)
    ]
    row_of = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))
    keep = np.zeros(len(indptr) - 1, dtype=bool)
    keep[row_of[np.isin(indices, stragglers)]] = True
    entries = keep[row_of]
    lengths = np.diff(indptr)[keep]
    print(f"race: {int((~keep).sum())} bear-offs left out of {len(keep)} positions", flush=True)
    return (
        np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
        indices[entries],
        values[entries],
        targets[keep],
        ids[keep],
    )


class RankBatches:
    """Batches of whole sibling groups (the positions the plays of one decision lead to).

    ``epoch(k)`` yields, without end, ``(rows, group, count)``: the rows of about ``batch``
    positions made of whole groups, each row's group numbered 0..count-1 within the batch.
    Only training rows of groups with two or more of them are used: a group's ranking
    is about differences.
    """

    def __init__(self, ids, train, groups_of: dict[str, int], batch: int, seed: int) -> None:
        group = np.array([groups_of.get(pid.decode(), -1) for pid in ids[train]], dtype=np.int64)
        rows = train[group >= 0]
        group = group[group >= 0]
        order = np.argsort(group, kind="stable")
        rows, group = rows[order], group[order]
        starts = np.flatnonzero(np.concatenate([[True], group[1:] != group[:-1]]))
        sizes = np.diff(np.append(starts, len(group)))
        keep = sizes >= 2
        self.rows, self.starts, self.sizes = rows, starts[keep], sizes[keep]
        self.per_batch = max(1, round(batch / float(self.sizes.mean())))
        self.seed = seed
        print(
            f"ranking: {len(self.sizes)} groups of {int(self.sizes.sum())} training positions,"
            f" {self.per_batch} groups a batch",
            flush=True,
        )

    def epoch(self, k: int):
        import torch

        rng = np.random.default_rng((self.seed, k))
        while True:
            order = rng.permutation(len(self.sizes))
            for lo in range(0, len(order), self.per_batch):
                chosen = order[lo : lo + self.per_batch]
                rows, group = group_rows(chosen, self.starts, self.sizes)
                yield torch.from_numpy(self.rows[rows]), torch.from_numpy(group), len(chosen)


def rank_loss(logits, target, group, count: int):
    """Mean squared error of each position's equity relative to its group's mean.

    Siblings are told apart by their differences: this weighs exactly what ranking the
    plays of a roll needs, whatever a common offset of the whole group.
    """
    import torch

    mine, theirs = equity(torch.sigmoid(logits)), equity(target)
    return torch.mean((centred(mine, group, count) - centred(theirs, group, count)) ** 2)


def centred(values, group, count: int):
    """Each value less the mean of its group (``group``: each value's group, 0..count-1)."""
    import torch

    sums = torch.zeros(count, dtype=values.dtype).index_add_(0, group, values)
    sizes = torch.zeros(count, dtype=values.dtype).index_add_(0, group, torch.ones_like(values))
    return values - (sums / sizes)[group]


def group_rows(chosen: np.ndarray, starts: np.ndarray, sizes: np.ndarray):
    """The rows of the ``chosen`` groups (each ``sizes`` rows from ``starts``) and each row's
    group numbered 0..len(chosen)-1."""
    size = sizes[chosen]
    offsets = np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
    return np.repeat(starts[chosen], size) + offsets, np.repeat(np.arange(len(chosen)), size)


def save_checkpoint(path: Path, model, optimizer, schedule, epoch: int) -> None:
    """What resuming after ``epoch`` needs (``resume``)."""
    import torch

    state = {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "schedule": schedule.state_dict(),
        "epoch": epoch,
        "rng": torch.get_rng_state(),
    }
    torch.save(state, path)


def resume(path: Path, model, optimizer, schedule) -> int:
    """Load a ``save_checkpoint`` into the model, optimizer, schedule and random state: the
    epochs already done."""
    import torch

    state = torch.load(path, weights_only=False)
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optimizer"])
    schedule.load_state_dict(state["schedule"])
    torch.set_rng_state(state["rng"])
    return int(state["epoch"])


def start_from(model, path: Path) -> None:
    """Set the model's weights from a .net file (fine-tuning our own earlier network).

    A model with more hidden units than the file keeps its random input weights for
    the extra units and gets zero output weights there: it starts out computing
    exactly the smaller network, and training puts the new units to use. A file
    with fewer inputs (an older encoding, whose inputs are the first ones of the
    new) gets zero weights from the new inputs into its units, so again the model
    starts out as the file's network.
    """
    import torch

    network = Network.load(path)
    first, last = model[0], model[2]
    inputs, hidden, _ = network.shape
    if hidden > first.out_features:
        raise SystemExit(f"{path} has {hidden} hidden units, more than the model's")
    if inputs > first.in_features:
        raise SystemExit(f"{path} has {inputs} inputs, more than the model's")
    with torch.no_grad():
        first.weight[:hidden, inputs:].zero_()
        first.weight[:hidden, :inputs].copy_(torch.tensor(network.input_rows).T)
        first.bias[:hidden].copy_(torch.tensor(network.hidden_bias))
        last.weight.zero_()
        last.weight[:, :hidden].copy_(torch.tensor(network.output_rows))
        last.bias.copy_(torch.tensor(network.output_bias))
    print(
        f"started from {path} ({hidden} of {first.out_features} hidden units,"
        f" {inputs} of {first.in_features} inputs)",
        flush=True,
    )


def export(model, path: Path) -> None:
    first, last = model[0], model[2]
    w1 = first.weight.detach().numpy().astype(np.float64)  # hidden x inputs
    network = Network(
        [list(map(float, row)) for row in w1.T],
        list(map(float, first.bias.detach().numpy())),
        [list(map(float, row)) for row in last.weight.detach().numpy()],
        list(map(float, last.bias.detach().numpy())),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    network.save(path)
    print(f"wrote {path} ({path.stat().st_size} bytes)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--net",
        choices=(*NETS, "pruning", "all"),
        default="all",
        help="which network: all is contact and race; pruning (small, on contact positions)"
        " ranks the replies of a look-ahead",
    )
    parser.add_argument(
        "--teacher", type=Path, action="append", help="labelled positions (repeatable)"
    )
    parser.add_argument("--epochs", type=int, default=40, help="contact network epochs")
    parser.add_argument("--race-epochs", type=int, default=30)
    parser.add_argument("--hidden", type=int, default=128, help="contact network hidden units")
    parser.add_argument("--race-hidden", type=int, default=64)
    parser.add_argument("--pruning-hidden", type=int, default=32)
    parser.add_argument("--pruning-epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=0.002)
    parser.add_argument("--equity-weight", type=float, default=0.5)
    parser.add_argument("--validation", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes labelling and encoding the positions"
    )
    parser.add_argument(
        "--sibling-plies",
        type=int,
        default=0,
        help="the depth of gnubg's labels of the siblings (0: 5 µs a position, 1: 0.8 ms)",
    )
    parser.add_argument(
        "--close-calls",
        type=int,
        default=None,
        metavar="PLIES",
        help="also label the close calls of the first siblings' decisions (seed 7) at PLIES"
        " (2: 15 ms a position, 37 min on 2 cores); these labels come first",
    )
    parser.add_argument(
        "--more-close-calls",
        action="store_true",
        help="with --close-calls: those of seed 8's decisions too (2-ply: 36 min on 2 cores;"
        " no better on the bench, game/bot/README.md)",
    )
    parser.add_argument(
        "--close-file",
        type=Path,
        action="append",
        default=[],
        help="with --teacher: close calls (teacher.py --top), each counted --close-weight times",
    )
    parser.add_argument(
        "--close-weight",
        type=int,
        default=1,
        help="with --close-calls: each close call counts this many times in an epoch",
    )
    parser.add_argument(
        "--leaves",
        type=int,
        default=None,
        metavar="PLIES",
        help="also train on the positions a look-ahead ends on (400,000 decisions' best plays,"
        " 3 replies each) labelled at PLIES (1: about 20 min on 2 cores)",
    )
    parser.add_argument(
        "--more-leaves",
        type=int,
        nargs="?",
        const=1,
        default=0,
        metavar="RUNS",
        help="with --leaves: also the leaves of RUNS (default 1) more runs of 300,000 other"
        " decisions (seeds 10, 11), the best 2 replies a roll (about 30 min each on 2 cores"
        " at 1-ply)",
    )
    parser.add_argument(
        "--races",
        type=int,
        default=None,
        metavar="PLIES",
        help="also the siblings of every race decision of the teacher file (one roll each),"
        " labelled at PLIES (1: about 10 min on 2 cores), last",
    )
    parser.add_argument(
        "--race-leaves",
        type=int,
        default=None,
        metavar="PLIES",
        help="also the leaves of a look-ahead from every race decision of the teacher file"
        " (3 best plays, 3 rolls each, the best reply; bear-offs left out) labelled at PLIES"
        " (1: about 5 min on 2 cores), before --races",
    )
    parser.add_argument(
        "--races-only",
        action="store_true",
        help="train on --race-leaves and --races alone (not the teacher file and the"
        " siblings): for --net race",
    )
    parser.add_argument(
        "--race-without-bearoffs",
        action="store_true",
        help="leave the bear-offs (both sides home: the bot looks them up) out of the race"
        " network's positions",
    )
    parser.add_argument(
        "--leaf-weight",
        type=int,
        default=1,
        help="with --leaves: each leaf counts this many times in an epoch",
    )
    parser.add_argument(
        "--teacher-weight",
        type=int,
        default=1,
        help="count the teacher file's positions (gnubg 2-ply) this many times",
    )
    parser.add_argument("--run", default="sib1", help="name of this run (checkpoint files)")
    parser.add_argument("--out", type=Path, default=DATA, help="folder for the .net files")
    parser.add_argument("--fresh", action="store_true", help="ignore checkpoints")
    parser.add_argument(
        "--init",
        type=Path,
        default=None,
        help="folder with NET.net files to start from (fine-tuning) instead of random weights",
    )
    parser.add_argument(
        "--without-extras",
        action="store_true",
        help="train with the encoding's inputs after the first 225 set to zero (a control)",
    )
    parser.add_argument(
        "--more-siblings",
        action="store_true",
        help="also label the siblings of 250,000 other decisions (seed 8) and train on them",
    )
    parser.add_argument(
        "--rank-weight",
        type=float,
        default=0.0,
        help="weight of the ranking loss on sibling groups (with --teacher, needs --groups)",
    )
    parser.add_argument(
        "--groups",
        action="append",
        default=[],
        metavar="SEED:DECISIONS",
        help="the sibling groups of a make_teacher.py run (repeatable), for --rank-weight"
        " with --teacher (default: the runs of the default sibling files)",
    )
    args = parser.parse_args(argv)
    runs = SIBLING_RUNS if args.more_siblings else SIBLING_RUNS[:1]
    close_runs = SIBLING_RUNS if args.more_close_calls else SIBLING_RUNS[:1]
    leaf_runs = LEAF_RUNS[: 1 + args.more_leaves] if args.leaves is not None else ()
    # A position in several files keeps its first label: the deepest come first. The leaf
    # runs after the first two come last, so that the set encoded without them is reused
    # (load_teacher): their labels are 1-ply, as the siblings', so the order between them
    # changes the order of the rows only.
    race_data = [
        *(race_leaf_files(args.race_leaves, args.jobs) if args.race_leaves is not None else []),
        *(race_files(args.races, args.jobs) if args.races is not None else []),
    ]
    teachers = (
        args.teacher
        or (race_data if args.races_only else None)
        or [
            DEFAULT_TEACHER,
            *(
                sibling_files(close_runs, args.close_calls, args.jobs, CLOSE_TOP)
                if args.close_calls is not None
                else []
            ),
            *(leaf_files(args.leaves, args.jobs, leaf_runs[:2]) if leaf_runs else []),
            *sibling_files(runs, args.sibling_plies, args.jobs),
            *(leaf_files(args.leaves, args.jobs, leaf_runs[2:]) if leaf_runs else []),
            *race_data,
        ]
    )
    groups = [tuple(int(part) for part in spec.split(":")) for spec in args.groups]
    if args.rank_weight > 0 and not args.teacher:
        groups = groups or list(runs)
    args.groups_of = {}
    if args.rank_weight > 0:
        from tools.training import teacher as make_teacher

        if not groups:
            parser.error("--rank-weight with --teacher needs --groups SEED:DECISIONS")
        for seed, decisions in groups:
            make_teacher.sibling_groups(seed, decisions, args.groups_of)
        print(f"{len(args.groups_of)} positions in sibling groups", flush=True)
    args.close_ids = set()
    if args.close_calls is not None and args.close_weight > 1:
        for path in sibling_files(close_runs, args.close_calls, args.jobs, CLOSE_TOP):
            with gzip.open(path, "rt") as lines:
                args.close_ids.update(
                    line.split(None, 1)[0].encode() for line in lines if not line.startswith("#")
                )
    for path in args.close_file if args.close_weight > 1 else []:
        with gzip.open(path, "rt") as lines:
            args.close_ids.update(
                line.split(None, 1)[0].encode() for line in lines if not line.startswith("#")
            )
    args.leaf_ids = set()
    if args.leaves is not None and args.leaf_weight > 1:
        for path in leaf_files(args.leaves, args.jobs, leaf_runs):
            with gzip.open(path, "rt") as lines:
                args.leaf_ids.update(
                    line.split(None, 1)[0].encode() for line in lines if not line.startswith("#")
                )
    args.teacher_ids = set()
    if args.teacher_weight > 1:
        with gzip.open(DEFAULT_TEACHER, "rt") as lines:
            args.teacher_ids.update(
                line.split(None, 1)[0].encode() for line in lines if not line.startswith("#")
            )
    data = load_teacher(teachers, args.jobs)
    for net in NETS if args.net == "all" else (args.net,):
        train_net(net, data.pop("contact" if net == "pruning" else net), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
