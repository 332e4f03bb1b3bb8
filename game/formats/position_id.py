"""GNU Backgammon Position ID: 80 bits of checker layout in 14 base64 characters.

    >>> from game.engine.position import Position
    >>> format_position_id(Position.start())
    '4HPwATDgc/ABMA'
    >>> parse_position_id('4HPwATDgc/ABMA') == Position.start()
    True

The bits list, for the side not on roll and then the player on roll, each
point 1..24 and the bar (in that side's numbering): one 1-bit per checker and a
0-bit to close the point. Bits fill each byte from its lowest bit; the 10 bytes
are base64-encoded without padding.
"""

from __future__ import annotations

import base64
import binascii

from game.engine.position import BAR, CHECKERS, InvalidPosition, Position
from game.engine.text import quoted


class InvalidPositionId(InvalidPosition):
    """A string that is not the Position ID of a possible position."""


def format_position_id(position: Position) -> str:
    """The 14-character Position ID, ``position.player`` being the player on roll."""
    value, bit = 0, 0
    for side in (position.opponent, position.player):
        for point in range(1, BAR + 1):
            count = side[point]
            value |= ((1 << count) - 1) << bit  # a run of 1-bits, one per checker
            bit += count + 1  # and the 0-bit that closes the point
    return base64.b64encode(value.to_bytes(10, "little")).decode("ascii").rstrip("=")


def parse_position_id(text: str) -> Position:
    """The position a Position ID encodes, with its player on roll as ``player``."""
    if not isinstance(text, str):
        raise InvalidPositionId("a Position ID is text, got {kind}", kind=type(text).__name__)
    text = text.strip()
    if len(text) != 14:
        raise InvalidPositionId(
            "a Position ID has 14 characters, got {count}: {text}",
            count=len(text),
            text=quoted(text),
        )
    try:
        data = base64.b64decode(text + "==", validate=True)
    except (binascii.Error, ValueError):
        raise InvalidPositionId("not base64: {text}", text=quoted(text)) from None
    value = int.from_bytes(data, "little")
    sides: list[list[int]] = [[0] * 26, [0] * 26]
    side, point, count = 0, 1, 0
    for i in range(80):
        if side == 2:
            if value >> i:
                raise InvalidPositionId("more than 30 checkers in {text}", text=quoted(text))
            break
        if value >> i & 1:
            sides[side][point] += 1
            count += 1
            if count > CHECKERS:
                raise InvalidPositionId(
                    "more than {checkers} checkers for one side in {text}",
                    checkers=CHECKERS,
                    text=quoted(text),
                )
        else:
            point += 1
            if point > BAR:
                side, point, count = side + 1, 1, 0
    if side != 2:
        raise InvalidPositionId("too few point markers in {text}", text=quoted(text))
    opponent, player = sides
    opponent[0] = CHECKERS - sum(opponent)
    player[0] = CHECKERS - sum(player)
    try:
        return Position(tuple(player), tuple(opponent))
    except InvalidPositionId:
        raise
    except InvalidPosition as error:
        raise InvalidPositionId("{text}: {error}", text=quoted(text), error=error) from None
