"""The page's rooms (the table, the review, the study) at the sizes players have: the whole
board on screen after load and with every panel open, the actions beside the board in
landscape, a header that never changes height; keys, dragging, opened positions; and an
axe-core run in each room with no serious or critical violation.

axe-core is pinned in package.json (devDependencies) and read from node_modules: it is put in
the page through the browser's debugging channel, so the page's own CSP stays as it ships.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.engine.match import Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.formats.game_link import format_game_link
from game.web.address import links
from game.web.state.session import COMPUTER, to_viewer
from game.web.store import storage
from tests.browser.pages import open_game
from tests.browser.scenes import put_scene
from tests.records import played

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = ((1280, 800), (1366, 768), (1920, 1080), (375, 667), (320, 568), (667, 375))
# Each room and panel, opened by its button (None: the table as the page opens).
ROOMS = {
    "table": None,
    "review": "#replay-toggle",
    "analysis": "#analysis-toggle",
    "dice": "#dice-toggle",
    "study": "#rating-toggle",
    "train": "#train-toggle",
}


# The rooms' and the review's tab names that do not show whole (cut short by an ellipsis).
CUT_NAMES = """() => [...document.querySelectorAll('.rooms button, .tabs button')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 0.5)
    .map(b => b.textContent)"""

# A phone: every control a finger can hit, at least 44 x 44 CSS px (a checkbox or a radio
# button by the label that holds it). The board's points are measured apart (see below).
PHONE = (375, 667)
FINGER = 44
SMALL_CONTROLS = """size => [...document.querySelectorAll(
        '.site-header a, #game button, #game select, #game summary, #game input, #game textarea,'
        + ' dialog[open] button, dialog[open] select, dialog[open] input, dialog[open] textarea')]
    .map(e => ['checkbox', 'radio'].includes(e.type) ? (e.closest('label') || e) : e)
    .filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
    .map(e => [e.id || e.textContent.trim().slice(0, 24), e.getBoundingClientRect()])
    .filter(([name, r]) => r.width < size - 0.5 || r.height < size - 0.5)
    .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
# The panel beside or under the board, whole: nothing in it wider than it, never scrolled
# sideways (the review's panel was once 51 px wider than its column, cutting its tabs).
PANEL_CUT = """() => {
    const panel = document.querySelector('#panel');
    const edge = panel.getBoundingClientRect().right + 0.5;
    const cut = [...panel.querySelectorAll('*')]
        .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().right > edge)
        .map(e => e.id || e.className || e.tagName);
    if (panel.scrollWidth > panel.clientWidth || panel.scrollLeft !== 0) cut.push('#panel');
    return cut;
}"""


# The hint's best play (its row and Play this) whole inside the panel's box.
FIRST_PLAY_SEEN = """() => {
    const panel = document.getElementById('panel').getBoundingClientRect();
    const row = document.querySelector('#hint-body .hint-plays > li').getBoundingClientRect();
    return row.top >= panel.top - 0.5 && row.bottom <= panel.bottom + 0.5;
}"""


def in_view(page: Page, selector: str, size: tuple[int, int]) -> bool:
    box = page.locator(selector).bounding_box()
    width, height = size
    return (
        box is not None
        and box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= width + 0.5
        and box["y"] + box["height"] <= height + 0.5
    )


def open_room(page: Page, room: str) -> None:
    page.click("#room-play")
    button = ROOMS[room]
    if button is not None:
        page.click(button)


