"""The field's text formats, each parser paired with its formatter."""

from game.formats.position_id import InvalidPositionId, format_position_id, parse_position_id

__all__ = ["InvalidPositionId", "format_position_id", "parse_position_id"]
