"""The saved game: a ``Session`` as versioned JSON text, and back.

    >>> from game.web.state.session import Session
    >>> text = save_text(Session.new())
    >>> load_text(text).game.phase.value
    'opening'
    >>> load_text('{"app": "backgammon", "version": 0}')
    Traceback (most recent call last):
    ...
    game.web.store.storage.SaveError: the saved game is from an older version (format 0, now 1)

The text holds the game (``game.formats.save.write_save``), the moves of the play in
progress (so a reload in the middle of a turn puts the checkers back where
they were), the checker picked up, and the settings. Anything that does not
read back exactly raises ``SaveError`` with a message for the player; the page
then offers a new game instead of crashing.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable

from game.engine.position import BAR, OFF
from game.engine.refusal import Refusal, sentence
from game.engine.state import InvalidState
from game.engine.text import quoted
from game.engine.turn import IllegalMove, Turn
from game.formats.save import read_save, write_save
from game.web.state.session import BEAVERED, REFUSED, TAKEN, Session, Settings, SettingsError
from game.web.store import door
from game.web.store.door import HISTORY_LIMITS, SAVE, SAVE_LIMITS, SAVE_VERSION, too_deep

KEY = SAVE  # the door declares every key (game/web/store/door.py)
SAVE_FILE = "backgammon-save.json"  # the save downloaded (one the page could not read)
APP = "backgammon"
VERSION = SAVE_VERSION
MAX_LENGTH = SAVE_LIMITS.length
MAX_HISTORY_LENGTH = HISTORY_LIMITS.length


class SaveError(Refusal):
    """A saved game that cannot be read back (in English words; the page says it in its
    language)."""


# What the door's guard found, said of the saved game.
_NOT_READABLE = sentence("the saved game is not readable")
_UNREADABLE = {
    "it is not readable": _NOT_READABLE,
    "it is damaged (nested too deep)": sentence("the saved game is damaged (nested too deep)"),
    "it is damaged (not valid JSON)": sentence("the saved game is damaged (not valid JSON)"),
}


def save_data(session: Session) -> dict[str, object]:
    return {
        "app": APP,
        "version": VERSION,
        "game": write_save(session.game),
        "moves": session.turn.to_list() if session.turn is not None else [],
        "selected": session.selected,
        "settings": session.settings.to_dict(),
        "last_play": _last_play_data(session.last_play),
        "news": list(session.news) if session.news is not None else None,
        "link_side": session.link_side,
    }


def save_text(session: Session) -> str:
    return json.dumps(save_data(session), separators=(",", ":"))


def load_text(text: str) -> Session:
    """The session saved in ``text``; raises ``SaveError`` saying what is wrong."""
    return load_data(parse_stored(text))


def parse_stored(text: object, max_length: int = MAX_LENGTH) -> object:
    """A stored save's JSON text as data, through the door's guard (its length, how deep it
    nests); ``SaveError`` saying what is wrong for anything else."""
    try:
        return door.parse_stored(text, max_length)
    except door.Unreadable as error:
        said = _UNREADABLE.get(error.sentence, _NOT_READABLE)
        raise SaveError(said) from None


def load_data(data: object) -> Session:
    if not isinstance(data, dict) or data.get("app") != APP:
        raise SaveError("the saved data is not a backgammon game")
    version = data.get("version")
    if version != VERSION:
        if isinstance(version, int) and not isinstance(version, bool) and version < VERSION:
            raise SaveError(
                "the saved game is from an older version (format {version}, now {current})",
                version=version,
                current=VERSION,
            )
        raise SaveError(
            "the saved game has an unknown format ({version})", version=quoted(str(version))
        )
    try:
        game = read_save(data.get("game"))
        settings = Settings.from_dict(data.get("settings", {}))
    except (InvalidState, SettingsError) as error:
        raise SaveError("the saved game is damaged: {error}", error=error) from None
    side = data.get("link_side", 0)
    side = side if type(side) is int and side in (0, 1) else 0  # by links: this device's side
    session = Session(game, settings, link_side=side).after(game)
    moves = data.get("moves", [])
    if (
        not isinstance(moves, list)
        or len(moves) > 4
        or not all(_is_point_pair(action) for action in moves)
    ):
        raise SaveError("the saved game is damaged: moves must be up to four [from, to] pairs")
    if moves:
        if session.turn is None:
            raise SaveError("the saved game is damaged: moves saved outside a turn")
        try:
            turn = Turn.replay(session.turn.start_position, session.turn.dice, moves)
        except IllegalMove as error:
            raise SaveError("the saved game is damaged: {error}", error=error) from None
        session = Session(game, settings, turn=turn, link_side=side)
    selected = data.get("selected")
    if session.turn is not None and type(selected) is int and selected in session.turn.origins():
        session = Session(game, settings, session.turn, selected, link_side=side)
    last_play = _read_last_play(data.get("last_play"))
    news = _read_news(data.get("news"))
    return Session(game, settings, session.turn, session.selected, last_play, news, side)


def _read_news(data: object) -> tuple[str, int] | None:
    """The last answer to a double or resignation is words only: anything odd is dropped."""
    if not isinstance(data, list) or len(data) != 2:
        return None
    what, player = data
    if what not in (TAKEN, BEAVERED, REFUSED) or type(player) is not int or player not in (0, 1):
        return None
    return what, player


def _last_play_data(
    last_play: tuple[int, tuple[tuple[int, int, bool], ...]] | None,
) -> list[object] | None:
    if last_play is None:
        return None
    player, moves = last_play
    return [player, [list(move) for move in moves]]


def _read_last_play(data: object) -> tuple[int, tuple[tuple[int, int, bool], ...]] | None:
    """The trail of the last play is decoration: anything odd is dropped, not an error.
    Each move is [origin, destination, hit]; saves before the hit was kept have no hits."""
    if not isinstance(data, list) or len(data) != 2 or type(data[0]) is not int:
        return None
    player, moves = data
    if player not in (0, 1) or not isinstance(moves, list) or len(moves) > 4:
        return None
    if not all(_is_move(move) for move in moves):
        return None
    return player, tuple((move[0], move[1], len(move) == 3 and move[2]) for move in moves)


def _is_point_pair(value: object) -> bool:
    """``[from, to]``: two point numbers 0 (off) to 25 (the bar), as whole numbers."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(point) is int and OFF <= point <= BAR for point in value)
    )


