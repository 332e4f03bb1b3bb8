"""The smoke set in Firefox ESR and WebKitGTK beside the whole Chromium suite (the rest of
tests/browser); tests/browser/engines.py says how each engine is driven. One browser per
engine for the module, one tab, the site's storage emptied before each test:

in all three engines: no control live while the page loads (Firefox restores buttons'
enabled state on a reload), an opaque end card, the keyboard's ring drawn (Tab onto a button,
then onto a checker: white and dashed, unlike a lit point; every Tab stop of a match's review,
the lists Firefox stops on too), dark scrollbars where the engine colours them, the rooms'
names whole where their bar is narrow (800x600, 447x530, 1024x768; English, German); in Firefox
and WebKit: a played turn with the hint, Undo and Confirm, the computer's reply, a reload that
keeps the game, the review and an analysis; a whole-game link opened; a game by link handed
over between two players (two origins of the one site, two localStorages); an embedded
diagram and replay; and no console error in any of it.

Run one engine: ``python -m pytest tests/browser/test_engines.py -k webkit``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.engine.state import Phase
from game.formats.game_link import format_game_link
from game.web.state.session import Session, to_viewer
from game.web.store import storage
from tests.browser.engines import (
    ENGINES,
    READY_S,
    VIEWPORT,
    ChromiumTab,
    Display,
    FirefoxTab,
    Tab,
    WebKitTab,
)
from tests.browser.pages import BLANK_PAGE
from tests.records import played

PERSON_OPENS = 5  # with ?seed=5 the person wins the opening roll, 5-3
START_62 = "4HPwATDgc/ABMA:cAkLAAAAAAAA"  # the start, Pink to play 6-2
MATCH = "tests/data/mat/gnubg_export.mat"

# The controls a person can see during the start: none may take a click before the page can.
LIVE_CONTROLS = """[...document.querySelectorAll(
    '#game button, #game select, #game input, #game textarea, #game summary')]
  .filter(e => !e.disabled && e.getClientRects().length > 0 && !e.closest('dialog:not([open])'))
  .map(e => e.id || e.textContent.trim())"""


@pytest.fixture(scope="session")
def display() -> Iterator[Display]:
    shown = Display()
    yield shown
    shown.close()


@pytest.fixture(scope="module", params=ENGINES)
def tab(request: pytest.FixtureRequest, site: str) -> Iterator[Tab]:
    engine = request.param
    opened: Tab
    if engine == "chromium":
        opened = ChromiumTab(site, request.getfixturevalue("browser"))
    elif engine == "firefox":
        opened = FirefoxTab(site)
    else:
        opened = WebKitTab(site, request.getfixturevalue("display"))
    yield opened
    opened.close()


@pytest.fixture
def fresh(tab: Tab) -> Iterator[Tab]:
    """The tab with the site's storage empty; no console error by the test's end."""
    clear(tab, tab.base)
    tab.errors()
    yield tab
    assert tab.errors() == [], f"{tab.name}: console errors"


def clear(tab: Tab, base: str) -> None:
    tab.goto(base + BLANK_PAGE)
    tab.wait("document.readyState === 'complete' && location.pathname.endsWith('blank.html')")
    tab.js("(localStorage.clear(), sessionStorage.clear(), true)")


def session_of(tab: Tab) -> Session:
    text = tab.js("localStorage.getItem(arg)", storage.KEY)
    assert text is not None, f"{tab.name}: the page saved nothing"
    return storage.load_text(text)


def until(tab: Tab, check: Callable[[Session], Any], timeout: float = 60.0) -> Session:
    """Poll the page's save until ``check`` holds."""
    end = time.monotonic() + timeout
    while True:
        session = session_of(tab)
        if check(session):
            return session
        assert time.monotonic() < end, f"{tab.name}: {session.game.phase} {tab.text('#status')}"
        time.sleep(0.1)


def idle(tab: Tab, timeout: float = READY_S) -> None:
    """The board has drawn every move (the computer's included)."""
    tab.wait("!document.getElementById('board').classList.contains('busy')", timeout=timeout)


