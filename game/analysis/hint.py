"""The hint (``python -m game hint``): the ranked plays of a roll, or the cube hint, of a PID:MID.

With dice in the Match ID the answer is one line per legal play, best first:
``RESULT_PID EQUITY NOTATION`` (the Position ID after the play with the mover
still on roll, the mover's cubeless equity, the play), then a blank line; ``-``
and a blank line when no play is legal. Without dice it is the cube hint of the
player on roll: ``ACTION RESPONSE`` as ``python -m game cube`` says it, then
``no-double E``, ``double-take E``, ``double-pass E``, and when the rules allow a beaver
(money play; the Match ID does not say, so beavers are allowed as gnubg allows them by
default) ``double-beaver E``, the doubler's equity after a beaver (twice double-take), then
a blank line.

Equities are those of ``game.analysis.judgement``: cubeless money equity per unit of the
cube in money play; in match play the cubeless match winning chance from the
match equity table, in gnubg's EMG units. ``--plies 1`` judges by the network
alone; the default is the strongest level's judgement.
"""

from __future__ import annotations

from game.analysis.judgement import STRONGEST, cube_figures, rank_plays
from game.bot.cube import CubeState
from game.formats import format_position_id
from game.formats.xgid import game_in_play


def format_equity(equity: float) -> str:
    return f"{equity:+.4f}"


def hint_lines(request: str, plies: int = STRONGEST) -> list[str]:
    """The answer to one ``PID:MID`` (or XGID) request, without its closing blank line."""
    position, match, _ = game_in_play(request, "there is nothing to hint")
    state = CubeState.from_match_id(match)
    if match.dice == (0, 0):
        figures = cube_figures(position, state, plies)
        lines = [
            f"{figures.action} {figures.response}",
            f"no-double {format_equity(figures.no_double)}",
            f"double-take {format_equity(figures.double_take)}",
            f"double-pass {format_equity(figures.double_pass)}",
        ]
        if figures.may_beaver:
            lines.append(f"double-beaver {format_equity(figures.double_beaver)}")
        return lines
    ranked = rank_plays(position, match.dice, state, plies)
    if not ranked:
        return ["-"]
    return [
        f"{format_position_id(r.play.position)} {format_equity(r.equity)} {r.notation}"
        for r in ranked
    ]
