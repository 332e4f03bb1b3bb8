"""The field's text formats, each parser paired with its formatter.

- Position ID (gnubg, 14 characters): ``format_position_id`` / ``parse_position_id``
- Match ID (gnubg, 12 characters): ``MatchId``, ``format_match_id`` / ``parse_match_id``,
  and the combined ``PID:MID``: ``format_gnubg_id`` / ``parse_gnubg_id``
- XGID (eXtreme Gammon): ``Xgid``, ``format_xgid`` / ``parse_xgid``, ``xgid_from_match``
- Play notation (``24/18 13/11``): ``format_play`` / ``parse_play``; ``position_diagram``
"""

from game.engine.notation import InvalidPlay, format_play, parse_play, position_diagram
from game.formats.match_id import (
    GameStatus,
    InvalidMatchId,
    MatchId,
    Resignation,
    format_gnubg_id,
    format_match_id,
    parse_gnubg_id,
    parse_match_id,
)
from game.formats.position_id import InvalidPositionId, format_position_id, parse_position_id
from game.formats.xgid import InvalidXgid, Xgid, format_xgid, parse_xgid, xgid_from_match

__all__ = [
    "GameStatus",
    "InvalidMatchId",
    "InvalidPlay",
    "InvalidPositionId",
    "InvalidXgid",
    "MatchId",
    "Resignation",
    "Xgid",
    "format_gnubg_id",
    "format_match_id",
    "format_play",
    "format_position_id",
    "format_xgid",
    "parse_gnubg_id",
    "parse_match_id",
    "parse_play",
    "parse_position_id",
    "parse_xgid",
    "position_diagram",
    "xgid_from_match",
]
