"""The pool of workers (worker-pool.mjs) in Chromium: its size follows the device (cores,
memory, a phone) and ?workers=N; a hint whose position leaves the board, or whose panel is
closed, has its tasks on the pool cancelled and shows nothing late, and the next hint is the
new position's, shared on the pool at once."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Browser, Page

from game.analysis.hint_parts import hint_part_answer, planned_hint
from game.engine.match import Rules
from game.engine.state import GameState, Phase
from game.formats import parse_position_id
from game.web.board import hint_panel
from game.web.state.session import FRIEND, FULL, Session, Settings
from game.web.worker import judging
from tests.browser.pages import READY_TIMEOUT_MS, until_pool
from tests.browser.test_full_rules import open_saved
from tests.browser.test_startup import session_of

# The pool made (no worker started: warm(0)) and the size the page wrote on its body.
SIZE = "() => window.workerPool.warm(0).then(() => document.body.dataset.poolSize)"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def pool_size(
    browser: Browser, base_url: str, cores: int, memory: float | None, query: str = "", **device
) -> str:
    """data-pool-size of the game page (``?query``) in a browser that tells those cores and
    that memory (None: as Firefox and Safari, which do not tell it)."""
    context = browser.new_context(base_url=base_url, **device)
    told = "undefined" if memory is None else json.dumps(memory)
    context.add_init_script(
        f"""Object.defineProperty(Navigator.prototype, "hardwareConcurrency",
              {{ get: () => {cores}, configurable: true }});
            Object.defineProperty(Navigator.prototype, "deviceMemory",
              {{ get: () => {told}, configurable: true }});"""
    )
    page = context.new_page()
    page.goto(f"index.html?{query}", wait_until="domcontentloaded")
    size = page.evaluate(SIZE)
    context.close()
    return size


def test_the_pools_size_follows_the_cores_the_memory_and_a_phone(browser: Browser, base_url: str):
    # An 8-core desktop: every core but one; with 2 GB, a quarter of it at 200 MB a worker.
    assert pool_size(browser, base_url, 8, 8) == "7"
    assert pool_size(browser, base_url, 8, 2) == "2"
    # An 8-core phone, its memory told or not: two workers.
    assert pool_size(browser, base_url, 8, None, **PHONE) == "2"
    assert pool_size(browser, base_url, 8, 8, **PHONE) == "2"
    # A small screen without a touch screen (a phone whose browser says its pointer is fine).
    assert pool_size(browser, base_url, 8, None, viewport={"width": 390, "height": 844}) == "2"
    # ?workers=N over every bound (tests and benchmarks).
    assert pool_size(browser, base_url, 8, 1, query="workers=4", **PHONE) == "4"


# A money position the player doubles (tools/data/cube-check-2ply.txt), to roll: its cube
# hint is one round of parts, one for each of the pool's workers and the computer's.
NEAR_A_DOUBLE = GameState(
    Rules.full(), position=parse_position_id("LOfgAA5jm4MDAg"), phase=Phase.ROLL, turn=0
)

# Ask a hint, wait until its parts are on the pool, then click `then`: the pool's status when
# the parts were seen and once the click was taken.
HINT_THEN = """async (then) => {
  const status = async () => JSON.parse(await window.workerPool.status());
  const live = (seen) => Object.keys(seen.jobs).filter((tag) => tag.startsWith("hint-"));
  delete document.body.dataset.hintShown;
  document.getElementById("hint").click();
  let seen = await status();
  for (let k = 0; k < 12000 && !live(seen).length && !document.body.dataset.hintShown; k++) {
    await new Promise((done) => setTimeout(done, 5));
    seen = await status();
  }
  if (!live(seen).length) return { seen, after: null };
  document.getElementById(then).click();
  let after = await status();
  for (let k = 0; k < 100 && live(after).length; k++) {
    await new Promise((done) => setTimeout(done, 5));
    after = await status();
  }
  return { seen, after, tags: live(seen) };
}"""


def dropped_after(page: Page, then: str) -> None:
    """A hint asked, its parts on the pool, then `then` clicked: every task of it cancelled."""
    found = page.evaluate(HINT_THEN, then)
    assert found["after"] is not None, f"the hint's parts never reached the pool: {found}"
    seen, after = found["seen"], found["after"]
    (tag,) = found["tags"]
    assert after["jobs"] == {}  # nothing of the hint waits or runs as its job
    # Cancelled, not finished: the pool counts them dropped.
    assert after["dropped"] - seen["dropped"] >= seen["jobs"][tag] >= 1


def test_a_stale_hint_is_cancelled_on_the_pool_and_the_next_comes_for_the_new_position(
    game_page: Page,
):
    page = game_page
    session = Session(NEAR_A_DOUBLE, Settings(opponent=FRIEND, rules=FULL)).after(NEAR_A_DOUBLE)
    open_saved(page, session, "seed=3&pace=0&workers=2")
    page.evaluate("() => window.workerPool.warm(2)")
    until_pool(page, "ready", 2, READY_TIMEOUT_MS)
    # The cube hint asked, then the roll: the position it was asked for has left the board.
    dropped_after(page, "roll")
    assert page.locator("#hint-panel").is_hidden()
    assert session_of(page).game.phase is Phase.MOVE
    # The plays' hint asked once the pool's workers finished the parts dropped (their answers
    # unread), then its panel closed (the tutor off: nobody waits for it).
    until_pool(page, "busy", 0, 30_000)
    dropped_after(page, "hint-close")
    until_pool(page, "busy", 0, 30_000)
    # No late answer shown.
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.body.dataset.hintShown") is None
    # The next hint: the new position's, shared on the pool's two workers at once.
    game = session_of(page).game
    started = time.monotonic()
    page.click("#hint")
    page.wait_for_function("() => document.body.dataset.hintShown === 'true'", timeout=120_000)
    print(f"the next hint in {time.monotonic() - started:.1f} s")
    expected = judging.hint_reply(judging.hint_request(game))
    own = bool(session_of(page).mover_at_bottom)
    assert page.inner_html("#hint-body") == hint_panel.hint_html(expected, False, own=own)
    planned, parts = planned_hint(game), 0
    while not planned.done:
        requests = planned.requests(3)
        parts = max(parts, len(requests))
        planned.take([hint_part_answer(request) for request in requests])
    assert page.evaluate("() => document.body.dataset.hintParts") == str(parts)


def test_a_hint_on_the_pools_one_idle_worker_is_dropped_there(game_page: Page):
    """With one worker idle the hint is asked whole of it, not of the computer's worker, which
    a dropped hint then leaves free for the computer's moves."""
    page = game_page
    session = Session(NEAR_A_DOUBLE, Settings(opponent=FRIEND, rules=FULL)).after(NEAR_A_DOUBLE)
    open_saved(page, session, "seed=3&pace=0&workers=1")
    page.wait_for_function(
        "() => document.body.dataset.worker === 'ready'", timeout=READY_TIMEOUT_MS
    )
    page.evaluate("() => window.workerPool.warm(1)")
    until_pool(page, "ready", 1, READY_TIMEOUT_MS)
    page.evaluate("() => { delete document.body.dataset.thinkFrom; }")
    dropped_after(page, "roll")
    # The computer's worker was asked nothing (worker_client.ask marks each of its asks).
    assert page.evaluate("() => document.body.dataset.thinkFrom") is None
    assert page.locator("#hint-panel").is_hidden()
