"""``python -m game best [--level NAME]``: the Position ID after the bot's play of
``POSITION_ID D1 D2``, or of gnubg's ``POSITION_ID:MATCH_ID`` or an ``XGID=...`` with their
dice or dice after them (``-`` when no play is legal). An ID's match score is played to:
outcomes are valued by the match equity table, as in the page's match."""

from __future__ import annotations

from game.bot import STRONGEST_LEVEL, check_level, choose_play
from game.bot.cube import CubeState
from game.cli.lines import Answer, read_decision
from game.engine.text import quoted
from game.formats import format_position_id


def answerer(options: list[str]) -> Answer:
    """``[--level NAME]``: the level that plays (``STRONGEST_LEVEL`` by default)."""
    level = STRONGEST_LEVEL
    if options:
        if len(options) != 2 or options[0] != "--level":
            raise ValueError(f"expected [--level NAME], got {quoted(' '.join(options))}")
        level = options[1]
    level = check_level(level)

    def answer_best(request: str) -> str:
        position, dice, match = read_decision(request)
        state = None if match is None else CubeState.from_match_id(match)
        play = choose_play(position, dice, level, state=state)
        return "-" if play is None else format_position_id(play.position)

    return answer_best
