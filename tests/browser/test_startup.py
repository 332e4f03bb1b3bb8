"""The board before Python, and a page that never freezes while the computer thinks."""

from __future__ import annotations

import itertools
import json
import time
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from game.web.board.prerender import starting_board
from game.web.state.session import to_viewer
from game.web.store import storage
from game.web.store.door import board_key
from tests.browser.pages import READY_TIMEOUT_MS, clear_site_storage, open_game, until_pool

# With this seed the person wins the opening roll (5-3): their move waits on the board.
PERSON_OPENS = 5

# The longest main-thread task while the computer last thought: begun after it was asked and
# over before its answer came (<body data-think-from/-to>); the tasks that ask and that show
# the answer are the page's own drawing, timed by tools/bench/page.py.
LONGEST_TASK_WHILE_THINKING = """() => new Promise((resolve) => setTimeout(() => {
  const from = Number(document.body.dataset.thinkFrom), to = Number(document.body.dataset.thinkTo);
  resolve({ thought: to - from, longest: Math.max(0, ...window.__longTasks
    .filter(([at, ms]) => at > from && at + ms < to).map(([, ms]) => ms)) });
}, 100))"""
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""


class Board(HTMLParser):
    """The tags inside <div id="board"> of a page's raw HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth or attrs.get("id") == "board":
            self.tags.append((tag, attrs))
            if tag == "div":
                self.depth += 1

    def handle_endtag(self, tag):
        if self.depth and tag == "div":
            self.depth -= 1


def session_of(page: Page):
    return storage.load_text(
        page.evaluate(f"() => localStorage.getItem({json.dumps(storage.KEY)})")
    )


def to_person_move(page: Page) -> None:
    """Wait for the computer, then roll (or take its double) until the person has a move."""
    for _ in range(20):
        page.wait_for_function(
            "() => !document.getElementById('board').classList.contains('busy')",
            polling=250,
            timeout=120_000,
        )
        session = session_of(page)
        phase = session.game.phase.value
        if session.computer_to_act:
            continue
        if phase == "move" and session.turn is not None:
            return
        if phase == "doubled":
            page.click("#take")
        elif phase in ("roll", "opening"):
            page.click("#roll")
        else:
            page.click("#next-game")
    raise AssertionError("the person never got a move")


def play_person_turn(page: Page) -> None:
    while True:
        session = session_of(page)
        turn = session.turn
        if turn is None or turn.is_complete:
            return
        at_bottom = session.mover_at_bottom
        origin = sorted(turn.origins())[0]
        if session.selected != origin:
            page.locator(f'#board [data-target="{to_viewer(origin, at_bottom)}"]').first.click()
        destination = sorted(turn.destinations(origin))[0]
        page.locator(f'#board [data-target="{to_viewer(destination, at_bottom)}"]').first.click()


@pytest.mark.parametrize("path", ["index.html", "embed.html"])
def test_the_first_html_already_holds_the_board_and_nothing_looks_playable(site, path):
    with urllib.request.urlopen(site + path) as response:
        html = response.read().decode("utf-8")
    board = Board()
    board.feed(html)
    classes = [attrs.get("class") for _, attrs in board.tags]
    assert "loading" in classes  # the board is covered by the loading state until Python is up
    if path == "embed.html":  # as text (#board-start), shown by embed-shell.js
        held = html.split('<script type="text/html" id="board-start">', 1)[1].split("</script>")[0]
        board = Board()
        board.feed(f'<div id="board">{held}</div>')
        classes = [attrs.get("class") for _, attrs in board.tags]
    assert classes.count("checker cyan") == 15 and classes.count("checker pink") == 15
    assert starting_board() in html
    assert 'id="roll"' in html
    for button in ("roll", "new-game", "share", "settings-toggle"):
        if f'id="{button}"' not in html:
            continue  # embed.html has fewer buttons
        tag = html[html.index(f'id="{button}"') :].split(">", 1)[0]
        assert "disabled" in tag or "hidden" in tag, button


def test_a_returning_player_sees_their_saved_board_before_python_is_up(
    shared_context: BrowserContext,
):
    page = shared_context.new_page()
    clear_site_storage(page)
    open_game(page, f"seed={PERSON_OPENS}")
    page.click("#roll")
    expect(page.locator("#undo")).to_be_visible()  # the person's opening move waits
    drawn = page.evaluate("() => document.querySelector('#board svg').outerHTML")
    page.close()

    # The next visit, with Pyodide held back: only boot.js and the HTML can draw.
    page = shared_context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page.goto("index.html", wait_until="domcontentloaded")
    assert page.evaluate("() => document.body.dataset.ready") is None
    assert page.evaluate("() => document.body.dataset.painted") == "saved"
    assert page.evaluate("() => document.querySelector('#board svg').outerHTML") == drawn
    expect(page.locator("#loading")).to_be_visible()
    assert page.locator("#roll").is_disabled()

    # A board kept for another save text is never painted: the starting board stays.
    page.evaluate(
        f"""() => {{
          const kept = JSON.parse(localStorage.getItem({json.dumps(board_key(storage.KEY))}));
          kept.save += " ";
          localStorage.setItem({json.dumps(board_key(storage.KEY))}, JSON.stringify(kept));
        }}"""
    )
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("() => document.body.dataset.painted") is None
    assert page.locator("#board circle.checker").count() == 30
    assert page.evaluate("() => document.querySelector('#board svg').outerHTML") != drawn
    page.close()


@pytest.fixture(scope="module")
def expert_page(shared_context: BrowserContext) -> Iterator[Page]:
    """A game against the expert under the full rules, its worker up, the person to move; a
    pool of two workers started, for the expert's look two rolls ahead."""
    page = shared_context.new_page()
    page.add_init_script(LONG_TASKS)
    clear_site_storage(page)
    open_game(page, f"seed={PERSON_OPENS}&pace=0&workers=2")
    page.evaluate("() => window.workerPool.warm()")
    page.click("#settings-toggle")
    page.select_option("#level", "expert")
    page.check('input[name="rules"][value="full"]')
    page.click("#settings-done")
    page.wait_for_function(
        "() => document.body.dataset.worker === 'ready'", timeout=READY_TIMEOUT_MS
    )
    page.click("#roll")
    yield page
    page.close()


