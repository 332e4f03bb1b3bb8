"""One Python for every frame of a page: diagram and replay frames of embed.html draw what a
runtime shared by the page renders (embed-shell.js, embed-worker.mjs), booted once.

The site is served by a server of its own here that counts what is asked of it, so a boot
of Pyodide (a request for pyodide.asm.wasm, in a fresh context with an empty cache) or of
PyScript in a frame (runtime/pyscript/core.js) is counted whoever makes it (a page, a
frame, a worker). Host pages come from another server: on 127.0.0.1 (another port: same
site, the frames share a SharedWorker) and on localhost (another site: third-party frames
with no storage, where Chromium refuses the SharedWorker and the frames share one frame's
Worker instead).
"""

from __future__ import annotations

import functools
import html
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from tests.browser.pages import READY_TIMEOUT_MS
from tools.build.server import ROOT, GameRequestHandler, GameServer, base_url, serve_in_thread

POSITIONS = [
    "4HPwATDgc/ABMA:cAkLAAAAAAAA",
    "4HPwATDgc/ABMA:cIkFAAAAAAAA",
    "4HPwATDgc/ABMA:cAkXAAAAAAAA",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:MIEKAAAAAAAA",
]
MATCH = "tests/data/mat/gnubg_export.mat"
DRAWN = (
    "() => document.body && (document.body.dataset.ready === 'true'"
    " || document.body.dataset.error !== undefined)"
)
# The host page notes when each frame first told its height (which it does once drawn).
COUNTER = (
    "window.order = []; addEventListener('message', (e) => {"
    " const f = [...document.querySelectorAll('iframe')].find(f => f.contentWindow === e.source);"
    " if (f && e.data && e.data.type === 'backgammon-embed:height' && !order.includes(f.name))"
    " order.push(f.name); });"
)


class Counted:
    """The paths the site server was asked for."""

    def __init__(self) -> None:
        self.paths: Counter[str] = Counter()
        self.lock = threading.Lock()

    def add(self, path: str) -> None:
        with self.lock:
            self.paths[path.split("?", 1)[0]] += 1

    def clear(self) -> None:
        with self.lock:
            self.paths.clear()


@pytest.fixture(scope="module")
def counted_site() -> Iterator[tuple[str, Counted]]:
    counted = Counted()

    class Handler(GameRequestHandler):
        def send_head(self):  # type: ignore[no-untyped-def]
            counted.add(self.path)
            return super().send_head()

    server = GameServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield base_url(server), counted
    server.shutdown()
    server.server_close()


def frames_html(site: str, frames: list[tuple[str, str]], gap: int = 0) -> str:
    """A lesson: the first two frames at the top, the rest ``gap`` pixels further down."""
    parts = []
    for index, (name, address) in enumerate(frames):
        if index == 2 and gap:
            parts.append(f'<div style="height:{gap}px"></div>')
        parts.append(
            f'<iframe name="{name}" src="{html.escape(site + "embed.html" + address)}" '
            f'width="240" height="220" title="{name}"></iframe>'
        )
    return (
        "<!doctype html><meta charset=utf-8><title>A lesson</title>"
        f"<script>{COUNTER}</script><body>{''.join(parts)}</body>"
    )


LESSON = [
    (f"d{i}", f"?mode=diagram&caption=Position%20{i}#gnubgid={POSITIONS[i % 5]}") for i in range(6)
] + [("replay", f"?mode=replay&mat={MATCH}")]


@pytest.fixture(scope="module")
def host(counted_site: tuple[str, Counted], tmp_path_factory: pytest.TempPathFactory):
    site, _ = counted_site
    root: Path = tmp_path_factory.mktemp("lesson")
    (root / "lesson.html").write_text(frames_html(site, LESSON), encoding="utf-8")
    (root / "long.html").write_text(frames_html(site, LESSON, gap=4000), encoding="utf-8")
    (root / "one.html").write_text(frames_html(site, LESSON[:1]), encoding="utf-8")
    server, url = serve_in_thread(root=root, csp=False)
    yield url
    server.shutdown()
    server.server_close()


def drawn(page: Page, names: list[str]) -> dict[str, Frame]:
    found = {}
    for name in names:
        frame = page.frame(name=name)
        assert frame is not None, name
        frame.wait_for_function(DRAWN, timeout=READY_TIMEOUT_MS * 2, polling=200)
        assert frame.evaluate("() => document.body.dataset.error") is None, name
        found[name] = frame
    return found


