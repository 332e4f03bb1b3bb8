"""The save format: a game state as plain JSON-able data with a version, and back.

    >>> from game.engine.match import Rules
    >>> from game.engine.state import GameState
    >>> data = write_save(GameState.new(Rules.full(match_length=5)))
    >>> data["version"], data["rules"]["match_length"], data["position"]
    (1, 5, '4HPwATDgc/ABMA')
    >>> read_save(data) == GameState.new(Rules.full(match_length=5))
    True
    >>> read_save({**data, "turn": 1.0})
    Traceback (most recent call last):
    ...
    game.engine.state_check.InvalidState: turn must be a whole number, got 1.0

``read_save`` is total: whatever it is given (any JSON value, any Python
object), it returns a ``GameState`` or raises ``InvalidState`` saying what is
wrong. Every field's type is checked before the state's own rules are: a float
where a whole number belongs (``7.0``), a list where a mapping belongs, text
where a flag belongs are refused, never passed on.
"""

from __future__ import annotations

from typing import Any

from game.engine.match import MAX_SCORE, Cube, IllegalAction, InvalidRules, Rules
from game.engine.plays import InvalidDice, check_dice
from game.engine.position import InvalidPosition
from game.engine.refusal import Term, is_whole
from game.engine.state import GameState, InvalidState, Phase
from game.formats.position_id import format_position_id, parse_position_id

SAVE_VERSION = 1
MAX_EVENT = 500  # characters of ``last_event``: a line of text, not a payload

_RULE_FIELDS = ("cube", "gammons", "match_length", "beaver", "jacoby")
_FIELDS = (
    "version",
    "rules",
    "score",
    "cube",
    "crawford",
    "post_crawford",
    "turn",
    "position",
    "dice",
    "phase",
    "opening_dice",
    "winner",
    "points_won",
    "result",
    "last_event",
    "resignation",
    "resigned_by",
    "resumed_phase",
    "blocked_dice",
    "ended_by",
)


def write_save(state: GameState) -> dict[str, Any]:
    """Plain JSON-able data for ``state``; ``read_save`` reads it back."""
    return {
        "version": SAVE_VERSION,
        "rules": {name: getattr(state.rules, name) for name in _RULE_FIELDS},
        "score": list(state.score),
        "cube": {"value": state.cube.value, "owner": state.cube.owner},
        "crawford": state.crawford,
        "post_crawford": state.post_crawford,
        "turn": state.turn,
        "position": format_position_id(state.position),
        "dice": _dice_data(state.dice),
        "phase": state.phase.value,
        "opening_dice": _dice_data(state.opening_dice),
        "winner": state.winner,
        "points_won": state.points_won,
        "result": state.result,
        "last_event": state.last_event,
        "resignation": state.resignation,
        "resigned_by": state.resigned_by,
        "resumed_phase": state.resumed_phase.value if state.resumed_phase else None,
        "blocked_dice": _dice_data(state.blocked_dice),
        "ended_by": state.ended_by,
    }