# ----- one page's hold on the stored save (two tabs, stale pages, unreadable saves) -------

WRITES = "writes"  # the envelope's write counter: every save of the game adds one


class Outcome(enum.Enum):
    """What became of a save."""

    WRITTEN = "written"
    NEWER = "newer"  # another tab saved a later game: show that one instead (``keeper.adopted``)
    NEWER_FORMAT = "newer-format"  # a newer version of the page saved it: leave it alone
    KEPT = "kept"  # an unreadable save is kept until the player lets it go
    FULL = "full"  # the storage is full: the next save tries again
    NO_STORAGE = "no-storage"  # the browser refuses this page storage (a blocked frame): the
    # next save tries again


def failure_of(error: BaseException) -> Outcome:
    """Why a write failed: ``FULL`` for the browsers' quota errors (``QuotaExceededError``,
    Firefox's ``NS_ERROR_DOM_QUOTA_REACHED``), ``NO_STORAGE`` for anything else (storage
    blocked)."""
    words = f"{getattr(error, 'name', '')} {type(error).__name__} {error}".lower()
    return Outcome.FULL if "quota" in words else Outcome.NO_STORAGE


def stamp(text: object) -> tuple[int, int] | None:
    """(format version, writes) of stored text; None when it is not a readable save.

    Never raises, whatever the text (deep nesting, huge numbers, any JSON).
    """
    try:
        data = door.parse_stored(text, MAX_LENGTH)
    except door.Unreadable:
        return None
    if not isinstance(data, dict) or data.get("app") != APP:
        return None
    version, writes = data.get("version"), data.get(WRITES, 0)
    if not isinstance(version, int) or isinstance(version, bool):
        return None
    if not isinstance(writes, int) or isinstance(writes, bool):
        return None
    return version, writes