def move_once(tab: Tab) -> None:
    """Pick up the first checker that can move and put it on its first landing point."""
    session = session_of(tab)
    turn = session.turn
    assert turn is not None
    at_bottom = session.mover_at_bottom
    moved = len(turn.actions)
    origin = sorted(turn.origins())[0]
    if session.selected != origin:
        tab.click(f'#board [data-target="{to_viewer(origin, at_bottom)}"]')
        until(tab, lambda s: s.selected == origin)
    destination = sorted(turn.destinations(origin))[0]
    tab.click(f'#board [data-target="{to_viewer(destination, at_bottom)}"]')
    until(tab, lambda s: s.turn is None or len(s.turn.actions) > moved)


def chromium_elsewhere(tab: Tab) -> Tab:
    """The paths the whole Chromium suite walks already: here in Firefox and WebKit only."""
    if tab.name == "chromium":
        pytest.skip("in Chromium: test_game.py, test_learning.py, test_replay.py, test_embed.py")
    return tab


def board(tab: Tab) -> list[str]:
    return tab.js(
        "[...document.querySelectorAll('#board circle.checker, #board g.die')].map(n =>"
        " n.tagName === 'circle' ? `${n.getAttribute('class')}@${n.getAttribute('cx')},"
        "${n.getAttribute('cy')}` : `die ${n.dataset.value}`).sort()"
    )


def test_no_control_is_live_while_the_page_loads(fresh: Tab):
    tab = fresh
    tab.open("index.html?seed=7")
    live = tab.js(LIVE_CONTROLS)
    assert {"roll", "new-game", "share", "open-toggle", "keys-toggle"} <= set(live), live
    # A reload: Firefox would bring back the buttons' enabled state from before.
    tab.reload()
    loading = tab.js(f"({{ready: document.body.dataset.ready || null, live: {LIVE_CONTROLS}}})")
    assert loading["ready"] is None, f"{tab.name}: ready before it could be looked at"
    assert loading["live"] == [], f"{tab.name}: live while loading: {loading['live']}"
    tab.ready()
    assert {"roll", "new-game", "share", "open-toggle"} <= set(tab.js(LIVE_CONTROLS))
    # A click now is taken: the opening roll.
    tab.click("#roll")
    until(tab, lambda s: s.game.phase is not Phase.OPENING)


# The board's focus rule(s) from the page's own style sheets: each stroke, and the lit colour.
FOCUS_STROKES = """[...document.styleSheets].flatMap(sheet => [...sheet.cssRules])
  .filter(rule => rule.selectorText && rule.selectorText.includes('[data-target]:focus-visible'))
  .map(rule => rule.style.stroke)"""


# What has the keyboard: its id or label, whether the engine shows it as the keyboard's
# (:focus-visible), a button's outline style, a board point's stroke and dashes.
FOCUSED = """(e => [e === document.body ? null
    : e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40),
  document.hasFocus() && e.matches(':focus-visible'), getComputedStyle(e).outlineStyle,
  ...(s => s === null ? [] : [getComputedStyle(s).stroke, getComputedStyle(s).strokeDasharray])(
    e.querySelector('polygon, rect'))])(document.activeElement)"""


