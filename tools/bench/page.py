"""How fast the game page shows a board and becomes playable (beside a bare PyScript page),
and whether the computer's thinking ever freezes it.

    python3 -m tools.bench.page                        # 5 rounds, then 6 computer turns a level
    python3 -m tools.bench.page --rounds 3 --turns 4 --levels strong,expert
    python3 -m tools.bench.page --rounds 0 --inline    # computer only, thinking on the main thread
    python3 -m tools.bench.page --rounds 0 --turns 0 --decisions 200   # decision times only
    python3 -m tools.bench.page --rounds 0 --turns 0 --levels strong --node  # and in Node.js
    python3 -m tools.bench.page --rounds 0 --turns 0 --decisions 200 --levels expert \
        --workers 2                  # each asked whole, then its deep look on 2 pool workers
    python3 -m tools.bench.page --rounds 0 --turns 0 --decisions 200 --levels expert \
        --workers 2 --cube-set tools/data/cube-check-2ply.txt   # the cube decisions so
    python3 -m tools.bench.page --rounds 0 --turns 0 --decisions 200 --workers 2 --hints
                                     # the person's hints of the same decisions so
    python3 -m tools.bench.page --rounds 0 --turns 0 --decisions 600 --levels expert \
        --cube-set tests/data/cube_gnubg2ply.txt     # cube decisions near a threshold

Both pages are served by tools/build/serve.py on 127.0.0.1 and loaded in Debian's Chromium
(another build: BACKGAMMON_CHROMIUM=/path/to/chromium), alternating in the same run so
machine load hits both alike. The bare page
(tools/bare/index.html) runs the STOCK runtime (runtime/pyodide/, the npm python_stdlib.zip
of .py sources); the game runs interpreter.mjs (the compiled standard library).
- cold: a new browser context (empty HTTP cache) per load;
- from cache: one persistent profile, loaded once to fill its cache, then reloaded.
Measured inside the page, from navigation start:
- first board: the first contentful paint when the HTML already holds the board (it does:
  game/web/board/prerender.py), else the moment Python draws it;
- playable: <body data-ready="true"> (the game: Python loaded, board drawn and playable; the
  bare page: Python printed "ready");
- the breakdown: PyScript's "Loading Pyodide" step (its scripts and config are in, it starts
  the interpreter), the runtime's files fetched (responseEnd of the wasm and the stdlib zip),
  the wasm compiled and instantiated (WebAssembly.instantiateStreaming resolved), PyScript's
  "Loaded Pyodide" step (interpreter up: mostly Python's own start and the standard library's
  imports), "Loaded files" (project files written; the game's: interpreter.mjs's mark
  "files written"), then importing the game and drawing its board (data-start-ms, from
  game/web/main.py).
Bytes are the response bodies of a cold load.

The computer, per level, under the full rules (so its cube decisions count too) with ?pace=0
(no deliberate pauses): the script plays the person's
turns by clicks; for each computer turn it records the longest main-thread task from the
person's Confirm until the computer's play is on the board (a PerformanceObserver for
'longtask', which reports tasks over 50 ms), and the computer's decision time (data-think-ms:
asking to answer, worker round trip included; data-bot-ms: the bot's own time).
--inline blocks computer-worker.mjs, so the page thinks on its main thread (the fallback),
to compare.

The computer's decisions, per level (--decisions N, 200 by default): N requests made in
CPython from positions of random full-rules play (money and matches; plays with a choice
to make, cube decisions, answers to doubles), the same for every level, each sent by the
page to its worker (window.computerWorker.ask, as the game does) one after another: the time
from asking to the answer (median and slowest), the bot's own time in the worker, and the
longest main-thread task meanwhile (--inline: the page answers them itself); the cost of a
position, from the bot's time and from the worker thread's CPU time (tools/bench/thread_cpu.py:
the other jobs on a shared machine lengthen the first much more than the second); --node:
the same decisions answered under Pyodide in Node.js, its CPU a position (the engine or the
machine?).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from game.bot.level_names import STRONGEST_LEVEL
from game.engine.match import Rules
from game.engine.state import GameState, Phase
from game.web.state.session import to_viewer
from game.web.store import storage
from game.web.worker import thinker
from tools.bench import thread_cpu
from tools.bench.common import CHROMIUM, CHROMIUM_ARGS, ROOT
from tools.bench.machine import processor
from tools.build.server import serve_in_thread

PAGES = {"game": "index.html", "bare": "tools/bare/index.html"}
LEVELS = ("beginner", "casual", "intermediate", "strong", "expert")

# Records, in ms since navigation start: data-ready turning "true", PyScript's progress
# steps, whether the HTML held a board when parsed, and every long task.
PROBE = """
(() => {
  window.__steps = {};
  window.__longTasks = [];
  // When the runtime's wasm is compiled and instantiated (Pyodide streams it).
  window.__wasm = [];
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const record = { start: performance.now() };
    window.__wasm.push(record);
    const result = await streaming.call(this, source, imports);
    record.end = performance.now();
    return result;
  };
  addEventListener("py:progress", (event) => {
    if (typeof event.detail === "string") window.__steps[event.detail] = performance.now();
  });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longTasks.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {}
  const watch = () => {
    const body = document.body;
    window.__boardInHtml = !!document.querySelector("#board svg");
    const check = () => {
      if (body.dataset.ready === "true" && window.__readyAt === undefined) {
        window.__readyAt = performance.now();
      }
    };
    new MutationObserver(check).observe(body, { attributes: true });
    check();
  };
  document.addEventListener("DOMContentLoaded", watch);
})();
"""

MEASURES = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const resources = performance.getEntriesByType("resource");
  const end = (part) => {
    const found = resources.filter((entry) => entry.name.includes(part));
    return found.length ? Math.max(...found.map((entry) => entry.responseEnd)) : null;
  };
  const start = document.body.dataset.startMs;
  return {
    ready: window.__readyAt,
    paint: paint ? paint.startTime : null,
    boardInHtml: window.__boardInHtml,
    wasm: end("pyodide.asm.wasm"),
    stdlib: end("python_stdlib.zip"),
    started: window.__steps["Loading Pyodide"] ?? null,
    compiled: window.__wasm.length ? Math.max(...window.__wasm.map((w) => w.end ?? 0)) : null,
    pyodide: window.__steps["Loaded Pyodide"] ?? null,
    files: (performance.getEntriesByName("interpreter: files written")[0] || {}).startTime
      ?? window.__steps["Loaded files"] ?? null,
    imports: start ? Number(start.split("+")[0]) : null,
    draw: start ? Number(start.split("+")[1]) : null,
  };
}"""