def test_no_long_task_while_the_expert_thinks(expert_page: Page):
    page = expert_page
    for _ in range(2):
        to_person_move(page)
        play_person_turn(page)
        before = page.evaluate("() => document.body.dataset.computerMs")
        page.click("#confirm")
        page.wait_for_function(
            f"() => document.body.dataset.computerMs !== {json.dumps(before)}"
            " && !document.getElementById('board').classList.contains('busy')",
            polling=250,  # few evaluations of our own on the main thread while it waits
            timeout=120_000,
        )
        thinking = page.evaluate(LONGEST_TASK_WHILE_THINKING)
        # Nothing of the page's runs while the worker thinks. Thinking on the main thread
        # would be one task as long as the whole window. On a machine loaded far beyond its
        # cores the OS stretches Chromium's own small tasks, and the expert's second becomes
        # tens of seconds, so the limit grows with the window past 2 s (a twentieth of it).
        assert thinking["longest"] < max(100, thinking["thought"] / 20), thinking


def test_new_game_is_answered_while_the_expert_thinks(expert_page: Page):
    page = expert_page
    for _ in range(6):  # a turn whose thinking ends before the click lands proves nothing
        to_person_move(page)
        play_person_turn(page)
        asked = page.evaluate("() => document.body.dataset.thinkFrom || ''")
        page.click("#confirm")
        page.wait_for_function(
            f"() => (document.body.dataset.thinkFrom || '') !== {json.dumps(asked)}", polling=20
        )
        # A real click, queued like a person's: a main thread busy thinking would answer it
        # only once the thinking was over.
        page.click("#new-game", timeout=5_000)
        shown, thinking = page.evaluate(
            """() => { const data = document.body.dataset;
                       return [!document.getElementById('notice').hidden,
                               !(Number(data.thinkTo) >= Number(data.thinkFrom))]; }"""
        )
        if shown and thinking:
            expect(page.locator("#notice-text")).to_contain_text("Start a new")
            page.click("#notice-yes")
            expect(page.locator("#status")).to_contain_text("Roll the dice to see who starts")
            return
        if shown:
            page.click("#notice-no")  # keep playing: try the next turn
    raise AssertionError("New game was never answered while the computer was thinking")


