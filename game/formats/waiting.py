"""What a game read from a file waits for when no side is to act: the end of the refusals the
readers (``.mat``, ``.sgf``) give for an action written where the game does not take it; the
sides' own moments (roll, play, answer) each reader says in its own file's words."""

from __future__ import annotations

from game.engine.refusal import Refusal
from game.engine.state import Phase

__all__ = ["waiting_for"]


def waiting_for(phase: Phase) -> Refusal:
    """The opening roll, a resignation's answer, or nothing more: the game or the match is
    over (the phases where no side is to roll, play or answer a double)."""
    if phase is Phase.OPENING:
        return Refusal("the opening roll comes first")
    if phase is Phase.RESIGNED:
        return Refusal("a resignation waits for an answer")
    if phase is Phase.GAME_OVER:
        return Refusal("the game is over")
    return Refusal("the match is over")
