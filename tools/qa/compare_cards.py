"""Compare ``python -m game cards`` with GNU Backgammon's own analysis of the same matches.

    python -m tools.qa.compare_cards FILES.mat                  # ours strongest, gnubg 2-ply
    python -m tools.qa.compare_cards --ours 1 --gnubg 0 FILES.mat

gnubg is Debian's 1.07 (``/usr/games/gnubg``), run headless with its embedded Python
(tools/qa/gnubg_match.py): ``import mat``, ``analyse match`` at the chosen plies with the
marks set to ours (0.04 / 0.08 / 0.16), then ``gnubg.match(analysis=1, boards=1)``: each
move with its ranked plays and mark, each roll's no-double mark, each double, take and pass
mark. Decisions are paired with ours by game, kind and position (the n-th time it occurs in
the game). Printed per file and in total: the decisions gnubg marks, our cards, both; of the
checker plays marked by both, how often our best play is gnubg's (by the resulting
position); a cube card's best answer is the other action, so it agrees whenever both mark
the decision.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from game.analysis.cards import cards_of, is_card
from game.analysis.record_analysis import DOUBLE, NO_DOUBLE, PLAY, analyse_record
from game.engine.position import BAR, OFF, Position
from game.formats import format_position_id, parse_position_id
from game.formats.mat import parse_mat

GNUBG = "/usr/games/gnubg"

# Run inside gnubg: analyse a .mat file, write its match as JSON.
GNUBG_MATCH = Path(__file__).resolve().parent / "gnubg_match.py"


@dataclass(frozen=True)
class Judged:
    """One decision as a judge saw it: whether marked, and the best play's resulting
    position (checker play) or None (cube)."""

    marked: bool
    best: Position | None = None


def after_steps(position: Position, steps: list[list[int]]) -> Position:
    """The position after gnubg's move ``steps`` ((from, to), 25 the bar, 0 or less off)."""
    me, them = list(position.player), list(position.opponent)
    for origin, destination in steps:
        me[origin] -= 1
        if destination <= 0:
            me[OFF] += 1
            continue
        me[destination] += 1
        if them[25 - destination] == 1:
            them[25 - destination] = 0
            them[BAR] += 1
    return Position(tuple(me), tuple(them))