# When the page became playable, taken on the test's clock as the requests' moments are (the
# page's Date may be a fake clock that another test installed on the shared context).
READY_AT = """
new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__markReady();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
BOT_DATA = "/game/bot/data/"
# What the computer fetches from there: its networks and the bear-off table.
BOT_FILES = {
    "bearoff.bin",
    "contact.net",
    "pruning.net",
    "race.net",
    "race-ranking.net",
    "ranking.net",
}


def test_the_bot_data_is_fetched_only_once_the_board_is_playable(shared_context):
    bot_data: list[tuple[float, str]] = []

    def note(request) -> None:
        if BOT_DATA in request.url:
            bot_data.append((time.time() * 1000, request.url))

    page = shared_context.new_page()
    clear_site_storage(page)
    ready: list[float] = []
    page.expose_function("__markReady", lambda: ready.append(time.time() * 1000))
    page.add_init_script(READY_AT)
    shared_context.on("request", note)
    try:
        open_game(page, "seed=3&pace=0")
        page.wait_for_function(
            "() => document.body.dataset.worker === 'ready'", timeout=READY_TIMEOUT_MS
        )
        page.wait_for_function("() => true")  # the binding's call has reached the test
        assert ready, "the page never said it was ready"
        ready_at = ready[0]
    finally:
        shared_context.remove_listener("request", note)
    fetched = {url.rsplit("/", 1)[1] for _, url in bot_data}
    assert fetched == BOT_FILES, bot_data  # by the worker
    assert all(at >= ready_at for at, _ in bot_data), (ready_at, bot_data)
    page.close()


def test_without_a_worker_the_page_fetches_the_bot_itself_and_the_computer_plays(
    shared_context,
):
    page = shared_context.new_page()
    clear_site_storage(page)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if BOT_DATA in r.url else None)
    page.route("**/computer-worker.mjs", lambda route: route.abort())
    open_game(page, f"seed={PERSON_OPENS}&pace=0")
    page.wait_for_function("() => document.body.dataset.worker === 'failed'")
    page.click("#roll")
    to_person_move(page)
    play_person_turn(page)
    before = page.evaluate("() => document.body.dataset.computerMs")
    page.click("#confirm")
    page.wait_for_function(  # the computer has answered (thinking on the page)
        f"() => document.body.dataset.computerMs !== {json.dumps(before)}"
        " && !document.getElementById('board').classList.contains('busy')",
        timeout=120_000,
    )
    assert {url.rsplit("/", 1)[1] for url in fetched} == BOT_FILES
    assert "Something went wrong" not in page.inner_text("body")
    page.close()


def test_the_experts_play_with_its_deep_look_on_the_pool_is_the_play_thought_whole(
    expert_page: Page,
):
    """The computer's plays at the expert's level, their look two rolls ahead shared among
    the pool's two workers and the computer's (game/web/table/pooled_play.py): each the play
    CPython's ``choose_play`` gives for the same position and dice."""
    from game.bot import choose_play
    from game.bot.match_value import checker_play_state
    from game.engine.state import Phase
    from game.web.state.session import COMPUTER_PLAYER
    from game.web.store.door import HISTORY
    from game.web.store.history import read_history

    page = expert_page
    until_pool(page, "ready", 2, READY_TIMEOUT_MS)
    shared = 0
    for _ in range(6):  # until a play was shared: not every play is a close call
        to_person_move(page)
        play_person_turn(page)
        before = page.evaluate("() => document.body.dataset.computerMs")
        page.click("#confirm")
        page.wait_for_function(
            f"() => document.body.dataset.computerMs !== {json.dumps(before)}"
            " && !document.getElementById('board').classList.contains('busy')",
            polling=250,
            timeout=120_000,
        )
        shared = int(page.evaluate("() => document.body.dataset.botParts || '0'"))
        if shared:
            break
    assert shared == 3  # a part for each of the pool's workers and one for the computer's
    session = session_of(page)
    kept = page.evaluate(f"() => localStorage.getItem({json.dumps(storage.KEY + HISTORY)})")
    states = read_history(json.loads(kept), session.game).replay()
    checked = 0
    for state, after in itertools.pairwise(states):
        if state.phase is not Phase.MOVE or state.turn != COMPUTER_PLAYER or state.dice is None:
            continue
        if len(state.legal_plays()) < 2:
            continue
        play = choose_play(
            state.position, state.dice, "expert", None, checker_play_state(state, state.turn)
        )
        assert play is not None and state.play(play).position == after.position
        checked += 1
    assert checked >= 1


