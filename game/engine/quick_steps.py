"""The steps a replay takes every turn (a roll, a play), made without ``check_state``: they lead
from a valid state to a valid one by the rules, and a long match replays thousands of them.

A state is made bare and its attribute dict filled in one call (``GameState`` is not slotted
for this: three times faster than setting 19 slots one by one); a frozen class refuses
setattr, a position's slots are set through their own setters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.phase import Phase
from game.engine.position import Position

if TYPE_CHECKING:
    from game.engine.state import GameState

__all__ = ["after_play", "unchecked"]

_new_object = object.__new__
_set_player = Position.__dict__["player"].__set__
_set_opponent = Position.__dict__["opponent"].__set__


def unchecked(state: GameState, **changes: object) -> GameState:
    """``replace(state, **changes)`` without ``check_state``."""
    changed = _new_object(state.__class__)
    attributes = changed.__dict__  # filled in place: a frozen class refuses setattr
    attributes.update(state.__dict__)
    attributes.update(changes)
    return changed


def after_play(state: GameState, resulting: Position, event: str) -> GameState:
    """``unchecked(state, turn=1 - turn, position=resulting.flip(), dice=None,
    phase=Phase.ROLL, last_event=event)``, the state after a play that does not end the game,
    its fields set one by one: a replay takes one a turn, and keywords and the flip's call
    took half again as long."""
    played = _new_object(state.__class__)
    attributes = played.__dict__
    attributes.update(state.__dict__)
    attributes["turn"] = 1 - state.turn
    position = _new_object(Position)
    _set_player(position, resulting.opponent)  # ``resulting.flip()``
    _set_opponent(position, resulting.player)
    attributes["position"] = position
    attributes["dice"] = None
    attributes["phase"] = Phase.ROLL
    attributes["last_event"] = event
    return played
