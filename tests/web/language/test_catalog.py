"""The page's messages in the chosen language (game/web/language/catalog.py): plural forms by
each language's rule, fields filled after the lookup (isolated in right to left), a message a
catalog lacks shown in English and recorded, and every built catalog loads."""

from __future__ import annotations

import json

import pytest

from game.web.language import catalog
from game.web.language.catalog import N_, Catalog, n_, p_, use
from tools.i18n.catalogs import LOCALE

LANGUAGES = ["ar", "de", "el", "es", "it", "tr"]

ARABIC = "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)"


def test_plural_forms_follow_each_languages_rule() -> None:
    forms = ["zero", "one", "two", "few", "many", "other"]
    arabic = Catalog("ar", {"{count} checker": forms}, ARABIC)
    picked = [
        arabic.plural_text("{count} checker", "{count} checkers", n)
        for n in (0, 1, 2, 5, 11, 100, 102, 103)
    ]
    assert picked == ["zero", "one", "two", "few", "many", "other", "other", "few"]
    turkish = Catalog("tr", {"{count} checker": ["{count} pul"]}, "0")
    assert [turkish.plural_text("{count} checker", "{count} checkers", n) for n in (1, 7)] == [
        "{count} pul",
        "{count} pul",
    ]


def test_messages_fill_their_fields_after_the_lookup_and_isolate_them_right_to_left() -> None:
    german = Catalog("de", {"{player} wins {points} points.": "{points} Punkte für {player}."})
    arabic = Catalog("ar", {"{player} plays {play}.": "يلعب {player} ‏{play}."}, ARABIC)
    try:
        use(german)
        assert catalog._("{player} wins {points} points.", player="Ayşe", points=2) == (
            "2 Punkte für Ayşe."
        )
        use(arabic)
        assert catalog._("{player} plays {play}.", player="X", play="13/9 8/3") == (
            "يلعب \u2068X\u2069 ‏\u206813/9 8/3\u2069."
        )
        assert catalog.language() == "ar"
    finally:
        use(Catalog())


def test_a_message_the_catalog_lacks_shows_in_english_and_is_recorded() -> None:
    greek = Catalog("el", {"Double": "Διπλασίασε"})
    try:
        use(greek)
        assert catalog._("Double") == "Διπλασίασε"
        assert catalog._("Take") == "Take"
        assert n_("{count} roll", "{count} rolls", 3) == "3 rolls"
        assert p_("a win worth twice the cube", "Gammon") == "Gammon"
        assert N_("Beginner") == "Beginner"
        assert greek.missing == {"Take", "{count} roll", "a win worth twice the cube\x04Gammon"}
    finally:
        use(Catalog())


def test_every_built_catalog_loads_and_answers_in_its_language() -> None:
    for code in LANGUAGES:
        loaded = Catalog.from_data(json.loads((LOCALE / f"{code}.json").read_text("utf-8")))
        assert loaded.code == code
        assert loaded.text("Python stopped before the board was drawn") != (
            "Python stopped before the board was drawn"
        )
        assert loaded.right_to_left == (code == "ar")


# The game's words as the table shows them, in scenes that reach the status line's branches:
# every message shown must be one the catalog holds (it records any it lacks).
SCENE_NAMES = ["opened", "rolled", "picked", "cube", "doubled", "crawford"]


def _table_words(session: object) -> list[str]:
    from game.web.board import words
    from game.web.table import words as table_words

    assert isinstance(session, words.Session)
    words = [
        words.status_text(session),
        words.pips_text(session),
        words.score_label(session),
        words.score_text(session),
        words.last_play_text(session),
        table_words.resign_question(session),
        *(table_words.resign_label(r, p) for r, p in table_words.resign_points(session).items()),
        *(words.shown_name(session, player) for player in (0, 1)),
    ]
    return words


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tables_words_are_all_in_each_catalog(code: str) -> None:
    from dataclasses import replace

    from game.web.state.session import FRIEND, LINK
    from tests.browser.scenes import SCENES

    loaded = Catalog.from_data(json.loads((LOCALE / f"{code}.json").read_text("utf-8")))
    english = Catalog()
    try:
        for name in SCENE_NAMES:
            session = SCENES[name]()
            for opponent in (None, FRIEND, LINK):
                shown = (
                    session
                    if opponent is None
                    else replace(session, settings=replace(session.settings, opponent=opponent))
                )
                use(english)
                before = _table_words(shown)
                use(loaded)
                after = _table_words(shown)
                assert loaded.missing == set(), (name, opponent)
                changed = [b for b, a in zip(before, after, strict=True) if b and b == a]
                assert len(changed) <= 2, (name, opponent, changed)  # names such as "Pink" may stay
    finally:
        use(Catalog())