def runtimes(frames: dict[str, Frame]) -> Counter[str]:
    return Counter(
        frame.evaluate(
            "() => document.body.dataset.runtime + ':' + document.body.dataset.runtimeId"
        )
        for frame in frames.values()
    )


@pytest.mark.parametrize("where", ["same-site", "cross-site"])
def test_a_page_of_diagrams_and_a_replay_boots_one_python(
    browser: Browser, host: str, counted_site: tuple[str, Counted], where: str
):
    _, counted = counted_site
    counted.clear()
    address = host if where == "same-site" else host.replace("127.0.0.1", "localhost")
    context = browser.new_context()  # an empty cache: every boot downloads the runtime
    page = context.new_page()
    page.goto(address + "lesson.html")
    frames = drawn(page, [name for name, _ in LESSON])
    kinds = runtimes(frames)
    kind = "shared" if where == "same-site" else "group"
    assert len(kinds) == 1 and next(iter(kinds)).startswith(kind + ":"), kinds
    assert counted.paths["/runtime/pyodide/pyodide.asm.wasm"] == 1, counted.paths
    assert counted.paths["/runtime/pyscript/core.js"] == 0  # no frame booted PyScript
    # What they drew is what each address asks for.
    d0 = frames["d0"]
    assert d0.locator("#board circle.checker").count() == 30
    expect(d0.locator("#embed-caption")).to_have_text("Position 0")
    assert "Pink to play 6-2." in d0.locator("#embed-text").inner_text()
    expect(d0.locator("#embed-pips-text")).to_have_text("Pink 167 · Cyan 167")
    replay = frames["replay"]
    replay.click("#embed-forward")
    expect(replay.locator("#embed-where")).to_contain_text("move 1 of")
    replay.press("body", "End")
    expect(replay.locator("#embed-forward")).to_be_disabled()
    # Every frame told the host its height.
    page.wait_for_function(f"() => window.order.length === {len(LESSON)}", polling=200)
    context.close()


def test_frames_on_the_first_screen_are_drawn_first(browser: Browser, host: str):
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    page = context.new_page()
    page.goto(host + "long.html")
    drawn(page, [name for name, _ in LESSON])  # all of them, without scrolling
    order = page.evaluate("window.order")
    assert sorted(order[:2]) == ["d0", "d1"], order  # the two on screen
    context.close()


def test_a_deploy_gets_a_new_shared_runtime(browser: Browser, host: str):
    """A tab kept open across a deploy keeps its SharedWorker alive: frames of the new build
    (sw-files.js's SITE_VERSION) start their own, named after it, and never use the old."""
    context = browser.new_context()
    pages = []

    def one_diagram() -> tuple[str, str]:
        page = context.new_page()
        pages.append(page)  # kept open, as a reader's tabs
        page.goto(host + "one.html")
        frame = drawn(page, ["d0"])["d0"]
        runtime, build = frame.evaluate(
            "() => [document.body.dataset.runtime + ':' + document.body.dataset.runtimeId,"
            " document.body.dataset.runtimeBuild]"
        )
        return runtime, build

    before, build = one_diagram()
    assert before.startswith("shared:") and build, (before, build)
    assert one_diagram() == (before, build)  # the same build: the same runtime
    deployed = 'self.SITE_VERSION = "deployed";\n'
    context.route("**/sw-files.js", lambda route: route.fulfill(body=deployed))
    after, new_build = one_diagram()
    assert new_build == "deployed" and after.startswith("shared:") and after != before
    assert one_diagram() == (after, "deployed")
    context.close()


def test_a_shared_runtime_of_another_version_is_not_used(browser: Browser, host: str):
    """A SharedWorker that speaks another version of the messages (an older build's, kept
    under the same name): the frames share one frame's Worker instead, and are drawn."""
    context = browser.new_context()
    worker = (ROOT / "embed-worker.mjs").read_text(encoding="utf-8")
    assert "const PROTOCOL = 2;" in worker
    older = worker.replace("const PROTOCOL = 2;", "const PROTOCOL = 1;")
    context.route(
        "**/embed-worker.mjs",
        lambda route: route.fulfill(body=older, content_type="text/javascript"),
    )
    context.route("**/sw-files.js", lambda route: route.fulfill(body='SITE_VERSION = "older"'))
    page = context.new_page()
    page.goto(host + "lesson.html")
    frames = drawn(page, [name for name, _ in LESSON])
    refused = {
        frame.evaluate("() => document.body.dataset.runtimeRefused") for frame in frames.values()
    }
    assert refused == {"1"}, refused
    kinds = runtimes(frames)
    assert len(kinds) == 1 and next(iter(kinds)).startswith("group:"), kinds
    context.close()
