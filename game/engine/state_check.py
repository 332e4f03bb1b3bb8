"""Whether a ``GameState``'s fields describe a possible game: every state is checked as it is
made (but for the steps a replay takes by the rules), so a corrupted save or a hand-made state
is refused with a sentence, never played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import match
from game.engine.dice import Dice
from game.engine.match import BACKGAMMON, RESULT_NAMES, Cube, IllegalAction, Rules
from game.engine.phase import ENDED_BY_PLAY, ENDINGS, OVER, Phase
from game.engine.plays import InvalidDice, check_dice
from game.engine.position import Position
from game.engine.refusal import Refusal, is_whole

if TYPE_CHECKING:
    from game.engine.state import GameState

__all__ = ["InvalidState", "check_score", "check_state"]


class InvalidState(Refusal):
    """Data that does not describe a possible game state (a corrupted save, say)."""


def check_score(score: object) -> tuple[int, int]:
    try:
        return _pair(score, "score")
    except InvalidState as error:
        raise IllegalAction.saying(error) from None


def _pair(value: object, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(is_whole(v) and 0 <= v <= match.MAX_SCORE for v in value)
    ):
        raise InvalidState(
            "{name} must be two whole numbers from 0 to {highest}",
            name=name,
            highest=match.MAX_SCORE,
        )
    return value[0], value[1]


def _dice_or_none(value: object, name: str) -> Dice | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not all(is_whole(v) for v in value):
        raise InvalidState(
            "{name} must be two dice or nothing, got {value}", name=name, value=repr(value)
        )
    try:
        return check_dice(value)
    except InvalidDice as error:
        raise InvalidState("{name}: {error}", name=name, error=error) from None


def check_state(state: GameState) -> None:
    """Raise ``InvalidState`` unless the fields describe a possible game state."""

    if not isinstance(state.rules, Rules):
        raise InvalidState("rules must be a Rules")
    if not isinstance(state.cube, Cube):
        raise InvalidState("cube must be a Cube")
    if not isinstance(state.position, Position):
        raise InvalidState("position must be a Position")
    if not isinstance(state.phase, Phase):
        raise InvalidState("phase must be a Phase")
    _pair(state.score, "score")
    if not isinstance(state.score, tuple):
        raise InvalidState("score must be a tuple")
    for name in ("crawford", "post_crawford"):
        if not isinstance(getattr(state, name), bool):
            raise InvalidState("{name} must be true or false", name=name)
    if not is_whole(state.turn) or state.turn not in (0, 1):
        raise InvalidState("turn must be 0 or 1, got {turn}", turn=repr(state.turn))
    for name in ("dice", "opening_dice", "blocked_dice"):
        dice = getattr(state, name)
        if dice is not None and (not isinstance(dice, tuple) or _dice_or_none(dice, name) != dice):
            raise InvalidState("{name} must be a pair of dice or None", name=name)
    if state.opening_dice is not None and state.opening_dice[0] == state.opening_dice[1]:
        raise InvalidState("the opening dice cannot be a tie")
    if not isinstance(state.last_event, str):
        raise InvalidState("last_event must be text")

    rules, cube, phase = state.rules, state.cube, state.phase
    if not rules.cube and cube != Cube():
        raise InvalidState("a cube is in play under rules without the cube")
    length = rules.match_length
    over = phase in OVER
    if state.crawford and state.post_crawford:
        raise InvalidState("a game cannot be both the Crawford game and post-Crawford")
    if (state.crawford or state.post_crawford) and not over:
        if not length or max(state.score) != length - 1:
            raise InvalidState(
                "Crawford and post-Crawford games need a player at match length minus one"
            )
        if state.crawford and min(state.score) == length - 1:
            raise InvalidState(
                "the Crawford game cannot be played with both players one point away"
            )
    if state.crawford and cube != Cube():
        raise InvalidState("the cube cannot be turned in the Crawford game")
    if (phase is Phase.MATCH_OVER) != match.is_match_over(rules, state.score):
        raise InvalidState("the score and the match-over phase disagree")

    if over:
        if not is_whole(state.winner) or state.winner not in (0, 1):
            raise InvalidState("a finished game needs a winner 0 or 1")
        if not is_whole(state.result) or state.result not in RESULT_NAMES:
            raise InvalidState("a finished game needs a result 1, 2 or 3")
        most = BACKGAMMON * match.MAX_CUBE
        if not is_whole(state.points_won) or not 1 <= state.points_won <= most:
            raise InvalidState("a finished game needs the points won")
        if state.score[state.winner] < state.points_won:  # checked above
            raise InvalidState("the score does not include the points won")
        if state.turn != state.winner:
            raise InvalidState("a finished game is seen from its winner")
        if state.ended_by not in ENDINGS:
            raise InvalidState(
                "a finished game ended by one of {endings}", endings=", ".join(ENDINGS)
            )
        if (state.ended_by == ENDED_BY_PLAY) != (state.position.winner_result() != 0):
            raise InvalidState(
                "a game ends with a play exactly when the winner has borne off every checker"
            )
        if state.ended_by == ENDED_BY_PLAY and state.position.winner_result() != state.result:
            raise InvalidState("the result does not match the final position")
    else:
        if (
            state.winner is not None
            or state.result != 0
            or state.points_won != 0
            or state.ended_by is not None
        ):
            raise InvalidState("only a finished game has a winner, result, points won and ending")
        if state.position.is_game_over():
            raise InvalidState("every checker of a side is off but the game is not over")

    if phase is Phase.RESIGNED:
        if not is_whole(state.resignation) or state.resignation not in RESULT_NAMES:
            raise InvalidState("a resignation is 1, 2 or 3")
        if not is_whole(state.resigned_by) or state.resigned_by not in (0, 1):
            raise InvalidState("a resignation needs the player resigning")
        if state.resumed_phase not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            raise InvalidState("a resignation needs the phase to go back to")
        inner: Phase = state.resumed_phase
    else:
        if state.resignation or state.resigned_by is not None or state.resumed_phase is not None:
            raise InvalidState("resignation fields set outside a resignation")
        inner = phase
    if (inner is Phase.MOVE) != (state.dice is not None):
        raise InvalidState("dice are shown exactly when a roll is to be played")
    if inner is Phase.DOUBLED and not match.may_double(state, state.turn):
        raise InvalidState("a double is offered that the rules do not allow")
    if inner is Phase.OPENING and state.turn != 0:
        raise InvalidState("before the opening roll the position is seen from player 0")
