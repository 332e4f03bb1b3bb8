"""A rollout shared among workers: its chunks as plain-data requests, the replies merged as
they come, the figures so far, and what is kept with the position.

    >>> from game.engine.position import Position
    >>> job = RolloutJob.of(Position.start(), None, RolloutSettings(trials=4, seed=1, truncate=1))
    >>> asked = job.requests(size=2)
    >>> len(asked), asked[0][1]["task"], asked[0][1]["start"], asked[0][1]["stop"]
    (2, 'rollout', 0, 2)
    >>> for index, request in asked:            # in a worker each: chunk_reply(request)
    ...     job.take(index, chunk_reply(request))
    >>> job.done, job.progress, job.trials_done
    (True, 1.0, 4)
    >>> job.summary
    'rolled out: 4 trials'
    >>> RolloutJob.from_dict(job.to_dict()).rows() == job.rows()
    True

The page asks for every chunk at once (the pool serves them in order, first asked first
served): the chunks of 36 trials are dealt candidate by candidate, so that every candidate's
figures grow together and a rollout stopped half way keeps comparable figures for each.
A stopped job keeps what it has; its figures are those of the trials done.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.analysis.rollout import Tally, chunks, roll_out
from game.analysis.rollout.cube import CubeStart
from game.analysis.rollout.decision import (
    Candidate,
    RolloutCube,
    cube_candidates,
    cube_figures,
    cubeful_cube_figures,
    play_candidates,
    position_candidate,
)
from game.analysis.rollout.settings import RolloutSettings
from game.analysis.rollout.tally import RolloutResult
from game.engine.position import Position
from game.formats.position_id import format_position_id, parse_position_id

TASK = "rollout"
CHUNK = 36  # trials a request: one turn of the first roll's rotation


def chunk_request(candidate: Candidate, settings: RolloutSettings, part: range) -> dict[str, Any]:
    """The plain-data request for trials ``part`` of ``candidate``'s rollout."""
    request = {
        "task": TASK,
        "position": format_position_id(candidate.position),
        "other_side": candidate.for_other_side,
        "settings": settings.as_dict(),
        "start": part.start,
        "stop": part.stop,
    }
    if candidate.cube is not None:
        request["cube"] = candidate.cube.as_list()
    return request


def chunk_reply(request: dict[str, Any]) -> dict[str, Any]:
    """A worker's answer to ``chunk_request``: the trials' outcomes (``Tally.as_lists``)."""
    try:
        position = parse_position_id(str(request["position"]))
        settings = RolloutSettings.from_dict(dict(request["settings"]))
        start, stop = int(request["start"]), int(request["stop"])
        cube = CubeStart.from_list(request["cube"]) if "cube" in request else None
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"a rollout request is not readable: {error}") from None
    if not 0 <= start < stop <= settings.trials:
        raise ValueError("a rollout request's trials are outside the rollout")
    tally = roll_out(
        position, settings, range(start, stop), bool(request.get("other_side")), cube=cube
    )
    return {"task": TASK, "rows": tally.as_lists()}


@dataclass
class Row:
    """One candidate's figures so far, as the page shows them."""

    label: str
    trials: int
    equity: float
    standard_error: float
    chances: tuple[float, float, float, float, float]
    jsd: float | None  # joint standard errors below the best (None: the best, or no trials)
    cubeful: float | None = None  # a cubeful rollout's equity and its standard error
    cubeful_error: float | None = None


