"""Time to all drawn for 1 and for 5 diagram embeds on one page (Pyodide), in Chromium.

    python -m tools.bench.embeds [--runs 3]

Serves the site and, on another port, a parent page holding N frames of
``embed.html?mode=diagram`` (each a different position); loads it in headless
/usr/bin/chromium with a warm HTTP cache (one load first to fill it) and prints, per N,
the time from navigation to every frame's ``<body data-ready="true">``: the median and
every run. Each frame boots its own Pyodide; the runtime's files come from the cache.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from game.web.site_server import serve_in_thread
from tools.bench.common import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]

POSITIONS = [
    "4HPwATDgc/ABMA:cAkLAAAAAAAA",
    "4HPwATDgc/ABMA:cIkFAAAAAAAA",
    "4HPwATDgc/ABMA:cAkXAAAAAAAA",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:MIEKAAAAAAAA",
]
READY = "() => document.body && document.body.dataset.ready"


def parent_page(site: str, count: int) -> str:
    frames = "".join(
        f'<iframe name="d{i}" src="{site}embed.html?mode=diagram#gnubgid={POSITIONS[i]}"'
        ' width="480" height="420"></iframe>'
        for i in range(count)
    )
    return f"<!doctype html><meta charset=utf-8><title>bench</title>{frames}"


def time_to_all_drawn(page, url: str, count: int) -> float:
    started = time.perf_counter()
    page.goto(url)
    while True:
        frames = [page.frame(name=f"d{i}") for i in range(count)]
        ready = 0
        for frame in frames:
            if frame is None:
                continue
            with contextlib.suppress(Exception):  # a frame still navigating
                ready += frame.evaluate(READY) == "true"
        if ready == count:
            return time.perf_counter() - started
        if time.perf_counter() - started > 600:
            raise TimeoutError(f"{count} embeds not drawn in 600 s")
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server, site = serve_in_thread()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for count in (1, 5):
            (root / f"p{count}.html").write_text(parent_page(site, count), encoding="utf-8")
        parent, parent_url = serve_in_thread(root=root, csp=False)
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
            page = context.new_page()
            time_to_all_drawn(page, parent_url + "p1.html", 1)  # fill the HTTP cache
            for count in (1, 5):
                times = [
                    time_to_all_drawn(page, parent_url + f"p{count}.html", count)
                    for _ in range(args.runs)
                ]
                runs = ", ".join(f"{t:.2f}" for t in times)
                print(f"{count} diagram(s): median {statistics.median(times):.2f} s ({runs})")
            context.close()
        parent.shutdown()
    server.shutdown()


if __name__ == "__main__":
    main()
