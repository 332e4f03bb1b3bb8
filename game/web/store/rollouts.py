"""Rollouts kept in this browser: each one's figures under its position and roll, so that the
hint, the review's move and a train card of that position show them again on a later visit.

    >>> record = {"trials": 72, "settings": "72 trials, seed 1", "rows": [{"label": "8/5 6/5",
    ...     "trials": 72, "equity": 0.151, "standard_error": 0.021,
    ...     "chances": [0.55, 0.16, 0.01, 0.12, 0.005], "jsd": None}]}
    >>> kept = with_record({"version": 1, "rollouts": []}, "4HPwATDgc/ABMA 31", record)
    >>> records_of(kept)["4HPwATDgc/ABMA 31"]["trials"]
    72
    >>> records_of({"version": 1, "rollouts": [["x", {"trials": "many"}]]})
    {}

Only the figures are kept (each candidate's equity, standard error, five chances and JSD, the
trials, and the settings in gnubg's words and as values, ``plan``, shown in the reader's
language; a record of a page before session 28 has the words only, read back into values
where they can be, ``described_plan``), not each trial: about 1 KB a rollout. At most ``MAX_KEPT``
are kept, the oldest forgotten first; a record that does not read as one (another version of
the page, a hand-edited value) is left out, never shown.
"""

from __future__ import annotations

import json
import re
from typing import Any

from game.analysis.rollout.settings import MAX_TRIALS
from game.web.store.door import ROLLOUTS, ROLLOUTS_VERSION, Door, finite

MAX_KEPT = 200
MAX_ROWS = 8
MAX_WORDS = 200  # a label, the settings in words
# A position's rollout keeps the cube's answers (game.analysis.rollout.decision.RolloutCube).
CUBE_ACTIONS = frozenset({"double", "no-double", "too-good"})
CUBE_RESPONSES = frozenset({"take", "pass", "beaver"})
CUBE_FIGURES = (
    "no_double_cubeless",
    "double_take_cubeless",
    "double_pass",
    "no_double",
    "double_take",
)


def key_of(position_id: str, dice: tuple[int, int] | None) -> str:
    """What a rollout is kept under: its Position ID, and the roll when it has one (the key of
    ``game.analysis.rollout.job.RolloutJob``): 3-1 and 1-3 are one roll, the higher die first."""
    return position_id + (f" {max(dice)}{min(dice)}" if dice else "")


def record_of(job: Any) -> dict[str, Any]:
    """A finished or stopped ``RolloutJob``'s figures, as kept."""
    rows = [
        {
            "label": row.label,
            "trials": row.trials,
            "equity": row.equity,
            "standard_error": row.standard_error,
            "chances": list(row.chances),
            "jsd": row.jsd,
            **_cubeful_of(row.cubeful, row.cubeful_error),
        }
        for row in job.rows()
    ]
    kept = {
        "trials": job.trials_done,
        "settings": job.settings.describe(),  # gnubg's words (a record of an older page: only)
        "plan": job.settings.as_dict(),  # the same as values: said in the reader's language
        "rows": rows,
    }
    cube = cube_of(job)
    if cube is not None:
        kept["cube"] = cube
    return kept


def _cubeful_of(equity: object, error: object) -> dict[str, float]:
    """A cubeful rollout's row: its cubeful equity and standard error ({}: cubeless)."""
    equity, error = finite(equity, -6, 6), finite(error, 0, 6)
    if equity is None or error is None:
        return {}
    return {"cubeful": equity, "cubeful_error": error}


def cube_of(job: Any) -> dict[str, Any] | None:
    """The cube's answers from a rollout of the position before the roll (None: a roll's
    plays, or no trials yet)."""
    from dataclasses import asdict

    cube = job.cube()
    return None if cube is None else asdict(cube)


def _row(data: object) -> dict[str, Any] | None:
    if not isinstance(data, dict):
        return None
    label, chances, jsd = data.get("label"), data.get("chances"), data.get("jsd")
    trials = finite(data.get("trials"), 1, MAX_TRIALS)
    equity = finite(data.get("equity"), -3, 3)
    error = finite(data.get("standard_error"), 0, 3)
    if not isinstance(label, str) or len(label) > MAX_WORDS or None in (trials, equity, error):
        return None
    if not isinstance(chances, list) or len(chances) != 5:
        return None
    shares = [finite(c, 0, 1) for c in chances]
    deviations = None if jsd is None else finite(jsd, 0, 1e9)
    if None in shares or (jsd is not None and deviations is None):
        return None
    return {
        "label": label,
        "trials": int(trials or 0),
        "equity": equity,
        "standard_error": error,
        "chances": tuple(shares),
        "jsd": deviations,
        **_cubeful_of(data.get("cubeful"), data.get("cubeful_error")),
    }


