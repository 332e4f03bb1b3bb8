"""How far below a double the quick cube estimate can be when the look-ahead still doubles.

    nice python -m tools.bench.cube_margin                 # 40 money and 40 match games
    nice python -m tools.bench.cube_margin --games 10 --seed 3

The page (``game/web/worker/computer.py``) skips the computer's one-roll look-ahead when the
quick (0-ply) estimate of doubling, min(double/take, double/pass) minus no double, is
below ``-MONEY_MARGIN`` (money, equity per cube) or ``-MATCH_MARGIN`` (match-winning
chance). This plays seeded games of the bot against itself under the full rules (money
with Jacoby, and 7-point matches), asks both estimates at every decision where the
player on roll may double, doubles and answers as the look-ahead says, and prints how
many decisions were seen and the lowest quick gap at which the look-ahead doubled: a
margin is safe when that lowest gap stays above minus the margin.
"""

from __future__ import annotations

import argparse
import random

from game.bot import DEFAULT_LEVEL, choose_play, evaluate
from game.bot.cube import (
    DOUBLE,
    PASS,
    CubeState,
    cube_decision,
    cube_efficiency,
    decide,
)
from game.engine.match import Rules
from game.engine.state import GameState, Phase
from game.web.worker.computer import MATCH_MARGIN, MONEY_MARGIN


def play_games(rules: Rules, games: int, rng: random.Random) -> list[tuple[float, bool]]:
    """(quick gap, did the look-ahead double) at every decision to double."""
    seen: list[tuple[float, bool]] = []
    state = GameState.new(rules)
    for _ in range(games):
        # The next game of the match (a new match once one is over); money games start anew.
        if state.phase is Phase.GAME_OVER and not rules.is_money:
            state = state.next_game()
        elif state.phase is not Phase.OPENING:
            state = GameState.new(rules)
        state = state.roll(rng)
        while state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
            if state.phase is Phase.ROLL:
                if state.may_double():
                    cube = CubeState.from_table(state, state.turn)
                    quick = decide(evaluate(state.position), cube, cube_efficiency(state.position))
                    gap = min(quick.double_take, quick.double_pass) - quick.no_double
                    deep = cube_decision(state.position, cube, 1)
                    seen.append((gap, deep.action == DOUBLE))
                    if deep.action == DOUBLE:
                        state = state.double()
                        state = state.pass_() if deep.response == PASS else state.take()
                        continue
                state = state.roll(rng)
            elif state.phase is Phase.MOVE:
                assert state.dice is not None
                play = choose_play(state.position, state.dice, DEFAULT_LEVEL, rng)
                assert play is not None  # a state to move always has a play
                state = state.play(play)
    return seen


def report(name: str, seen: list[tuple[float, bool]], margin: float) -> None:
    doubled = [gap for gap, double in seen if double]
    lowest = min(doubled) if doubled else float("nan")
    below = sum(1 for gap in doubled if gap < -margin)
    print(
        f"{name}: {len(seen)} decisions, {len(doubled)} look-ahead doubles, lowest quick gap "
        f"of a double {lowest:+.3f}; margin {margin}: {below} doubles below it"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games of each kind")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    report("money", play_games(Rules.full(jacoby=True), args.games, rng), MONEY_MARGIN)
    report("match", play_games(Rules.full(match_length=7), args.games, rng), MATCH_MARGIN)


if __name__ == "__main__":
    main()
