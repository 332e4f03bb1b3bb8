"""The rollout settings the player chose in Settings (trials, truncation, the level that plays
the trials, variance reduction, cubeful: gnubg's names, game/analysis/rollout/settings.py), kept in
this browser and read back from the settings form.

    >>> chosen = from_form({"rollout-variance", "rollout-cubeful"}, {"rollout-trials": "144",
    ...     "rollout-truncate": "7", "rollout-level": "strong"})
    >>> chosen.trials, chosen.truncate, chosen.level, chosen.variance_reduction, chosen.cubeful
    (144, 7, 'strong', True, True)
    >>> from_form(set(), {"rollout-trials": "100"}) is None      # not a choice the form offers
    True
    >>> choice_of(choice_data(chosen)) == chosen, choice_of({"version": 1, "trials": 37}) == DEFAULT
    (True, True)

The seed is not chosen: the page takes it from the position (game/web/table/rollouts.py).
A stored value that does not read as one of the form's choices gives the defaults, quietly
(a preference, like the one-tap moves: nothing to offer for download).
"""

from __future__ import annotations

import json

from game.analysis.rollout.settings import CHEQUER_LEVELS, RolloutSettings
from game.web.store.door import ROLLOUT_CHOICE, ROLLOUT_CHOICE_VERSION, Door, data_of

TRIALS = (36, 144, 324, 648, 1296, 2592, 5184)  # multiples of 36: every first roll as often
TRUNCATIONS = (0, 2, 5, 7, 11, 21)  # plies; 0: none, played to the end
DEFAULT = RolloutSettings()  # 1,296 trials, no truncation, 0-ply, no variance reduction


def offered(settings: RolloutSettings) -> bool:
    """Is ``settings`` one the form offers (the seed aside)?"""
    return (
        settings.trials in TRIALS
        and settings.truncate in TRUNCATIONS
        and settings.level in CHEQUER_LEVELS
    )


def from_form(checked: set[str], chosen: dict[str, str]) -> RolloutSettings | None:
    """The rollout settings the Settings form shows (``RealPage.form``'s two parts); None
    when it holds something the form does not offer (the choice stays as it was)."""
    try:
        settings = RolloutSettings(
            trials=int(chosen.get("rollout-trials", DEFAULT.trials)),
            truncate=int(chosen.get("rollout-truncate", DEFAULT.truncate)),
            level=chosen.get("rollout-level", DEFAULT.level),
            variance_reduction="rollout-variance" in checked,
            cubeful="rollout-cubeful" in checked,
        )
    except ValueError:
        return None
    return settings if offered(settings) else None


def choice_data(settings: RolloutSettings) -> dict[str, object]:
    """What is stored: the settings without the seed, and the version."""
    data = settings.as_dict()
    del data["seed"]
    return {"version": ROLLOUT_CHOICE_VERSION, **data}


def choice_of(data: object) -> RolloutSettings:
    """The stored choice; the defaults for anything else."""
    if not isinstance(data, dict):
        return DEFAULT
    try:
        settings = RolloutSettings.from_dict({**data, "seed": 1})
    except ValueError:
        return DEFAULT
    return settings if offered(settings) else DEFAULT


class ChosenRollout:
    """The choice kept in this browser, through the door."""

    def __init__(self, door: Door) -> None:
        self.door = door

    def read(self) -> RolloutSettings:
        return choice_of(data_of(self.door.read(ROLLOUT_CHOICE), ROLLOUT_CHOICE))

    def keep(self, settings: RolloutSettings) -> bool:
        """Keep ``settings``; False when the browser refuses."""
        text = json.dumps(choice_data(settings), separators=(",", ":"))
        return self.door.write(ROLLOUT_CHOICE, text)