def load(context, url: str, count_bytes: bool = False) -> dict:
    """Open ``url`` in a new tab; its measures (ms from navigation start) and bytes."""
    page = context.new_page()
    finished: list = []
    if count_bytes:
        page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url)
    page.wait_for_function(
        "() => window.__readyAt !== undefined || document.body.dataset.error !== undefined",
        timeout=180_000,
    )
    error = page.evaluate("() => document.body.dataset.error")
    if error is not None:
        raise SystemExit(f"{url} failed to start: {error}")
    playable = len(finished)  # what the page loaded before it was playable
    if count_bytes and "tools/bare" not in url:  # then the computer's worker: all of a visit
        page.wait_for_function(
            "() => !window.computerWorker || document.body.dataset.worker", timeout=180_000
        )
    page.wait_for_timeout(300)  # let late requests finish before counting bytes
    measures = page.evaluate(MEASURES)
    sizes = [request.sizes()["responseBodySize"] for request in finished]
    measures["bytes"] = sum(sizes[:playable])
    measures["all_bytes"] = sum(sizes)
    page.close()
    return measures


def load_again_if_crashed(context, url: str, count_bytes: bool = False) -> dict:
    """``load``, once more if Chromium's renderer crashed (seen on this loaded machine, with
    two Pyodides, the page's and its worker's, in one renderer): said, never hidden."""
    try:
        return load(context, url, count_bytes)
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        print(f"  (the renderer crashed loading {url}; loaded again)", flush=True)
        for page in context.pages:
            page.close()
        return load(context, url, count_bytes)