def test_the_whole_board_is_on_screen_in_every_room_at_every_size(game_page: Page):
    put_scene(game_page, "", "rolled")
    heights = set()
    for size in SIZES:
        # In front at every size: a tab behind another gets no animation frames, and a click
        # waits for two of them (a CI run once waited 30 s for the first one here).
        game_page.bring_to_front()
        game_page.set_viewport_size({"width": size[0], "height": size[1]})
        for room in ROOMS:
            open_room(game_page, room)
            game_page.evaluate("() => window.scrollTo(0, 0)")
            assert in_view(game_page, "#board svg", size), (room, size)
            assert game_page.evaluate(
                "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
            ), (room, size)
            assert game_page.evaluate(CUT_NAMES) == [], (room, size)
            assert game_page.evaluate(PANEL_CUT) == [], (room, size)
            # The pip counts are drawn in every room, at every size.
            expect(game_page.locator("#pips-text")).to_contain_text("You 1")
            assert game_page.locator("#pips-text").bounding_box()["height"] >= 10, (room, size)
            if size == PHONE:
                assert game_page.evaluate(SMALL_CONTROLS, FINGER) == [], (room, size)
        open_room(game_page, "table")
        game_page.click("#hint")  # a panel of the table: the hint
        expect(game_page.locator("#hint-panel")).to_be_visible()
        assert in_view(game_page, "#board svg", size), ("hint", size)
        assert game_page.evaluate(PANEL_CUT) == [], ("hint", size)
        # The best play in the panel's view as it comes (at 320x568 only the note above it was).
        expect(game_page.locator(".hint-play").first).to_be_visible(timeout=180_000)
        assert game_page.evaluate(FIRST_PLAY_SEEN), ("hint", size)
        if size == PHONE:
            assert game_page.evaluate(SMALL_CONTROLS, FINGER) == [], ("hint", size)
        board = game_page.locator("#board svg").bounding_box()
        undo = game_page.locator("#undo").bounding_box()
        if size[0] > size[1]:  # landscape: the actions beside the board, on screen
            assert undo["x"] >= board["x"] + board["width"] - 1, size
            assert in_view(game_page, "#undo", size), size
        heights.add(game_page.locator(".site-header").bounding_box()["height"])
        game_page.click("#hint-close")
    assert len(heights) == 1  # a fixed height, a finger's height on a phone too


# Widths the rooms' bar has beyond SIZES: the side panel at its narrowest (800x600), a board
# held small by the window's height (447x530), a tablet's side panel (1024x768).
MORE_SIZES = ((800, 600), (447, 530), (1024, 768), (320, 568), (667, 375))
STUCK = """() => [document.querySelector('.rooms').getBoundingClientRect().bottom,
    document.querySelector('#replay .tabs').getBoundingClientRect().top]"""


def test_every_rooms_name_is_whole_in_every_language_and_the_tabs_stick_under_them(
    game_page: Page,
):
    """The names were cut ("P…", "Re…") at 800x600 in English and at 1024x768 in German: smaller
    words where the bar is narrow, a second row where a language needs it, and the review's
    tabs stuck under the rooms as tall as they are."""
    for code in ("en", "es", "de"):
        game_page.set_viewport_size({"width": 1280, "height": 800})
        open_game(game_page, f"lang={code}&pace=0")
        for size in MORE_SIZES:
            game_page.set_viewport_size({"width": size[0], "height": size[1]})
            assert game_page.evaluate(CUT_NAMES) == [], (code, size)
            assert game_page.evaluate(PANEL_CUT) == [], (code, size)
    # Names longer still (German's and Spanish's longest in one bar) take a second row at
    # 320x568, and the review's tabs stick under both rows over a long move list.
    game_page.set_viewport_size({"width": 320, "height": 568})
    open_game(game_page, "pace=0")
    game_page.evaluate(f"() => {{ location.hash = '{format_game_link(played(14))}'; }}")
    expect(game_page.locator("#replay")).to_be_visible()
    game_page.evaluate(
        """() => ['Rückblick', 'Analysieren', 'Clasificación', 'Entrenar'].forEach((name, i) => {
            document.querySelectorAll('.rooms button')[i + 1].textContent = name; })"""
    )
    assert game_page.evaluate(CUT_NAMES) == []
    assert game_page.locator(".rooms").bounding_box()["height"] > 80  # two rows
    game_page.evaluate("() => { document.getElementById('panel').scrollTop = 600; }")
    expect(game_page.locator("#panel")).not_to_have_js_property("scrollTop", 0)
    rooms_bottom, tabs_top = game_page.evaluate(STUCK)
    assert abs(tabs_top - rooms_bottom) <= 1, (rooms_bottom, tabs_top)


