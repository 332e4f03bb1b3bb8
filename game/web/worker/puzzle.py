"""A puzzle embed's ranking: the computer's ranking of the position's plays or cube
choices, as plain data (it travels through the computer's worker); the embed room words it
(game/web/embed/verdict.py, game/web/embed/words.py).

    >>> from game.engine.notation import format_play
    >>> from game.web.address.links import game_from_id
    >>> game = game_from_id("4HPwATDgc/ABMA:cIkFAAAAAAAA")   # Pink to play 3-1
    >>> answer = rank_reply(game, plies=1)                   # in the worker (the bot)
    >>> best, equity = answer["plays"][0]
    >>> format_play(game.legal_plays()[best].moves)
    '8/5 6/5'

A play comes back as its index in ``game.legal_plays()`` (the same order on both sides,
as ``game.web.worker.thinker`` does) with its equity for the player to move; a cube question
comes back as the recommended action and the equity each choice gives up. The bot is
imported only inside ``rank_reply``, so the page that draws the puzzle does not load it.
"""

from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Phase
from game.web.worker.messages import RankRequest

# The cube choices, as game.bot.cube names them.
DOUBLE, NO_DOUBLE, TAKE, PASS = "double", "no-double", "take", "pass"


def cube_choices(game: GameState) -> tuple[str, ...]:
    """The choices a cube puzzle offers (none for a play of the dice)."""
    if game.phase is Phase.ROLL:
        return (DOUBLE, NO_DOUBLE)
    if game.phase is Phase.DOUBLED:
        return (TAKE, PASS)
    return ()


def rank_request(game: GameState, plies: int) -> dict[str, Any]:
    from game.formats.save import write_save

    return RankRequest(write_save(game), plies).to_dict()


def rank_reply(game: GameState, plies: int) -> dict[str, Any]:
    """The computer's ranking of ``game``'s decision (runs where the bot is loaded)."""
    from game.analysis.judgement import cube_action_error, cube_hint, play_hint

    if game.phase is Phase.MOVE:
        plays = game.legal_plays()
        index = {play.position: i for i, play in enumerate(plays)}
        ranked = play_hint(game, plies)
        return {"plays": [[index[r.play.position], r.equity] for r in ranked]}
    figures = cube_hint(game, plies)
    if figures is None:
        raise ValueError("no decision to rank here")
    errors = {choice: cube_action_error(figures, choice) for choice in cube_choices(game)}
    return {
        "cube": {
            "errors": errors,
            "no_double": figures.no_double,
            "double_take": figures.double_take,
            "double_pass": figures.double_pass,
        }
    }