def bench_loads(playwright, base: str, rounds: int, lang: str = "") -> dict:
    """{page: {"cold": [measures...], "cache": [measures...]}}; the game in ``lang`` if given
    (``?lang=``: its catalog fetched and its words put in place before playable)."""
    pages = dict(PAGES, game=PAGES["game"] + (f"?lang={lang}" if lang else ""))
    results: dict = {name: {"cold": [], "cache": []} for name in pages}
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    for _ in range(rounds):
        for name, path in pages.items():
            context = browser.new_context()
            context.add_init_script(PROBE)
            results[name]["cold"].append(
                load_again_if_crashed(context, base + path, count_bytes=True)
            )
            context.close()
    browser.close()

    profiles = {name: tempfile.mkdtemp(prefix=f"bench-{name}-") for name in pages}
    contexts = {}
    for name, profile in profiles.items():
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        context.add_init_script(PROBE)
        load(context, base + pages[name])  # fill the cache
        contexts[name] = context
    for _ in range(rounds):
        for name, path in pages.items():
            results[name]["cache"].append(load_again_if_crashed(contexts[name], base + path))
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


# After a click on Confirm: wait until the computer's turn is over (the board not busy) and
# report the longest task in between and the decision times the page noted.
COMPUTER_TURN = """() => new Promise((resolve) => {
  const body = document.body;
  const board = document.getElementById("board");
  const start = performance.now();
  const before = body.dataset.computerMs;
  document.getElementById("confirm").click();
  const finish = () => {
    const longest = Math.max(0, ...window.__longTasks
      .filter(([at, duration]) => at + duration > start).map(([at, duration]) => duration));
    resolve({
      moved: body.dataset.computerMs !== before,
      longest,
      think: Number(body.dataset.thinkMs),
      bot: Number(body.dataset.botMs),
      total: performance.now() - start,
    });
  };
  const poll = () => {
    if (!board.classList.contains("busy") && performance.now() - start > 50) {
      setTimeout(finish, 60);  // a long task is reported just after it ends
    } else {
      setTimeout(poll, 10);
    }
  };
  setTimeout(poll, 10);
})"""


