"""``python -m game cube [--plies 0|1|2] [--no-beaver]``: the cube decision of the player on
roll of ``POSITION_ID:MATCH_ID`` (or an XGID), as ``ACTION RESPONSE``."""

from __future__ import annotations

from game.bot.cube import CubeState, cube_action
from game.bot.level_names import STRONGEST_LEVEL
from game.bot.levels import level_named
from game.cli.lines import Answer
from game.engine.text import quoted
from game.formats.xgid import game_in_play


def answerer(options: list[str]) -> Answer:
    """For ``python -m game cube [--plies 0|1|2] [--no-beaver]``: a function that answers
    ``POSITION_ID:MATCH_ID`` (the player on roll to decide before rolling) with
    ``ACTION RESPONSE``. By default (``--plies 2``) the strongest level's decision: two rolls
    ahead within its budget (``levels.Level.cube_budget``); ``--plies 1``: one roll ahead,
    every play; ``--plies 0``: from the position's own probabilities. Raises ValueError on
    bad options or requests."""
    plies, beaver = 2, True
    rest = list(options)
    while rest:
        option = rest.pop(0)
        if option == "--no-beaver":
            beaver = False
        elif option == "--plies" and rest and rest[0] in ("0", "1", "2"):
            plies = int(rest.pop(0))
        else:
            raise ValueError(
                f"expected [--plies 0|1|2] [--no-beaver], got {quoted(' '.join(options))}"
            )
    strongest = level_named(STRONGEST_LEVEL)
    budget = strongest.cube_budget if plies == 2 else None

    def answer(request: str) -> str:
        position, match, _ = game_in_play(request, "there is no cube decision to make")
        state = CubeState.from_match_id(match, beaver=beaver)
        return " ".join(cube_action(position, state, plies, budget, strongest.cube_prune))

    return answer