@dataclass
class RolloutJob:
    """A rollout of a position (``dice`` None) or of a roll's best plays, in progress."""

    position: Position
    dice: tuple[int, int] | None
    settings: RolloutSettings
    candidates: list[Candidate]
    tallies: list[Tally] = field(default_factory=list)
    stopped: bool = False

    def __post_init__(self) -> None:
        if not self.tallies:
            self.tallies = [Tally() for _ in self.candidates]

    @classmethod
    def of(
        cls,
        position: Position,
        dice: tuple[int, int] | None,
        settings: RolloutSettings,
        owner: int | None = None,
    ) -> RolloutJob:
        """The job for ``position`` before the roll (cubeful: the cube's no double and
        double/take, the cube's ``owner`` seen by the player on roll), or for the best few
        plays of ``dice``."""
        if position.is_game_over():
            raise ValueError("the game is over: there is nothing to roll out")
        if dice is None:
            candidates = (
                cube_candidates(position, owner)
                if settings.cubeful
                else [position_candidate(position)]
            )
        else:
            candidates = play_candidates(position, dice)
            if not candidates:
                raise ValueError("no legal play: nothing to roll out")
        return cls(position, dice, settings, candidates)

    @property
    def key(self) -> str:
        """What the job is kept under: the Position ID, and the roll when it has one, the
        higher die first (as a gnubg ID writes it: a card of the same roll finds it)."""
        roll = f" {max(self.dice)}{min(self.dice)}" if self.dice else ""
        return format_position_id(self.position) + roll

    def requests(self, size: int = CHUNK) -> list[tuple[int, dict[str, Any]]]:
        """(candidate index, request) for every chunk not done yet, dealt candidate by
        candidate."""
        parts = chunks(self.settings.trials, 1, size)
        asked = []
        for part in parts:
            for index, candidate in enumerate(self.candidates):
                if not all(trial in self.tallies[index].outcomes for trial in part):
                    asked.append((index, chunk_request(candidate, self.settings, part)))
        return asked

    def take(self, index: int, reply: dict[str, Any]) -> None:
        """Merge a worker's reply for candidate ``index`` (ignored once stopped)."""
        if self.stopped:
            return
        self.tallies[index] = self.tallies[index].merged(Tally.from_lists(reply["rows"]))

    def stop(self) -> None:
        self.stopped = True

    @property
    def trials_done(self) -> int:
        """Trials every candidate has (the figures compare like with like)."""
        return min(len(tally) for tally in self.tallies)

    @property
    def progress(self) -> float:
        total = self.settings.trials * len(self.candidates)
        return sum(len(tally) for tally in self.tallies) / total

    @property
    def done(self) -> bool:
        return self.stopped or self.progress >= 1.0

    @property
    def summary(self) -> str:
        """``rolled out: 1,296 trials`` (what the review, a card and a hint show)."""
        trials = self.trials_done
        return f"rolled out: {trials:,} trial{'s' if trials != 1 else ''}"

    def results(self) -> list[tuple[str, RolloutResult]]:
        """Each candidate with trials so far: its label and figures."""
        return [
            (candidate.label, tally.result())
            for candidate, tally in zip(self.candidates, self.tallies, strict=True)
            if len(tally)
        ]

    def cube(self) -> RolloutCube | None:
        """The cube's answers from a rollout of the position before the roll (None: a roll's
        plays, no trials yet, or a cubeful rollout with the opponent's cube): from the
        cubeful trials' no double and double/take, else from the cubeless rollout."""
        if self.dice is not None or not self.trials_done:
            return None
        labels = [candidate.label for candidate in self.candidates]
        if self.settings.cubeful:
            if labels != ["no double", "double, take"]:
                return None
            return cubeful_cube_figures(self.tallies[0].result(), self.tallies[1].result())
        return cube_figures(self.position, self.tallies[0].result())

    def rows(self) -> list[Row]:
        """The candidates' figures, best first (by the cubeful equity in a cubeful rollout)."""
        results = sorted(self.results(), key=lambda pair: -pair[1].value)
        best = results[0][1] if results else None
        return [
            Row(
                label,
                result.trials,
                result.equity,
                result.standard_error,
                result.chances.as_tuple(),
                None if best is None or result is best else result.joint_deviations(best),
                result.cubeful,
                result.cubeful_error,
            )
            for label, result in results
        ]

    def to_dict(self) -> dict[str, Any]:
        """Plain data to keep with the position (the page's save)."""
        return {
            "position": format_position_id(self.position),
            "dice": list(self.dice) if self.dice else None,
            "settings": self.settings.as_dict(),
            "candidates": [
                {
                    "label": c.label,
                    "position": format_position_id(c.position),
                    "other_side": c.for_other_side,
                    **({"cube": c.cube.as_list()} if c.cube is not None else {}),
                }
                for c in self.candidates
            ],
            "tallies": [tally.as_lists() for tally in self.tallies],
            "stopped": self.stopped,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RolloutJob:
        """The job ``to_dict`` wrote (``ValueError`` for anything else)."""
        try:
            dice = data.get("dice")
            candidates = [
                Candidate(
                    str(c["label"]),
                    parse_position_id(str(c["position"])),
                    bool(c["other_side"]),
                    CubeStart.from_list(c["cube"]) if "cube" in c else None,
                )
                for c in data["candidates"]
            ]
            tallies = [Tally.from_lists(rows) for rows in data["tallies"]]
            if len(tallies) != len(candidates) or not candidates:
                raise ValueError("a tally for each candidate")
            return cls(
                parse_position_id(str(data["position"])),
                (int(dice[0]), int(dice[1])) if dice else None,
                RolloutSettings.from_dict(dict(data["settings"])),
                candidates,
                tallies,
                bool(data.get("stopped", False)),
            )
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"a kept rollout is not readable: {error}") from None


__all__ = ["CHUNK", "TASK", "RolloutJob", "Row", "chunk_reply", "chunk_request"]