def gnubg_games(path: Path, plies: int) -> list[dict[tuple[object, ...], Judged]]:
    """gnubg's decisions per game, keyed by (kind, position id, dice or (), occurrence)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "match.json"
        environment = {
            **os.environ,
            "GNUBG_PLIES": str(plies),
            "GNUBG_MAT": str(path.resolve()),
            "GNUBG_OUT": str(out),
        }
        subprocess.run(
            [GNUBG, "-t", "-q", "-p", str(GNUBG_MATCH)],
            env=environment,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=7200,
            check=False,
        )
        match = json.loads(out.read_text())
    games = []
    for game in match["games"]:
        found: dict[tuple[object, ...], Judged] = {}
        seen: Counter[tuple[object, ...]] = Counter()
        board = ""

        def add(
            key: tuple[object, ...],
            judged: Judged,
            found: dict[tuple[object, ...], Judged] = found,
            seen: Counter[tuple[object, ...]] = seen,
        ) -> None:
            seen[key] += 1
            found[(*key, seen[key])] = judged

        for action in game["game"]:
            analysis = action.get("analysis", {})
            kind = action["action"]
            if kind == "move":
                board = action["board"]
                if "nd-cubeful-eq" in analysis:
                    add((NO_DOUBLE, board, ()), Judged("cube-skill" in analysis))
                moves = analysis.get("moves", [])
                if len(moves) > 1 or (moves and analysis.get("skill")):
                    best = after_steps(parse_position_id(board), moves[0]["move"])
                    dice = tuple(sorted(action["dice"]))
                    add((PLAY, board, dice), Judged("skill" in analysis, best))
            elif kind == "double":
                board = action["board"]
                add((DOUBLE, board, ()), Judged("skill" in analysis))
            elif kind in ("take", "drop"):
                add(("answer", board, ()), Judged("skill" in analysis))
        games.append(found)
    return games


def our_games(path: Path, plies: int) -> list[dict[tuple[object, ...], Judged]]:
    """Our decisions per game, keyed as ``gnubg_games``; marked: a card."""
    analysis = analyse_record(parse_mat(path.read_text(encoding="latin-1")), plies)
    assert len(cards_of(analysis)) == sum(
        is_card(d) for game in analysis.games for d in game.decisions
    )
    games = []
    for game in analysis.games:
        found: dict[tuple[object, ...], Judged] = {}
        seen: Counter[tuple[object, ...]] = Counter()
        for decision in game.decisions:
            state = decision.state
            if decision.kind == PLAY:
                assert state.dice is not None
                key: tuple[object, ...] = (
                    PLAY,
                    format_position_id(state.position),
                    tuple(sorted(state.dice)),
                )
                best = decision.best_play.position if decision.best_play else None
            else:
                doubler = (
                    decision.player if decision.kind in (NO_DOUBLE, DOUBLE) else 1 - decision.player
                )
                kind = decision.kind if decision.kind in (NO_DOUBLE, DOUBLE) else "answer"
                key, best = (kind, format_position_id(state.board_for(doubler)), ()), None
            seen[key] += 1
            found[(*key, seen[key])] = Judged(is_card(decision), best)
        games.append(found)
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--ours", type=int, default=2, choices=(1, 2))
    parser.add_argument("--gnubg", type=int, default=2, choices=(0, 1, 2))
    args = parser.parse_args(argv)
    print(f"ours {args.ours}-ply, gnubg 1.07 {args.gnubg}-ply; marks at 0.04")
    print(
        f"{'file':34} {'gnubg':>5} {'ours':>5} {'both':>5} {'plays':>5} {'same best':>9}"
        f" {'unpaired':>8}"
    )
    totals: Counter[str] = Counter()
    for path in args.files:
        theirs = gnubg_games(path, args.gnubg)
        ours = our_games(path, args.ours)
        counts: Counter[str] = Counter()
        for their_game, our_game in zip(theirs, ours, strict=False):
            for key, judged in their_game.items():
                mine = our_game.get(key)
                if mine is None:
                    counts["unpaired"] += 1
                    continue
                counts["gnubg"] += judged.marked
                counts["ours"] += mine.marked
                if judged.marked and mine.marked:
                    counts["both"] += 1
                    if key[0] == PLAY:
                        counts["plays"] += 1
                        counts["same"] += judged.best == mine.best
                if mine.marked and key[0] == PLAY:
                    counts["our plays"] += 1
                    counts["our same"] += judged.best == mine.best
            counts["unpaired ours"] += sum(
                1 for key, mine in our_game.items() if mine.marked and key not in their_game
            )
        totals.update(counts)
        print(
            f"{path.name:34} {counts['gnubg']:5d} {counts['ours']:5d} {counts['both']:5d}"
            f" {counts['plays']:5d} {counts['same']:9d} {counts['unpaired']:8d}",
            flush=True,
        )
    t = totals
    print(
        f"total: gnubg marks {t['gnubg']}, our cards {t['ours']}, both {t['both']}"
        f" ({100 * t['both'] / max(1, t['gnubg']):.0f}% of gnubg's marked decisions are cards,"
        f" {100 * t['both'] / max(1, t['ours']):.0f}% of the cards gnubg marks);"
        f" best play the same in {t['same']} of {t['plays']} checker cards both mark"
        f" ({100 * t['same'] / max(1, t['plays']):.0f}%), in {t['our same']} of"
        f" {t['our plays']} of all our checker cards"
        f" ({100 * t['our same'] / max(1, t['our plays']):.0f}%);"
        f" gnubg decisions unpaired {t['unpaired']}, our cards unpaired {t['unpaired ours']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
