"""GNU Backgammon Match ID: the cube, the score and whose turn it is, in 12 base64 characters.

    >>> match = parse_match_id("cAkAAAAAAAAA")
    >>> match.cube, match.cube_owner, match.is_money_game, match.jacoby
    (1, None, True, True)
    >>> format_match_id(MatchId(match_length=7, score=(2, 4), player_on_roll=0, dice=(5, 2)))
    'MIHqACAAIAAE'

The Match ID holds a 9-byte key, base64-encoded without padding. Its bits are
numbered from the lowest bit of the first byte; the fields in order are

    bits  0-3   log2 of the cube value
    bits  4-5   cube owner: 0 or 1, 3 when the cube is centred
    bit   6     the player on roll (or who has just rolled): the dice owner
    bit   7     Crawford game
    bits  8-10  game state (see ``GameStatus``)
    bit   11    the player whose turn it is to decide (differs from the player on
                roll while a double or a resignation waits for an answer)
    bit   12    a double is offered
    bits 13-14  resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
    bits 15-17  first die (0 when not rolled), bits 18-20 second die
    bits 21-35  match length (0 for a money game)
    bits 36-50  score of player 0, bits 51-65 score of player 1
    bit   66    gnubg 1.1 and later: set when the Jacoby rule is NOT in use

Player numbers: gnubg's players 0 and 1 are fixed for the whole match (in gnubg
player 1 is usually the person at the keyboard, shown at the bottom). The Position
ID beside a Match ID (``PID:MID``) is written from the point of view of the player
on roll, ``player_on_roll``: our ``Position.player`` is that gnubg player and
``Position.opponent`` is the other one. So ``score[match.player_on_roll]`` is the
score of ``Position.player``; ``cube_owner == player_on_roll`` means the player on
roll owns the cube.

Choices (gnubg itself is laxer in places):
- The cube is at most 64, the largest cube this game plays with. gnubg writes any
  cube up to 2**15 and reads cubes up to 4096; such IDs are refused here.
- Match length 0 (money) to 64, gnubg's own limit. In match play each score is
  below the match length while a game is played; once a game is over one side
  may have reached the match length (it won the match). In money play gnubg
  writes a 0-0 score; other scores are accepted as session totals.
- Dice are 0-0 (not rolled) or two numbers from 1 to 6. gnubg writes the larger
  die first; ``MatchId`` keeps them in that order too.
- Cube owner bits ``10`` (unused by gnubg) and set bits after bit 66 are refused.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from game.engine.match import MAX_CUBE, MAX_MATCH_LENGTH, MAX_SCORE
from game.engine.position import Position
from game.engine.refusal import Refusal
from game.engine.text import quoted
from game.formats.position_id import format_position_id, parse_position_id

_CENTERED = 3
_BASE64 = re.compile(r"[A-Za-z0-9+/]*")


class InvalidMatchId(Refusal):
    """A Match ID, or match state, that cannot be read or cannot occur."""


class GameStatus(IntEnum):
    """gnubg's game state field (bits 8-10): how far the game is."""

    NONE = 0  # no game started yet
    PLAYING = 1
    OVER = 2  # ended by bearing off
    RESIGNED = 3  # ended by an accepted resignation
    DROPPED = 4  # ended by a passed double


class Resignation(IntEnum):
    """What a resigning player offers to give up."""

    NONE = 0
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


_GAME_ENDED = (GameStatus.OVER, GameStatus.RESIGNED, GameStatus.DROPPED)


@dataclass(frozen=True, slots=True)
class MatchId:
    """Everything a Match ID says, as plain fields; validated on construction.

    ``cube_owner`` is None for a centred cube. ``turn`` defaults to
    ``player_on_roll``. ``dice`` are stored larger first, (0, 0) before the roll.
    ``score`` is (player 0, player 1). ``jacoby`` defaults to on in money play
    and off in match play, as gnubg writes it.
    """

    cube: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 1
    crawford: bool = False
    game_state: GameStatus = GameStatus.PLAYING
    turn: int | None = None
    double_offered: bool = False
    resignation: Resignation = Resignation.NONE
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool | None = None

    def __post_init__(self) -> None:
        if self.turn is None:
            object.__setattr__(self, "turn", self.player_on_roll)
        if self.jacoby is None:
            # The Jacoby rule only matters in money play; gnubg writes it off in matches.
            object.__setattr__(self, "jacoby", self.match_length == 0)
        try:
            object.__setattr__(self, "game_state", GameStatus(self.game_state))
        except ValueError:
            raise InvalidMatchId(
                "game state {state} is not one of 0-4", state=repr(self.game_state)
            ) from None
        try:
            object.__setattr__(self, "resignation", Resignation(self.resignation))
        except ValueError:
            raise InvalidMatchId(
                "resignation {value} is not one of 0-3", value=repr(self.resignation)
            ) from None
        dice = tuple(self.dice)
        if len(dice) == 2 and all(isinstance(d, int) for d in dice) and dice[0] < dice[1]:
            dice = (dice[1], dice[0])
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "score", tuple(self.score))
        _check(self)

    @property
    def is_money_game(self) -> bool:
        return self.match_length == 0

    @property
    def opponent_of_roll(self) -> int:
        """The gnubg player number of ``Position.opponent``."""
        return 1 - self.player_on_roll

    def scores_for_roll(self) -> tuple[int, int]:
        """(score of the player on roll, score of the opponent)."""
        return self.score[self.player_on_roll], self.score[self.opponent_of_roll]


