"""Make the trainer's practice sets: positions from the bot's self-play, judged at the strongest
level, written as cards (game.analysis.cards.card_record's format) to game/analysis/data/.

    python -m tools.training.practice                      # 10 cards a set, the default seed
    python -m tools.training.practice --per-set 20 --seed 5 --out /tmp/practice.json

Sets: ``opening`` (the reply to the opening roll), ``bearoff`` (both sides home, the mover
bearing off), ``race`` (no contact, not yet home), ``cube`` (a roll's double or no double,
and the answer to a double, when the strongest judgement calls it close: the better action
wins by less than 0.15). The games are money games between the bot's ``strong`` level and
itself; each position is judged afresh at the strongest level (``plies`` 2).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.analysis.cards import card_id, cube_record
from game.analysis.judgement import STRONGEST, cube_figures, cube_state_of, rank_plays
from game.analysis.selfplay import BotPlayer, self_play
from game.analysis.why import chances_after
from game.engine.match import Rules
from game.engine.state import GameState, Phase
from game.formats import format_position_id
from game.formats.gnubg_id import write_gnubg_id

OUT = Path(__file__).resolve().parents[2] / "game" / "analysis" / "data" / "practice.json"
SETS = ("opening", "bearoff", "race", "cube")
CLOSE = 0.15
PLAYS_KEPT = 6


def states_of(seed: int) -> Iterator[tuple[int, GameState]]:
    """(plays made before it in its game, state) of endless self-play money games."""
    rng = random.Random(seed)
    while True:
        record = self_play(Rules.full(), rng, BotPlayer("strong", rng))
        plays = 0
        for _, _, state in record.steps():
            if state.phase in (Phase.MOVE, Phase.ROLL, Phase.DOUBLED):
                yield plays, state
            plays += state.phase is Phase.MOVE


def set_of(plays: int, state: GameState) -> str | None:
    """Which practice set a state belongs to, if any."""
    if state.phase is not Phase.MOVE:
        return "cube" if plays >= 2 else None
    position = state.position
    if plays == 1:
        return "opening"
    if position.is_bearoff() and position.borne_off()[0] < 12:
        return "bearoff"
    if position.is_race() and not position.all_home():
        return "race"
    return None


def play_card(state: GameState, name: str) -> dict[str, Any] | None:
    assert state.dice is not None
    ranked = rank_plays(state.position, state.dice, cube_state_of(state, state.turn), STRONGEST)
    if len(ranked) < 2:
        return None
    gnubg_id = write_gnubg_id(state)
    best = ranked[0]
    chances = chances_after(best.play)
    return {
        "id": card_id(gnubg_id, "play"),
        "source": f"practice:{name}",
        "kind": "play",
        "gnubg_id": gnubg_id,
        "played": "",
        "best": best.notation,
        "loss": 0.0,
        "plays": [
            [r.notation, format_position_id(r.play.position), round(r.equity, 4)]
            for r in ranked[:PLAYS_KEPT]
        ],
        "chances": {
            "best": [
                round(v, 4)
                for v in (
                    chances.win,
                    chances.win_gammon,
                    chances.win_backgammon,
                    chances.lose,
                    chances.lose_gammon,
                    chances.lose_backgammon,
                )
            ]
        },
    }


def cube_card(state: GameState) -> dict[str, Any] | None:
    doubler = state.turn
    if state.phase is Phase.ROLL and not state.may_double(doubler):
        return None
    figures = cube_figures(state.position, cube_state_of(state, doubler), STRONGEST)
    if state.phase is Phase.ROLL:
        double = min(figures.double_take, figures.double_pass)
        if abs(double - figures.no_double) >= CLOSE:
            return None
        kind, best = "double", "double" if double > figures.no_double else "no double"
    else:
        if abs(figures.double_take - figures.double_pass) >= CLOSE:
            return None
        kind, best = "take", "take" if figures.double_take < figures.double_pass else "pass"
    gnubg_id = write_gnubg_id(state)
    record = {
        "id": card_id(gnubg_id, kind),
        "source": "practice:cube",
        "kind": kind,
        "gnubg_id": gnubg_id,
        "played": "",
        "best": best,
        "loss": 0.0,
    }
    record.update(cube_record(figures))
    return record


def make(per_set: int, seed: int) -> list[dict[str, Any]]:
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in SETS}
    seen: set[str] = set()
    for plays, state in states_of(seed):
        name = set_of(plays, state)
        if name is None or len(found[name]) >= per_set:
            continue
        card = cube_card(state) if name == "cube" else play_card(state, name)
        if card is None or card["id"] in seen:
            continue
        seen.add(card["id"])
        found[name].append(card)
        print(f"{name}: {len(found[name])} of {per_set}", flush=True)
        if all(len(cards) >= per_set for cards in found.values()):
            return [card for name in SETS for card in found[name]]
    raise AssertionError("self-play never ends")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=10)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    cards = make(args.per_set, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"version": 1, "cards": cards}, separators=(",", ":")) + "\n")
    print(f"{len(cards)} cards written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
