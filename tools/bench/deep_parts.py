"""What sharing the expert's look-aheads among workers saves (game/bot/deep_parts.py), in CPU
time, load aside.

    python -m tools.bench.deep_parts                  # the page bench's 200 decisions' plays
    python -m tools.bench.deep_parts --decisions 60 --workers 2 4

For each play of the decisions ``tools.bench.page --decisions N`` asks (random full-rules
play, money and matches), at the strongest level: the CPU time of ``choose_play`` whole, and
of its pieces one after another: the plan (``planned_play``: the 1-ply ranking, on the
computer's worker), each part's answer (``part_answer``) and each round's taking
(``PlannedPlay.take``: the look one roll ahead's answers, then the look two rolls ahead's).
With N workers answering a round's parts at once, a decision takes the plan and, each
round, its dearest part and the taking: printed against the whole, over the plays that look
two rolls ahead and over all plays, with the slowest whole decision's time each way. Each piece
starts with the bot's caches of the decision's positions empty (``cold``), as on a worker
that has not met them (``--warm``: kept, the other bound: the pieces after the first find
what it left). Process
CPU time, so another job on the machine slows each piece alike; messages between workers
and a loaded machine's cores are what the page bench adds (``tools.bench.page --workers``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from game.bot import choose_play
from game.bot.deep_parts import part_answer, planned_play
from game.bot.level_names import STRONGEST_LEVEL
from game.bot.match_value import checker_play_state
from game.engine.state import Phase
from tools.bench.page import decision_states


def cold() -> None:
    """Empty the caches a decision fills (the encodings of its sides, its shots and
    blockades): what one worker remembers from a piece of the decision another never saw."""
    from game.bot import encoding, shots

    for cache in (encoding._sides, encoding._containments, shots._hits, shots._blockings):
        cache.clear()


def timed_round(
    planned: Any, count: int, answer: Callable[[Any], Any], clear: Callable[[], None]
) -> tuple[list[float], float]:
    """One round of a decision planned in parts with ``count`` workers: each part answered
    by ``answer`` after ``clear`` (a worker's caches), then the answers taken; each part's CPU
    seconds and the taking's."""
    parts, answers = [], []
    for request in planned.requests(count):
        clear()
        started = time.process_time()
        answers.append(answer(request))
        parts.append(time.process_time() - started)
    started = time.process_time()
    planned.take(answers)
    return parts, time.process_time() - started


def measured(count: int, workers: list[int], warm: bool = False) -> list[dict]:
    """Per play: the whole decision's CPU seconds, and per worker count the plan and each
    round's dearest part and taking; ``deep``: whether it looked two rolls ahead."""
    rows = []
    clear = (lambda: None) if warm else cold
    for state in decision_states(count):
        if state.phase is not Phase.MOVE or state.dice is None:
            continue
        score = checker_play_state(state, state.turn)
        clear()
        started = time.process_time()
        whole = choose_play(state.position, state.dice, STRONGEST_LEVEL, None, score)
        row: dict = {"whole": time.process_time() - started}
        clear()
        started = time.process_time()
        planned = planned_play(state.position, state.dice, STRONGEST_LEVEL, score)
        plan = time.process_time() - started
        for count_ in workers:
            if count_ != workers[0]:  # planned anew (untimed): a plan is taken once
                planned = planned_play(state.position, state.dice, STRONGEST_LEVEL, score)
            shared, work, rounds = plan, plan, 0
            while not planned.done:  # a round: the look one roll ahead, then two
                parts, taken = timed_round(planned, count_, part_answer, clear)
                shared += max(parts, default=0.0) + taken
                work += sum(parts) + taken
                rounds += 1
            assert planned.decided == whole, "the parts gave another play than the whole search"
            row["deep"] = rounds == 2
            row[count_] = shared
            row[f"{count_} work"] = work
        rows.append(row)
    return rows


def report(rows: list[dict], workers: list[int], what: str = "plays") -> None:
    """Each worker count's share of the whole decisions' time (``what`` the rows are)."""
    deep = [row for row in rows if row["deep"]]
    print(
        f"{len(rows)} {what} at the strongest level, {len(deep)} looking two rolls ahead;"
        " CPU seconds (process time)"
    )
    for name, chosen in (("deep", deep), ("all", rows)):
        if not chosen:
            continue
        whole = [row["whole"] for row in chosen]
        slowest = max(chosen, key=lambda row: row["whole"])
        print(
            f"  {name:4s}: whole median {statistics.median(whole):.3f} s, slowest"
            f" {slowest['whole']:.3f} s"
        )
        for count in workers:
            shared = [row[count] for row in chosen]
            work = sum(row[f"{count} work"] for row in chosen)
            print(
                f"    {count} workers: median {statistics.median(shared):.3f} s, the whole's"
                f" slowest {slowest[count]:.3f} s; in all {sum(shared) / sum(whole):.2f} of the"
                f" whole's time (the work in parts {work / sum(whole):.2f} of it)"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=200, help="tools.bench.page's set")
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument(
        "--warm", action="store_true", help="keep the caches between the pieces (as one worker)"
    )
    options = parser.parse_args()
    report(measured(options.decisions, options.workers, options.warm), options.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