def test_a_phone_reaches_the_settings_and_a_friends_link_with_a_finger(game_page: Page):
    game_page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_game(game_page, "pace=0")
    game_page.click("#settings-toggle")
    expect(game_page.locator("#settings-dialog")).to_be_visible()
    assert game_page.evaluate(SMALL_CONTROLS, FINGER) == []
    game_page.check('input[name="opponent"][value="link"]')
    game_page.click("#settings-done")
    expect(game_page.locator("#link-out")).to_be_visible()
    # The link to send and a friend's link to open, both on screen as the room opens.
    assert in_view(game_page, "#link-send", PHONE)
    assert in_view(game_page, "#link-open", PHONE)
    assert game_page.evaluate(SMALL_CONTROLS, FINGER) == []


def test_the_keys_list_leaves_its_words_room_on_a_small_phone(game_page: Page):
    """At 320x568 the keys "← → Home End" on one line left the words 75 of the list's 224 px,
    a word a line: the keys take two lines instead, each key whole."""
    game_page.set_viewport_size({"width": 320, "height": 568})
    open_game(game_page, "pace=0")
    game_page.click("#keys-toggle")
    expect(game_page.locator("#keys-dialog")).to_be_visible()
    words, whole, keys_cut = game_page.evaluate(
        """() => {
            const list = document.querySelector('#keys-dialog .keys');
            const words = document.querySelector('#keys-dialog dd').getBoundingClientRect();
            const edge = k => k.closest('dt').getBoundingClientRect().right + 0.5;
            const cut = [...list.querySelectorAll('dt kbd')].filter(k =>
                k.getBoundingClientRect().right > edge(k) || k.getClientRects().length !== 1)
                .map(k => k.textContent);
            return [words.width, list.getBoundingClientRect().width, cut];
        }"""
    )
    assert words >= 0.55 * whole, (words, whole)
    assert keys_cut == []


def test_a_phone_fills_the_open_and_embed_dialogs_with_a_finger(game_page: Page):
    """Their text fields were the browser's own: Open…'s 33 px tall, Embed's caption 18 px."""
    game_page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_game(game_page, "pace=0")
    game_page.click("#open-toggle")
    expect(game_page.locator("#open-dialog")).to_be_visible()
    assert game_page.evaluate(SMALL_CONTROLS, FINGER) == []
    game_page.keyboard.press("Escape")
    game_page.click("#share")
    game_page.click("#notice-embed")
    expect(game_page.locator("#embed-caption-input")).to_be_visible()
    assert game_page.evaluate(SMALL_CONTROLS, FINGER) == []


def test_the_header_and_the_board_do_not_move_when_the_turn_changes(game_page: Page):
    game_page.set_viewport_size({"width": 375, "height": 667})
    open_game(game_page, "seed=1&pace=0")  # the computer opens
    before = game_page.locator("#board svg").bounding_box()
    game_page.click("#roll")
    expect(game_page.locator("#roll")).to_be_enabled(timeout=60_000)  # the person's turn
    assert game_page.locator("#board svg").bounding_box() == before


def test_the_review_has_a_banner_tabs_and_the_status_never_speaks_of_the_live_game(
    game_page: Page,
):
    open_game(game_page, "seed=1&pace=0")
    game_page.click("#roll")
    expect(game_page.locator("#roll")).to_be_enabled(timeout=60_000)
    game_page.click("#replay-toggle")
    expect(game_page.locator("#review-turn")).to_contain_text("Game 1, turn 1 of 1")
    expect(game_page.locator("#status")).to_contain_text("Reviewing")
    expect(game_page.locator("#replay-live")).to_be_visible()
    game_page.keyboard.press("Home")
    expect(game_page.locator("#review-turn")).to_contain_text("Game 1, the start")
    game_page.click("#tab-dice")
    expect(game_page.locator("#dice")).to_be_visible()
    expect(game_page.locator("#moves")).to_be_hidden()
    game_page.keyboard.press("Escape")
    expect(game_page.locator("#replay")).to_be_hidden()
    expect(game_page.locator("#status")).not_to_contain_text("Reviewing")


