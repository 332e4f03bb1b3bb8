"""How fast the game becomes playable in Chromium, Firefox ESR and WebKitGTK, in one run,
beside the bare PyScript page (tools/bare/) in each.

    python3 -m tools.bench.engines                      # 3 rounds, the three engines
    python3 -m tools.bench.engines --rounds 5 --engines chromium,webkit

The engines are driven as the smoke tests drive them (tests/browser/engines.py: Playwright,
WebDriver BiDi, WebKitWebDriver under Xvfb); the site is served on 127.0.0.1. The loads
alternate engine by engine and page by page within each round, so machine load hits all alike.
- cold: a new browser (Chromium: a new context; Firefox: a new profile; WebKit: a new
  session) per load, so an empty HTTP cache;
- warm: one browser per engine and page, loaded once to fill its cache, then loaded again
  (Chromium with an on-disk profile, as tools/bench/page.py), each load of the game left to
  settle first (its computer's worker up), as a later visit finds it.
Times are read in the page, in ms since navigation start (no hook is needed before it
loads, which WebKit's WebDriver could not give): playable is boot.js's ``bootTimes.ready``
(the game's ``game:ready``) or the bare page's ``data-ready-ms``; the breakdown is PyScript's
steps as boot.js noted them ("Loading Pyodide": its scripts and config are in; "Loaded
Pyodide": the interpreter is up, the wasm compiled and the standard library's start run;
the bare page's "Loaded files"), the runtime's files fetched (responseEnd of the wasm and the
stdlib zip), interpreter.mjs's marks (the snapshot unpacked and restored, the game's bytecode
unpacked, the game's files written), and
the game's own imports and first drawing (data-start-ms, game/web/main.py). Automated
browsers skip the service worker (boot.js), so these are loads from the HTTP cache.
Prints medians and each engine's ratio to Chromium, and the game's to the bare page.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from contextlib import suppress
from typing import Any

from playwright.sync_api import sync_playwright

from tests.browser.engines import ENGINES, ChromiumTab, Display, FirefoxTab, Tab, WebKitTab
from tools.bench.common import CHROMIUM, CHROMIUM_ARGS
from tools.build.server import serve_in_thread

PAGES = {"game": "index.html", "bare": "tools/bare/index.html"}

MEASURES = """(() => {
  const times = window.bootTimes || {};
  const resources = performance.getEntriesByType('resource');
  const end = (part) => {
    const found = resources.filter((entry) => entry.name.includes(part));
    return found.length ? Math.max(...found.map((entry) => entry.responseEnd)) : null;
  };
  const marked = (step) => {
    const found = performance.getEntriesByName(`interpreter: ${step}`);
    return found.length ? found[0].startTime : null;
  };
  const body = document.body.dataset;
  const start = body.startMs ? body.startMs.split('+').map(Number) : [null, null];
  return {
    ready: times.ready ?? (body.readyMs ? Number(body.readyMs) : null),
    wasm: end('pyodide.asm.wasm'),
    stdlib: end('python_stdlib.zip'),
    started: times['Loading Pyodide'] ?? null,
    snapshot: marked('snapshot unpacked'),
    restored: marked('snapshot restored'),
    bytecode: marked('bytecode unpacked'),
    main: (performance.getEntriesByName('main: begun')[0] || {}).startTime ?? null,
    pyodide: times['Loaded Pyodide'] ?? null,
    files: marked('files written') ?? times['Loaded files'] ?? null,
    imports: start[0],
    draw: start[1],
  };
})()"""

STEPS = (
    "started",
    "wasm",
    "stdlib",
    "snapshot",
    "restored",
    "bytecode",
    "files",
    "pyodide",
    "main",
    "imports",
    "draw",
)


class Engines:
    """Opens a tab of each engine, cold or on a given profile."""

    def __init__(self, base: str, playwright: Any) -> None:
        self.base = base
        self.playwright = playwright
        self.browser: Any = None
        self.display: Display | None = None
        self.profiles: list[str] = []

    def tab(self, engine: str, warm: bool = False) -> Tab:
        if engine == "chromium":
            if warm:  # an on-disk profile: an incognito context keeps no wasm in its cache
                profile = tempfile.mkdtemp(prefix="bench-chromium-")
                self.profiles.append(profile)
                context = self.playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
                )
                return ChromiumTab(self.base, None, context=context)
            if self.browser is None:
                self.browser = self.playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS
                )
            return ChromiumTab(self.base, self.browser)
        if engine == "firefox":
            return FirefoxTab(self.base)
        if self.display is None:
            self.display = Display()
        return WebKitTab(self.base, self.display)

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
        if self.display is not None:
            self.display.close()
        for profile in self.profiles:
            shutil.rmtree(profile, ignore_errors=True)


# A game page is settled once its computer's worker is up (or has failed): a warm load is a
# later visit, not a reload while the last one's worker still boots its own Pyodide beside it.
SETTLED = "document.body.dataset.ready !== 'true' || !!document.body.dataset.worker"


def measure(tab: Tab, path: str, settle: bool = False) -> dict:
    tab.open(path)
    found = tab.js(MEASURES)
    if found["ready"] is None:
        raise SystemExit(f"{tab.name}: {path} gave no ready time")
    if settle and path == PAGES["game"]:
        tab.wait(SETTLED, timeout=180)
    return found


def bench(engines: Engines, names: list[str], rounds: int) -> dict:
    """{(engine, page, "cold" | "warm"): [measures, ...]}."""
    results: dict = {}
    for round_ in range(rounds):
        for engine in names:
            for page, path in PAGES.items():
                tab = engines.tab(engine)
                try:
                    results.setdefault((engine, page, "cold"), []).append(measure(tab, path))
                finally:
                    tab.close()
        print(f"  cold round {round_ + 1} of {rounds} done", flush=True)
    for engine in names:
        for page, path in PAGES.items():
            tab = engines.tab(engine, warm=True)
            try:
                measure(tab, path, settle=True)  # fill the cache
                for _ in range(rounds):
                    found = measure(tab, path, settle=True)
                    results.setdefault((engine, page, "warm"), []).append(found)
            finally:
                tab.close()
        print(f"  warm {engine} done", flush=True)
    return results


def median(values: list) -> float | None:
    kept = [v for v in values if v is not None]
    return statistics.median(kept) if kept else None


def seconds(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.2f} s"


def report(results: dict, names: list[str], rounds: int) -> None:
    print(f"\nTime until playable, median of {rounds} (ms since navigation start):")
    print("| engine | page | cold | warm | cold / Chromium | warm / Chromium |")
    print("|---|---|---|---|---|---|")
    ready = {key: median([m["ready"] for m in measures]) for key, measures in results.items()}
    for engine in names:
        for page in PAGES:
            cold, warm = ready[(engine, page, "cold")], ready[(engine, page, "warm")]
            base_cold = ready.get(("chromium", page, "cold"))
            base_warm = ready.get(("chromium", page, "warm"))
            ratio_cold = f"{cold / base_cold:.2f}x" if base_cold else "—"
            ratio_warm = f"{warm / base_warm:.2f}x" if base_warm else "—"
            print(
                f"| {engine} | {page} | {seconds(cold)} | {seconds(warm)} "
                f"| {ratio_cold} | {ratio_warm} |"
            )
    print("\nThe game / the bare page, each engine:")
    for engine in names:
        cold = ready[(engine, "game", "cold")] / ready[(engine, "bare", "cold")]
        warm = ready[(engine, "game", "warm")] / ready[(engine, "bare", "warm")]
        print(f"  {engine}: cold {cold:.2f}x, warm {warm:.2f}x")
    print("\nWhere the game's start goes, medians in s since navigation start:")
    print("| engine | load | " + " | ".join(STEPS) + " | playable |")
    print("|---|---|" + "---|" * (len(STEPS) + 1))
    for engine in names:
        for mode in ("cold", "warm"):
            measures = results[(engine, "game", mode)]
            cells = []
            for step in STEPS:
                value = median([m[step] for m in measures])
                if step in ("imports", "draw"):  # durations, not moments
                    cells.append("—" if value is None else f"+{value / 1000:.2f}")
                else:
                    cells.append("—" if value is None else f"{value / 1000:.2f}")
            playable = seconds(ready[(engine, "game", mode)])
            print(f"| {engine} | {mode} | " + " | ".join(cells) + f" | {playable} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--engines", default=",".join(ENGINES))
    args = parser.parse_args(argv)
    names = [name for name in args.engines.split(",") if name]
    unknown = [name for name in names if name not in ENGINES]
    if unknown or args.rounds < 1:
        print(f"error: engines are {', '.join(ENGINES)}; rounds at least 1", file=sys.stderr)
        return 2
    server, base = serve_in_thread()
    with sync_playwright() as playwright:
        engines = Engines(base, playwright)
        try:
            results = bench(engines, names, args.rounds)
        finally:
            engines.close()
            with suppress(Exception):
                server.shutdown()
    report(results, names, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