def _check(m: MatchId) -> None:
    if not isinstance(m.cube, int) or m.cube < 1 or m.cube & (m.cube - 1):
        raise InvalidMatchId("the cube shows a power of 2, got {cube}", cube=repr(m.cube))
    if m.cube > MAX_CUBE:
        raise InvalidMatchId(
            "cube {cube} is above {largest}, the largest cube played", cube=m.cube, largest=MAX_CUBE
        )
    if m.cube_owner not in (None, 0, 1):
        raise InvalidMatchId(
            "cube owner is player 0, 1 or None (centred), got {owner}", owner=repr(m.cube_owner)
        )
    if m.cube_owner is not None and m.cube == 1:
        raise InvalidMatchId("an owned cube has been doubled at least once: it cannot show 1")
    for name in ("player_on_roll", "turn"):
        if getattr(m, name) not in (0, 1):
            raise InvalidMatchId(
                "{name} is player 0 or 1, got {value}", name=name, value=repr(getattr(m, name))
            )
    if len(m.dice) != 2 or not all(isinstance(d, int) for d in m.dice):
        raise InvalidMatchId("dice are two numbers, got {dice}", dice=repr(m.dice))
    if m.dice != (0, 0) and not all(1 <= d <= 6 for d in m.dice):
        raise InvalidMatchId(
            "dice are 0-0 (not rolled) or 1 to 6 each, got {dice}",
            dice=f"{m.dice[0]}-{m.dice[1]}",
        )
    if not isinstance(m.match_length, int) or not 0 <= m.match_length <= MAX_MATCH_LENGTH:
        raise InvalidMatchId(
            "match length is 0 (money) to {longest}, got {length}",
            longest=MAX_MATCH_LENGTH,
            length=repr(m.match_length),
        )
    if len(m.score) != 2 or not all(isinstance(s, int) and 0 <= s <= MAX_SCORE for s in m.score):
        raise InvalidMatchId(
            "score is two numbers from 0 to {highest}, got {score}",
            highest=MAX_SCORE,
            score=repr(m.score),
        )
    under_way = m.game_state in (GameStatus.NONE, GameStatus.PLAYING)
    if m.match_length:
        limit = m.match_length - 1 if under_way else m.match_length
        for player, points in enumerate(m.score):
            if points > limit:
                raise InvalidMatchId(
                    "player {player} has {points} points in a {length}-point match"
                    " that is still being played"
                    if under_way
                    else "player {player} has {points} points in a {length}-point match",
                    player=player,
                    points=points,
                    length=m.match_length,
                )
        if min(m.score) >= m.match_length:
            raise InvalidMatchId("both players cannot have won the match")
        if m.crawford and under_way and m.score.count(m.match_length - 1) != 1:
            raise InvalidMatchId(
                "the Crawford game is played only when exactly one player is 1 point from winning"
            )
    elif m.crawford:
        raise InvalidMatchId("there is no Crawford game in money play")
    if m.double_offered:
        if m.game_state != GameStatus.PLAYING:
            raise InvalidMatchId("a double is offered only while a game is played")
        if m.dice != (0, 0):
            raise InvalidMatchId("a double is offered before rolling: dice must be 0-0")
        if m.turn == m.player_on_roll:
            raise InvalidMatchId("while a double is offered it is the opponent's turn to answer")
        if m.cube_owner == m.opponent_of_roll:
            raise InvalidMatchId("the player on roll cannot double: the opponent owns the cube")
        if m.crawford:
            raise InvalidMatchId("no doubling in the Crawford game")
        if m.cube >= MAX_CUBE:
            raise InvalidMatchId("the cube cannot be doubled beyond {largest}", largest=MAX_CUBE)
    if m.resignation and m.game_state not in (GameStatus.PLAYING, GameStatus.RESIGNED):
        raise InvalidMatchId("a resignation is offered only while a game is played")
    if (
        m.game_state == GameStatus.PLAYING
        and not m.double_offered
        and not m.resignation
        and m.turn != m.player_on_roll
    ):
        raise InvalidMatchId(
            "with no double or resignation offered, the turn belongs to the player on roll"
        )