def test_keys_roll_undo_and_list_themselves(game_page: Page):
    open_game(game_page, "seed=5&pace=0")  # the person opens with 5-3
    # While a dialog is open its keys are its own: R rolled the dice behind the keys' list.
    game_page.keyboard.press("?")
    expect(game_page.locator("#keys-dialog")).to_be_visible()
    game_page.keyboard.press("r")
    game_page.keyboard.press("Escape")
    expect(game_page.locator("#keys-dialog")).to_be_hidden()
    expect(game_page.locator("#status")).to_contain_text("Roll the dice to see who starts")
    game_page.keyboard.press("r")
    expect(game_page.locator("#status")).to_contain_text("5-3")
    tap(game_page, 8)
    tap(game_page, 3)
    expect(game_page.locator("#undo")).to_be_enabled()
    game_page.locator("#status").click()  # the keyboard back on the page itself
    game_page.keyboard.press("u")
    expect(game_page.locator("#undo")).to_be_disabled()
    game_page.keyboard.press("?")
    expect(game_page.locator("#keys-dialog")).to_be_visible()
    expect(game_page.locator("#keys-dialog")).to_contain_text("Roll the dice")
    game_page.keyboard.press("Escape")
    expect(game_page.locator("#keys-dialog")).to_be_hidden()
    game_page.keyboard.press("t")
    expect(game_page.locator("#board-words")).to_contain_text("Your checkers: 2 on 24")


def test_the_keyboard_is_back_on_roll_after_the_computers_turn(game_page: Page):
    # seed=1: the computer wins the opening roll and plays; Roll goes while it plays (the
    # keyboard left on the page, never on New game) and comes back for the person's turn, and so
    # does the keyboard.
    open_game(game_page, "seed=1")
    game_page.keyboard.press("r")
    expect(game_page.locator("#new-game")).not_to_be_focused()
    expect(game_page.locator("#status")).to_contain_text("Your turn: roll the dice", timeout=30_000)
    expect(game_page.locator("#roll")).to_be_focused()
    game_page.keyboard.press("Enter")  # the keyboard user rolls from where the keyboard is
    expect(game_page.locator("#roll")).to_be_hidden()


def tap(page: Page, point: int) -> None:
    page.locator(f'#board [data-target="{to_viewer(point, True)}"]').first.click()


def test_a_checker_is_dragged_onto_a_point(game_page: Page):
    open_game(game_page, "seed=5&pace=0")  # the person opens with 5-3
    game_page.click("#roll")
    origin = game_page.locator(f'#board [data-target="{to_viewer(8, True)}"] circle.checker')
    target = game_page.locator(f'#board [data-target="{to_viewer(3, True)}"]')
    start, end = origin.last.bounding_box(), target.bounding_box()
    assert start is not None and end is not None
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    game_page.mouse.move(x0, y0)
    game_page.mouse.down()
    game_page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    # Halfway, the checker travels under the pointer.
    carried = game_page.locator("#board circle.dragged")
    expect(carried).to_be_visible()
    box = carried.bounding_box()
    assert box is not None
    assert abs(box["x"] + box["width"] / 2 - (x0 + x1) / 2) < box["width"] / 2
    game_page.mouse.move(x1, y1, steps=4)
    game_page.mouse.up()
    expect(carried).to_have_count(0)
    expect(game_page.locator("#undo")).to_be_enabled()
    saved = storage.load_text(game_page.evaluate(f"() => localStorage.getItem('{storage.KEY}')"))
    assert saved.turn is not None and len(saved.turn.actions) == 1
    # On a phone a point is about 22 px wide: a finger half its width (22 px) off the lone lit
    # point, on the point beside it, still plays there.
    game_page.click("#undo")
    game_page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    tap(game_page, 8)  # 5-3: 8/5 and 8/3 are lit; the 2-point is beside the 3-point alone
    lit = game_page.locator(f'#board [data-target="{to_viewer(3, True)}"]').bounding_box()
    beside = game_page.locator(f'#board [data-target="{to_viewer(2, True)}"]').bounding_box()
    assert lit is not None and beside is not None
    centre = lit["x"] + lit["width"] / 2
    toward = 1 if beside["x"] > lit["x"] else -1
    x, y = centre + toward * FINGER / 2, beside["y"] + beside["height"] / 2
    assert beside["x"] <= x <= beside["x"] + beside["width"]  # on the unlit point beside it
    game_page.mouse.click(x, y)
    expect(game_page.locator("#undo")).to_be_enabled()
    saved = storage.load_text(game_page.evaluate(f"() => localStorage.getItem('{storage.KEY}')"))
    assert saved.turn is not None and saved.turn.position.player[3] == 1  # 8/3


