"""A damaged saved game refused in the player's language: the page's notice of a save it
cannot read (the envelope, the game inside it, its settings, the play in progress) is whole
in each catalog, nested reasons and terms too, and its English stays word for word."""

from __future__ import annotations

import json
import random

import pytest

from game.web.language.catalog import Catalog, use
from game.web.state.session import Session
from game.web.store.storage import SaveError, SaveKeeper, save_data
from game.web.table.words import save_unreadable
from tests.web.language.test_file_refusals import LANGUAGES, catalog

# Values no field of a save takes: each field of the envelope, the game, its rules, cube and
# settings is set to each in turn.
WRONG: list[object] = ["x", 7.5, -3, None, True, [1], {"a": 1}, "z" * 40, 2**40]


def _damaged_saves() -> list[str]:
    data = save_data(Session.new())
    texts = ["{", "[" * 200 + "]" * 200, "[]", '{"app": "backgammon", "version": 0}']
    texts.append('{"app": "backgammon", "version": "v9"}')
    for part in ("", "game", "game.rules", "game.cube", "settings"):
        where = data
        for name in filter(None, part.split(".")):
            where = where[name]  # type: ignore[index]
        assert isinstance(where, dict)
        for field in list(where):
            kept = where[field]
            for wrong in WRONG:
                where[field] = wrong
                texts.append(json.dumps(data))
            del where[field]
            texts.append(json.dumps(data))
            where[field], where["extra"] = kept, 1
            texts.append(json.dumps(data))
            del where["extra"]
    rng = random.Random(48)
    text = json.dumps(data)
    for _ in range(60):  # a character changed somewhere
        at = rng.randrange(len(text))
        texts.append(text[:at] + rng.choice('0123456789"{}[],:x') + text[at + 1 :])
    return texts


def _refusals() -> list[SaveError]:
    errors = []
    for text in _damaged_saves():
        keeper = SaveKeeper(lambda text=text: text, lambda _: None)
        try:
            keeper.load()
        except SaveError as error:
            errors.append(error)
    return errors


REFUSALS = _refusals()


def _said(code: str) -> tuple[list[str], Catalog]:
    loaded = catalog(code) if code != "en" else Catalog()
    use(loaded)
    try:
        return [save_unreadable(error) for error in REFUSALS], loaded
    finally:
        use(Catalog())


def test_damaged_saves_meet_many_refusals_said_in_english_as_before() -> None:
    assert len({str(error) for error in REFUSALS}) > 60
    said, _ = _said("en")
    for error, words in zip(REFUSALS, said, strict=True):
        assert str(error) in words
    shown = {str(error) for error in REFUSALS}
    assert "the saved game is from an older version (format 0, now 1)" in shown
    assert "the saved game is damaged: the cube's value must be a whole number, got 'x'" in shown
    assert "the saved game is damaged (not valid JSON)" in shown


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_damaged_save_is_said_wholly_from_the_players_catalog(code: str) -> None:
    said, loaded = _said(code)
    assert loaded.missing == set()  # every sentence shown, nested ones too, is in the catalog
    for error, words in zip(REFUSALS, said, strict=True):
        english = str(error).removeprefix("the saved game is damaged: ")
        assert english not in words
        for detail in ("must be", "the saved game", "the cube", "is not", "lacks"):
            assert detail not in words, words
