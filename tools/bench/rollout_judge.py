"""A judge by rollouts: decisions whose candidate plays are ranked by GNU Backgammon's rollouts,
so that the levels are not only measured by a judge that evaluates (issue 52).

    nice python -m tools.bench.rollout_judge --set tools/data/held-out-3ply.txt.gz \
        --labels gnubg-2=tools/data/held-out.txt.gz gnubg-3=tools/data/held-out-3ply.txt.gz \
        bgsage-3=tools/data/held-out-bgsage.txt.gz --players 1-ply strong expert gnubg-0 \
        gnubg-1 bgsage-2 --trials 324 --jobs 2 --out tools/data/held-out-rollouts.txt.gz
    nice python -m tools.bench.paired --set tools/data/held-out-rollouts.txt.gz \
        --levels strong expert gnubg-0 gnubg-1 gnubg-2 bgsage-3 --out F.json
    nice python -m tools.bench.rollout_judge ... --plays all21=RUN.json --seeds 2 ...
        # the same, with a variants run's plays as candidates, each rolled out on 2 dice seeds

A decision's candidates are the plays its players choose: this tree's levels (seeded as
``tools.bench.paired`` seeds them, so that it chooses them again), gnubg at 0 and 1 plies,
bgsage, each ``--labels`` file's best play (a judge file of the same decisions:
``NAME=FILE``) and each ``--plays`` run's play (``NAME=RUN.json``, as ``tools.bench.variants
--out`` writes it: a level with some settings replaced, judged by
``variants --compare A B --judge OUT``). A source added to an earlier run's is asked alone
and its plays joined to the candidates kept. Where they all choose one play nobody loses
anything and nothing is rolled out; otherwise each candidate's position is rolled out by gnubg
(Debian's 1.07, its ``rollout`` command: cubeless, to the end but for its one-sided bear-off
database, 0-ply chequer play, lookahead variance reduction, quasi-random dice), every
candidate of a decision with the same seed (the same dice: it hardly narrows their gaps,
docs/performance.md "Session 33"). ``--seeds K`` rolls each candidate out on K seeds
(``--dice-seed`` + the decision's index + 1,000 times j, j < K: the first is the one-seed
run's) and keeps their mean, its standard error the errors' root mean square over the square
root of K.

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
import math
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tools.bench.common import read_set

Key = tuple[str, int, int]
# A candidate's j-th dice seed is the first's + SEED_STRIDE * j (a set has fewer decisions).
SEED_STRIDE = 1000


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


def plays_of(decisions, runs: dict[str, Path]) -> list[set[str]]:
    """Each decision's plays in ``runs`` (``tools.bench.variants`` runs of the same decisions)."""
    found: list[set[str]] = [set() for _ in decisions]
    for name, path in runs.items():
        chosen = {(p, a, b): play for p, (a, b), play in json.loads(path.read_text())["plays"]}
        for plays, (position, dice, _) in zip(found, decisions, strict=True):
            key = key_of(position, dice)
            if key not in chosen:
                raise SystemExit(f"{path} has no play for {key[0]} {key[1]}-{key[2]}")
            plays.add(chosen[key])
        print(f"{name}: read", flush=True)
    return found


