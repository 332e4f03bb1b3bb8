"""The one door to the browser's storage: every key the page keeps, and the guard on each value
read back (its size, how deep it nests, its version).

    >>> data_of('{"version": 1, "cards": []}', DECK)
    {'version': 1, 'cards': []}
    >>> data_of('{"version": 9}', DECK), data_of("[" * 40 + "]" * 40, DECK), data_of("{", DECK)
    (None, None, None)

Every localStorage key of the page is declared here, each with its limits (``LIMITS``). The
rooms read and write through a ``Door`` on the page's ``Surroundings``: it never raises (no
storage, a full one, a damaged value: the page goes on without it), and a value it cannot
read is kept aside under ``key + DAMAGED`` before anything is written over it, and offered
for download (``Door.damaged``), as the save's unreadable copy is (game/web/table/saving.py,
whose envelope, stamps and newer-tab checks are game/web/store/storage.py's). Checked before
parsing: in the page, JSON nested thousands deep overflows the browser's stack inside
``json.loads``, which no Python handler can catch.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from game.engine.refusal import Refusal
from game.web.language.catalog import N_
from game.web.state.surface import Surroundings

# ----- every key ------------------------------------------------------------------------------
SAVE = "backgammon.save"  # the game (game/web/store/storage.py's envelope)
HISTORY = ".history"  # beside a save: its match's record and dice (game/web/store/history.py)
BOARD = ".board"  # beside a save: its board, painted before Python runs (boot.js)
EMBED_SAVES = "backgammon.save.embed"  # + an embed's own name: each embed's save or state
DECK = "backgammon.deck"  # the trainer's cards (game/web/store/deck.py)
RATING = "backgammon.rating"  # the rating's book (game/web/rating/book.py)
LINKS = "backgammon.links"  # the games by link on this device (game/web/link_play/games.py)
ONE_TAP = "backgammon.one-tap"  # the one-tap moves setting: "1" or "0"
ROLLOUTS = "backgammon.rollouts"  # rollouts done in the page (game/web/store/rollouts.py)
ROLLOUT_CHOICE = "backgammon.rollout-settings"  # the rollout settings chosen (rollout_choice.py)
SHARED = "backgammon.shared"  # a whole-game link kept beside a game in progress (review/shared.py)
DAMAGED = ".damaged"  # beside a key: the value found there that could not be read
# The version each versioned value carries ("version" in its JSON object).
SAVE_VERSION = 1
DECK_VERSION = 1
RATING_VERSION = 1
GAMES_VERSION = 1  # the games by link
ROLLOUTS_VERSION = 1
ROLLOUT_CHOICE_VERSION = 1


@dataclass(frozen=True)
class Limits:
    """How long a key's text may be, and the ``"version"`` its JSON object must carry (None:
    any JSON value)."""

    length: int
    version: int | None = None


SAVE_LIMITS = Limits(20_000, SAVE_VERSION)  # a real save is about 1 KB: far bigger is not ours
HISTORY_LIMITS = Limits(1_000_000)  # the match's history (its whole-game link)
LIMITS = {
    DECK: Limits(4_000_000, DECK_VERSION),
    RATING: Limits(100_000, RATING_VERSION),
    LINKS: Limits(4_000_000, GAMES_VERSION),
    ONE_TAP: Limits(1),
    ROLLOUTS: Limits(400_000, ROLLOUTS_VERSION),  # at most 200 rollouts of about 1 KB
    ROLLOUT_CHOICE: Limits(200, ROLLOUT_CHOICE_VERSION),
    SHARED: Limits(1_000_000),  # as long as a match's history
    EMBED_SAVES: Limits(10_000),
}
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')  # a JSON string, its escapes included
_BRACKET = re.compile(r"[\[\]{}]")
MAX_NESTING = 32  # a real value nests at most 5 deep; Pyodide's stack overflows near 10,000
# What a damaged value is called when the page offers it for download, and the file's name.
# What a damaged value is called in the question about it (house.offer_damaged), and its
# name when the key is not one of these.
SOMETHING_KEPT = N_("something the page kept")
NAMES = {
    DECK: N_("the trainer's cards"),
    RATING: N_("your rating"),
    LINKS: N_("your games by link"),
}


def board_key(save_key: str) -> str:
    """Where the board painted for the save under ``save_key`` is kept (board/prerender.py)."""
    return save_key + BOARD


def limits_of(key: str) -> Limits:
    """``key``'s limits; a save's history is one whoever keeps it (the page, a play embed).

    >>> limits_of("backgammon.save.embed.play.0123456789abcdef" + HISTORY) == HISTORY_LIMITS
    True
    """
    if key.endswith(HISTORY):
        return HISTORY_LIMITS
    if key.startswith(EMBED_SAVES):
        return LIMITS[EMBED_SAVES]
    if key.startswith(SAVE):
        return SAVE_LIMITS
    return LIMITS[key]


class Unreadable(Refusal):
    """Stored text that is not a value of ours: too long, nested too deep, not JSON."""


def nesting_depth(text: str) -> int:
    """How deep the ``[`` and ``{`` of JSON text nest (brackets inside strings not counted).

    >>> nesting_depth('{"a": [1, "[[["]}'), nesting_depth('[' * 9975)
    (2, 9975)
    """
    depth = deepest = 0
    # The strings out first (at C speed), then only the brackets are walked: a deck of
    # thousands of cards is read on every paint of the trainer.
    for char in _BRACKET.findall(_STRING.sub("", text)):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Does JSON ``text`` nest brackets deeper than ``limit``?"""
    return nesting_depth(text) > limit


def parse_stored(text: object, max_length: int) -> object:
    """Stored JSON text as data; ``Unreadable`` (saying why) for anything else."""
    if not isinstance(text, str) or len(text) > max_length:
        raise Unreadable("it is not readable")
    if too_deep(text):
        raise Unreadable("it is damaged (nested too deep)")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # ValueError: bad JSON, a number over 4,300 digits
        raise Unreadable("it is damaged (not valid JSON)") from None


def data_of(text: object, key: str) -> object | None:
    """The guarded value of ``text`` as stored (or exported) under ``key``: None when it is
    too long, nested too deep, not JSON, or (for a versioned key) not an object of its
    version. Never raises."""
    limits = limits_of(key)
    try:
        data = parse_stored(text, limits.length)
    except Unreadable:
        return None
    versioned = limits.version is not None
    if versioned and (not isinstance(data, dict) or data.get("version") != limits.version):
        return None
    return data


def finite(value: object, low: float, high: float) -> float | None:
    """A stored number between ``low`` and ``high`` (inclusive), else None: not a bool, not
    infinite, not NaN, not text. The readers of the stored values all read numbers so."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, int) and not -(10**18) <= value <= 10**18:
        return None  # a float cannot hold it (a 4,000-digit number raises OverflowError)
    number = float(value)
    return number if math.isfinite(number) and low <= number <= high else None


class Door:
    """The page's storage, guarded: reads and writes that never raise, damaged values kept."""

    def __init__(self, around: Surroundings) -> None:
        self.around = around
        self.damaged: dict[str, str] = {}  # key -> the text found there that could not be read
        self.on_damaged: Callable[[str, str], object] | None = None  # told once per key

    def read(self, key: str) -> str | None:
        """The text under ``key``; None when there is none or no storage to ask."""
        try:
            text = self.around.stored(key)
        except Exception:  # no storage here (blocked, a private window): nothing stored
            return None
        return text if isinstance(text, str) else None

    def data(self, key: str) -> object | None:
        """The value under ``key``, guarded (``data_of``); a value that cannot be read is kept
        aside first (``keep_damaged``), and None returned: the page starts that part anew."""
        text = self.read(key)
        if text is None:
            return None
        data = data_of(text, key)
        if data is None:
            self.keep_damaged(key, text)
        return data

    def write(self, key: str, text: str) -> bool:
        """Store ``text`` under ``key``; False when the browser refuses (full, no storage)."""
        try:
            self.around.store(key, text)
        except Exception:
            return False
        return True

    def forget(self, key: str) -> None:
        with contextlib.suppress(Exception):  # nothing there, or no storage: nothing to forget
            self.around.forget(key)

    def reader(self, key: str) -> Callable[[], str | None]:
        """``key``'s raw read, raising when there is no storage (the save's keeper tells the
        player so: game/web/store/storage.py)."""
        return lambda: self.around.stored(key)

    def writer(self, key: str) -> Callable[[str], None]:
        """``key``'s raw write, raising when the browser refuses (full, no storage)."""
        return lambda text: self.around.store(key, text)

    def keep_damaged(self, key: str, text: str) -> None:
        """Keep a value that could not be read, beside its key, once (the first copy found
        is kept: a later write over the key never loses it), and for download now."""
        first = key not in self.damaged
        self.damaged[key] = text
        if self.read(key + DAMAGED) is None:
            self.write(key + DAMAGED, text)
        if first and self.on_damaged is not None:
            self.on_damaged(key, text)
