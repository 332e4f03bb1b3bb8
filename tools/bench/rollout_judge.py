"""A judge by rollouts: decisions whose candidate plays are ranked by GNU Backgammon's rollouts,
so that the levels are not only measured by a judge that evaluates (issue 52).

    nice python -m tools.bench.rollout_judge --set tools/data/held-out-3ply.txt.gz \
        --labels gnubg-2=tools/data/held-out.txt.gz gnubg-3=tools/data/held-out-3ply.txt.gz \
        bgsage-3=tools/data/held-out-bgsage.txt.gz --players 1-ply strong expert gnubg-0 \
        gnubg-1 bgsage-2 --trials 324 --jobs 2 --out tools/data/held-out-rollouts.txt.gz
    nice python -m tools.bench.paired --set tools/data/held-out-rollouts.txt.gz \
        --levels strong expert gnubg-0 gnubg-1 gnubg-2 bgsage-3 --out F.json

A decision's candidates are the plays its players choose: this tree's levels (seeded as
``tools.bench.paired`` seeds them, so that it chooses them again), gnubg at 0 and 1 plies,
bgsage, and each ``--labels`` file's best play (a judge file of the same decisions:
``NAME=FILE``). Where they all choose one play nobody loses anything and nothing is rolled out;
otherwise each candidate's position is rolled out by gnubg (Debian's 1.07, its ``rollout``
command: cubeless, to the end but for its one-sided bear-off database, 0-ply chequer play,
lookahead variance reduction, quasi-random dice), every candidate of a decision with the same
seed (the same dice: it hardly narrows their gaps, docs/performance.md "Session 33").

The result is a decision set as ``read_set`` reads it: each decision with its candidates only,
``RESULT_ID:EQUITY_ROLLOUT:EQUITY_0PLY`` (the mover's cubeless equity after the play; a lone
candidate keeps the first set's equity), so ``tools.bench.paired --set`` measures a level on
it as long as the level chooses a candidate (a level of another tree may not: add it to
``--players`` and run again; what was rolled out is kept). Resumable: the players' choices are
kept in ``OUT.choices.json`` and each rollout is appended to ``OUT.part`` as it ends.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tools.bench.common import read_set

Key = tuple[str, int, int]


def key_of(position, dice) -> Key:
    from game.formats import format_position_id

    return (format_position_id(position), *dice)


def choices(decisions, players: list[str], labels: dict[str, Path], seed: int) -> list[set[str]]:
    """Each decision's candidates: the result IDs its players choose."""
    from game.bot import choose_play
    from game.bot.search import rank_plays
    from game.formats import format_position_id
    from tools.bench.paired import bgsage_choice, gnubg_choice

    found: list[set[str]] = [set() for _ in decisions]
    for name, path in labels.items():
        judged = {key_of(p, d): plays for p, d, plays in read_set(path)}
        for chosen, (position, dice, _) in zip(found, decisions, strict=True):
            plays = judged[key_of(position, dice)]
            chosen.add(max(plays, key=lambda result: plays[result][0]))
        print(f"{name}: chosen", flush=True)
    for player in players:
        rng = random.Random(seed)
        for chosen, (position, dice, plays) in zip(found, decisions, strict=True):
            if player.startswith("gnubg-"):
                chosen.add(gnubg_choice(position, dice, plays, player))
            elif player.startswith("bgsage-"):
                chosen.add(bgsage_choice(plays, player))
            elif player == "1-ply":
                chosen.add(format_position_id(rank_plays(position, dice)[0][1].position))
            else:
                chosen.add(format_position_id(choose_play(position, dice, player, rng).position))
        print(f"{player}: chosen", flush=True)
    return found


