"""What the benchmarks share: the decision set, the phases of a decision, a count of the
positions the bot evaluates, and how Chromium is launched.

The decision set (tools/data/bot-bench.txt.gz, made by ``python -m tools.bench.bot
--make-set``) holds one decision a line: a Position ID, the dice, and every play's
result as ``id:equity_2ply:equity_0ply`` (gnubg's, cubeless, for the mover).
"""

from __future__ import annotations

import gzip
import os
import shutil
from pathlib import Path

from game.engine.position import Position
from game.formats import parse_position_id

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tools" / "data"
SET_FILE = DATA / "bot-bench.txt.gz"
TEACHER = ROOT.parent / "shared" / "data" / "teacher" / "gnubg-2ply.txt.gz"

# BACKGAMMON_CHROMIUM=/path/to/chrome runs the page benchmarks in another Chromium build (an
# older one, to tell the machine's speed from its Chromium's); Debian's by default.
CHROMIUM = os.environ.get("BACKGAMMON_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps trying hosts it cannot reach.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def read_set(path: Path = SET_FILE):
    """[(position, dice, {result_id: (equity_2ply, equity_0ply)})]"""
    decisions = []
    with gzip.open(path, "rt") as lines:
        text = lines.read()
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split()
        plays = {}
        for item in fields[3:]:
            rid, e2, e0 = item.split(":")
            plays[rid] = (float(e2), float(e0))
        decisions.append((parse_position_id(fields[0]), (int(fields[1]), int(fields[2])), plays))
    return decisions


PHASES = ("contact", "race", "bear-off")


def count_positions() -> list[float]:
    """Counts, in the returned one-item list, every position the bot evaluates from now on:
    each evaluation by a ``Scorer`` (plays, look-aheads, the cube's roll ahead) or
    ``evaluate_position`` (as ``game.bot.evaluate`` too); a ranking by the pruning network
    or by hand (a shortlist's) counts as the fraction of a position the budget counts it as
    (``PRUNING_COST``, ``HAND_COST``)."""
    from game.bot import budget, evaluator, rolls

    seen = [0.0]
    scorer_evaluate, plain_evaluate = evaluator.Scorer.evaluate, evaluator.evaluate_position
    pruning_outputs = evaluator.PruningScorer.outputs
    # A tree before session 32 ranks a look-ahead's replies one by one (``outputs``).
    pruning_replies = getattr(evaluator.PruningScorer, "equities_after", None)
    by_hand = budget.heuristic_probabilities

    # A Scorer hands a position of another phase to evaluate_position: counted once.
    inside = [0]

    def counting_scorer(self, position):
        seen[0] += 1
        inside[0] += 1
        try:
            return scorer_evaluate(self, position)
        finally:
            inside[0] -= 1

    def counting_pruning(self, position):
        seen[0] += budget.PRUNING_COST
        return pruning_outputs(self, position)

    def counting_replies(self, positions):
        seen[0] += budget.PRUNING_COST * len(positions)
        return pruning_replies(self, positions)

    def counting_hand(position):
        seen[0] += budget.HAND_COST
        return by_hand(position)

    evaluator.PruningScorer.outputs = counting_pruning  # equity() and probabilities() ask it
    if pruning_replies is not None:
        evaluator.PruningScorer.equities_after = counting_replies  # a look-ahead's replies
    budget.heuristic_probabilities = counting_hand

    def counting_evaluate(position, *reckon):
        if not inside[0]:
            seen[0] += 1
        return plain_evaluate(position, *reckon)

    evaluator.Scorer.evaluate = counting_scorer
    rolls.evaluate_position = evaluator.evaluate_position = counting_evaluate
    return seen


def phase(position: Position) -> str:
    """contact; race; bear-off (both sides with every checker home: the bear-off table's reach)."""
    if position.is_contact():
        return "contact"
    if not any(position.player[7:26]) and not any(position.opponent[7:26]):
        return "bear-off"
    return "race"
