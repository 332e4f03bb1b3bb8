"""The page's side of the computer's worker: ask it, or think here if there is none.

    await prepare()                  # once the board is playable
    answer = await ask(thinker.play_request(game, level, rng))

boot.js keeps ``window.computerWorker`` (computer-worker.mjs, a Web Worker with its own
Pyodide, started once the board is playable, which loads the bot and its weights). While it
thinks, the page's main thread is free: the board, New game, Settings and Share answer.
Where no worker can run (it failed to start, or the browser has none), the same
``thinker.reply`` runs here instead, blocking the page as before but giving the same answer;
the bot's data files (pyscript.toml's ``[bot-files]``, not fetched at start-up) are then
fetched here first.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from pyscript import document, fetch, window

from game.web.browser.pyscript_config import BOT_FILES, read_config
from game.web.worker import thinker

CONFIG = "./pyscript.toml"  # beside the pages, as PyScript reads it
_preparing: list[asyncio.Future[None]] = []  # prepare()'s task, once started
_bot_files_here: list[bool] = []  # [True] once the bot's files are in this page's files


async def prepare() -> None:
    """Once the board is playable: start the worker, or else fetch the bot's files here.

    Then tells boot.js (the ``game:loaded`` event) that this page and its computer have
    everything they will load, so a newer version of the site may take over from now on
    without handing them a mix of old and new files.
    """
    client = getattr(window, "computerWorker", None)
    ready = False
    if client:
        try:
            ready = bool(await client.start())
        except Exception:
            ready = False
    try:
        if not ready:
            await load_bot_files()
    except Exception as error:  # ask() tries again when the computer must think
        print(f"backgammon page: the bot's files did not load: {error}")
    loaded()


def start() -> None:
    """Start ``prepare()`` once, without waiting (an embed's puzzle: at the first touch)."""
    if not _preparing:
        _preparing.append(asyncio.ensure_future(prepare()))


def loaded() -> None:
    """Tell boot.js this page loads nothing more (a frame that never needs the computer)."""
    document.dispatchEvent(window.Event.new("game:loaded"))


async def load_bot_files() -> None:
    """Fetch ``[bot-files]`` into this page's file system (once), for thinking here."""
    if _bot_files_here:
        return
    response = await fetch(CONFIG)
    if not response.ok:
        raise OSError(f"{CONFIG}: {response.status}")
    files = read_config(await response.text()).entries(BOT_FILES)
    for url, path in files.items():
        response = await fetch(url)
        if not response.ok:
            raise OSError(f"{url}: {response.status}")
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(bytes(await response.bytearray()))
    _bot_files_here.append(True)


async def ask(request: dict[str, Any]) -> dict[str, Any]:
    """The computer's answer to ``request`` (``thinker.reply``'s), from the worker if it can.

    Notes when the thinking began and ended (ms on the page's clock) in ``<body
    data-think-from data-think-to>``, for the tests and tools/bench/page.py.
    """
    body = window.document.body
    body.dataset.thinkFrom = f"{window.performance.now():.1f}"
    try:
        client = getattr(window, "computerWorker", None)
        if client:
            try:
                answer: dict[str, Any] = json.loads(str(await client.ask(json.dumps(request))))
                return answer
            except Exception:  # the worker could not start or failed: think here instead
                pass
        await load_bot_files()
        return thinker.reply(request)
    finally:
        body.dataset.thinkTo = f"{window.performance.now():.1f}"


async def ask_pool(request: dict[str, Any], tag: str) -> dict[str, Any]:
    """A pool worker's answer to ``request`` (boot.js's ``window.workerPool``: worker-pool.mjs,
    every core but one); where there is no pool, the computer's own ``ask``. A cancelled task
    raises."""
    pool = getattr(window, "workerPool", None)
    if pool:
        try:
            text = await pool.ask(json.dumps(request), tag)
        except Exception as error:
            if "cancelled" in str(error):
                raise
        else:
            answer: dict[str, Any] = json.loads(str(text))
            return answer
    return await ask(request)


def cancel_pool(tag: str, end: bool = True) -> None:
    """Drop the pool's tasks of the job ``tag``: those waiting, and those running with their
    worker (ended, and replaced when work waits; with ``end`` False, left to finish, their
    answers unread)."""
    pool = getattr(window, "workerPool", None)
    if pool:
        pool.cancel(tag, end)


async def pool_ready(wanted: int) -> int:
    """How many of the pool's workers are ready and idle now, at most ``wanted`` (0 where
    there is no pool, or while it has work waiting: a rollout's or an analysis's), the pool
    asked to start that many (worker-pool.mjs's ``warm``) so that they are ready next time."""
    pool = getattr(window, "workerPool", None)
    if not pool:
        return 0
    try:
        pool.warm(wanted)
        status = json.loads(str(await pool.status()))
        if status.get("queued", 0):
            return 0
        idle = int(status.get("ready", 0)) - int(status.get("busy", 0))
        return max(0, min(wanted, idle))
    except Exception:  # no workers in this browser: none ready
        return 0
