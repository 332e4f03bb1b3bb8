"""``python -m game moves``: every legal play of ``POSITION_ID D1 D2`` (or ``XGID=... [D1 D2]``),
as the Position IDs of the results, sorted (``-`` when none is legal)."""

from __future__ import annotations

from game.cli.lines import Answer, read_position_and_dice
from game.engine.plays import legal_plays
from game.formats import format_position_id


def answer_moves(request: str) -> str:
    """Position IDs of every distinct legal play's result, sorted; ``-`` if none."""
    position, dice = read_position_and_dice(request)
    ids = sorted(format_position_id(play.position) for play in legal_plays(position, dice))
    return " ".join(ids) if ids else "-"


def answerer(options: list[str]) -> Answer:
    """``moves`` has no options (any given are ignored, as they always were)."""
    return answer_moves