def bench_computer(playwright, base: str, turns: int, level: str, inline: bool) -> list[dict]:
    """One measure per computer turn after a Confirm (turns it could not move are skipped)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context = browser.new_context()
    context.add_init_script(PROBE)
    if inline:
        context.route("**/computer-worker.mjs", lambda route: route.abort())
    page = context.new_page()
    page.goto(base + "index.html?seed=21&pace=0")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=180_000)
    page.click("#settings-toggle")
    page.select_option("#level", level)
    page.check('input[name="rules"][value="full"]')  # the cube too: its decisions count
    page.click("#settings-done")
    if not inline:  # the worker loads once the board is playable; time turns, not its start
        page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=180_000)
    page.click("#roll")
    measured: list[dict] = []
    idle = "() => !document.getElementById('board').classList.contains('busy')"
    while len(measured) < turns:
        page.wait_for_function(idle, timeout=60_000)
        session = session_of(page)
        phase = session.game.phase
        if phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            page.click("#next-game")
            page.click("#roll")
            continue
        if session.computer_to_act:
            continue
        if phase is Phase.DOUBLED:
            page.click("#take")  # the computer doubled: play on
            continue
        if phase is Phase.ROLL:
            page.click("#roll")
            continue
        play_person_turn(page)
        turn = page.evaluate(COMPUTER_TURN)
        if turn["moved"]:
            measured.append(turn)
    browser.close()
    return measured


def decision_states(count: int, seed: int = 14) -> list[GameState]:
    """``count`` states in which the computer has a decision to make, from random play under
    the full rules: a play with a choice of at least two, a double to weigh or answer."""
    from tests.soak import random_action

    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        length = rng.choice((0, 0, 3, 5, 7, 11))
        state = GameState.new(Rules.full(length, beaver=length == 0 and rng.random() < 0.5))
        for _ in range(400):
            phase = state.phase
            if phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                break
            choice = phase is Phase.MOVE and len(state.legal_plays()) >= 2
            cube = (phase is Phase.ROLL and state.may_double()) or phase is Phase.DOUBLED
            if phase is Phase.DOUBLED or ((choice or cube) and rng.random() < 0.25):
                found.append(state)
            state = random_action(state, rng)
    return found[:count]


# In the page: ask the worker each request in turn; the time to each answer and the bot's
# own time, and the longest main-thread task from the first question to the last answer.
ASK_ALL = """async ([requests, inline]) => {
  const times = [], bot = [];
  const start = performance.now();
  for (const request of requests) {
    const asked = performance.now();
    const reply = JSON.parse(await window.computerWorker.ask(request));
    times.push(performance.now() - asked);
    bot.push(reply.ms);
  }
  await new Promise((resolve) => setTimeout(resolve, 60));  // long tasks are told just after
  const longest = Math.max(0, ...window.__longTasks
    .filter(([at, duration]) => at + duration > start).map(([, duration]) => duration));
  return { times, bot, longest };
}"""

# In the page: each request asked whole of the computer's worker, then again with a play or a
# cube decision of the strongest level shared among the pool's workers as the game shares it
# (game/web/table/pooled_play.py: planned by the computer's worker, its parts on the pool's
# and the computer's, joined by the computer's worker); both times and answers, one after the other.
ASK_POOLED = """async ([requests, workers, strongest]) => {
  const worker = window.computerWorker, pool = window.workerPool;
  await pool.warm();
  while (JSON.parse(await pool.status()).ready < workers) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  async function pooled(request) {
    const data = JSON.parse(request);
    const plan = {
      play: "play-plan", double: "cube-plan", answer: "cube-plan", hint: "hint-plan",
    }[data.task];
    if (!plan || (data.task === "hint" ? data.plies < 2 : data.level !== strongest)) {
      return JSON.parse(await worker.ask(request));
    }
    const planned = JSON.stringify({ ...data, task: plan, asked: data.task, workers: workers + 1 });
    let asked = JSON.parse(await worker.ask(planned)), parts = 0;
    while (asked.parts) {  // a round: the look one roll ahead, then two
      parts = Math.max(parts, asked.parts.length);
      const answers = await Promise.all(asked.parts.map((part, index) =>
        (index ? pool.ask(JSON.stringify(part), "deep-look") : worker.ask(JSON.stringify(part)))
          .then(JSON.parse, () => null)));
      asked = JSON.parse(await worker.ask(
        JSON.stringify({ task: "play-join", pending: asked.pending, answers })));
    }
    asked.parts = parts;
    return asked;
  }
  const whole = [], shared = [], same = [], parts = [];
  const start = performance.now();
  for (const request of requests) {
    let asked = performance.now();
    const alone = JSON.parse(await worker.ask(request));
    whole.push(performance.now() - asked);
    asked = performance.now();
    const reply = await pooled(request);
    shared.push(performance.now() - asked);
    const kept = (r) => [r.play, r.rng, r.double, r.answer, r.plays, r.cube];
    same.push(JSON.stringify(kept(alone)) === JSON.stringify(kept(reply)));
    parts.push(reply.parts || 0);
  }
  await new Promise((resolve) => setTimeout(resolve, 60));
  const longest = Math.max(0, ...window.__longTasks
    .filter(([at, duration]) => at + duration > start).map(([, duration]) => duration));
  return { whole, shared, same, parts, longest };
}"""

# The kinds of decision, by the thinker's task: a play, whether to double, a double's answer.
KINDS = {"play": "play", "double": "double?", "answer": "answer"}


def positions_evaluated(requests: list[str]) -> list[float]:
    """Positions the bot evaluates for each request (JSON text), counted in CPython: the
    bot is deterministic, so the worker evaluates the same ones."""
    from tools.bench.common import count_positions

    seen = count_positions()
    counts = []
    for request in requests:
        seen[0] = 0
        thinker.reply(json.loads(request))
        counts.append(seen[0])
    return counts


def ask_worker(playwright, base: str, requests: dict[str, list[str]]) -> dict:
    """{level: {"times": [...], "bot": [...], "longest": ms, "load": (before, after),
    "worker_cpu": ms}}: each level's requests (JSON text) asked of the page's worker one
    after another; worker_cpu is its thread's CPU time meanwhile (0 without /proc)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    print(f"  Chromium {browser.version} ({CHROMIUM}); {processor()}", flush=True)
    context = browser.new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(base + "index.html?seed=21&pace=0")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=180_000)
    page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=180_000)
    results = {}
    for level, asked in requests.items():
        before, threads = os.getloadavg()[0], thread_cpu.thread_cpu()
        results[level] = page.evaluate(ASK_ALL, [asked, False])
        results[level]["worker_cpu"] = thread_cpu.used(threads, thread_cpu.thread_cpu())
        results[level]["load"] = (before, os.getloadavg()[0])
    browser.close()
    return results


