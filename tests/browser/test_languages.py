"""The page and its embeds in each language at phone size: the language comes from ?lang=,
or from the browser's languages; <html lang dir> follow it; every marked word on screen is
the catalog's, nothing overflows, the settings open whole in view; Arabic runs right to
left while the board keeps its standard layout; only the chosen catalog is fetched."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

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


class EnglishSentences:
    """Every English message a catalog translates into something else, as patterns a
    sentence on screen would match ({fields} stand for anything). Each is tried only on a
    sentence that holds its longest run of words: a field first makes a pattern slow."""

    def __init__(self, code: str) -> None:
        self.patterns: list[tuple[str, re.Pattern[str]]] = []
        entries = po.parse((ROOT / "locale" / f"{code}.po").read_text(encoding="utf-8")).entries
        # Words the language itself uses somewhere ("Analyse" is German for one button,
        # English for another whose German is "Analysieren"): on screen they are not English
        # left over.
        its_own = {
            html.unescape(re.sub(r"<[^>]+>", "", t)) for e in entries for t in e.translations
        }
        for entry in entries:
            for english in filter(None, (entry.msgid, entry.plural)):
                plain = re.sub(r"<[^>]+>", "", html.unescape(english)).strip()
                if plain in its_own:
                    continue  # the same in both languages ("OK", "Crawford", a name)
                words = re.sub(r"\{\w+\}", "", plain).strip()
                if len(words) < 6 or not re.search(r"[a-z]", plain):
                    continue  # too short to tell ("{count} on {point}" matches any " on ")
                parts = re.split(r"(\{\w+\})", plain)
                fields = [p for p in parts if re.fullmatch(r"\{\w+\}", p)]
                body = "".join(".+?" if p in fields else re.escape(p) for p in parts)
                needle = max((p for p in parts if p not in fields), key=len)
                self.patterns.append((needle, re.compile(body)))

    def said_in(self, sentence: str) -> bool:
        return any(n in sentence and p.fullmatch(sentence) for n, p in self.patterns)


@cache
def english_sentences(code: str) -> EnglishSentences:
    return EnglishSentences(code)


def english_left(page: Page, code: str) -> list[str]:
    """The sentences on screen that are still English: the catalog has them translated, or
    they hold words only English uses."""
    english = english_sentences(code)
    left = []
    for text, own in page.evaluate(SHOWN_TEXTS):
        if ENGLISH_WORDS & set(re.findall(r"[^\W\d_]+", own.lower())):
            left.append(text)
            continue
        for sentence in [text, *re.split(r"(?<=[.!?…])\s+", text)]:
            if english.said_in(sentence):
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
    if (node.closest('.visually-hidden')) continue;  // a heading for screen readers only
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


# A browser in each language, as players' browsers name it.
BROWSERS = {"tr": "tr-TR", "el": "el-GR", "ar": "ar-EG"}
BROWSERS |= {"de": "de-DE", "es": "es-ES", "it": "it-IT"}


def browser_speaks(page: Page, tag: str) -> CDPSession:
    """Give the tab's browser the language `tag` (navigator.languages, Accept-Language, Intl)
    while the session returned lives: the two overrides Playwright's context `locale` sends
    to Chromium, here on a tab of the shared context, which keeps the wasm in its cache (a
    new context spends 3 s more on each page)."""
    cdp = page.context.new_cdp_session(page)
    agent = page.evaluate("navigator.userAgent")
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": tag})
    cdp.send("Emulation.setLocaleOverride", {"locale": tag})
    return cdp


def assert_speaks(page: Page, code: str, where: str, whole: str | None = None) -> None:
    """At both phone sizes: <html lang dir> are the language's, every marked word is the
    catalog's, no English is left on screen, nothing overflows, and `whole` is in view."""
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if code == "ar" else "ltr")
    expect(page.locator("html")).to_have_attribute("data-translated", code)
    for size in PHONES:
        resize(page, size)
        at = f"{where} in {code} at {size[0]}x{size[1]}"
        assert page.evaluate(UNTRANSLATED, [words(code), PYTHON_WRITES]) == [], at
        assert english_left(page, code) == [], f"English left in {at}"
        assert page.evaluate(OVERFLOWING) == [], f"overflowing in {at}"
        if whole is not None:
            assert_in_view(page, whole, size)
    resize(page, PHONES[0])


