"""The page's side of the computer's worker: ask it, or think here if there is none.

    answer = await ask(thinker.play_request(game, level, rng))

boot.js keeps ``window.computerWorker`` (computer-worker.mjs, a Web Worker with its own
Pyodide, started once the board is playable). While it thinks, the page's main thread is
free: the board, New game, Settings and Share answer. Where no worker can run (it failed to
start, or the browser has none), the same ``thinker.reply`` runs here instead, blocking the
page as before but giving the same answer.
"""

from __future__ import annotations

import json
from typing import Any

from pyscript import window

from game.web import thinker


def start() -> None:
    """Start the worker (once the board is playable: it then loads while the player looks)."""
    client = getattr(window, "computerWorker", None)
    if client:
        client.start()


async def ask(request: dict[str, Any]) -> dict[str, Any]:
    """The computer's answer to ``request`` (``thinker.reply``'s), from the worker if it can.

    Notes when the thinking began and ended (ms on the page's clock) in ``<body
    data-think-from data-think-to>``, for the tests and tools/bench_page.py.
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
        return thinker.reply(request)
    finally:
        body.dataset.thinkTo = f"{window.performance.now():.1f}"
