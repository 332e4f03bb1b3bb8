"""worker-pool.mjs in Node, its Web Workers replaced by fakes that answer when told: Stop
(``cancel``) drops a job's tasks whether they wait or run, ends the workers running them, and
the other jobs' work goes on on a new worker."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Every Worker the pool starts, in ``made``: it keeps what it is sent, answers with ``say``
# and remembers being ended.
FAKE_WORKERS = """
import { WorkerPool } from "./worker-pool.mjs";
const made = [];
globalThis.Worker = class {
  constructor() { this.on = {}; this.ended = false; this.sent = []; made.push(this); }
  addEventListener(kind, listener) { this.on[kind] = listener; }
  postMessage(message) { this.sent.push(message); }
  terminate() { this.ended = true; }
  say(data) { this.on.message({ data }); }
};
"""


def _seen(script: str) -> dict:
    """What ``script`` prints (one JSON line), run in Node beside the fake workers."""
    run = subprocess.run(
        ["node", "--input-type=module", "-e", FAKE_WORKERS + script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout)


SCRIPT = """
const settled = {};
const ask = (pool, request, tag) => pool.ask(request, tag).then(
  (reply) => { settled[request] = reply; }, (error) => { settled[request] = error.message; });
const tick = () => new Promise((done) => setTimeout(done, 0));

const pool = new WorkerPool(2, "computer-worker.mjs");
const asked = ["a1", "a2", "a3"].map((request) => ask(pool, request, "A"));
made[0].say({ ready: true });            // the first worker takes a1, a second one starts
made[1].say({ ready: true });            // ... and takes a2; a3 waits
const running = made.map((worker) => worker.sent.map((m) => m.request));
const other = ask(pool, "b1", "B");      // another job's task waits behind a3
const dropped = pool.cancel("A");
await Promise.all(asked);
const ended = made.map((worker) => worker.ended);
const started = made.length;             // a new worker for b1
made[2].say({ ready: true });
const sent = made[2].sent.map((m) => m.request);
made[2].say({ id: made[2].sent[0].id, reply: "b1 judged" });
await other;
await tick();
console.log(JSON.stringify({ running, dropped, ended, started, sent, settled,
                             status: pool.status() }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="make test installs Node with npm")
def test_stop_ends_the_workers_running_the_job_and_the_rest_goes_on():
    seen = _seen(SCRIPT)
    assert seen["running"] == [["a1"], ["a2"]]
    assert seen["dropped"] == 3  # a3 waiting, a1 and a2 running
    assert seen["ended"] == [True, True, False]  # the third: the one started for b1
    assert seen["started"] == 3 and seen["sent"] == ["b1"]
    assert seen["settled"] == {
        "a1": "cancelled",
        "a2": "cancelled",
        "a3": "cancelled",
        "b1": "b1 judged",
    }
    # The pool keeps its size: a second worker started beside b1's (work was waiting).
    assert seen["status"] == {"size": 2, "started": 2, "ready": 1, "busy": 0, "queued": 0}


WARM = """
const pool = new WorkerPool(7, "computer-worker.mjs");
const counts = [];
pool.warm(3);                            // workers start one after another
for (let k = 0; k < 5; k++) {
  counts.push(made.length);
  if (made.length > k) made[k].say({ ready: true });
}
pool.warm(2);                            // asking for fewer stops none
counts.push(made.length);
pool.ask("x", "A");                      // a task may still grow the pool past the warm count
counts.push(made.length);
const big = new WorkerPool(2, "computer-worker.mjs");
big.warm(5);                             // never beyond the pool's size
made.at(-1).say({ ready: true });
made.at(-1).say({ ready: true });
console.log(JSON.stringify({ counts, big: big.status() }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="make test installs Node with npm")
def test_warm_starts_only_the_workers_asked_for_within_the_pools_size():
    seen = _seen(WARM)
    # 3 asked of 7: one, then the next once it is ready, and no fourth; a task adds one.
    assert seen["counts"] == [1, 2, 3, 3, 3, 3, 4]
    assert seen["big"]["started"] == 2 and seen["big"]["ready"] == 2