def test_each_language_by_the_browsers_and_by_address_on_the_page_and_an_embedded_diagram(
    game_page: Page, catalogs_fetched: list[str]
) -> None:
    """In each language, at 375x667 and 320x568: the page and an embedded diagram chosen by
    the browser's language, then the diagram by ?lang= in a browser that speaks the next
    language (the address wins; the page by address in the first language: it reads ?lang=
    as the embed does); the page's Settings open whole in view; only the chosen catalog is
    fetched. One tab for all six (a tab's first page costs twice the next), and a second tab
    holding a diagram keeps the embeds' shared runtime up between them (an embed then draws
    in half a second, not three)."""
    page = game_page
    keeper = page.context.new_page()
    open_ready(keeper, "embed.html", f"mode=diagram#gnubgid={START}")
    page.bring_to_front()  # a tab behind another has its timers slowed: the dialogs wait
    resize(page, PHONES[0])
    speaking = browser_speaks(page, BROWSERS[LANGUAGES[0]])
    try:
        each_language_by_the_browsers_and_by_address(page, catalogs_fetched, speaking)
    finally:
        keeper.close()


def each_language_by_the_browsers_and_by_address(
    page: Page, catalogs_fetched: list[str], speaking: CDPSession
) -> None:
    for code, following in zip(LANGUAGES, [*LANGUAGES[1:], "en"], strict=True):
        catalogs_fetched.clear()
        assert page.evaluate("navigator.languages") == [BROWSERS[code]]
        open_game(page)
        # The toolbar's last row on screen: the table room whole in view.
        assert_speaks(page, code, "the page by the browser's language", whole="#keys-toggle")
        settings_speak_whole(page, code)
        open_ready(page, "embed.html", f"mode=diagram#gnubgid={START}")
        assert_speaks(page, code, "an embedded diagram by the browser's language")

        speaking.detach()
        speaking = browser_speaks(page, BROWSERS.get(following, "en-US"))
        open_ready(page, "embed.html", f"lang={code}&mode=diagram#gnubgid={START}")
        assert_speaks(page, code, "an embedded diagram by address")
        if code == LANGUAGES[0]:  # the page reads ?lang= as the embed does: once is enough
            open_game(page, f"lang={code}")
            assert_speaks(page, code, "the page by address", whole="#keys-toggle")
        assert {url.rsplit("/", 1)[1] for url in catalogs_fetched} == {f"{code}.json"}
    speaking.detach()


def settings_speak_whole(page: Page, code: str) -> None:
    """Settings open whole in view at each phone size, in ``code`` only, nothing overflowing."""
    for size in PHONES:
        resize(page, size)
        at = f"Settings in {code} at {size[0]}x{size[1]}"
        page.click("#settings-toggle")
        expect(page.locator("#settings-dialog")).to_be_visible()
        assert_in_view(page, "#settings-dialog", size)
        assert page.evaluate(UNTRANSLATED, [words(code), PYTHON_WRITES]) == [], at
        assert english_left(page, code) == [], f"English left in {at}"
        assert page.evaluate(OVERFLOWING) == [], f"overflowing in {at}"
        page.click("#settings-done")
        expect(page.locator("#settings-dialog")).to_be_hidden()
    resize(page, PHONES[0])


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


def test_a_context_in_arabic_chooses_the_page_and_its_embeds(browser: Browser, site: str) -> None:
    """Playwright's own context locale (what browser_speaks stands in for): an embed and the
    page in Arabic."""
    context = browser.new_context(
        base_url=site, locale="ar-EG", viewport={"width": 375, "height": 667}
    )
    try:
        page = context.new_page()
        open_ready(page, "embed.html", f"mode=diagram#gnubgid={START}")
        assert_speaks(page, "ar", "an embedded diagram in an Arabic browser")
        open_game(page)
        expect(page.locator("html")).to_have_attribute("lang", "ar")
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.locator("#roll")).to_have_text(words("ar")["roll"])
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


def test_a_broken_game_link_is_refused_in_the_readers_words(game_page: Page) -> None:
    """A game link of a later version, opened in German: the whole refusal is German, its
    list of versions joined with German's "und"."""
    open_game(game_page, "lang=de#game=9.abc")
    expect(game_page.locator("#notice-text")).to_contain_text("1 und 2 und 3")
    assert english_left(game_page, "de") == []


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