def test_the_end_card_is_opaque_and_the_focus_ring_is_not_a_lit_target(fresh: Tab):
    tab = fresh
    tab.open(f"index.html?seed={PERSON_OPENS}&pace=0")
    background = tab.js("getComputedStyle(document.getElementById('ending')).backgroundColor")
    assert background.startswith("rgb(") and not background.startswith("rgba("), background
    strokes = tab.js(FOCUS_STROKES)
    assert strokes, "no focus rule for the board's points"
    lit = ("#facc15", "rgb(250, 204, 21)", "var(--accent)")  # render.py's lit colour
    assert not [stroke for stroke in strokes if stroke.lower() in lit], strokes
    # Dark scrollbars where the engine takes a colour (Firefox drew a white track beside the
    # panel and in Settings); an engine without scrollbar-color gives nothing and draws its own.
    scrollbars = tab.js(
        "getComputedStyle(document.getElementById('settings-dialog')).scrollbarColor"
    )
    assert scrollbars != "auto", f"{tab.name}: the browser's own scrollbar colours"
    # The ring drawn, in each engine (Firefox started on about:blank never had the focus): Tab
    # onto a button, then from the checker the roll gave the keyboard to the next one.
    tab.press("Tab")
    name, shown, outline, *_ = tab.js(FOCUSED)
    assert shown and outline == "solid", f"{tab.name}: no ring on {name} ({outline})"
    tab.click_when("#roll")
    until(tab, lambda s: s.turn is not None)
    tab.wait("document.activeElement.matches('#board [data-target]')")
    tab.press("Tab")
    name, shown, _, stroke, dashes = tab.js(FOCUSED)
    assert shown and name.startswith("Pick up a checker"), f"{tab.name}: {name} has no ring"
    assert stroke == "rgb(255, 255, 255)" and dashes.replace(",", "").replace("px", "").split() == [
        "10",
        "6",
    ], f"{tab.name}: the ring on {name} is {stroke} {dashes}"


def test_a_turn_the_computer_s_reply_a_reload_the_review_and_an_analysis(fresh: Tab):
    tab = chromium_elsewhere(fresh)
    tab.open(f"index.html?seed={PERSON_OPENS}&pace=0")
    tab.click_when("#roll")
    session = until(tab, lambda s: s.turn is not None)
    assert session.game.dice == (5, 3)
    tab.wait("document.querySelectorAll('#board g.die').length === 2")

    tab.click_when("#hint")
    tab.wait("document.querySelectorAll('#hint-body .hint-play').length >= 5", timeout=READY_S)
    first = tab.text("#hint-body .hint-play")
    assert "8/3 6/3" in first and "best" in first, first

    move_once(tab)
    tab.click_when("#undo")
    until(tab, lambda s: s.turn is not None and s.turn.actions == ())
    assert tab.js("document.getElementById('undo').disabled")

    while not tab.js("!document.getElementById('confirm').disabled"):
        move_once(tab)
    tab.click("#confirm")
    # The computer's reply (its worker boots its own Python: slow in WebKit), then our roll.
    until(
        tab,
        lambda s: s.game.turn == 0 and s.game.phase is Phase.ROLL and s.game.dice is None,
        timeout=READY_S,
    )
    idle(tab)
    assert tab.text("#last-play-text"), "the computer's play is told"

    # A reload keeps the game, as drawn.
    before, drawn = session_of(tab), board(tab)
    tab.reload()
    tab.ready()
    assert session_of(tab).game == before.game
    assert board(tab) == drawn

    # The review of the game so far, and its analysis.
    tab.click_when("#replay-toggle")
    tab.wait("document.querySelectorAll('#move-list .move-row').length >= 1")
    assert "53: " in tab.text("#move-list")  # the opening 5-3
    tab.click_when("#analysis-run")
    tab.wait("document.body.dataset.analysis === 'done'", timeout=READY_S)
    assert "Error rate" in tab.text("#analysis-result")
    tab.click_when("#replay-live")
    tab.wait("document.getElementById('replay').hidden")


def test_a_whole_game_link_opens_in_the_review_and_plays_on(fresh: Tab):
    tab = chromium_elsewhere(fresh)
    record = played(14)
    tab.open("index.html#" + format_game_link(record))
    tab.wait("!document.getElementById('replay').hidden")
    assert f"Game {len(record.games)}" in tab.text("#replay-where")
    assert "#" not in tab.js("location.href")  # read, then dropped from the address
    tab.click_when("#replay-play-on")
    tab.wait("document.getElementById('replay').hidden")
    positions = [state.position for state in record.replay()]
    assert session_of(tab).game.position in positions