def test_the_persons_hint_with_its_look_on_the_pool_is_the_hint_thought_whole(expert_page: Page):
    """The person's hint, its look-aheads shared among the pool's two workers and the
    computer's (game/web/worker/hint_parts.py): the panel CPython's hint draws, every play and
    figure to the last digit."""
    from game.analysis.hint_parts import hint_part_answer, planned_hint
    from game.web.board import hint_panel
    from game.web.worker import judging

    page = expert_page
    to_person_move(page)
    status = "async () => JSON.parse(await window.workerPool.status())"
    deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
    while page.evaluate(status)["ready"] < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(250)  # both of the pool's workers up (the hint asks them)
    session = session_of(page)
    page.evaluate("() => { delete document.body.dataset.hintShown; }")
    page.click("#hint")
    page.wait_for_function("() => document.body.dataset.hintShown === 'true'", timeout=120_000)
    expected = judging.hint_reply(judging.hint_request(session.game))
    own = bool(session.mover_at_bottom)
    assert page.inner_html("#hint-body") == hint_panel.hint_html(expected, False, own=own)
    # As many parts as the plan deals to three workers in its largest round (a look with
    # only two candidates has two); none when it does not look ahead (a single play, say).
    planned, parts = planned_hint(session.game), 0
    while not planned.done:
        requests = planned.requests(3)
        parts = max(parts, len(requests))
        planned.take([hint_part_answer(request) for request in requests])
    assert page.evaluate("() => document.body.dataset.hintParts") == str(parts)
    page.click("#hint-close")


def test_the_experts_answer_to_a_double_with_its_look_on_the_pool_is_the_answer_thought_whole(
    expert_page: Page,
):
    """The computer's answer to the person's double at the expert's level, its look two rolls
    ahead shared among the pool's two workers and the computer's
    (game/web/worker/cube_parts.py): the answer CPython's ``answer_double`` gives. (Last of
    the page's tests: the game may end here.)"""
    from game.engine.phase import OVER
    from game.web.worker.computer import answer_double

    page = expert_page
    for _ in range(4):  # until the person may double (not while the computer owns the cube)
        page.wait_for_function(
            "() => !document.getElementById('board').classList.contains('busy')",
            polling=250,
            timeout=120_000,
        )
        session = session_of(page)
        if not session.computer_to_act and session.game.may_double():
            break  # (after the test before, usually at once: the person to roll)
        to_person_move(page)
        play_person_turn(page)
        page.click("#confirm")
    else:
        raise AssertionError("the person never had the cube to offer")
    before = page.evaluate("() => document.body.dataset.cubeMs")
    page.click("#double")
    page.wait_for_function(
        f"() => document.body.dataset.cubeMs !== {json.dumps(before)}", timeout=120_000
    )
    # A part for each of the pool's workers and one for the computer's.
    assert page.evaluate("() => document.body.dataset.cubeParts") == "3"
    expected = answer_double(session.game.double(), "expert")
    after = session_of(page).game
    if expected == "pass":
        assert after.phase in OVER
    else:  # taken, or beavered: the cube the computer's, at twice its value or four times
        assert after.cube.owner == 1 - session.game.turn
        assert after.cube.value == session.game.cube.value * (4 if expected == "beaver" else 2)