def _fields(m: MatchId) -> list[tuple[int, int]]:
    """(value, width) of each field in key order."""
    return [
        (m.cube.bit_length() - 1, 4),
        (_CENTERED if m.cube_owner is None else m.cube_owner, 2),
        (m.player_on_roll, 1),
        (int(m.crawford), 1),
        (int(m.game_state), 3),
        (m.player_on_roll if m.turn is None else m.turn, 1),
        (int(m.double_offered), 1),
        (int(m.resignation), 2),
        (m.dice[0], 3),
        (m.dice[1], 3),
        (m.match_length, 15),
        (m.score[0], 15),
        (m.score[1], 15),
        (int(not m.jacoby), 1),
    ]


def format_match_id(match: MatchId) -> str:
    """The 12-character Match ID."""
    key, shift = 0, 0
    for value, width in _fields(match):
        key |= value << shift
        shift += width
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def parse_match_id(text: str) -> MatchId:
    """The match state a Match ID encodes; ``InvalidMatchId`` says what is wrong."""
    if not isinstance(text, str):
        raise InvalidMatchId("a Match ID is text, got {kind}", kind=type(text).__name__)
    text = text.strip()
    if len(text) != 12:
        raise InvalidMatchId(
            "a Match ID has 12 characters, got {count}: {text}",
            count=len(text),
            text=quoted(text),
        )
    if not _BASE64.fullmatch(text):
        raise InvalidMatchId("not base64 (A-Z a-z 0-9 + /): {text}", text=quoted(text))
    key = int.from_bytes(base64.b64decode(text), "little")

    def take(width: int) -> int:
        nonlocal key
        value = key & ((1 << width) - 1)
        key >>= width
        return value

    cube_log = take(4)
    owner = take(2)
    if owner == 2:
        raise InvalidMatchId("cube owner bits 10 are not used in {text}", text=quoted(text))
    values: dict[str, Any] = dict(
        cube=1 << cube_log,
        cube_owner=None if owner == _CENTERED else owner,
        player_on_roll=take(1),
        crawford=bool(take(1)),
    )
    state = take(3)
    values.update(turn=take(1), double_offered=bool(take(1)), resignation=take(2))
    first, second = take(3), take(3)
    values.update(match_length=take(15), score=(take(15), take(15)), jacoby=not take(1))
    if key:
        raise InvalidMatchId("unused bits are set in {text}", text=quoted(text))
    if first == 7 or second == 7:
        raise InvalidMatchId("a die shows 1 to 6, got 7 in {text}", text=quoted(text))
    if (first == 0) != (second == 0):
        raise InvalidMatchId(
            "dice are 0-0 or both rolled, got {dice} in {text}",
            dice=f"{first}-{second}",
            text=quoted(text),
        )
    if state > GameStatus.DROPPED:
        raise InvalidMatchId(
            "game state {state} is not one of 0-4 in {text}", state=state, text=quoted(text)
        )
    try:
        return MatchId(game_state=GameStatus(state), dice=(first, second), **values)
    except InvalidMatchId as error:
        raise InvalidMatchId("{text}: {error}", text=quoted(text), error=error) from None


def format_gnubg_id(position: Position, match: MatchId) -> str:
    """gnubg's combined ``PID:MID``; ``position.player`` is ``match.player_on_roll``."""
    return f"{format_position_id(position)}:{format_match_id(match)}"


def parse_gnubg_id(text: str) -> tuple[Position, MatchId]:
    """Read ``PID:MID`` (an optional ``GNUBGID`` / ``GNUbg ID:`` label is ignored)."""
    if not isinstance(text, str):
        raise InvalidMatchId("a gnubg ID is text, got {kind}", kind=type(text).__name__)
    text = text.strip()
    for label in ("gnubgid", "gnubg id"):
        if text.lower().startswith(label):
            text = text[len(label) :].lstrip(" =:")
    parts = text.split(":")
    if len(parts) != 2:
        raise InvalidMatchId("expected 'POSITION_ID:MATCH_ID', got {text}", text=quoted(text))
    return parse_position_id(parts[0]), parse_match_id(parts[1])
