"""The computer opponent: evaluation of positions and choice of plays, pure Python.

    >>> from game.engine.position import Position
    >>> play = choose_play(Position.start(), (3, 1))
    >>> sorted((move.origin, move.destination) for move in play.moves)
    [(6, 5), (8, 5)]

``choose_play(position, dice, level, rng, state)`` returns the bot's play for
``position.player`` (``None`` when no play is legal; ``state``, a ``cube.CubeState``,
gives the match score, whose gammon values it then plays to); ``evaluate(position)``
gives the cubeless probabilities for the player on roll before rolling; ``hint(position, dice)``
ranks every play at the strongest setting. ``LEVELS`` names the levels from the
weakest to the strongest; ``DEFAULT_LEVEL`` is the page's default and ``STRONGEST_LEVEL``
the one that judges (``game.bot.level_names``).

Importing this package loads only the levels: the network, the search and the cube are
imported where a function first needs them, so that the page can name a level (and check
one) without loading the bot.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.bot.level_names import DEFAULT_LEVEL, LEVEL_NAMES, STRONGEST_LEVEL
from game.bot.levels import UnknownLevel, level_named

if TYPE_CHECKING:
    from game.bot.cube import CubeState
    from game.bot.probabilities import Probabilities
    from game.bot.rolls import Evaluator
    from game.bot.search import AheadLook
    from game.engine.plays import Play
    from game.engine.position import Position

LEVELS: tuple[str, ...] = LEVEL_NAMES


def check_level(level: str) -> str:
    """The level's name, checked: ``UnknownLevel`` names the levels when it is not one."""
    return level_named(level).name


def evaluate(position: Position, deeper: bool = False) -> Probabilities:
    """Cubeless probabilities for ``position.player``, on roll, before rolling.

    ``deeper``: average over the 21 rolls of the position after the best play by
    the network (one roll of look-ahead) instead of the network's direct estimate.
    """
    from game.bot import evaluator  # the module: tests count its evaluations
    from game.bot.search import lookahead

    if deeper:
        return lookahead(position)[0]
    return evaluator.evaluate_position(position)


def hint(
    position: Position,
    dice: tuple[int, int],
    state: CubeState | None = None,
    evaluator: Evaluator | None = None,
) -> list[tuple[float, Play]]:
    """Every legal play with its equity for the mover, best first (the strongest search).

    ``state``: the cube and match score seen by the mover (None: money play); in a
    match the equities are EMG (``match_value``). ``evaluator``: where the search finds
    the rolls (``rolls.Evaluator``; None: worked out anew)."""
    ahead = hint_ahead(position, dice, state, evaluator)
    return ahead.ranking(ahead.looked()).finished()


def hint_ahead(
    position: Position,
    dice: tuple[int, int],
    state: CubeState | None = None,
    evaluator: Evaluator | None = None,
) -> AheadLook:
    """``hint`` up to its look one roll ahead (``search.ahead_look``): the look may then be
    worked out here or in parts (``deep_parts.planned_ranking``)."""
    from game.bot.match_value import match_value
    from game.bot.rolls import FRESH
    from game.bot.search import Search, ahead_look

    strongest = level_named(STRONGEST_LEVEL)
    plays = (evaluator or FRESH).rolls(position).plays(dice)
    # A teacher ranks every play by the network: the budget never shortlists by hand (a
    # roll with more plays than the level's budget is ranked at 1-ply, as the analysis does).
    return ahead_look(
        position,
        dice,
        Search.of(strongest, position, budget=max(strongest.budget, len(plays) + 1)),
        plays,
        match_value(state),
        match_value(None if state is None else state.flip()),
        evaluator,
    )


def choose_play(
    position: Position,
    dice: tuple[int, int],
    level: str = STRONGEST_LEVEL,
    rng: random.Random | None = None,
    state: CubeState | None = None,
) -> Play | None:
    """The bot's play for ``position.player`` with ``dice`` at ``level``.

    ``state``: the cube and match score seen by the mover; in a match, outcomes are
    valued by the match equity table (``match_value``); None or money: cubeless equity.
    """
    from game.bot.match_value import match_value
    from game.bot.search import level_ranking, rank_plays
    from game.engine.plays import legal_plays

    settings = level_named(level)
    plays = legal_plays(position, dice)
    if len(plays) <= 1:
        return plays[0] if plays else None
    if settings.plies >= 2:
        ranked = level_ranking(position, dice, settings, plays, state).finished()
    else:
        ranked = rank_plays(position, dice, plays, match_value(state))
    return picked(ranked, settings.noise, rng)


def picked(ranked: list[tuple[float, Play]], noise: float, rng: random.Random | None) -> Play:
    """The play a level picks of ``ranked`` (best first): the best, or with ``noise`` the best
    once Gaussian noise is added to each equity (``rng``'s draws, in the order of ``ranked``)."""
    if not noise:
        return ranked[0][1]
    rng = rng or random.Random()
    noisy = [(equity + rng.gauss(0.0, noise), index) for index, (equity, _) in enumerate(ranked)]
    return ranked[max(noisy)[1]][1]


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "STRONGEST_LEVEL",
    "UnknownLevel",
    "check_level",
    "choose_play",
    "evaluate",
    "hint",
]