def bench_pooled(
    playwright,
    base: str,
    count: int,
    levels: list[str],
    workers: int,
    cube_set: str | None = None,
    hints: bool = False,
) -> None:
    """The same decisions as ``bench_decisions``, each asked whole and then with the strongest
    level's plays and cube decisions shared among ``workers`` of the pool (?workers=N);
    printed: the plays' and the cube decisions' times each way, their ratio, and whether
    every answer is the same. ``cube_set``: as ``bench_decisions``. ``hints``: the person's
    hint of each decision instead (``judging.hint_request``: the plays ranked, or the cube
    figures), once, whatever the levels."""
    from game.web.worker import judging

    states = cube_set_states(cube_set, count) if cube_set else decision_states(count)
    if hints:
        levels = ["hint"]
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context = browser.new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(base + f"index.html?seed=21&pace=0&workers={workers}")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=180_000)
    page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=180_000)
    for level in levels:
        requests = [
            json.dumps(request)
            for index, state in enumerate(states)
            if (request := thinker.request_for(state, level, random.Random(index))) is not None
        ]
        if hints:  # the plays' hints counted as plays, the cube's as cube decisions
            requests = [json.dumps(judging.hint_request(state)) for state in states]
        before = os.getloadavg()[0]
        found = page.evaluate(ASK_POOLED, [requests, workers, STRONGEST_LEVEL])
        after = os.getloadavg()[0]
        tasks = [json.loads(r)["task"] for r in requests]
        if hints:
            tasks = ["play" if state.dice else "double" for state in states]
        plays = [i for i, task in enumerate(tasks) if task == "play"]
        shared = [i for i in plays if found["parts"][i]]
        cubes = [i for i, task in enumerate(tasks) if task in ("double", "answer")]
        cubes_shared = [i for i in cubes if found["parts"][i]]
        print(
            f"  {level}: {len(requests)} decisions, machine load {before:.1f} -> {after:.1f};"
            f" the same answer each way {sum(found['same'])} of {len(requests)}; longest"
            f" main-thread task {found['longest']:.0f} ms; plays {len(plays)}, shared in parts"
            f" {len(shared)}; cube decisions {len(cubes)}, shared {len(cubes_shared)}"
        )
        rows = (("plays", plays), ("shared", shared), ("cube", cubes), ("cube sh", cubes_shared))
        for name, indices in rows:
            if not indices:
                continue
            whole = [found["whole"][i] for i in indices]
            pooled = [found["shared"][i] for i in indices]
            slowest = max(indices, key=lambda i: found["whole"][i])
            print(
                f"    {name:7s} whole: median {median(whole):5.0f} ms, slowest {max(whole):5.0f};"
                f" on {workers} workers: median {median(pooled):5.0f} ms, slowest"
                f" {max(pooled):5.0f} (the whole's slowest {found['shared'][slowest]:.0f});"
                f" in all {sum(pooled) / sum(whole):.2f} of the whole's time",
                flush=True,
            )
    browser.close()


def report_decisions(level: str, requests: list[str], measured: dict, positions: list[float]):
    """Per kind of decision: the time from asking to the answer (median, slowest) and the
    positions evaluated; the cost of a position (Chromium ms per position evaluated)."""
    tasks = [json.loads(request)["task"] for request in requests]
    before, after = measured["load"]
    print(
        f"  {level}: {len(requests)} decisions, machine load {before:.1f} -> {after:.1f}"
        f" (1-minute average, 2 cores); longest main-thread task {measured['longest']:.0f} ms"
    )
    rows = [("all", list(range(len(requests))))]
    rows += [(KINDS[task], [i for i, t in enumerate(tasks) if t == task]) for task in KINDS]
    for kind, indices in rows:
        if not indices:
            continue
        times = [measured["times"][i] for i in indices]
        counts = [positions[i] for i in indices]
        slowest = max(indices, key=lambda i: measured["times"][i])
        print(
            f"    {kind:8s} {len(indices):4d}: median {median(times):5.0f} ms, slowest"
            f" {max(times):5.0f} ms ({positions[slowest]:.0f} positions); positions median"
            f" {median(counts):.0f}, max {max(counts):.0f}",
            flush=True,
        )
    print(f"    cost: {cost_per_position(measured['bot'], positions)}", flush=True)
    if measured.get("worker_cpu"):  # (not on a machine without /proc)
        print(
            f"    the worker thread's CPU: {measured['worker_cpu'] / sum(positions):.2f} ms a"
            f" position (all {sum(positions):,.0f}; wall: bot's"
            f" {sum(measured['bot']) / sum(positions):.2f})",
            flush=True,
        )


