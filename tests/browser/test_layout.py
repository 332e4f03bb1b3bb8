"""The page at the sizes players have, 320x568 to 1920x1080: every prompt opens in view, the
page never scrolls sideways, the end of a match is shown over the board.

Scenes are sessions built with the engine (``tests/browser/scenes.py``; ``python -m
tools.qa.screenshots`` takes screenshots of the same scenes): each is put in localStorage and
opened once, then the window is resized in place, so one page boot serves the four sizes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.engine.match import Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.address import links
from game.web.state.session import COMPUTER
from tests.browser.pages import open_game
from tests.browser.scenes import PROMPTS, SIZES, close_prompt, put_scene

NO_SIDEWAYS_SCROLL = (
    "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
)


def assert_in_view(page: Page, selector: str, size: tuple[int, int]) -> None:
    width, height = size
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown at {width}x{height}"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, size, box)
    assert box["x"] + box["width"] <= width + 0.5, (selector, size, box)
    assert box["y"] + box["height"] <= height + 0.5, (selector, size, box)


def resize(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})


@pytest.mark.parametrize("scene", ["doubled", "crawford"])
def test_the_page_never_scrolls_sideways(game_page: Page, scene: str):
    """A double being considered ("You 0 - 0 Computer" beside "to answer"), the Crawford
    badge at 23-24 of a 25-point match (the end of a match: below); the help text centred
    under the header, as the header is (it once stood at the left of a wide screen)."""
    put_scene(game_page, "", scene)
    for size in SIZES:
        resize(game_page, size)
        assert game_page.evaluate(NO_SIDEWAYS_SCROLL), f"{scene} scrolls sideways at {size}"
        assert_in_view(game_page, "#score", (size[0], 10_000))
        header, help_text = game_page.evaluate(CENTRES)
        assert abs(header - help_text) <= 1, f"the help text is off the header's centre at {size}"


# The centres of the header and of the help text under the game (a wide game, narrower help).
CENTRES = """() => ['.site-header', '#how-to-play'].map(selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.left + box.width / 2; })"""


# The choices of a prompt drawn narrower than their longest option (Settings' language, cut by a
# few letters on a phone in Firefox): a copy free of the page's limits gives the width needed.
CUT_CHOICES = """dialog => [...document.querySelector(dialog).querySelectorAll('select')]
  .filter(select => select.getClientRects().length > 0).filter(select => {
    const free = select.cloneNode(true);
    free.removeAttribute('id');
    free.style.cssText = 'position: absolute; max-width: none; width: auto; visibility: hidden';
    select.after(free);
    const needed = free.getBoundingClientRect().width;
    free.remove();
    return select.getBoundingClientRect().width + 0.5 < needed; }).map(select => select.id)"""


def test_every_prompt_opens_in_view_at_every_size(game_page: Page):
    put_scene(game_page, "", "opened")  # a game in progress: New game asks first
    shared = GameState(Rules.simple(), position=Position.start(), phase=Phase.ROLL, turn=1)
    fragment = links.share_fragment(shared, COMPUTER)
    for size in (*SIZES, (1366, 768)):  # 1366x768: where the prompts once opened out of view
        resize(game_page, size)
        # Scrolled to the bottom of the help text, as a reader might be.
        game_page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        for name, (button, dialog) in PROMPTS.items():
            game_page.locator(button).scroll_into_view_if_needed()
            game_page.click(button)
            expect(game_page.locator(dialog)).to_be_visible()
            assert_in_view(game_page, dialog, size)
            focused = game_page.evaluate(
                f"() => document.querySelector({dialog!r}).contains(document.activeElement)"
            )
            assert focused, f"the keyboard is not in the {name} prompt at {size}"
            assert game_page.evaluate(NO_SIDEWAYS_SCROLL), (name, size)
            assert game_page.evaluate(CUT_CHOICES, dialog) == [], (name, size)
            close_prompt(game_page, dialog)
        game_page.evaluate(f"() => {{ window.location.hash = {fragment!r}; }}")
        expect(game_page.locator("#notice-text")).to_contain_text("Open it?")
        assert_in_view(game_page, "#notice", size)
        expect(game_page.locator("#notice-no")).to_have_text("Keep my game")
        game_page.click("#notice-no")
        expect(game_page.locator("#notice")).to_be_hidden()
    expect(game_page.locator("#last-play-text")).to_have_text("The computer played 1/3 12/17.")


def test_the_end_of_a_match_is_a_moment_with_its_next_step(game_page: Page):
    put_scene(game_page, "", "match-over")
    for size in SIZES:
        resize(game_page, size)
        expect(game_page.locator("#ending")).to_be_visible()
        assert_in_view(game_page, "#ending", size)
        assert game_page.evaluate(NO_SIDEWAYS_SCROLL), f"the end of a match at {size}"
    expect(game_page.locator("#ending-title")).to_have_text("You win the match 3\u20131")
    expect(game_page.locator("#ending-reason")).to_have_text("Last game: a gammon \u2014 2 points.")
    expect(game_page.locator("#score-text")).to_have_text("You 3 \u2013 1 Computer")
    game_page.click("#next-game")  # "New match"
    expect(game_page.locator("#ending")).to_be_hidden()
    expect(game_page.locator("#status")).to_have_text("Roll the dice to see who starts.")


def test_the_board_fills_a_wide_screen_up_to_its_height(game_page: Page):
    put_scene(game_page, "", "rolled")
    for width, height in SIZES:
        resize(game_page, (width, height))
        box = game_page.locator("#board svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        if width >= 1280:  # the board and its buttons side by side, the board as tall as fits
            assert box["height"] >= 0.75 * height, (width, height, box)
            assert box["y"] + box["height"] <= height
            assert_in_view(game_page, "#undo", (width, height))
        die = game_page.locator("#board g.die rect").first.bounding_box()
        assert die["width"] >= 24 if width < 400 else die["width"] >= 40, (width, die)
    # The computer's opening play: two arrows on the board until the person moves.
    assert game_page.locator("#board .trail line[marker-end]").count() == 2


# The control the keyboard is on, and whether its centre is its own (not under another element).
FOCUS_SEEN = """() => { const e = document.activeElement;
  if (e === null || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const own = hit !== null && (e.contains(hit) || [...(e.labels || [])].some(l => l.contains(hit)));
  const ring = getComputedStyle(e);
  return [e.id || e.textContent.trim(), own ? '' : (hit && (hit.id || hit.className)) || 'off',
          ring.outlineStyle + ' ' + ring.outlineWidth];
}"""


def test_the_keyboard_s_focus_is_never_under_what_stays_put(game_page: Page):
    """Tab through Settings and back up the review's panel: no control is reached hidden under
    the dialog's Done or the panel's rooms and tabs, which stay put while the rest scrolls (in
    all three engines a focused control whose box was in the scrolled area was not scrolled),
    and each has the page's ring (a choice, a box and a text field had the browser's 1 px)."""
    resize(game_page, (320, 568))  # the page loaded on a small phone, as a player's would be
    open_game(game_page, "seed=5&pace=0")
    for size, button, key in (
        ((320, 568), "#replay-toggle", "Shift+Tab"),  # 94 of the panel's 235 px stuck bars
        ((1280, 800), "#settings-toggle", "Tab"),
        ((390, 844), "#settings-toggle", "Tab"),
        ((390, 844), "#replay-toggle", "Shift+Tab"),
        ((667, 375), "#replay-toggle", "Shift+Tab"),
    ):
        resize(game_page, size)
        game_page.click(button)
        if key == "Shift+Tab":  # up the panel from its foot
            game_page.focus("#keys-toggle")
        hidden, thin, reached = [], [], set()
        for _ in range(60):
            game_page.keyboard.press(key)
            seen = game_page.evaluate(FOCUS_SEEN)
            if seen is None or (seen[0] == "room-play" and key == "Shift+Tab"):
                break
            reached.add(seen[0])
            if seen[1]:
                hidden.append(seen)
            if seen[2] != "solid 3px":
                thin.append(seen)
        assert {"rollout-level", "import-text"} & reached, (size, button, reached)
        assert hidden == [], (size, button, hidden)
        assert thin == [], (size, button, thin)  # the page's ring on every control
        game_page.keyboard.press("Escape")  # Settings closed, the review left
        expect(game_page.locator("#replay")).to_be_hidden()
