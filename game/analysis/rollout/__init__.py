"""Rollouts: a position, or each side of a decision, played to the end many times with the
bot, the outcomes averaged with their standard error, as GNU Backgammon rolls out.

    >>> from game.engine.position import Position
    >>> settings = RolloutSettings(trials=4, seed=1, truncate=2)
    >>> tally = roll_out(Position.start(), settings)
    >>> result = tally.result()
    >>> result.trials, -1.0 < result.equity < 1.0
    (4, True)
    >>> halves = roll_out(Position.start(), settings, range(2)).merged(
    ...     roll_out(Position.start(), settings, range(2, 4)))
    >>> halves.result() == result
    True

The modules: ``settings.py`` (trials, seed, truncation, the level, variance reduction, in
gnubg's words), ``dice.py`` (each trial's dice from the seed, the first two rolls rotated),
``trial.py`` (one trial played, its luck taken away), ``cube.py`` (the cube in a cubeful
rollout's trials), ``tally.py`` (the trials' outcomes,
merged from chunks, and their figures), ``decision.py`` (the best few plays of a roll, or the
cube's three answers, each rolled out) and ``export.py`` (a rollout as text, the position
with it) and ``job.py`` (a rollout shared among workers: its chunks as requests, the replies
merged). The command line is ``python -m game rollout``; ``docs/rollout.md`` has the method.

A rollout is split into chunks of trial numbers: each chunk may run anywhere (another
process, another Web Worker), and the merged tally is the one a single run would make.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.analysis.rollout.cube import CubeStart
from game.analysis.rollout.dice import rollout_key
from game.analysis.rollout.settings import RolloutSettings
from game.analysis.rollout.tally import RolloutResult, Tally, flipped
from game.analysis.rollout.trial import Trials
from game.engine.position import Position

Progress = Callable[[Tally], bool]


def roll_out(
    position: Position,
    settings: RolloutSettings,
    trials: Iterable[int] | None = None,
    for_other_side: bool = False,
    progress: Progress | None = None,
    every: int = 36,
    cube: CubeStart | None = None,
) -> Tally:
    """The trials ``trials`` (default: all the settings ask for) of ``position``, its player
    on roll about to roll; outcomes for that player (or, ``for_other_side``, for the other:
    the rollout of a play is the position after it with the other side on roll). A cubeful
    rollout (``settings.cubeful``) plays the cube from ``cube`` (default: centred at 1).

    ``progress`` is called with the tally after every ``every`` trials; when it returns
    False the rollout stops there, keeping what is done."""
    if position.is_game_over():
        raise ValueError("the game is over: there is nothing to roll out")
    key = rollout_key(settings.seed)
    player = Trials(settings)
    tally = Tally()
    start = (cube or CubeStart()) if settings.cubeful else None
    for count, trial in enumerate(range(settings.trials) if trials is None else trials, 1):
        if start is None:
            outcome = player.play(position, key, trial)
            tally.add(trial, flipped(outcome) if for_other_side else outcome)
        else:
            outcome, points = player.play_cubeful(position, key, trial, start)
            if for_other_side:
                outcome, points = flipped(outcome), -points
            tally.add(trial, outcome, points)
        if progress is not None and count % every == 0 and not progress(tally):
            break
    return tally


def chunks(trials: int, parts: int, size: int = 36) -> list[range]:
    """``range(trials)`` cut into runs of ``size`` trials, dealt out in order: at least
    ``parts`` runs when there are enough trials (so that ``parts`` workers share them)."""
    if trials < 1 or parts < 1:
        raise ValueError("a rollout has at least one trial, split at least once")
    size = max(1, min(size, -(-trials // parts)))
    return [range(start, min(trials, start + size)) for start in range(0, trials, size)]


__all__ = [
    "CubeStart",
    "Progress",
    "RolloutResult",
    "RolloutSettings",
    "Tally",
    "chunks",
    "roll_out",
]
