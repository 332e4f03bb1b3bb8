"""How fast the game page becomes playable (beside a bare PyScript page); the computer's speed.

    python3 tools/bench_page.py                 # 5 rounds, cold and warm, then 12 computer turns
    python3 tools/bench_page.py --rounds 3 --turns 6

Both pages are served by tools/serve.py on 127.0.0.1 and loaded in Debian's Chromium,
alternating in the same run so machine load hits both alike:
- cold: a new browser context (empty HTTP cache) per load;
- warm: one persistent profile, loaded once to fill its cache, then reloaded.
"Ready" is the moment the page sets <body data-ready="true"> (recorded inside the page by a
MutationObserver, from navigation start): for the game, Python is loaded and the board is
drawn and playable; for tools/bare/index.html, Python has printed "ready".
Bytes are the response bodies of a cold load.

The computer's latency: with ?pace=0 (no deliberate pauses) the script plays the person's
turns by clicks and, after each click on Confirm, measures the time until the computer's first
checker is drawn (outside: click to board; inside: the page's own figure, pauses excluded,
and the time its choice of play took).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from game.state import Phase  # noqa: E402
from game.web import storage  # noqa: E402
from game.web.session import to_viewer  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PAGES = {"game": "index.html", "bare": "tools/bare/index.html"}

# Records when <body data-ready> turns "true", in ms since navigation start.
READY_PROBE = """
(() => {
  const watch = () => {
    const body = document.body;
    const check = () => {
      if (body.dataset.ready === "true" && window.__readyAt === undefined) {
        window.__readyAt = performance.now();
      }
    };
    new MutationObserver(check).observe(body, { attributes: true });
    check();
  };
  if (document.body) watch(); else document.addEventListener("DOMContentLoaded", watch);
})();
"""


def load(context, url: str, count_bytes: bool = False) -> tuple[float, int]:
    """Open ``url`` in a new tab; (ms to ready, bytes of response bodies)."""
    page = context.new_page()
    sizes: list[int] = []
    if count_bytes:
        page.on(
            "requestfinished", lambda request: sizes.append(request.sizes()["responseBodySize"])
        )
    page.goto(url)
    page.wait_for_function(
        "() => window.__readyAt !== undefined || document.body.dataset.error !== undefined",
        timeout=120_000,
    )
    error = page.evaluate("() => document.body.dataset.error")
    if error is not None:
        raise SystemExit(f"{url} failed to start: {error}")
    ready = page.evaluate("() => window.__readyAt")
    page.wait_for_timeout(200)  # let late requests finish before counting bytes
    page.close()
    return ready, sum(sizes)


def bench_loads(playwright, base: str, rounds: int) -> dict:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    results: dict = {name: {"cold": [], "warm": [], "bytes": 0} for name in PAGES}
    for _ in range(rounds):
        for name, path in PAGES.items():
            context = browser.new_context()
            context.add_init_script(READY_PROBE)
            ms, size = load(context, base + path, count_bytes=True)
            results[name]["cold"].append(ms)
            results[name]["bytes"] = size
            context.close()
    browser.close()

    profiles = {name: tempfile.mkdtemp(prefix=f"bench-{name}-") for name in PAGES}
    contexts = {}
    for name, profile in profiles.items():
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS
        )
        context.add_init_script(READY_PROBE)
        load(context, base + PAGES[name])  # fill the cache
        contexts[name] = context
    for _ in range(rounds):
        for name, path in PAGES.items():
            results[name]["warm"].append(load(contexts[name], base + path)[0])
    for name, context in contexts.items():
        context.close()
        shutil.rmtree(profiles[name], ignore_errors=True)
    return results


def session_of(page):
    return storage.load_text(
        page.evaluate(f"() => localStorage.getItem({json.dumps(storage.KEY)})")
    )


def play_person_turn(page) -> None:
    """Move by clicks until the play is complete (first origin, first landing point)."""
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


def bench_computer(
    playwright, base: str, turns: int, level: str | None
) -> list[tuple[float, float, float]]:
    """(outside ms, inside ms, choice ms) for each computer turn after a Confirm."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page()
    page.goto(base + "index.html?seed=21&pace=0")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=120_000)
    if level:
        page.click("#settings-toggle")
        page.select_option("#level", level)
        page.click("#settings-done")
    page.click("#roll")
    measured: list[tuple[float, float, float]] = []
    idle = "() => !document.getElementById('board').classList.contains('busy')"
    while len(measured) < turns:
        page.wait_for_function(idle)
        session = session_of(page)
        phase = session.game.phase
        if phase is Phase.GAME_OVER:
            page.click("#next-game")
            page.click("#roll")
            continue
        if session.computer_to_act:
            continue
        if phase is Phase.ROLL:
            page.click("#roll")
            continue
        play_person_turn(page)
        outside = page.evaluate("""() => new Promise(resolve => {
            const body = document.body;
            const before = body.dataset.computerMs;
            const observer = new MutationObserver(() => {
              if (body.dataset.computerMs !== before) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(body, { attributes: true });
            const start = performance.now();
            document.getElementById('confirm').click();
            setTimeout(() => { observer.disconnect(); resolve(null); }, 20000);
        })""")
        if outside is None:
            continue  # the computer could not move (a blocked roll): nothing to time
        inside = float(page.evaluate("() => document.body.dataset.computerMs"))
        think = float(page.evaluate("() => document.body.dataset.thinkMs"))
        measured.append((outside, inside, think))
    browser.close()
    return measured


def summary(values: list[float]) -> str:
    median = statistics.median(values)
    return f"median {median:7.0f} ms  (min {min(values):.0f}, max {max(values):.0f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--level", default=None, help="the computer's level (default: the page's)")
    options = parser.parse_args()
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        print("bench_page: runtime/ is missing; run `make runtime` first", file=sys.stderr)
        return 1
    server, base = serve_in_thread()
    started = time.time()
    with sync_playwright() as playwright:
        loads = bench_loads(playwright, base, options.rounds)
        computer = bench_computer(playwright, base, options.turns, options.level)
    server.shutdown()

    print(f"Time to a ready page, {options.rounds} loads each (Chromium, 127.0.0.1):")
    for kind in ("cold", "warm"):
        for name in PAGES:
            print(f"  {kind:4}  {name:4}  {summary(loads[name][kind])}")
        ratio = statistics.median(loads["game"][kind]) / statistics.median(loads["bare"][kind])
        print(f"  {kind:4}  game / bare = {ratio:.2f}")
    for name in PAGES:
        print(f"  bytes {name:4}  {loads[name]['bytes']:,}")
    outside = [o for o, _, _ in computer]
    inside = [i for _, i, _ in computer]
    think = [t for _, _, t in computer]
    print(f"Computer's first checker after Confirm, {len(computer)} turns (?pace=0):")
    print(f"  click to board  {summary(outside)}")
    print(f"  in the page     {summary(inside)}")
    print(f"  choosing play   {summary(think)}")
    print(f"({time.time() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
