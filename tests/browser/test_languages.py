"""The page and its embeds in each language at phone size: the language comes from ?lang=,
or from the browser's languages; <html lang dir> follow it; every marked word on screen is
the catalog's, nothing overflows, the settings open whole in view; Arabic runs right to
left while the board keeps its standard layout; only the chosen catalog is fetched."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import open_game, open_ready
from tools.i18n import po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["tr", "el", "ar", "de", "es", "it"]
PHONES = ((375, 667), (320, 568))
START = "4HPwATDgc/ABMA:cAkLAAAAAAAA"

# Every visible element marked data-i18n whose words are not the catalog's.
UNTRANSLATED = """([words, skipped]) => {
  const out = [];
  for (const node of document.querySelectorAll('[data-i18n]')) {
    if (!node.getClientRects().length || skipped.includes(node.id)) continue;
    const want = words[node.getAttribute('data-i18n')];
    if (want === undefined || node.innerHTML !== want) out.push(node.getAttribute('data-i18n'));
  }
  return out;
}"""

# Elements whose words Python writes once it is up (the names, the score, the pips, the
# status line, the rules' hint): no longer lang.js's words, checked by ENGLISH_LEFT instead.
PYTHON_WRITES = ["name-top", "name-bottom", "score-label", "score-text", "pips-text", "status"]
PYTHON_WRITES += ["rules-hint"]

# The text of every visible element that holds words of its own (a text node with letters),
# with those own words (not its children's: code, key caps).
SHOWN_TEXTS = """() => {
  const out = [];
  for (const node of document.querySelectorAll('body *')) {
    if (!node.getClientRects().length || ['SCRIPT', 'STYLE'].includes(node.tagName)) continue;
    if (node.closest('svg, [translate="no"], .board, kbd, code, var')) continue;  // key caps, code
    const own = [...node.childNodes].filter((c) => c.nodeType === 3).map((c) => c.data).join(' ');
    if (/\\p{L}/u.test(own)) out.push([node.textContent.replace(/\\s+/g, ' ').trim(), own]);
    for (const pseudo of ['::before', '::after']) {  // words drawn by CSS content
      const drawn = getComputedStyle(node, pseudo).content;
      if (/^".*\\p{L}.*"$/u.test(drawn)) out.push([drawn.slice(1, -1), drawn.slice(1, -1)]);
    }
  }
  return out;
}"""

# Words no sentence of the six languages uses: one on screen is English left over, whether
# or not a catalog holds its sentence (text drawn by CSS `content` included).
ENGLISH_WORDS = {"the", "you", "your", "and", "of", "is", "are", "to", "with", "this", "roll"}
ENGLISH_WORDS |= {"rolled", "wins", "turn", "game", "games", "checker", "checkers", "answer"}


def english_patterns(code: str) -> list[re.Pattern[str]]:
    """Every English message the catalog translates into something else, as a pattern a
    sentence on screen would match ({fields} stand for anything)."""
    patterns = []
    entries = po.parse((ROOT / "locale" / f"{code}.po").read_text(encoding="utf-8")).entries
    # Words the language itself uses somewhere ("Analyse" is German for one button, English
    # for another whose German is "Analysieren"): on screen they are not English left over.
    its_own = {html.unescape(re.sub(r"<[^>]+>", "", t)) for e in entries for t in e.translations}
    for entry in entries:
        for english in filter(None, (entry.msgid, entry.plural)):
            plain = re.sub(r"<[^>]+>", "", html.unescape(english)).strip()
            if plain in its_own:
                continue  # the same in both languages ("OK", "Crawford", a name)
            words = re.sub(r"\{\w+\}", "", plain).strip()
            if len(words) < 6 or not re.search(r"[a-z]", plain):
                continue  # too short to tell ("{count} on {point}" matches any " on ")
            parts = re.split(r"(\{\w+\})", plain)
            body = "".join(".+?" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)
            patterns.append(re.compile(body))
    return patterns


def english_left(page: Page, code: str) -> list[str]:
    """The sentences on screen that are still English: the catalog has them translated, or
    they hold words only English uses."""
    patterns = english_patterns(code)
    left = []
    for text, own in page.evaluate(SHOWN_TEXTS):
        if ENGLISH_WORDS & set(re.findall(r"[^\W\d_]+", own.lower())):
            left.append(text)
            continue
        for sentence in [text, *re.split(r"(?<=[.!?…])\s+", text)]:
            if any(p.fullmatch(sentence) for p in patterns):
                left.append(sentence)
                break
    return left


# The page scrolls sideways, or a visible control's words do not fit its box.
OVERFLOWING = """() => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) out.push('page ' + root.scrollWidth);
  for (const node of document.querySelectorAll('button, summary, legend, h1, h2, label, nav a')) {
    if (!node.getClientRects().length) continue;
    if (node.scrollWidth > node.clientWidth + 1) out.push(node.id || node.textContent.trim());
  }
  return out;
}"""


def words(code: str) -> dict[str, str]:
    data = json.loads((ROOT / "locale" / f"{code}.json").read_text(encoding="utf-8"))
    html: dict[str, str] = data["html"]
    return html


def resize(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})


def assert_in_view(page: Page, selector: str, size: tuple[int, int]) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, size, box)
    assert box["x"] + box["width"] <= size[0] + 0.5, (selector, size, box)
    assert box["y"] + box["height"] <= size[1] + 0.5, (selector, size, box)


@pytest.fixture
def catalogs_fetched(game_page: Page) -> Iterator[list[str]]:
    fetched: list[str] = []
    game_page.on("request", lambda r: fetched.append(r.url) if "/locale/" in r.url else None)
    yield fetched


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_page_speaks_the_language_asked_at_phone_size(
    game_page: Page, catalogs_fetched: list[str], code: str
) -> None:
    resize(game_page, PHONES[0])
    open_game(game_page, f"lang={code}")
    expect(game_page.locator("html")).to_have_attribute("lang", code)
    expect(game_page.locator("html")).to_have_attribute("dir", "rtl" if code == "ar" else "ltr")
    expect(game_page.locator("html")).to_have_attribute("data-translated", code)
    assert [url.rsplit("/", 1)[1] for url in catalogs_fetched] == [f"{code}.json"]
    catalog = words(code)
    for size in PHONES:
        resize(game_page, size)
        assert game_page.evaluate(UNTRANSLATED, [catalog, PYTHON_WRITES]) == [], size
        assert english_left(game_page, code) == [], size
        assert game_page.evaluate(OVERFLOWING) == [], size
        assert_in_view(game_page, "#keys-toggle", size)  # the toolbar's last row: the room whole
        game_page.click("#settings-toggle")
        expect(game_page.locator("#settings-dialog")).to_be_visible()
        assert_in_view(game_page, "#settings-dialog", size)
        assert game_page.evaluate(UNTRANSLATED, [catalog, PYTHON_WRITES]) == [], size
        assert english_left(game_page, code) == [], size
        assert game_page.evaluate(OVERFLOWING) == [], size
        game_page.click("#settings-done")
        expect(game_page.locator("#settings-dialog")).to_be_hidden()


def test_arabic_runs_right_to_left_and_the_board_keeps_its_layout(game_page: Page) -> None:
    resize(game_page, PHONES[1])
    open_game(game_page, "lang=ar")
    direction = "(s) => getComputedStyle(document.querySelector(s)).direction"
    assert game_page.evaluate(direction, "#panel") == "rtl"
    assert game_page.evaluate(direction, "#settings-dialog") == "rtl"
    assert game_page.evaluate(direction, ".board") == "ltr"
    # Point 1 at the bottom right, 12 at the bottom left, as in every language.
    one = game_page.locator(".labels text", has_text="1").first.bounding_box()
    twelve = game_page.locator(".labels text", has_text="12").first.bounding_box()
    assert one is not None and twelve is not None and one["x"] > twelve["x"]
    # The buttons follow the language: the first of the rooms is on the right.
    rooms = game_page.locator("nav.rooms button")
    first, last = rooms.first.bounding_box(), rooms.last.bounding_box()
    assert first is not None and last is not None and first["x"] > last["x"]


@pytest.mark.parametrize("code", ["el", "ar"])
def test_the_browsers_language_chooses_the_page_and_its_embeds(
    browser: Browser, site: str, code: str
) -> None:
    locale = {"el": "el-GR", "ar": "ar-EG"}[code]
    context = browser.new_context(
        base_url=site, locale=locale, viewport={"width": 375, "height": 667}
    )
    try:
        page = context.new_page()
        open_ready(page, "embed.html", f"mode=diagram#gnubgid={START}")
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("html")).to_have_attribute("data-translated", code)
        assert page.evaluate(UNTRANSLATED, [words(code), PYTHON_WRITES]) == []
        assert page.evaluate(OVERFLOWING) == []
        # An embed follows its host page's choice, given in its address.
        open_ready(page, "embed.html", f"lang=de&mode=diagram#gnubgid={START}")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        open_game(page)
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("#roll")).to_have_text(words(code)["roll"])
    finally:
        context.close()


def test_english_stays_the_default_and_loads_no_catalog(
    game_page: Page, catalogs_fetched: list[str]
) -> None:
    open_game(game_page, "lang=xx")
    expect(game_page.locator("html")).to_have_attribute("lang", "en")
    expect(game_page.locator("html")).to_have_attribute("dir", "ltr")
    expect(game_page.locator("#roll")).to_have_text("Roll the dice")
    assert catalogs_fetched == []


def test_the_language_chosen_in_settings_is_kept_with_them(game_page: Page) -> None:
    resize(game_page, PHONES[0])
    open_game(game_page, "lang=tr")
    game_page.click("#settings-toggle")
    with game_page.expect_navigation():
        game_page.select_option("#language", "de")
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
    expect(game_page.locator("html")).to_have_attribute("lang", "de")
    assert "lang=" not in game_page.url
    expect(game_page.locator("#status")).to_have_text("Würfle, um zu sehen, wer beginnt.")
    open_game(game_page)  # no ?lang=: the setting chooses
    expect(game_page.locator("html")).to_have_attribute("lang", "de")
    expect(game_page.locator("#name-bottom")).to_have_text("Du")
    game_page.click("#settings-toggle")
    with game_page.expect_navigation():
        game_page.select_option("#language", "")
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
    expect(game_page.locator("html")).to_have_attribute("lang", "en")


def test_the_embed_dialog_offers_the_pages_language_for_the_snippet(game_page: Page) -> None:
    open_game(game_page, "lang=el")
    game_page.click("#share")
    game_page.click("#notice-embed")
    expect(game_page.locator("#embed-language")).to_have_value("el")
    expect(game_page.locator("#embed-code")).to_have_value(re.compile(r"lang=el\b"))
    game_page.select_option("#embed-language", "")
    expect(game_page.locator("#embed-code")).not_to_have_value(re.compile(r"lang="))


def no_english_nor_overflow(page: Page, code: str, where: str) -> None:
    assert english_left(page, code) == [], f"English left in {where}"
    assert page.evaluate(OVERFLOWING) == [], f"overflowing in {where}"


@pytest.mark.timeout(600)
def test_the_rooms_and_the_embeds_speak_the_readers_language_at_phone_size(
    game_page: Page,
) -> None:
    """Beyond the table: the hint, the review's move list, the rating, a train card and its
    verdict, and a diagram and a replay embedded, in German at 375x667 (the longest words);
    the replay embedded in Arabic, right to left."""
    from game.formats.game_link import format_game_link
    from game.web.store import deck as decks
    from tests.browser.test_train import asked, play
    from tests.records import played
    from tests.web.trainer.test_train import practice_cards, wrong_moves

    page, code = game_page, "de"
    resize(page, PHONES[0])
    open_game(page, f"lang={code}&seed=5&pace=0")  # the person opens with 5-3
    cards = [c for c in practice_cards() if c["kind"] == "play"][:1]
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [decks.KEY, decks.Deck().with_cards(cards, now=0).to_text()],
    )
    page.click("#roll")
    page.click("#hint")
    expect(page.locator("#hint-body .hint-play").first).to_be_visible(timeout=180_000)
    no_english_nor_overflow(page, code, "the hint")
    resize(page, PHONES[1])  # the hint's rows and their Play buttons fit at 320 px too
    no_english_nor_overflow(page, code, "the hint at 320x568")
    resize(page, PHONES[0])
    page.keyboard.press("Escape")
    page.click("#replay-toggle")
    expect(page.locator("#move-list .move").first).to_be_visible()
    no_english_nor_overflow(page, code, "the review")
    page.click("#rating-toggle")
    expect(page.locator("#rating-panel")).to_be_visible()
    no_english_nor_overflow(page, code, "the rating")
    page.click("#train-toggle")
    play(page, wrong_moves(asked(page)))
    page.click("#train-confirm")
    expect(page.locator("body")).to_have_attribute("data-train-verdict", "wrong")
    no_english_nor_overflow(page, code, "a train card's verdict")

    # Embedded: drawn by the runtime the page's frames share, in the frame's language.
    open_ready(page, "embed.html", f"lang={code}&mode=diagram#gnubgid={START}")
    expect(page.locator("#status")).to_have_text("Am Zug: Pink, mit 6-2.")
    no_english_nor_overflow(page, code, "an embedded diagram")
    link = format_game_link(played(0))
    open_ready(page, "embed.html", f"lang={code}&mode=replay#{link}")
    page.click("#embed-forward")
    expect(page.locator("#embed-where")).to_contain_text("Spiel 1")
    no_english_nor_overflow(page, code, "an embedded replay")
    open_ready(page, "embed.html", f"lang=ar&mode=replay#{link}")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.click("#embed-forward")
    expect(page.locator("#embed-where")).to_contain_text("الجولة")
    no_english_nor_overflow(page, "ar", "an embedded replay in Arabic")