def sources(
    decisions, asked: list[str], players: list[str], labels: list[str], runs: list[str], seed: int
) -> list[set[str]]:
    """The candidates of the sources in ``asked`` (``players``, ``label N=F``, ``plays N=F``)."""
    pairs = {f"label {item}": item for item in labels} | {f"plays {item}": item for item in runs}
    named = {kind: {} for kind in ("label", "plays")}
    for source in asked:
        if source in pairs:
            name, file = pairs[source].split("=", 1)
            named[source.split(" ", 1)[0]][name] = Path(file)
    found = choices(decisions, [p for p in players if p in asked], named["label"], seed)
    for chosen, more in zip(found, plays_of(decisions, named["plays"]), strict=True):
        chosen |= more
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
    parser.add_argument("--seeds", type=int, default=1, help="dice seeds a candidate")
    parser.add_argument("--plays", nargs="*", default=[], help="NAME=RUN.json: a variants run")
    parser.add_argument("--trials", type=int, default=324)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)

    decisions = read_set(args.set)
    keys = [key_of(p, d) for p, d, _ in decisions]
    kept = args.out.with_name(args.out.name + ".choices.json")
    known = json.loads(kept.read_text()) if kept.exists() else {}
    asked = sorted(
        {*args.players, *(f"label {i}" for i in args.labels), *(f"plays {i}" for i in args.plays)}
    )
    if known.get("asked") != asked:
        # Sources added to the kept ones are asked alone; any other change asks them all.
        earlier = known.get("asked", [])
        fresh = [a for a in asked if a not in earlier] if set(earlier) <= set(asked) else asked
        found = sources(decisions, fresh, args.players, args.labels, args.plays, args.seed)
        if fresh != asked:
            for plays, before in zip(found, known["candidates"], strict=True):
                plays.update(before)
        known = {"asked": asked, "candidates": [sorted(c) for c in found]}
        kept.write_text(json.dumps(known))
    candidates = [set(c) for c in known["candidates"]]

    part = args.out.with_name(args.out.name + ".part")
    done: dict[tuple[int, str, int], tuple[float, float]] = {}
    if part.exists():
        for line in part.read_text().splitlines():
            row = json.loads(line)
            if row["trials"] == args.trials:
                # Rows of the one-seed runs name no seed: theirs was --dice-seed + decision.
                dice = row.get("seed", args.dice_seed + row["decision"])
                done[row["decision"], row["result"], dice] = (row["equity"], row["error"])
    seeds = [
        [args.dice_seed + index + SEED_STRIDE * j for j in range(args.seeds)]
        for index in range(len(decisions))
    ]
    jobs = [
        (index, result, dice)
        for index, chosen in enumerate(candidates)
        if len(chosen) > 1
        for dice in seeds[index]
        for result in sorted(chosen)
        if (index, result, dice) not in done
    ]
    shared = sum(1 for c in candidates if len(c) > 1)
    print(
        f"{len(decisions)} decisions, {shared} with more than one candidate, "
        f"{sum(len(c) for c in candidates if len(c) > 1) * args.seeds} rollouts, "
        f"{len(jobs)} to do",
        flush=True,
    )
    started = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        asked_jobs = [(result, args.trials, dice) for _, result, dice in jobs]
        for count, ((index, _, dice), (result, equity, error)) in enumerate(
            zip(jobs, pool.map(roll_out, asked_jobs), strict=True), 1
        ):
            done[index, result, dice] = (equity, error)
            row = {"decision": index, "result": result, "trials": args.trials, "seed": dice}
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
            rolled = {r: [done[index, r, seed] for seed in seeds[index]] for r in chosen}
            scored = [(r, statistics.fmean(e for e, _ in rolled[r]), plays[r][1]) for r in chosen]
            errors += [
                math.sqrt(statistics.fmean(e * e for _, e in rolled[r]) / args.seeds)
                for r in chosen
            ]
        lines.append(decision_line(key[0], dice, scored))
    with gzip.open(args.out, "wt") as out:
        out.write(
            "# POSITION_ID D1 D2 then per candidate RESULT_ID:EQUITY_ROLLOUT:EQUITY_0PLY (gnubg"
            f" 1.07's cubeless 0-ply rollouts, {args.trials} trials on each of {args.seeds}"
            f" dice seeds, the same seeds for a decision's candidates, mean standard error"
            f" {statistics.fmean(errors or [0]):.4f};"
            f" candidates: the choices of {', '.join(asked)}; a lone candidate keeps"
            f" {args.set.name}'s equity; the decisions of {args.set.name})\n"
        )
        out.writelines(line + "\n" for line in lines)
    print(f"wrote {len(lines)} decisions to {args.out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