def test_an_opened_position_is_the_persons_to_play(game_page: Page):
    theirs = GameState(Rules.full(), position=Position.start(), phase=Phase.ROLL, turn=1)
    fragment = links.share_fragment(theirs, COMPUTER)
    game_page.goto(f"index.html?pace=0#{fragment}")
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    expect(game_page.locator("#roll")).to_be_enabled()
    expect(game_page.locator("#status")).to_contain_text("Your turn")
    # The save: the person on roll, nothing played by the computer.
    saved = storage.load_text(game_page.evaluate(f"() => localStorage.getItem('{storage.KEY}')"))
    assert saved.person_to_act and saved.game.phase is Phase.ROLL
    assert saved.game.position == Position.start()


def test_open_accepts_gnubgs_own_words(game_page: Page):
    open_game(game_page, "pace=0")
    game_page.click("#open-toggle")
    game_page.fill("#open-text", "Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA")
    game_page.click("#open-go")
    expect(game_page.locator("#open-dialog")).to_be_hidden()
    expect(game_page.locator("#roll")).to_be_enabled()


@pytest.mark.parametrize("room", list(ROOMS))
def test_axe_finds_no_serious_violation_in_the_room(game_page: Page, room: str):
    put_scene(game_page, "", "rolled")
    open_room(game_page, room)
    game_page.evaluate(AXE.read_text(encoding="utf-8"))
    violations = game_page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    # Moderate, mended in session 33: a room's headings start under a heading of the room's own.
    mended = [v for v in violations if v["id"] in ("heading-order", "empty-table-header")]
    assert not mended, mended


def test_share_embed_opens_on_a_mode_that_fits_a_finished_game_and_fits_the_screen(
    game_page: Page,
):
    put_scene(game_page, "", "match-over")
    game_page.set_viewport_size({"width": 1280, "height": 800})
    game_page.click("#share")
    game_page.click("#notice-embed")
    expect(game_page.locator('input[name="embed-mode"][value="replay"]')).to_be_checked()
    expect(game_page.locator("#embed-code")).not_to_have_value("")
    expect(game_page.locator("#embed-problem")).to_be_hidden()
    for button in ("#embed-copy", "#embed-done"):
        assert in_view(game_page, button, (1280, 800)), button
    game_page.click("#embed-done")


def test_the_hint_lists_games_won_and_plays_a_play(game_page: Page):
    put_scene(game_page, "", "rolled")  # the Simple rules: every game counts one
    game_page.click("#hint")
    first = game_page.locator("#hint-body .hint-play").first
    expect(first).to_contain_text("best", timeout=180_000)
    expect(first).to_contain_text("%")
    expect(first).not_to_contain_text("gammon")
    game_page.locator("#hint-body .hint-play-this").first.click()
    expect(game_page.locator("#hint-panel")).to_be_hidden()
    # The play is taken: the computer answers, and the person rolls again.
    expect(game_page.locator("#roll")).to_be_enabled(timeout=180_000)
