"""eXtreme Gammon's XGID: a position and its match state in one line of text.

    >>> xgid = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    >>> xgid.dice, xgid.turn == BOTTOM, xgid.is_money_game, xgid.jacoby, xgid.beaver
    ((5, 2), True, True, True, True)
    >>> xgid.position() == Position.start()
    True
    >>> format_xgid(xgid)
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'

The ten fields after ``XGID=``, separated by colons:

1. 26 characters of checkers, seen from the *bottom* player, who moves from
   point 24 down to point 1. Character 0 is the top player's bar, characters
   1-24 are points 1-24, character 25 is the bottom player's bar. ``-`` is an
   empty point, ``A``-``O`` are 1-15 checkers of the bottom player, ``a``-``o``
   1-15 of the top player. Checkers not shown are borne off.
2. log2 of the cube value.
3. Cube position: 1 the bottom player owns it, -1 the top player, 0 centred.
4. Turn: 1 the bottom player is on roll, -1 the top player.
5. Dice: two digits as rolled (``00`` before the roll); ``D`` a double is
   offered (by the player in field 4), ``B`` beavered, ``R`` raccooned.
6. Score of the bottom player; 7. score of the top player.
8. Match play: 1 in the Crawford game, else 0. Money play: 1 if the Jacoby rule
   is used, plus 2 if beavers are allowed.
9. Match length, 0 for money play.
10. log2 of the largest cube allowed in money play (XG writes 10 by default).

Seen from gnubg (its own XGID reader agrees): the bottom player is gnubg's player
1 and the top player is player 0. ``Xgid.position()`` puts the player on roll in
``Position.player``, as everywhere in this engine. Some XGIDs omit field 10;
they are read with the default.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.match import MAX_CUBE
from game.engine.position import BAR, CHECKERS, OFF, InvalidPosition, Position, Side
from game.engine.refusal import Refusal, Term
from game.engine.text import ascii_number, is_ascii_number, quoted
from game.formats.match_id import GameStatus, InvalidMatchId, MatchId, parse_gnubg_id

BOTTOM = 1
TOP = -1
CENTERED = 0
CUBE_ACTIONS = ("", "D", "B", "R")
DEFAULT_MAX_CUBE = 1024


class InvalidXgid(Refusal):
    """An XGID that cannot be read or describes something impossible."""


@dataclass(frozen=True, slots=True)
class Xgid:
    """The fields of an XGID; ``bottom`` and ``top`` are sides in their own numbering.

    ``cube_owner`` and ``turn`` use XG's numbers (``BOTTOM``, ``TOP``,
    ``CENTERED``). ``dice`` stay in the order written; ``cube_action`` is ``""``
    or ``"D"``, ``"B"``, ``"R"`` (dice are then 0-0).
    """

    bottom: Side
    top: Side
    cube: int = 1
    cube_owner: int = CENTERED
    turn: int = BOTTOM
    dice: tuple[int, int] = (0, 0)
    cube_action: str = ""
    score_bottom: int = 0
    score_top: int = 0
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False
    match_length: int = 0
    max_cube: int = DEFAULT_MAX_CUBE

    def __post_init__(self) -> None:
        _check(self)

    @property
    def is_money_game(self) -> bool:
        return self.match_length == 0

    def position(self) -> Position:
        """The checkers, with the player on roll (field 4) as ``player``."""
        if self.turn == BOTTOM:
            return Position(self.bottom, self.top)
        return Position(self.top, self.bottom)

    def match_id(self) -> MatchId:
        """The same match state as gnubg's ``MatchId`` (bottom = player 1, top = player 0).

        A beaver or raccoon on the table has no Match ID equivalent: ``InvalidXgid``.
        """
        if self.cube_action in ("B", "R"):
            raise InvalidXgid("a Match ID cannot say that a double was beavered")
        on_roll = 1 if self.turn == BOTTOM else 0
        doubled = self.cube_action == "D"
        owner = {CENTERED: None, BOTTOM: 1, TOP: 0}[self.cube_owner]
        try:
            return MatchId(
                cube=self.cube,
                cube_owner=owner,
                player_on_roll=on_roll,
                crawford=self.crawford,
                game_state=GameStatus.PLAYING,
                turn=1 - on_roll if doubled else on_roll,
                double_offered=doubled,
                dice=self.dice,
                match_length=self.match_length,
                score=(self.score_top, self.score_bottom),
                jacoby=self.jacoby if self.is_money_game else False,
            )
        except InvalidMatchId as error:
            raise InvalidXgid.saying(error) from None


# An XGID names the sides bottom and top (a position: player and opponent).
_XGID_SIDES = {Term("player"): Term("bottom"), Term("opponent"): Term("top")}


def _check(x: Xgid) -> None:
    try:
        Position(tuple(x.bottom), tuple(x.top))
    except InvalidPosition as error:
        # The sides as an XGID names them: "bottom has 16 checkers, not 15".
        sides = {k: _XGID_SIDES[v] for k, v in error.fields.items() if v in _XGID_SIDES}
        raise InvalidXgid.saying(error, **sides) from None
    if not isinstance(x.cube, int) or x.cube < 1 or x.cube & (x.cube - 1) or x.cube > MAX_CUBE:
        raise InvalidXgid(
            "the cube is a power of 2 from 1 to {largest}, got {cube}",
            largest=MAX_CUBE,
            cube=repr(x.cube),
        )
    if x.cube_owner not in (CENTERED, BOTTOM, TOP):
        raise InvalidXgid("cube position is 1, 0 or -1, got {value}", value=repr(x.cube_owner))
    if x.cube_owner != CENTERED and x.cube == 1:
        raise InvalidXgid("an owned cube has been doubled at least once: it cannot show 1")
    if x.turn not in (BOTTOM, TOP):
        raise InvalidXgid("turn is 1 (bottom) or -1 (top), got {value}", value=repr(x.turn))
    if x.cube_action not in CUBE_ACTIONS:
        raise InvalidXgid("cube action is D, B or R, got {value}", value=repr(x.cube_action))
    if len(x.dice) != 2 or not all(isinstance(d, int) for d in x.dice):
        raise InvalidXgid("dice are two numbers, got {dice}", dice=repr(x.dice))
    if x.cube_action and x.dice != (0, 0):
        raise InvalidXgid("dice are not rolled while a double is on the table")
    if x.dice != (0, 0) and not all(1 <= d <= 6 for d in x.dice):
        raise InvalidXgid(
            "dice are 00 (not rolled) or 1 to 6 each, got {dice}", dice=f"{x.dice[0]}{x.dice[1]}"
        )
    if not isinstance(x.match_length, int) or x.match_length < 0:
        raise InvalidXgid(
            "match length is 0 (money) or more, got {length}", length=repr(x.match_length)
        )
    for name in ("score_bottom", "score_top"):
        points = getattr(x, name)
        if not isinstance(points, int) or points < 0:
            raise InvalidXgid("{side} is 0 or more, got {points}", side=name, points=repr(points))
        if x.match_length and points >= x.match_length:
            raise InvalidXgid(
                "{side} {points} has already won a {length}-point match",
                side=name,
                points=points,
                length=x.match_length,
            )
    if x.match_length and (x.jacoby or x.beaver):
        raise InvalidXgid("the Jacoby and beaver rules belong to money play")
    if not x.match_length and x.crawford:
        raise InvalidXgid("there is no Crawford game in money play")
    if x.crawford and (x.score_bottom, x.score_top).count(x.match_length - 1) != 1:
        raise InvalidXgid(
            "the Crawford game is played only when exactly one player is 1 point from winning"
        )
    if not isinstance(x.max_cube, int) or x.max_cube < 1 or x.max_cube & (x.max_cube - 1):
        raise InvalidXgid("the largest cube is a power of 2, got {cube}", cube=repr(x.max_cube))
    if x.max_cube > 1 << 15:
        raise InvalidXgid("the largest cube is at most 2**15, got {cube}", cube=x.max_cube)


def _number(text: str, name: Term) -> int:
    """A field's number: ASCII digits, a ``-`` before them for the cube's place and the turn."""
    number = ascii_number(text[1:] if text.startswith("-") else text)
    if number is None:
        raise InvalidXgid(
            "{field} must be a number in digits 0-9, got {text}",
            field=name,
            text=quoted(text, 20),
        )
    return -number if text.startswith("-") else number


def _log2_field(text: str, name: Term, highest: int) -> int:
    log = _number(text, name)
    if not 0 <= log <= highest:
        raise InvalidXgid(
            "{field} (log2) is 0 to {highest}, got {log}", field=name, highest=highest, log=log
        )
    return 1 << log


def _read_checkers(text: str) -> tuple[Side, Side]:
    if len(text) != 26:
        raise InvalidXgid(
            "the checker field has 26 characters, got {count}: {text}",
            count=len(text),
            text=quoted(text),
        )
    bottom, top = [0] * 26, [0] * 26
    for index, char in enumerate(text):
        if char == "-":
            continue
        if "A" <= char <= "O":
            if index == 0:
                raise InvalidXgid("character 0 is the top player's bar: no bottom checkers there")
            bottom[BAR if index == 25 else index] = ord(char) - ord("A") + 1
        elif "a" <= char <= "o":
            if index == 25:
                raise InvalidXgid("character 25 is the bottom player's bar: no top checkers there")
            top[BAR if index == 0 else 25 - index] = ord(char) - ord("a") + 1
        else:
            raise InvalidXgid(
                "checker character {char} at {index} is not '-', A-O or a-o",
                char=repr(char),
                index=index,
            )
    for side, name in ((bottom, Term("bottom")), (top, Term("top"))):
        on_board = sum(side)
        if on_board > CHECKERS:
            raise InvalidXgid(
                "the {side} player has {count} checkers, more than {checkers}",
                side=name,
                count=on_board,
                checkers=CHECKERS,
            )
        side[OFF] = CHECKERS - on_board
    return tuple(bottom), tuple(top)


def parse_xgid(text: str) -> Xgid:
    """Read an XGID, with or without its ``XGID=`` label."""
    if not isinstance(text, str):
        raise InvalidXgid("an XGID is text, got {kind}", kind=type(text).__name__)
    text = text.strip()
    if text[:5].upper() == "XGID=":
        text = text[5:]
    fields = text.split(":")
    if len(fields) == 9:
        fields.append("10")
    if len(fields) != 10:
        raise InvalidXgid("an XGID has 10 fields separated by ':', got {count}", count=len(fields))
    bottom, top = _read_checkers(fields[0])
    dice_field = fields[4]
    dice, action = (0, 0), ""
    if dice_field in ("D", "B", "R"):
        action = dice_field
    elif len(dice_field) == 2 and is_ascii_number(dice_field):
        dice = int(dice_field[0]), int(dice_field[1])
    else:
        raise InvalidXgid("dice are two digits, D, B or R; got {text}", text=quoted(dice_field, 20))
    match_length = _number(fields[8], Term("match length"))
    rules = _number(fields[7], Term("the Crawford/Jacoby field"))
    if match_length and rules not in (0, 1):
        raise InvalidXgid("in match play the Crawford field is 0 or 1, got {value}", value=rules)
    if not match_length and not 0 <= rules <= 3:
        raise InvalidXgid(
            "in money play the Jacoby/beaver field is 0 to 3, got {value}", value=rules
        )
    return Xgid(
        bottom=bottom,
        top=top,
        cube=_log2_field(fields[1], Term("cube value"), MAX_CUBE.bit_length() - 1),
        cube_owner=_number(fields[2], Term("cube position")),
        turn=_number(fields[3], Term("turn")),
        dice=dice,
        cube_action=action,
        score_bottom=_number(fields[5], Term("bottom score")),
        score_top=_number(fields[6], Term("top score")),
        crawford=bool(match_length and rules),
        jacoby=bool(not match_length and rules & 1),
        beaver=bool(not match_length and rules & 2),
        match_length=match_length,
        max_cube=_log2_field(fields[9], Term("maximum cube"), 15),
    )


def _checker_chars(bottom: Side, top: Side) -> str:
    chars = ["-"] * 26
    for index in range(26):
        mine = bottom[BAR if index == 25 else index] if index else 0
        theirs = top[BAR if index == 0 else 25 - index] if index < 25 else 0
        if mine:
            chars[index] = chr(ord("A") + mine - 1)
        elif theirs:
            chars[index] = chr(ord("a") + theirs - 1)
    return "".join(chars)


def format_xgid(xgid: Xgid) -> str:
    """The XGID text, with its ``XGID=`` label."""
    rules = int(xgid.crawford) if xgid.match_length else int(xgid.jacoby) + 2 * int(xgid.beaver)
    dice = xgid.cube_action or f"{xgid.dice[0]}{xgid.dice[1]}"
    fields = [
        _checker_chars(xgid.bottom, xgid.top),
        xgid.cube.bit_length() - 1,
        xgid.cube_owner,
        xgid.turn,
        dice,
        xgid.score_bottom,
        xgid.score_top,
        rules,
        xgid.match_length,
        xgid.max_cube.bit_length() - 1,
    ]
    return "XGID=" + ":".join(str(field) for field in fields)


def xgid_from_match(
    position: Position, match: MatchId, *, beaver: bool = False, max_cube: int = DEFAULT_MAX_CUBE
) -> Xgid:
    """The XGID of a gnubg-style position and match state (player 1 at the bottom).

    Only a game in play can be written; a pending resignation cannot.
    """
    if match.game_state != GameStatus.PLAYING:
        raise InvalidXgid(
            "an XGID describes a game in play, not {state}", state=match.game_state.name
        )
    if match.resignation:
        raise InvalidXgid("an XGID cannot say that a resignation is offered")
    if match.player_on_roll == 1:
        bottom, top = position.player, position.opponent
    else:
        bottom, top = position.opponent, position.player
    owner = {None: CENTERED, 1: BOTTOM, 0: TOP}[match.cube_owner]
    return Xgid(
        bottom=bottom,
        top=top,
        cube=match.cube,
        cube_owner=owner,
        turn=BOTTOM if match.player_on_roll == 1 else TOP,
        dice=match.dice,
        cube_action="D" if match.double_offered else "",
        score_bottom=match.score[1],
        score_top=match.score[0],
        crawford=match.crawford,
        jacoby=bool(match.jacoby) and match.is_money_game,
        beaver=beaver and match.is_money_game,
        match_length=match.match_length,
        max_cube=max_cube,
    )


def is_xgid(text: str) -> bool:
    """True when ``text`` is written as an XGID (its ``XGID=`` label, or ten ':' fields) rather
    than as gnubg's ``PID:MID``."""
    text = text.strip()
    return text[:5].upper() == "XGID=" or text.count(":") >= 8


def parse_position_and_match(text: str) -> tuple[Position, MatchId]:
    """The position (the player on roll as ``player``) and match state of a gnubg ``PID:MID``
    or an XGID: either reader's own error when it is neither."""
    if is_xgid(text):
        xgid = parse_xgid(text)
        return xgid.position(), xgid.match_id()
    return parse_gnubg_id(text.strip())


def game_in_play(
    request: str, over: str, counts: tuple[int, ...] = (1,)
) -> tuple[Position, MatchId, list[str]]:
    """A command's request naming a game still in play by its first word (``PID:MID`` or an
    XGID), the request ``counts`` words long: the position, the match state and the words.
    ValueError for another count of words, or for a finished game (``the game is over:
    {over}``, ``over`` what the command cannot give then)."""
    words = request.split()
    if len(words) not in counts:
        raise ValueError(
            f"expected 'POSITION_ID:MATCH_ID' or an XGID, got {quoted(request.strip())}"
        )
    position, match = parse_position_and_match(words[0])
    if match.game_state not in (GameStatus.NONE, GameStatus.PLAYING) or position.is_game_over():
        raise ValueError(f"the game is over: {over}")
    return position, match, words