def stamped_text(session: Session, writes: int) -> str:
    """The save of ``session`` as its ``writes``-th write."""
    return json.dumps({**save_data(session), WRITES: writes}, separators=(",", ":"))


class SaveKeeper:
    """One page's hold on the save under one key: it writes only over what it has seen.

    ``read`` and ``write`` reach the storage (localStorage in the page, a dict in the
    tests); either may raise (storage blocked, or full), and then the game goes on unsaved
    for that move: every later save tries again, so saving resumes by itself once there is
    room (``failing`` says why the last save failed, ``resumed`` that the last save wrote
    after a failure).
    Every write is checked against what is stored first: a save with more writes than
    this page has seen was written by another tab, so this page takes that game
    instead of overwriting it (``Outcome.NEWER``, the game in ``adopted``); a save of
    a newer format (a newer page in another tab) is never written over; a save that
    could not be read is never written over until the player lets it go (``release``),
    after being offered a copy of it.
    """

    def __init__(self, read: Callable[[], object], write: Callable[[str], None]) -> None:
        self._read, self._write = read, write
        self.writes = 0  # the stored save's count, as this page last read or wrote it
        self.unreadable: str | None = None  # a stored save that could not be read, kept
        self.adopted: Session | None = None
        self.available = True  # the last read of the storage was allowed
        self.failing: Outcome | None = None  # why the last save could not be written
        self.resumed = False  # the last save wrote after one that failed
        self.last_text: str | None = None

    def stored(self) -> str | None:
        try:
            text = self._read()
        except Exception:
            self.available = False
            return None
        self.available = True
        return text if isinstance(text, str) and text else None

    def load(self) -> Session | None:
        """The stored game (None when there is none); ``SaveError`` if it cannot be read,
        and then the text is kept (never written over) until ``release``."""
        text = self.stored()
        if text is None:
            return None
        found = stamp(text)
        try:
            if too_deep(text):
                raise SaveError("the saved game is damaged (nested too deep)")
            session = load_text(text)
        except Exception as error:
            self.unreadable = text  # never written over before the player says so
            if isinstance(error, SaveError):
                raise
            raise SaveError("the saved game is damaged") from None
        self.writes = found[1] if found else 0
        return session

    def release(self) -> None:
        """The player has let the unreadable save go: the next save replaces it."""
        self.unreadable = None

    def save(self, session: Session) -> Outcome:
        self.adopted = None
        self.resumed = False
        if self.unreadable is not None:
            return Outcome.KEPT
        text = self.stored()
        if not self.available:
            self.failing = Outcome.NO_STORAGE
            return Outcome.NO_STORAGE
        found = stamp(text)
        if found is not None:
            version, writes = found
            if version > VERSION:
                return Outcome.NEWER_FORMAT
            if version == VERSION and writes > self.writes:
                newer = self.newer(text)
                if newer is not None:
                    self.adopted = newer
                    return Outcome.NEWER
            self.writes = max(self.writes, writes)
        text = stamped_text(session, self.writes + 1)
        try:
            self._write(text)
        except Exception as error:
            self.failing = failure_of(error)
            return self.failing
        self.resumed, self.failing = self.failing is not None, None
        self.writes += 1
        self.last_text = text  # what is stored now, exactly
        return Outcome.WRITTEN

    def newer(self, text: object) -> Session | None:
        """The game in ``text`` if another tab saved it after this page's last look
        (the ``storage`` event's new value); None otherwise, or if it cannot be read."""
        found = stamp(text)
        if found is None or found[0] != VERSION or found[1] <= self.writes:
            return None  # (stamp has refused text nested too deep to parse)
        try:
            session = load_text(text)  # type: ignore[arg-type]
        except Exception:
            return None
        self.writes = found[1]
        return session


def _is_move(value: object) -> bool:
    """``[from, to]`` or ``[from, to, hit]``: two point numbers 0 (off) to 25 (the bar), as
    whole numbers, and whether it hit."""
    return (
        isinstance(value, list)
        and len(value) in (2, 3)
        and all(type(point) is int and OFF <= point <= BAR for point in value[:2])
        and (len(value) == 2 or type(value[2]) is bool)
    )