def test_every_stop_of_the_review_has_the_page_s_ring(fresh: Tab):
    """Tab through a whole match's review: each control, and the move list itself where the
    engine stops on a list that scrolls (Firefox: it had the browser's 1 px line)."""
    tab = fresh
    tab.open("index.html#" + format_game_link(played(14)))
    tab.wait("!document.getElementById('replay').hidden")
    thin, stops = [], set()
    for _ in range(400):
        tab.press("Tab")
        name, shown, outline, *_ = tab.js(FOCUSED)
        if name is None or (name == "replay-live" and "replay-live" in stops):
            break
        stops.add(name)
        if not ((shown and outline == "solid") or name.startswith("Pick up")):
            thin.append((name, outline))
    assert "export-mat" in stops, f"{tab.name}: the review's controls never reached: {stops}"
    assert thin == [], f"{tab.name}: stops without the ring: {thin}"


def test_a_game_by_link_is_handed_over_between_two_players(fresh: Tab):
    """Ann at 127.0.0.1, Bob at localhost: one site, two origins, two localStorages."""
    tab = chromium_elsewhere(fresh)
    other = tab.base.replace("127.0.0.1", "localhost")
    assert other != tab.base
    clear(tab, other)
    tab.open(tab.base + "index.html?pace=0")
    tab.click_when("#settings-toggle")
    tab.click_when('input[name="opponent"][value="link"]')
    tab.click_when("#settings-done")
    tab.wait("document.getElementById('status').textContent.includes('invites them')")
    tab.wait("!document.getElementById('link-out').hidden")
    invitation = tab.js("document.getElementById('link-url').value")
    assert "#friend=F1." in invitation and invitation.startswith(tab.base)
    before = session_of(tab)

    tab.open(invitation.replace(tab.base, other))  # Bob opens it in his browser
    tab.wait("document.getElementById('status').textContent.includes('lets them roll')")
    tab.wait("!document.getElementById('link-out').hidden")
    answer = tab.js("document.getElementById('link-url').value")
    assert "#friend=F1." in answer and answer.startswith(other) and answer != invitation

    tab.open(answer.replace(other, tab.base))  # Ann opens Bob's answer: she may roll
    assert "#friend=" not in tab.js("location.href")
    assert before.game.phase is Phase.OPENING
    tab.click_when("#roll")
    until(tab, lambda s: s.game.phase is not Phase.OPENING)


# The rooms' names cut short by an ellipsis (test_rooms.py's CUT_NAMES).
CUT_NAMES = """[...document.querySelectorAll('.rooms button, .tabs button')]
  .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 0.5)
  .map(b => b.textContent)"""


def test_every_rooms_name_is_whole_where_the_bar_is_narrow(fresh: Tab):
    """Each engine's own letters: the names were cut ("P…", "Re…") in English at 800x600 (the
    side panel 236 px) and at 447x530 (a board held small by the height), in German more."""
    tab = fresh
    cut = []
    try:
        for code in ("en", "de"):
            tab.resize(*VIEWPORT)
            tab.open(f"index.html?lang={code}&pace=0")
            for size in ((800, 600), (447, 530), (1024, 768)):
                tab.resize(*size)
                tab.wait("innerWidth === arg", size[0])
                cut += [(code, size, name) for name in tab.js(CUT_NAMES)]
    finally:
        tab.resize(*VIEWPORT)
    assert cut == [], f"{tab.name}: {cut}"


def test_an_embedded_diagram_and_replay(fresh: Tab):
    tab = chromium_elsewhere(fresh)
    tab.open(f"embed.html?mode=diagram&play=24/18%2013/11#gnubgid={START_62}")
    assert tab.js("document.querySelectorAll('#board circle.checker').length") == 30
    assert tab.js("document.querySelectorAll('#board .trail').length") == 1
    assert "The play: 24/18 13/11." in tab.text("#embed-text")

    tab.open(f"embed.html?mode=replay&mat={MATCH}")
    assert "Game 1, move 0 of" in tab.text("#embed-where")
    tab.click_when("#embed-forward")
    tab.wait("document.getElementById('embed-where').textContent.includes('move 1 of')")
    assert len([c for c in board(tab) if c.startswith("checker")]) == 30