def cube_from(data: object) -> dict[str, Any] | None:
    """A kept rollout's cube figures, checked (None: none, or not readable)."""
    if not isinstance(data, dict):
        return None
    if data.get("action") not in CUBE_ACTIONS or data.get("response") not in CUBE_RESPONSES:
        return None
    figures = {}
    for name in CUBE_FIGURES:
        value = data.get(name)
        if not isinstance(value, (int, float)) or not -3.0 <= float(value) <= 3.0:
            return None
        figures[name] = float(value)
    cube = {**figures, "action": data["action"], "response": data["response"]}
    if data.get("rolled") is True:
        cube["rolled"] = True  # cubeful from trials that played the cube
    return cube


def plan_from(data: object) -> dict[str, object] | None:
    """A kept rollout's settings as values, checked (None: none, or not readable)."""
    from game.analysis.rollout.settings import RolloutSettings

    if not isinstance(data, dict):
        return None
    try:
        return RolloutSettings.from_dict(data).as_dict()
    except ValueError:
        return None


# The settings line a page before session 28 kept alone: ``RolloutSettings.describe``.
_DESCRIBED = re.compile(
    r"(?P<trials>\d+) trials, seed (?P<seed>\d+), "
    r"(?:truncated at (?P<truncate>\d+) pl(?:y|ies)|no truncation), "
    r"chequer play (?P<level>[\w-]+), (?P<reduced>no )?variance reduction, rotated first two rolls"
)


def described_plan(words: str) -> dict[str, object] | None:
    """The values of a settings line in gnubg's words (None: it does not read as one).

    >>> described_plan("1296 trials, seed 7, truncated at 11 plies, chequer play 0-ply, "
    ...                "no variance reduction, rotated first two rolls")["truncate"]
    11
    >>> described_plan("72 trials, seed 1") is None
    True
    """
    found = _DESCRIBED.fullmatch(words)
    if found is None:
        return None
    return plan_from(
        {
            "trials": int(found["trials"]),
            "seed": int(found["seed"]),
            "truncate": int(found["truncate"] or 0),
            "level": found["level"],
            "variance_reduction": not found["reduced"],
        }
    )


def record_from(data: object) -> dict[str, Any] | None:
    """A kept record, checked (None: not one of ours)."""
    if not isinstance(data, dict):
        return None
    trials = finite(data.get("trials"), 0, MAX_TRIALS)
    settings, rows = data.get("settings"), data.get("rows")
    if trials is None or not isinstance(settings, str) or len(settings) > MAX_WORDS:
        return None
    if not isinstance(rows, list) or not 0 < len(rows) <= MAX_ROWS:
        return None
    read = [_row(row) for row in rows]
    if any(row is None for row in read):
        return None
    record = {"trials": int(trials), "settings": settings, "rows": read}
    plan = plan_from(data.get("plan"))
    if plan is None:  # an older page's record: its words read back into values
        plan = described_plan(settings)
    if plan is not None:
        record["plan"] = plan
    cube = cube_from(data.get("cube"))
    if cube is not None:
        record["cube"] = cube
    return record


def records_of(data: object) -> dict[str, dict[str, Any]]:
    """Every readable record of the stored value, by key, the oldest first."""
    found: dict[str, dict[str, Any]] = {}
    entries = data.get("rollouts") if isinstance(data, dict) else None
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str):
            record = record_from(entry[1])
            if record is not None and len(entry[0]) <= MAX_WORDS:
                found.pop(entry[0], None)
                found[entry[0]] = record
    return found


def with_record(data: object, key: str, record: dict[str, Any]) -> dict[str, Any]:
    """The stored value with ``record`` kept under ``key`` (the newest), at most ``MAX_KEPT``."""
    records = records_of(data)
    records.pop(key, None)
    records[key] = record
    entries = [[k, v] for k, v in records.items()][-MAX_KEPT:]
    return {"version": ROLLOUTS_VERSION, "rollouts": entries}


class KeptRollouts:
    """The rollouts kept in this browser, through the door."""

    def __init__(self, door: Door) -> None:
        self.door = door

    def find(self, key: str) -> dict[str, Any] | None:
        """The record kept under ``key`` (None: none, or no storage)."""
        return records_of(self.door.data(ROLLOUTS)).get(key)

    def keep(self, key: str, record: dict[str, Any]) -> bool:
        """Keep ``record`` under ``key``; False when the browser refuses."""
        if not record["rows"]:
            return False
        kept = with_record(self.door.data(ROLLOUTS), key, record)
        return self.door.write(ROLLOUTS, json.dumps(kept, separators=(",", ":")))
