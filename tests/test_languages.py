"""The page in every language: each catalog (locale/CODE.po) holds every message the source
can show and nothing stale, its JSON (what the page loads) is built from it, the pages mark
every word they show, and each catalog stays small enough for the page's start-up (only the
chosen one is fetched: lang.js)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tools.i18n import po
from tools.i18n.catalogs import LOCALE, build, languages, report, stale_builds
from tools.i18n.extract import ROOT, everything, page_messages, python_messages

LANGUAGES = ["ar", "de", "el", "es", "it", "tr"]
# Each catalog's JSON, fetched before the page's words show: under 1.2% of a first visit's
# 16.9-17.6 MB (docs/performance.md, "The page in every language"; about 40 kB gzipped). Its
# largest part since session 29 is the readers' refusals (.mat, .sgf, links, saves, the rules).
CATALOG_BUDGET = 200_000


def test_the_six_languages_have_catalogs() -> None:
    assert languages() == LANGUAGES


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalog_holds_every_message_and_nothing_stale(code: str) -> None:
    found = report(code)
    assert found.complete, "\n".join(found.lines()[:40])


def test_the_source_shows_nothing_a_catalog_cannot_hold() -> None:
    _messages, problems = everything()
    assert problems == []


def test_every_catalog_is_built_into_the_json_the_page_loads() -> None:
    assert stale_builds() == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_catalog_fits_the_start_up_budget(code: str) -> None:
    assert (LOCALE / f"{code}.json").stat().st_size < CATALOG_BUDGET


def test_lang_js_settings_and_the_embed_maker_offer_exactly_the_catalogs() -> None:
    script = (ROOT / "lang.js").read_text(encoding="utf-8")
    assert sorted(re.findall(r'"\./locale/(\w+)\.json"', script)) == LANGUAGES
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    for select in ("language", "embed-language"):
        block = re.search(rf'<select id="{select}".*?</select>', page, re.S)
        assert block is not None
        offered = re.findall(r'<option value="(\w+)"', block.group(0))
        assert sorted(offered) == sorted(["en", *LANGUAGES])
    for name in ("index.html", "embed.html"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert text.index('src="./lang.js"') < text.index('src="./boot.js"')


def _copy_locale(tmp_path: Path) -> Path:
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale)
    return locale


def test_the_check_finds_a_lacking_a_stale_and_a_wrong_message(tmp_path: Path) -> None:
    locale = _copy_locale(tmp_path)
    path = locale / "de.po"
    catalog_file = po.parse(path.read_text(encoding="utf-8"))
    dropped = catalog_file.entries.pop(3)
    catalog_file.entries.append(po.Entry("A sentence nothing shows any more", translations=["x"]))
    changed = next(e for e in catalog_file.entries if "{reason}" in e.msgid)
    changed.translations = ["Das Spiel konnte nicht starten: {grund}"]
    path.write_text(po.write(catalog_file), encoding="utf-8")
    found = report("de", ROOT, locale)
    assert [m.msgid for m in found.lacks] == [dropped.msgid]
    assert [e.msgid for e in found.stale] == ["A sentence nothing shows any more"]
    assert any("fields" in line for line in found.wrong)
    assert stale_builds(ROOT, locale) == ["de"]


def test_the_check_finds_markup_a_translation_lost(tmp_path: Path) -> None:
    locale = _copy_locale(tmp_path)
    path = locale / "it.po"
    catalog_file = po.parse(path.read_text(encoding="utf-8"))
    entry = next(e for e in catalog_file.entries if e.msgid.startswith("<strong>Start.</strong>"))
    entry.translations = [re.sub(r"</?strong>", "", entry.translations[0])]
    path.write_text(po.write(catalog_file), encoding="utf-8")
    assert any("tags" in line for line in report("it", ROOT, locale).wrong)


def test_unmarked_words_and_computed_english_are_problems(tmp_path: Path) -> None:
    _found, problems = page_messages(
        "x.html", '<p data-i18n="a">Marked</p><p>Not marked</p><button title="Tip">?</button>'
    )
    assert problems == [
        "x.html: <p> shows 'Not marked' unmarked",
        "x.html: <button> title='Tip' is not marked",
    ]
    _found, none = page_messages("x.html", '<pre>code</pre><p translate="no">Türkçe</p>')
    assert none == []
    source = tmp_path / "m.py"
    source.write_text('_("Fine {n}", n=1)\nname = "x"\n_(name)\nn_("a", plural, 2)\n')
    messages, wrong = python_messages(source, "m.py")
    assert [m.msgid for m in messages] == ["Fine {n}"]
    assert wrong == ["m.py:3: _() needs literal English", "m.py:4: n_() needs literal English"]


def test_a_built_catalog_is_the_pages_words_by_key_and_the_messages_by_english() -> None:
    data = json.loads(build("tr"))
    assert data["language"] == "tr" and data["plural"] == "0"
    assert data["html"]["roll"] == "Zar at"
    assert data["html"]["backgammon"] == "Tavla"  # the game's name ...
    assert data["html"]["resign-3"] == "Üçlü mars"  # ... and the win worth three cubes
    german = json.loads(build("de"))["messages"]
    assert (
        german["The game could not start: {reason}"] == "Das Spiel konnte nicht starten: {reason}"
    )