def read_save(data: object) -> GameState:
    """The state ``write_save`` wrote; raises ``InvalidState`` (only) saying what is wrong."""
    fields = _mapping(data, Term("a saved game"), _FIELDS, required=True)
    version = fields["version"]
    if not is_whole(version) or version != SAVE_VERSION:
        raise InvalidState(
            "saved game format version {version} is not {current}",
            version=_shown(version),
            current=SAVE_VERSION,
        )
    rules = _mapping(fields["rules"], "rules", _RULE_FIELDS, required=False)
    cube = _mapping(fields["cube"], Term("the cube"), ("value", "owner"), required=True)
    last_event = fields["last_event"]
    if not isinstance(last_event, str) or len(last_event) > MAX_EVENT:
        raise InvalidState("last_event must be a short text")
    position = fields["position"]
    if not isinstance(position, str):
        raise InvalidState(
            "position must be a Position ID text, got {value}", value=_shown(position)
        )
    ended_by = fields["ended_by"]
    if ended_by is not None and not isinstance(ended_by, str):
        raise InvalidState("ended_by must be a text or null, got {value}", value=_shown(ended_by))
    resumed = fields["resumed_phase"]
    try:
        state = GameState(
            rules=Rules(
                **{
                    name: _flag(value, name)
                    for name, value in rules.items()
                    if name != "match_length"
                },
                match_length=_whole(rules.get("match_length", 0), "match_length"),
            ),
            score=_score(fields["score"]),
            cube=Cube(
                _whole(cube["value"], Term("the cube's value")),
                _player(cube["owner"], Term("the cube's owner")),
            ),
            crawford=_flag(fields["crawford"], "crawford"),
            post_crawford=_flag(fields["post_crawford"], "post_crawford"),
            turn=_whole(fields["turn"], "turn"),
            position=parse_position_id(position),
            dice=_dice(fields["dice"], "dice"),
            phase=_phase(fields["phase"], "phase"),
            opening_dice=_dice(fields["opening_dice"], "opening_dice"),
            winner=_player(fields["winner"], "winner"),
            points_won=_whole(fields["points_won"], "points_won"),
            result=_whole(fields["result"], "result"),
            last_event=last_event,
            resignation=_whole(fields["resignation"], "resignation"),
            resigned_by=_player(fields["resigned_by"], "resigned_by"),
            resumed_phase=None if resumed is None else _phase(resumed, "resumed_phase"),
            blocked_dice=_dice(fields["blocked_dice"], "blocked_dice"),
            ended_by=ended_by,
        )
    except (InvalidRules, InvalidPosition, IllegalAction) as error:
        raise InvalidState("saved game: {error}", error=error) from None
    if state.phase is Phase.MOVE and not state.legal_plays():
        raise InvalidState("saved dice have no legal play: the turn would have passed")
    return state


# ----- field readers: each refuses every value of the wrong type ------------------------------


def _shown(value: object) -> str:
    """A short description of a bad value for a message (never a huge repr)."""
    if value is None or isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**9):
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str) and len(value) <= 20:
        return repr(value)
    return f"a {type(value).__name__}"


def _mapping(data: object, name: str, names: tuple[str, ...], *, required: bool) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidState("{name} must be a mapping, got {value}", name=name, value=_shown(data))
    unknown = [key for key in data if key not in names]
    if unknown:
        shown = ", ".join(sorted(str(key)[:20] for key in unknown[:5]))
        raise InvalidState("{name} has unknown fields: {fields}", name=name, fields=shown)
    missing = [key for key in names if key not in data] if required else []
    if missing:
        raise InvalidState("{name} lacks {fields}", name=name, fields=", ".join(missing))
    return data


def _whole(value: object, name: str) -> int:
    if not is_whole(value) or not -(2**31) <= value <= 2**31:
        raise InvalidState(
            "{name} must be a whole number, got {value}", name=name, value=_shown(value)
        )
    return value


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidState(
            "{name} must be true or false, got {value}", name=name, value=_shown(value)
        )
    return value


def _player(value: object, name: str) -> int | None:
    if value is None:
        return None
    if not is_whole(value) or value not in (0, 1):
        raise InvalidState(
            "{name} must be player 0, 1 or null, got {value}", name=name, value=_shown(value)
        )
    assert isinstance(value, int)
    return value


def _score(value: object) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(is_whole(points) and 0 <= points <= MAX_SCORE for points in value)
    ):
        raise InvalidState("score must be two whole numbers from 0 to {highest}", highest=MAX_SCORE)
    return value[0], value[1]


def _dice(value: object, name: str) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not all(map(is_whole, value)):
        raise InvalidState(
            "{name} must be two dice or null, got {value}", name=name, value=_shown(value)
        )
    try:
        return check_dice(value)
    except InvalidDice as error:
        raise InvalidState("{name}: {error}", name=name, error=error) from None


def _phase(value: object, name: str) -> Phase:
    for phase in Phase:
        if isinstance(value, str) and value == phase.value:
            return phase
    raise InvalidState(
        "{name} {value} is not one of {phases}",
        name=name,
        value=_shown(value),
        phases=", ".join(p.value for p in Phase),
    )


def _dice_data(dice: tuple[int, int] | None) -> list[int] | None:
    return list(dice) if dice else None