def roll_out(job: tuple[str, int, int]) -> tuple[str, float, float]:
    """The mover's cubeless equity after the play whose result is ``job``'s, and its error."""
    from game.engine.position import OFF
    from game.formats import format_position_id, parse_position_id
    from tests.gnubg_rollouts import gnubg_rollout

    result, trials, seed = job
    position = parse_position_id(result)
    if position.player[OFF] == 15:
        return result, float(position.winner_result()), 0.0
    # The result's ID is the mover's; the rollout starts with the opponent on roll.
    turned = format_position_id(position.flip())
    with tempfile.TemporaryDirectory() as folder:
        equity, error, _ = gnubg_rollout(turned, trials, seed, Path(folder))
    return result, -equity, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, required=True, help="the decisions")
    parser.add_argument("--labels", nargs="*", default=[], help="NAME=FILE: a judge's best plays")
    parser.add_argument(
        "--players", nargs="*", default=["1-ply", "strong", "expert", "gnubg-0", "gnubg-1"]
    )
    parser.add_argument("--seed", type=int, default=2024, help="the levels' seed (as paired's)")
    parser.add_argument("--dice-seed", type=int, default=1, help="the rollouts' first seed")
    parser.add_argument("--trials", type=int, default=324)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)

    decisions = read_set(args.set)
    keys = [key_of(p, d) for p, d, _ in decisions]
    kept = args.out.with_name(args.out.name + ".choices.json")
    known = json.loads(kept.read_text()) if kept.exists() else {}
    asked = sorted({*args.players, *(f"label {item}" for item in args.labels)})
    if known.get("asked") != asked:
        labels = dict(item.split("=", 1) for item in args.labels)
        found = choices(decisions, args.players, {n: Path(f) for n, f in labels.items()}, args.seed)
        known = {"asked": asked, "candidates": [sorted(c) for c in found]}
        kept.write_text(json.dumps(known))
    candidates = [set(c) for c in known["candidates"]]

    part = args.out.with_name(args.out.name + ".part")
    done: dict[tuple[int, str], tuple[float, float]] = {}
    if part.exists():
        for line in part.read_text().splitlines():
            row = json.loads(line)
            if row["trials"] == args.trials:
                done[row["decision"], row["result"]] = (row["equity"], row["error"])
    jobs = [
        (index, result)
        for index, chosen in enumerate(candidates)
        if len(chosen) > 1
        for result in sorted(chosen)
        if (index, result) not in done
    ]
    shared = sum(1 for c in candidates if len(c) > 1)
    print(
        f"{len(decisions)} decisions, {shared} with more than one candidate, "
        f"{sum(len(c) for c in candidates if len(c) > 1)} rollouts, {len(jobs)} to do",
        flush=True,
    )
    started = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        asked_jobs = [(result, args.trials, args.dice_seed + index) for index, result in jobs]
        for count, ((index, _), (result, equity, error)) in enumerate(
            zip(jobs, pool.map(roll_out, asked_jobs), strict=True), 1
        ):
            done[index, result] = (equity, error)
            row = {"decision": index, "result": result, "trials": args.trials}
            with part.open("a") as out:
                out.write(json.dumps({**row, "equity": equity, "error": error}) + "\n")
            print(f"  {count} of {len(jobs)} ({time.time() - started:.0f} s)", flush=True)

    from tools.bench.bot import decision_line

    lines, errors = [], []
    for index, ((_, dice, plays), key) in enumerate(zip(decisions, keys, strict=True)):
        chosen = sorted(candidates[index])
        if len(chosen) == 1:
            scored = [(chosen[0], plays[chosen[0]][0], plays[chosen[0]][1])]
        else:
            scored = [(r, done[index, r][0], plays[r][1]) for r in chosen]
            errors += [done[index, r][1] for r in chosen]
        lines.append(decision_line(key[0], dice, scored))
    with gzip.open(args.out, "wt") as out:
        out.write(
            "# POSITION_ID D1 D2 then per candidate RESULT_ID:EQUITY_ROLLOUT:EQUITY_0PLY (gnubg"
            f" 1.07's cubeless 0-ply rollouts, {args.trials} trials, the same seed for a"
            f" decision's candidates, mean standard error {statistics.fmean(errors or [0]):.4f};"
            f" candidates: the choices of {', '.join(asked)}; a lone candidate keeps"
            f" {args.set.name}'s equity; the decisions of {args.set.name})\n"
        )
        out.writelines(line + "\n" for line in lines)
    print(f"wrote {len(lines)} decisions to {args.out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
