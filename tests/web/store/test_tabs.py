"""Two tabs, stale pages and unreadable saves (storage.SaveKeeper), in CPython (issue 10, 8)."""

from __future__ import annotations

import json
import random

import pytest

from game.web.state.session import FRIEND, Session, Settings
from game.web.store import door, storage

KEY = storage.KEY


class Browser:
    """localStorage shared by the tabs of one browser."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def tab(self) -> storage.SaveKeeper:
        return storage.SaveKeeper(lambda: self.items.get(KEY), self.write)

    def write(self, text: str) -> None:
        self.items[KEY] = text


def opening() -> Session:
    return Session.new(Settings(opponent=FRIEND))


def test_a_stale_tab_does_not_write_over_a_newer_game_it_takes_it():
    browser = Browser()
    a, b = browser.tab(), browser.tab()
    game = opening()
    assert a.save(game) is storage.Outcome.WRITTEN
    assert b.load() == game  # both tabs show the same game
    rolled = game.roll(random.Random(1))
    assert a.save(rolled) is storage.Outcome.WRITTEN  # A rolls
    # B, still showing the opening, rolls too: its roll is refused and it takes A's game.
    rerolled = game.roll(random.Random(2))
    assert b.save(rerolled) is storage.Outcome.NEWER
    assert b.adopted.game == rolled.game
    assert storage.load_text(browser.items[KEY]).game == rolled.game
    # From there on B writes normally, and A is the stale one.
    moved = b.adopted.roll(random.Random(3)) if b.adopted.may_roll else b.adopted
    assert b.save(moved) is storage.Outcome.WRITTEN
    assert a.save(rolled) is storage.Outcome.NEWER


def test_the_storage_event_brings_the_other_tabs_game():
    browser = Browser()
    a, b = browser.tab(), browser.tab()
    a.save(opening())
    b.load()
    rolled = opening().roll(random.Random(4))
    a.save(rolled)
    assert b.newer(browser.items[KEY]).game == rolled.game
    assert b.newer(browser.items[KEY]) is None  # seen once, then not newer
    assert a.newer(browser.items[KEY]) is None  # its own write is not news


@pytest.mark.parametrize("text", [None, "", "{", "[" * 9975, '{"app": "backgammon"}', "null"])
def test_the_storage_event_ignores_anything_but_a_newer_game(text):
    tab = Browser().tab()
    assert tab.newer(text) is None


def test_a_save_of_a_newer_format_is_never_written_over():
    browser = Browser()
    newer = json.dumps({"app": "backgammon", "version": storage.VERSION + 1, "writes": 1})
    browser.items[KEY] = newer
    tab = browser.tab()
    with pytest.raises(storage.SaveError):
        tab.load()
    tab.release()  # even once the player lets it go, a newer page's save is left alone
    assert tab.save(opening()) is storage.Outcome.NEWER_FORMAT
    assert browser.items[KEY] == newer


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[" * 9975,  # deeper than the JSON reader goes
        '{"app": "backgammon", "version": 1, "game": {"phase": "resigned"}}',
        '{"app": "backgammon", "version": 1, "writes": 5, "settings": {"match_length": 7.0}}',
    ],
)
def test_an_unreadable_save_is_kept_until_the_player_lets_it_go(text):
    browser = Browser()
    browser.items[KEY] = text
    tab = browser.tab()
    with pytest.raises(storage.SaveError):
        tab.load()
    assert tab.unreadable == text  # offered for download as it is
    assert tab.save(opening()) is storage.Outcome.KEPT
    assert browser.items[KEY] == text
    tab.release()
    assert tab.save(opening()) is storage.Outcome.WRITTEN
    assert storage.load_text(browser.items[KEY]).game == opening().game


def test_blocked_storage_means_playing_on_unsaved():
    def refuse(*args):
        raise RuntimeError("SecurityError: access is denied for this document")

    tab = storage.SaveKeeper(refuse, refuse)
    assert tab.load() is None
    assert tab.save(opening()) is storage.Outcome.NO_STORAGE
    writes_only = storage.SaveKeeper(lambda: None, refuse)  # quota exceeded, say
    assert writes_only.save(opening()) is storage.Outcome.NO_STORAGE


def test_every_write_counts():
    browser = Browser()
    tab = browser.tab()
    for expected in (1, 2, 3):
        tab.save(opening())
        assert storage.stamp(browser.items[KEY]) == (storage.VERSION, expected)
    # A page opened later continues the count rather than restarting it.
    later = browser.tab()
    later.load()
    later.save(opening())
    assert storage.stamp(browser.items[KEY]) == (storage.VERSION, 4)


def test_a_save_without_a_counter_is_an_old_page_s_and_is_read():
    browser = Browser()
    browser.items[KEY] = storage.save_text(opening())
    tab = browser.tab()
    assert tab.load().game == opening().game
    assert tab.save(opening()) is storage.Outcome.WRITTEN


@pytest.mark.parametrize(
    "text, deep",
    [
        ("[" * 33, True),
        ("[" * 32 + "]" * 32, False),
        ('{"a": "' + "[" * 100 + '"}', False),  # brackets inside a string do not nest
        ('{"a": "\\\\"' + "}" + "[" * 40, True),  # an escaped backslash ends the string
        (storage.save_text(opening()), False),
    ],
)
def test_nesting_is_measured_before_any_parse(text, deep):
    assert door.too_deep(text) is deep


class QuotaExceededError(Exception):
    """What a browser raises when localStorage is full (its name is what counts)."""


class SecurityError(Exception):
    """What a browser raises when it blocks localStorage."""


class FillableBrowser(Browser):
    """localStorage that can be filled up, or blocked, and freed again."""

    def __init__(self) -> None:
        super().__init__()
        self.full = False
        self.blocked = False

    def read(self) -> str | None:
        if self.blocked:
            raise SecurityError("The operation is insecure.")
        return self.items.get(KEY)

    def write(self, text: str) -> None:
        if self.blocked:
            raise SecurityError("The operation is insecure.")
        if self.full:
            raise QuotaExceededError("Setting the value of 'backgammon' exceeded the quota.")
        self.items[KEY] = text

    def tab(self) -> storage.SaveKeeper:
        return storage.SaveKeeper(self.read, self.write)


def play_on(session: Session, rng: random.Random) -> Session:
    return session.roll(rng) if session.may_roll else session


def test_a_full_storage_is_named_and_saving_resumes_once_there_is_room():
    browser = FillableBrowser()
    keeper = browser.tab()
    rng = random.Random(5)
    game = opening()
    assert keeper.save(game) is storage.Outcome.WRITTEN
    browser.full = True
    for _ in range(3):  # every later save tries again, and says why it could not
        game = play_on(game, rng)
        assert keeper.save(game) is storage.Outcome.FULL
        assert keeper.failing is storage.Outcome.FULL and not keeper.resumed
    browser.full = False
    later = play_on(game, rng)
    assert keeper.save(later) is storage.Outcome.WRITTEN
    assert keeper.resumed and keeper.failing is None
    assert browser.tab().load() == later  # a reload finds the latest game: no turn lost
    assert keeper.save(later) is storage.Outcome.WRITTEN and not keeper.resumed


def test_blocked_storage_is_named_and_tried_again():
    browser = FillableBrowser()
    keeper = browser.tab()
    browser.blocked = True
    assert keeper.save(opening()) is storage.Outcome.NO_STORAGE
    assert not keeper.available
    browser.blocked = False
    assert keeper.save(opening()) is storage.Outcome.WRITTEN
    assert keeper.available and keeper.resumed


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (QuotaExceededError("full"), storage.Outcome.FULL),
        (Exception("NS_ERROR_DOM_QUOTA_REACHED"), storage.Outcome.FULL),
        (SecurityError("The operation is insecure."), storage.Outcome.NO_STORAGE),
        (Exception("anything else"), storage.Outcome.NO_STORAGE),
    ],
)
def test_a_write_failure_is_told_by_its_name(error, outcome):
    assert storage.failure_of(error) is outcome
