"""A rollout's settings, named as GNU Backgammon names them.

    >>> settings = RolloutSettings(trials=1296, seed=7, truncate=11)
    >>> for words in settings.describe().split(", "):
    ...     print(words)
    1296 trials
    seed 7
    truncated at 11 plies
    chequer play 0-ply
    no variance reduction
    rotated first two rolls

- ``trials``: games played from the position (a multiple of 36 keeps every first roll as
  often as every other: the first two rolls are rotated, ``dice.py``).
- ``seed``: the dice of every trial come from it (``dice.py``): the same seed, the same
  rollout, on any machine and split over any number of workers.
- ``truncate``: 0 plays each trial to the end; N stops after N plies (one side's roll and
  play is a ply) and values the position by the network, as gnubg's truncated rollouts do.
- ``level``: who plays the trials' chequer plays: ``0-ply`` (the default, gnubg's word: every
  play by the network alone, no look-ahead, no noise; this project's bot calls that depth
  1-ply) or one of the bot's levels (``game.bot.LEVELS``, noise and look-ahead included).
- ``variance_reduction``: gnubg's luck adjustment: each roll's luck, by a cheap one-roll
  look-ahead (``trial.py``), is taken away from the trial's result.
- ``cubeful``: gnubg's cubeful rollout (money): the cube is played in each trial by the bot's
  0-ply cube judgement (``cube.py``), and each candidate has its cubeful equity too; off, the
  trials are cubeless (the default, and the command line's answer).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bot.level_names import LEVEL_NAMES
from game.engine.refusal import is_whole

ZERO_PLY = "0-ply"
CHEQUER_LEVELS = (ZERO_PLY, *LEVEL_NAMES)
MAX_TRIALS = 1_000_000
MAX_TRUNCATE = 10_000


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    trials: int = 1296
    seed: int = 1
    truncate: int = 0
    level: str = ZERO_PLY
    variance_reduction: bool = False
    cubeful: bool = False

    def __post_init__(self) -> None:
        if not is_whole(self.trials) or not 1 <= self.trials <= MAX_TRIALS:
            raise ValueError(f"trials are a whole number from 1 to {MAX_TRIALS}")
        if not is_whole(self.seed) or self.seed < 0:
            raise ValueError("a rollout's seed is a whole number, 0 or more")
        if not is_whole(self.truncate) or not 0 <= self.truncate <= MAX_TRUNCATE:
            raise ValueError(f"truncation is a number of plies from 0 (none) to {MAX_TRUNCATE}")
        if self.level not in CHEQUER_LEVELS:
            raise ValueError(f"no level {self.level!r}; levels are {', '.join(CHEQUER_LEVELS)}")

    def describe(self) -> str:
        """The settings in gnubg's words, one line."""
        plies = "ply" if self.truncate == 1 else "plies"
        truncation = f"truncated at {self.truncate} {plies}" if self.truncate else "no truncation"
        reduction = "variance reduction" if self.variance_reduction else "no variance reduction"
        cube = ", cubeful (money)" if self.cubeful else ""
        return (
            f"{self.trials} trials, seed {self.seed}, {truncation}, chequer play {self.level}, "
            f"{reduction}, rotated first two rolls{cube}"
        )

    def as_dict(self) -> dict[str, object]:
        """Plain values (a worker's message, the page's save)."""
        return {
            "trials": self.trials,
            "seed": self.seed,
            "truncate": self.truncate,
            "level": self.level,
            "variance_reduction": self.variance_reduction,
            "cubeful": self.cubeful,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> RolloutSettings:
        """The settings ``as_dict`` wrote (``ValueError`` for anything else)."""
        try:
            return cls(
                trials=data["trials"],  # type: ignore[arg-type]
                seed=data["seed"],  # type: ignore[arg-type]
                truncate=data.get("truncate", 0),  # type: ignore[arg-type]
                level=data.get("level", ZERO_PLY),  # type: ignore[arg-type]
                variance_reduction=bool(data.get("variance_reduction", False)),
                cubeful=bool(data.get("cubeful", False)),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"rollout settings are not readable: {error}") from None
