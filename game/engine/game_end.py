"""A game's end: the points scored, the match perhaps won, and the sentence that says so.

A finished game is seen from its winner (``turn`` and ``position`` go to them), ``score``
already includes ``points_won`` and ``last_event`` says who won what, for instance
``"Pink passes. Cyan wins a single: 2 points and the match 5-3"``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine import match
from game.engine.match import RESULT_NAMES
from game.engine.phase import Phase
from game.engine.players import name
from game.engine.position import Position

if TYPE_CHECKING:
    from game.engine.state import GameState

__all__ = ["end_game"]


def end_game(
    state: GameState,
    winner: int,
    result: int,
    points: int,
    event: str,
    ended_by: str,
    position: Position | None = None,
) -> GameState:
    """``state`` after ``winner`` won ``result`` (single, gammon, backgammon) for ``points``:
    ``event`` (what ended it, ``ended_by`` one of ``ENDINGS``) is followed by who won what;
    ``position`` is the one the last play left (default: the state's)."""
    position = position or state.position
    if winner != state.turn:
        position = position.flip()
    score = match.add_points(state.score, winner, points)
    over = match.is_match_over(state.rules, score)
    counted = match.counted_result(state.rules, state.cube, result)
    if not state.rules.gammons:
        what = "game"
    else:
        what = RESULT_NAMES[result] + (" (counted single)" if counted != result else "")
    event = f"{event}. {name(winner)} wins a {what}: {points} point{'s' if points > 1 else ''}"
    if over:
        event += f" and the match {score[winner]}-{score[1 - winner]}"
    return replace(
        state,
        score=score,
        winner=winner,
        result=result,
        points_won=points,
        phase=Phase.MATCH_OVER if over else Phase.GAME_OVER,
        dice=None,
        turn=winner,
        position=position,
        resignation=0,
        resigned_by=None,
        resumed_phase=None,
        ended_by=ended_by,
        last_event=event,
    )
