"""The page's requests answered under Pyodide in Node.js: ``python -m tools.bench.page --node``
runs it with tools/bench/pyodide.mjs (it imports ``js``: never under CPython).

    node tools/bench/pyodide.mjs --path FOLDER tools.bench.node_replies /path0/requests.json

Answers each request of the JSON list (as the page's worker would, ``thinker.reply``) after
one to load the networks, and prints ``CPU_MS <ms>``: the Node process's CPU time for them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from js import process  # type: ignore[import-not-found]

from game.web.worker import thinker


def cpu_ms() -> float:
    used = process.cpuUsage()
    return float(used.user + used.system) / 1000


def main(argv: list[str]) -> None:
    requests = json.loads(Path(argv[0]).read_text())
    thinker.reply(json.loads(requests[0]))  # imports and networks, not timed
    started = cpu_ms()
    for request in requests:
        thinker.reply(json.loads(request))
    print(f"CPU_MS {cpu_ms() - started:.1f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