def cost_per_position(times: list[float], positions: list[float]) -> str:
    """The worker's ms per position evaluated: over the decisions of 50 positions or more,
    the median of time / positions and the slowest such ratio."""
    ratios = [time / count for time, count in zip(times, positions, strict=True) if count >= 50]
    if not ratios:
        return "no decision of 50 positions or more"
    return (
        f"{median(ratios):.2f} ms a position (median over the {len(ratios)} decisions of 50"
        f" positions or more; highest {max(ratios):.2f})"
    )


def node_cost(requests: list[str], positions: list[float]) -> str:
    """The same requests answered under the page's Pyodide in Node.js (tools/bench/
    node_replies.py): the Node process's CPU a position, to hold beside the worker's."""
    runner = ROOT / "tools" / "bench" / "pyodide.mjs"
    with tempfile.TemporaryDirectory() as folder:  # mounted as /path0
        Path(folder, "requests.json").write_text(json.dumps(requests))
        command = ["node", str(runner), "--path", folder, "tools.bench.node_replies"]
        done = subprocess.run(
            [*command, "/path0/requests.json"], capture_output=True, text=True, check=False
        )
    lines = [line for line in done.stdout.splitlines() if line.startswith("CPU_MS ")]
    if done.returncode or not lines:
        return f"failed ({done.returncode}): {done.stderr.strip()[-300:]}"
    return f"{float(lines[-1].split()[1]) / sum(positions):.2f} ms a position (CPU)"


def cube_set_states(path: str, count: int) -> list[GameState]:
    """The first ``count`` cube positions of a ``tools/bench/cube.py`` data file (the player
    on roll to weigh a double), as the page's states."""
    from game.formats.gnubg_id import read_gnubg_id

    lines = [
        line for line in Path(path).read_text().splitlines() if line.strip() and line[0] != "#"
    ]
    return [read_gnubg_id(line.split()[0]) for line in lines[:count]]


def bench_decisions(
    playwright,
    base: str,
    count: int,
    levels: list[str],
    cube_set: str | None = None,
    node: bool = False,
) -> dict:
    """The same ``count`` decisions for every level, asked of the page's worker; printed.
    ``cube_set``: the positions of a cube data file instead of random play's; ``node``: the
    same answered under Pyodide in Node.js too."""
    states = cube_set_states(cube_set, count) if cube_set else decision_states(count)
    requests = {
        level: [
            json.dumps(request)
            for index, state in enumerate(states)
            # (None: nothing to weigh, e.g. the cube is the opponent's)
            if (request := thinker.request_for(state, level, random.Random(index))) is not None
        ]
        for level in levels
    }
    results = ask_worker(playwright, base, requests)
    for level in levels:
        positions = positions_evaluated(requests[level])
        report_decisions(level, requests[level], results[level], positions)
        if node:
            load = os.getloadavg()[0]
            cost = node_cost(requests[level], positions)
            print(f"    the same in Node.js (load {load:.1f}): {cost}", flush=True)
    return results


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def figures(values: list[float]) -> str:
    if not values:
        return "n/a"
    return f"median {median(values):6.0f} ms  (min {min(values):.0f}, max {max(values):.0f})"


