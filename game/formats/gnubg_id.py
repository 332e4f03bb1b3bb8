"""A game state as GNU Backgammon's ``PID:MID`` and back: the bridge between
``game.engine.state.GameState`` and the Position ID and Match ID formats.

    >>> from game.engine.match import Rules
    >>> from game.engine.state import GameState
    >>> write_gnubg_id(GameState.new(Rules.full()))
    '4HPwATDgc/ABMA:MAAAAAAAAAAE'
    >>> read_gnubg_id('4HPwATDgc/ABMA:MAAAAAAAAAAE').phase.value
    'opening'

Our players 0 and 1 are gnubg's players 0 and 1; the Position ID is seen from
``turn`` (gnubg's player on roll). A finished game is written with the winner
on roll, and a won match with the winner's score capped at the match length
(so ``points_won`` may read back smaller). Not carried: the order of the dice
(gnubg writes the larger first), the opening dice, ``last_event``,
``blocked_dice`` and the beaver option; a game without the cube cannot be told
from one with it (the reader takes the ``rules`` it is given).
"""

from __future__ import annotations

from typing import Any

from game.engine import match
from game.engine.match import SINGLE, Cube, IllegalAction, InvalidRules, Rules
from game.engine.phase import ENDED_BY_PASS, ENDED_BY_PLAY, ENDED_BY_RESIGNATION, OVER
from game.engine.position import InvalidPosition
from game.engine.state import GameState, InvalidState, Phase
from game.formats.match_id import (
    GameStatus,
    InvalidMatchId,
    MatchId,
    Resignation,
    format_gnubg_id,
)
from game.formats.match_id import parse_gnubg_id as parse_ids

_STATUS_OF_ENDING = {
    ENDED_BY_PLAY: GameStatus.OVER,
    ENDED_BY_PASS: GameStatus.DROPPED,
    ENDED_BY_RESIGNATION: GameStatus.RESIGNED,
}


def write_gnubg_id(state: GameState) -> str:
    """GNU Backgammon's ``POSITION_ID:MATCH_ID`` for ``state``."""
    phase = state.phase
    inner = state.resumed_phase if phase is Phase.RESIGNED else phase
    if phase is Phase.OPENING:
        status = GameStatus.NONE
    elif phase in OVER:
        assert state.ended_by is not None
        status = _STATUS_OF_ENDING[state.ended_by]
    else:
        status = GameStatus.PLAYING
    resignation = state.resignation
    if phase in OVER and state.ended_by == ENDED_BY_RESIGNATION:
        resignation = state.result
    decider = state.to_act if state.to_act is not None else state.turn
    if inner is Phase.OPENING:
        # A resignation offered before the opening roll (match files hold such games): the
        # Match ID has no way to say it, so the ID shows the game not yet begun.
        status, resignation, decider = GameStatus.NONE, 0, state.turn
    score = state.score
    if phase is Phase.MATCH_OVER:
        # The Match ID reader refuses scores past the match length: write the match as won.
        length = state.rules.match_length
        score = (min(score[0], length), min(score[1], length))
    match_id = MatchId(
        cube=state.cube.value,
        cube_owner=state.cube.owner,
        player_on_roll=state.turn,
        crawford=state.crawford,
        game_state=status,
        turn=decider,
        double_offered=inner is Phase.DOUBLED,
        resignation=Resignation(resignation),
        dice=state.dice or (0, 0),
        match_length=state.rules.match_length,
        score=score,
        jacoby=state.rules.jacoby if state.rules.is_money else False,
    )
    return format_gnubg_id(state.position, match_id)


def read_gnubg_id(text: str, rules: Rules | None = None, drawn: bool = False) -> GameState:
    """The state a ``POSITION_ID:MATCH_ID`` describes; ``InvalidState`` if it cannot be one.

    Without ``rules``: full rules with the ID's match length and Jacoby setting.
    Given ``rules`` must have the ID's match length. ``drawn``: a state only to draw, as the ID
    holds it even where the rules refuse it (a double offered where none may be, a cube under
    rules without the cube; ``GameState.drawn``); an ID that cannot be read is still refused.
    """
    try:
        position, m = parse_ids(text)
    except (InvalidMatchId, InvalidPosition) as error:
        raise InvalidState.saying(error) from None
    if rules is None:
        rules = Rules.full(match_length=m.match_length, jacoby=m.is_money_game and bool(m.jacoby))
    elif rules.match_length != m.match_length:
        raise InvalidState(
            "the ID is for match length {length}, the rules say {rules}",
            length=m.match_length,
            rules=rules.match_length,
        )
    fields: dict[str, Any] = dict(
        rules=rules,
        score=m.score,
        cube=Cube(m.cube, m.cube_owner),
        crawford=m.crawford,
        turn=m.player_on_roll,
        position=position,
    )
    rolled = m.dice if m.dice != (0, 0) else None
    length = m.match_length
    score = m.score
    if m.game_state is GameStatus.NONE:
        fields.update(
            phase=Phase.OPENING,
            turn=0,
            position=position if m.player_on_roll == 0 else position.flip(),
        )
    elif m.game_state is GameStatus.PLAYING:
        inner = Phase.DOUBLED if m.double_offered else Phase.MOVE if rolled else Phase.ROLL
        fields.update(dice=rolled if inner is Phase.MOVE else None, phase=inner)
        if m.resignation:
            assert m.turn is not None  # MatchId sets it
            fields.update(
                phase=Phase.RESIGNED,
                resignation=int(m.resignation),
                resigned_by=1 - m.turn,
                resumed_phase=inner,
            )
    else:
        # A finished game: the player on roll is the winner (as ``write_gnubg_id`` writes it).
        winner = m.player_on_roll
        if m.game_state is GameStatus.OVER:
            result, ended_by = position.winner_result(), ENDED_BY_PLAY
            if not result:
                raise InvalidState(
                    "the game is marked over but the player on roll has not borne off every checker"
                )
            points = match.game_points(rules, fields["cube"], result)
        elif m.game_state is GameStatus.DROPPED:
            result, ended_by, points = SINGLE, ENDED_BY_PASS, m.cube
        else:
            if not m.resignation:
                raise InvalidState("a game ended by resignation needs the resignation's value")
            result, ended_by = int(m.resignation), ENDED_BY_RESIGNATION
            points = match.game_points(rules, fields["cube"], result)
        over = match.is_match_over(rules, score)
        if over:
            points = min(points, score[winner])  # the score was written capped at the length
        fields.update(
            phase=Phase.MATCH_OVER if over else Phase.GAME_OVER,
            winner=winner,
            result=result,
            points_won=points,
            ended_by=ended_by,
        )
        if score[winner] < points:
            raise InvalidState("the score does not include the points of the finished game")
        score = match.add_points(score, winner, -points)  # the score the game was played at
    if length > 1 and not m.crawford and max(score) == length - 1:
        fields["post_crawford"] = True
    fields["last_event"] = "Position set from a GNU Backgammon ID"
    try:
        state = GameState(**fields)
    except (InvalidRules, IllegalAction, InvalidState) as error:
        if not drawn:
            raise InvalidState.saying(error) from None
        return GameState.drawn(**fields)
    # gnubg may show a roll that cannot be played; here such a roll passes at once.
    return state.pass_if_blocked()
