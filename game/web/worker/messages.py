"""The messages between the page and the computer's worker, typed: requests and replies.

    >>> request = DoubleRequest(game={"position": "4HPwATDgc/ABMA"}, level="strong")
    >>> read_request(request.to_dict()) == request
    True
    >>> read_request({"task": "fly"})
    Traceback (most recent call last):
    ...
    game.web.worker.messages.MessageError: unknown task 'fly'

On the wire (computer-worker.mjs) a message is JSON text of ``to_dict()``: a plain dict
whose ``task`` names the request. ``read_request`` and each reply's ``from_dict`` turn it
back into its dataclass and refuse what is not one (``MessageError``, a ``ValueError``).
A game travels as the save's data (game/formats/save.py), a play as its index in
``legal_plays``, the random generator's state as ``getstate()`` (lists once through JSON).
The hint's and the analysis's figures stay plain data (game/web/worker/judging.py writes them,
game/web/board/hint_panel.py and analysis_view.py read them).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeVar

PLAY, DOUBLE, ANSWER, RESIGNATION, RANK = "play", "double", "answer", "resignation", "rank"
HINT, WHY = "hint", "why"
PARTS, PART, WHOLE = "analyse-parts", "analyse-part", "analyse-whole"
# The expert's play with its look two rolls ahead on the pool (game/web/worker/play_parts.py):
# planned by the computer's worker, its parts answered by the pool's (``deep_parts.PART``),
# joined again by the computer's worker (the join is the same for a cube decision's parts).
PLAY_PLAN, DEEP_PART, PLAY_JOIN = "play-plan", "deep-part", "play-join"
# The expert's cube decision on the pool, the same way (game/web/worker/cube_parts.py).
CUBE_PLAN, CUBE_PART = "cube-plan", "cube-part"
# The hint of one decision on the pool, the same way (game/web/worker/hint_parts.py): its
# parts are the plays' (``DEEP_PART``) or the cube's (``CUBE_PART``).
HINT_PLAN = "hint-plan"


class MessageError(ValueError):
    """A message that is not one of ours."""


M = TypeVar("M", bound="Message")


@dataclass(frozen=True)
class Message:
    """A message as a dataclass; ``to_dict`` / ``from_dict`` for the wire."""

    TASK: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if self.TASK:
            data["task"] = self.TASK
        return data

    @classmethod
    def from_dict(cls: type[M], data: object) -> M:
        if not isinstance(data, dict):
            raise MessageError(f"a message is a mapping, not {type(data).__name__}")
        values = {}
        for item in fields(cls):
            if item.name in data:
                values[item.name] = data[item.name]
        try:
            return cls(**values)
        except TypeError as error:
            raise MessageError(f"{cls.TASK or cls.__name__}: {error}") from None


# ----- requests: what the page asks ----------------------------------------------------------


@dataclass(frozen=True)
class PlayRequest(Message):
    """The computer's play for the dice of ``game``; ``rng`` travels there and back."""

    TASK: ClassVar[str] = PLAY
    game: dict[str, Any]  # the save's data (game/formats/save.py)
    level: str | None = None
    rng: Any = None


@dataclass(frozen=True)
class DoubleRequest(Message):
    TASK: ClassVar[str] = DOUBLE
    game: dict[str, Any]  # the save's data (game/formats/save.py)
    level: str | None = None


@dataclass(frozen=True)
class AnswerRequest(Message):
    """The computer's answer to the person's double."""

    TASK: ClassVar[str] = ANSWER
    game: dict[str, Any]  # the save's data (game/formats/save.py)
    level: str | None = None


@dataclass(frozen=True)
class ResignationRequest(Message):
    TASK: ClassVar[str] = RESIGNATION
    game: dict[str, Any]  # the save's data (game/formats/save.py)


@dataclass(frozen=True)
class RankRequest(Message):
    """Every choice of a puzzle ranked (game/web/worker/puzzle.py)."""

    TASK: ClassVar[str] = RANK
    game: dict[str, Any]  # the save's data (game/formats/save.py)
    plies: int = 2


@dataclass(frozen=True)
class HintRequest(Message):
    """The ranked plays (with dice to play) or the cube figures (before a roll, doubled)."""

    TASK: ClassVar[str] = HINT
    game: dict[str, Any]  # the save's data (game/formats/save.py)
    plies: int = 2


@dataclass(frozen=True)
class WhyRequest(Message):
    """Two plays of ``game``'s dice (indexes in ``legal_plays``) in the engine's own numbers
    (game.analysis.why): the chances after each, the shots left, the pips wasted."""

    TASK: ClassVar[str] = WHY
    game: dict[str, Any]  # the save's data (game/formats/save.py)
    chosen: int
    best: int


@dataclass(frozen=True)
class PartsRequest(Message):
    """How the analysis of ``record`` is shared among the pool's workers: its parts."""

    TASK: ClassVar[str] = PARTS
    record: dict[str, Any]  # judging.record_data's
    plies: int = 1
    dice: bool = True  # with the dice statistics (the page asks them with the first part)


@dataclass(frozen=True)
class PartRequest(Message):
    """One part of an analysis judged (game.analysis.analysis_parts.judge_part)."""

    TASK: ClassVar[str] = PART
    record: dict[str, Any]
    part: list[int]  # game, first decision, the decision after the last
    plies: int = 1
    dice: bool = False  # with the dice statistics: worked out beside the other parts


@dataclass(frozen=True)
class WholeRequest(Message):
    """The analysis put together from its parts' figures (``upto``: the first decisions
    only, an analysis stopped)."""

    TASK: ClassVar[str] = WHOLE
    record: dict[str, Any]
    figures: list[Any]
    plies: int = 1
    upto: int | None = None


Request = (
    PlayRequest
    | DoubleRequest
    | AnswerRequest
    | ResignationRequest
    | RankRequest
    | HintRequest
    | WhyRequest
    | PartsRequest
    | PartRequest
    | WholeRequest
)
REQUESTS: dict[str, type[Message]] = {
    kind.TASK: kind
    for kind in (
        PlayRequest,
        DoubleRequest,
        AnswerRequest,
        ResignationRequest,
        RankRequest,
        HintRequest,
        WhyRequest,
        PartsRequest,
        PartRequest,
        WholeRequest,
    )
}


def read_request(data: object) -> Request:
    """The request a plain dict holds; ``MessageError`` if it holds none."""
    if not isinstance(data, dict):
        raise MessageError("a request is a mapping")
    kind = REQUESTS.get(str(data.get("task")))
    if kind is None:
        raise MessageError(f"unknown task {data.get('task')!r}")
    request: Request = kind.from_dict(data)  # type: ignore[assignment]
    return request


# ----- replies: what the worker answers (``ms``: how long it thought) ---------------------------


@dataclass(frozen=True)
class PlayReply(Message):
    play: int | None  # the index in legal_plays; None: no legal play
    rng: Any = None
    ms: float = 0.0


@dataclass(frozen=True)
class DoubleReply(Message):
    double: bool
    ms: float = 0.0


@dataclass(frozen=True)
class AnswerReply(Message):
    answer: str  # computer.TAKE, computer.PASS or computer.BEAVER
    ms: float = 0.0


@dataclass(frozen=True)
class ResignationReply(Message):
    accept: bool
    ms: float = 0.0