def report_loads(loads: dict, rounds: int) -> None:
    print(f"Start-up, {rounds} loads each (Chromium, 127.0.0.1), ms from navigation start:")
    game, bare = loads["game"], loads["bare"]
    for kind, label in (("cold", "cold"), ("cache", "from cache")):
        boards = [m["paint"] if m["boardInHtml"] else m["ready"] for m in game[kind]]
        print(f"  {label}:")
        print(f"    first board   game  {figures(boards)}")
        print(f"    playable      game  {figures([m['ready'] for m in game[kind]])}")
        print(f"    playable      bare  {figures([m['ready'] for m in bare[kind]])}")
        ratio = median([m["ready"] for m in game[kind]]) / median([m["ready"] for m in bare[kind]])
        print(f"    game / bare (stock runtime) = {ratio:.2f}")
        for name in PAGES:
            steps = game[kind] if name == "game" else bare[kind]
            parts = [
                ("PyScript starts Pyodide", "started"),
                ("wasm fetched", "wasm"),
                ("wasm compiled+instantiated", "compiled"),
                ("stdlib fetched", "stdlib"),
                ("Pyodide up", "pyodide"),
                ("files written", "files"),
            ]
            line = ", ".join(
                f"{label} {median([m[key] for m in steps if m[key] is not None]):.0f}"
                for label, key in parts
                if any(m[key] is not None for m in steps)
            )
            if name == "game":
                line += (
                    f", imports {median([m['imports'] for m in steps]):.0f} ms"
                    f" + board {median([m['draw'] for m in steps]):.0f} ms"
                )
            print(f"    breakdown     {name}  {line} (median ms from navigation)")
    for name in PAGES:
        cold = loads[name]["cold"][-1]
        print(
            f"  bytes of a cold load  {name}  {cold['bytes']:,} until playable, "
            f"{cold['all_bytes']:,} in all (the game: with the computer's worker)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="loads of each page, each way")
    parser.add_argument("--turns", type=int, default=6, help="computer turns a level")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--inline", action="store_true", help="no worker: think on the page")
    parser.add_argument("--lang", default="", help="load the game in this language (?lang=)")
    parser.add_argument(
        "--decisions", type=int, default=200, help="decisions a level, asked of the worker"
    )
    parser.add_argument(
        "--cube-set",
        help="the decisions: whether to double in the positions of this cube data file "
        "(tools/bench/cube.py's, e.g. tests/data/cube_gnubg2ply.txt)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="also ask each decision with the strongest level's plays and cube decisions shared"
        " among this many of the pool's workers (?workers=N), beside the whole ask",
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help="with --workers: the person's hint of each decision instead of the computer's",
    )
    parser.add_argument(
        "--node",
        action="store_true",
        help="the decisions answered under Pyodide in Node.js too (CPU a position)",
    )
    options = parser.parse_args()
    if not (ROOT / "runtime" / "compiled" / "python_stdlib.zip").is_file():
        print("bench_page: runtime/ is missing; run `make runtime` first", file=sys.stderr)
        return 1
    chosen = [level for level in options.levels.split(",") if level]
    levels = chosen if options.turns else []
    server, base = serve_in_thread()
    started = time.time()
    with sync_playwright() as playwright:
        if options.rounds:
            loads = bench_loads(playwright, base, options.rounds, options.lang)
            report_loads(loads, options.rounds)
        if levels:
            where = "on the main thread (--inline)" if options.inline else "in the worker"
            print(f"The computer's turns, {options.turns} a level, thinking {where} (?pace=0):")
        for level in levels:
            turns = bench_computer(playwright, base, options.turns, level, options.inline)
            print(f"  {level}:")
            print(f"    longest main-thread task  {figures([t['longest'] for t in turns])}")
            print(f"    decision (asked-answered) {figures([t['think'] for t in turns])}")
            print(f"    the bot's own time        {figures([t['bot'] for t in turns])}")
            sys.stdout.flush()
        if options.decisions and not options.inline:
            print(
                f"The computer's decisions in Chromium, {options.decisions} a level (the same "
                "positions), asked of its worker one after another:"
            )
            if options.workers:
                bench_pooled(
                    playwright,
                    base,
                    options.decisions,
                    chosen,
                    options.workers,
                    options.cube_set,
                    options.hints,
                )
            else:
                bench_decisions(
                    playwright, base, options.decisions, chosen, options.cube_set, options.node
                )
    server.shutdown()
    print(f"({time.time() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
