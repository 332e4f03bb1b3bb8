"""A page of embeds, in Chromium: the time until every frame is drawn, and Chromium's memory
over a blank tab, for 1, 5, 10 (and a replay) and 20 frames, against one frame.

    python -m tools.bench.embeds [--runs 3] [--own] [--where cross|same|both]

Serves the site, and the host pages on another port: under another name (``localhost``
against ``127.0.0.1``: another site, so the frames are third-party, as on a blog) and, for
the same-site variant, under the same name (the frames are then first-party), each a
grid of ``embed.html?mode=diagram`` frames (different positions) all on screen, the
snippet's ``loading="lazy"`` included; the page of ten adds a replay of a match file. Loads
each in headless /usr/bin/chromium with a warm HTTP cache (a first load fills it) and
prints, per page, the median over ``--runs`` loads and every run of

- the time from navigation until every frame has told the host page its height (which a
  frame does once drawn), read by the host page's own clock;
- the proportional set size (PSS, from /proc) of every process of this Chromium, once
  every frame is drawn, minus the same for a blank tab just before;
- where the time goes (the median run): when the first and the last diagram were drawn,
  and the replay; and the memory each frame beyond the first adds.

``--own`` runs the frames as before the shared runtime (each boots its own Python: no
SharedWorker, no Worker in the frames); ``--where`` chooses the host pages: cross-site,
same-site (``127.0.0.1`` too, another port only: SharedWorker is allowed), or both (the
default: cross-site first, then same-site, in the same Chromium). The figures are given
also as a ratio to the one-frame page of the same variant in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import BrowserContext, sync_playwright

from tools.bench.common import CHROMIUM, CHROMIUM_ARGS
from tools.build.server import serve_in_thread

POSITIONS = [
    "4HPwATDgc/ABMA:cAkLAAAAAAAA",
    "4HPwATDgc/ABMA:cIkFAAAAAAAA",
    "4HPwATDgc/ABMA:cAkXAAAAAAAA",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "4HPwATDgc/ABMA:MIEKAAAAAAAA",
]
MATCH = "tests/data/mat/gnubg_export.mat"
PAGES = {
    "1 diagram": (1, False),
    "5 diagrams": (5, False),
    "10 diagrams and a replay": (10, True),
    "20 diagrams": (20, False),
}
# The host page notes when each frame first told its height (docs/embedding.md's message),
# by the frame's title (a diagram or a replay).
COUNTER = (
    "window.drawn = new Set(); window.times = []; addEventListener('message', (e) => {"
    " if (e.data && e.data.type === 'backgammon-embed:height' && !drawn.has(e.source)) {"
    " drawn.add(e.source); window.lastDrawn = performance.now();"
    " const f = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === e.source);"
    " times.push([f ? f.title : '', lastDrawn]); } });"
)
# How a frame was drawn: by the shared runtime (SharedWorker, or a frame's Worker shared
# by the group of frames) and which boot of it, or by its own Python.
RUNTIME = (
    "() => (document.body.dataset.runtime || 'own') + "
    "(document.body.dataset.runtimeId ? ':' + document.body.dataset.runtimeId.slice(0, 6) : '')"
)
# --own: the frames' shell sees no SharedWorker and no MessageChannel, so it boots the
# frame's own Python; MessageChannel comes back before PyScript (which needs it) loads.
NO_WORKERS = (
    "window.SharedWorker = undefined; const channel = window.MessageChannel;"
    " window.MessageChannel = undefined; document.addEventListener('DOMContentLoaded',"
    " () => { window.MessageChannel = channel; }, { once: true });"
)


def host_page(site: str, diagrams: int, replay: bool) -> str:
    frames = [
        f'<iframe src="{site}embed.html?mode=diagram&amp;caption=Position%20{i + 1}'
        f'#gnubgid={POSITIONS[i % len(POSITIONS)]}" width="240" height="220" '
        'title="Backgammon diagram" loading="lazy" style="border:0"></iframe>'
        for i in range(diagrams)
    ]
    if replay:
        frames.append(
            f'<iframe src="{site}embed.html?mode=replay&amp;mat={MATCH}" width="240" '
            'height="260" title="Backgammon replay" loading="lazy" style="border:0"></iframe>'
        )
    return (
        "<!doctype html><meta charset=utf-8><title>A lesson</title>"
        f"<script>{COUNTER}</script><body>{''.join(frames)}</body>"
    )


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            tree.setdefault(parent, []).append(int(entry))
    return tree


def chromium_pss(profile: str) -> int:
    """Bytes of PSS of the Chromium that uses ``profile`` and all its processes."""
    roots = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                command = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if f"--user-data-dir={profile}".encode() in command and b"--type=" not in command:
                roots.append(int(entry))
    tree = _children()
    total, todo = 0, roots
    while todo:
        pid = todo.pop()
        todo.extend(tree.get(pid, []))
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


class Load(NamedTuple):
    seconds: float  # until every frame is drawn
    memory: int  # bytes over a blank tab
    kinds: str  # the runtimes that drew the frames
    detail: str  # when the diagrams and the replay were drawn


def load(context: BrowserContext, url: str, count: int, profile: str) -> Load:
    """One load of a host page, in a new tab: the previous one is closed first, and with it
    its frames and their runtime."""
    page = context.new_page()
    for old in context.pages:
        if old is not page:
            old.close()
    page.goto("about:blank")
    time.sleep(2)
    blank = chromium_pss(profile)
    page.goto(url)
    started = time.perf_counter()
    while page.evaluate("window.drawn ? window.drawn.size : 0") < count:
        if time.perf_counter() - started > 600:
            raise TimeoutError(f"{count} embeds not drawn in 600 s")
        time.sleep(0.1)
    drawn_ms = float(page.evaluate("window.lastDrawn"))
    times: list[tuple[str, float]] = page.evaluate("window.times")
    time.sleep(1.5)  # what the frames do once drawn (the worker going idle) is counted too
    memory = chromium_pss(profile) - blank
    kinds = Counter(frame.evaluate(RUNTIME) for frame in page.frames[1:])
    diagrams = [ms / 1000 for title, ms in times if "diagram" in title]
    replays = [ms / 1000 for title, ms in times if "replay" in title]
    detail = f"diagrams {min(diagrams):.2f}-{max(diagrams):.2f} s" if diagrams else ""
    detail += "".join(f", replay {seconds:.2f} s" for seconds in replays)
    return Load(
        drawn_ms / 1000,
        memory,
        " ".join(f"{n}x{kind}" for kind, n in kinds.items()),
        detail,
    )


def measure(context: BrowserContext, parent_url: str, runs: int, profile: str, where: str) -> None:
    """Load each host page ``runs`` times and print its line (see the module's docstring)."""
    load(context, parent_url + "p0.html", 1, profile)  # fill the HTTP cache
    first: Load | None = None
    for number, (name, (diagrams, replay)) in enumerate(PAGES.items()):
        count = diagrams + replay
        loads = sorted(
            (load(context, parent_url + f"p{number}.html", count, profile) for _ in range(runs)),
            key=lambda one: one.seconds,
        )
        seconds = statistics.median(one.seconds for one in loads)
        megabytes = statistics.median(one.memory for one in loads) / 1e6
        middle = loads[len(loads) // 2]
        one = first = first or Load(seconds, int(megabytes * 1e6), "", "")
        per_frame = (megabytes - one.memory / 1e6) / (count - 1) if count > 1 else 0.0
        every = ", ".join(f"{t.seconds:.2f} s {t.memory / 1e6:.0f} MB {t.kinds}" for t in loads)
        print(
            f"{where} {name}: {seconds:.2f} s ({seconds / one.seconds:.2f}x), "
            f"+{megabytes:.0f} MB ({megabytes / (one.memory / 1e6):.2f}x)"
            + (f", +{per_frame:.1f} MB a frame beyond the first" if count > 1 else "")
            + f"; the median run: {middle.detail}  [{every}]",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--own", action="store_true", help="every frame boots its own Python")
    parser.add_argument("--where", choices=["cross", "same", "both"], default="both")
    parser.add_argument("--same-site", action="store_true", help="as --where same")
    args = parser.parse_args()
    variants = ["cross", "same"] if args.where == "both" else [args.where]
    if args.same_site:
        variants = ["same"]
    server, site = serve_in_thread()
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as profile:
        root = Path(folder)
        for number, (diagrams, replay) in enumerate(PAGES.values()):
            page_html = host_page(site, diagrams, replay)
            (root / f"p{number}.html").write_text(page_html, encoding="utf-8")
        parent, parent_url = serve_in_thread(root=root, csp=False)
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                viewport={"width": 1600, "height": 1000},
            )
            if args.own:
                context.add_init_script(NO_WORKERS)
            for where in variants:
                host = "localhost" if where == "cross" else "127.0.0.1"
                url = parent_url.replace("127.0.0.1", host)
                measure(context, url, args.runs, profile, f"{where}-site")
            context.close()
        parent.shutdown()
    server.shutdown()


if __name__ == "__main__":
    main()
