"""worker-pool.mjs in Node, its Web Workers replaced by fakes that answer when told: Stop
(``cancel``) drops a job's tasks whether they wait or run, ends the workers running them (or
lets them finish, their answers unread), and the other jobs' work goes on; the pool's size
follows the cores, the device's memory and whether it is a phone."""

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
    assert seen["status"] == {
        "size": 2,
        "started": 2,
        "ready": 1,
        "busy": 0,
        "queued": 0,
        "jobs": {},
        "dropped": 3,
    }


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


FINISH = """
const settled = {};
const ask = (pool, request, tag) => pool.ask(request, tag).then(
  (reply) => { settled[request] = reply; }, (error) => { settled[request] = error.message; });

const pool = new WorkerPool(2, "computer-worker.mjs");
const asked = ["h1", "h2", "h3"].map((request) => ask(pool, request, "hint-1"));
made[0].say({ ready: true });
made[1].say({ ready: true });            // h1 and h2 run, h3 waits
const before = pool.status();
const dropped = pool.cancel("hint-1", false);
await Promise.all(asked);                // every promise settles at once
const during = pool.status();
const other = ask(pool, "b1", "B");      // waits: both workers still finish their parts
const waiting = pool.status().queued;
made[0].say({ id: made[0].sent[0].id, reply: "h1 judged late" });
const next = made[0].sent.map((m) => m.request);
made[0].say({ id: made[0].sent[1].id, reply: "b1 judged" });
await other;
made[1].say({ ready: false, error: "gone" });  // a worker failing on a dropped part
console.log(JSON.stringify({ before, dropped, during, waiting, next, settled,
                             ended: made.map((worker) => worker.ended), started: made.length,
                             after: pool.status() }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="make test installs Node with npm")
def test_a_job_dropped_without_ending_lets_its_running_parts_finish_unread():
    seen = _seen(FINISH)
    assert seen["before"]["jobs"] == {"hint-1": 3}
    assert seen["dropped"] == 3
    # Every task of the job is cancelled at once; the workers running two of them stay busy
    # (not ended: a part is shorter than a new worker's start) but no longer count as the job.
    assert seen["settled"]["h1"] == seen["settled"]["h2"] == seen["settled"]["h3"] == "cancelled"
    assert seen["during"] == {
        "size": 2,
        "started": 2,
        "ready": 2,
        "busy": 2,
        "queued": 0,
        "jobs": {},
        "dropped": 3,
    }
    # The next job waits for the first worker to finish, then goes there; the late answer
    # is read by nobody.
    assert seen["waiting"] == 1 and seen["next"] == ["h1", "b1"]
    assert seen["settled"]["b1"] == "b1 judged"
    # A worker failing while it finishes a dropped part leaves; the part is not asked again.
    assert seen["ended"] == [False, True] and seen["started"] == 2
    assert seen["after"]["queued"] == 0 and seen["after"]["size"] == 1


SIZES = """
import { poolSize } from "./worker-pool.mjs";
const cases = {
  desktop8: poolSize(8, null),
  desktop16: poolSize(16, null, { memory: 16 }),
  quad4GB: poolSize(4, null, { memory: 4 }),
  eight4GB: poolSize(8, null, { memory: 4 }),
  eight2GB: poolSize(8, null, { memory: 2 }),
  eight1GB: poolSize(8, null, { memory: 1 }),
  halfGB: poolSize(4, null, { memory: 0.5 }),
  phone8: poolSize(8, null, { phone: true }),
  phone8GB: poolSize(8, null, { memory: 8, phone: true }),
  phone2GB: poolSize(8, null, { memory: 2, phone: true }),
  phone2cores: poolSize(2, null, { phone: true }),
  oneCore: poolSize(1, null),
  unknownCores: poolSize(undefined, null),
  noMemoryFigure: poolSize(8, null, { memory: undefined }),
  asked: poolSize(8, "5", { memory: 1, phone: true }),
  askedTooMany: poolSize(2, "12"),
  askedNonsense: poolSize(8, "x", { memory: 8 }),
  askedZero: poolSize(4, "0"),
};
console.log(JSON.stringify(cases));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="make test installs Node with npm")
def test_the_pools_size_is_bounded_by_the_cores_the_memory_and_a_phone():
    sizes = _seen(SIZES)
    # Every core but one, at most 8, where nothing else is told.
    assert sizes["desktop8"] == 7 and sizes["desktop16"] == 8
    assert sizes["oneCore"] == sizes["unknownCores"] == 1 and sizes["noMemoryFigure"] == 7
    # A quarter of the device's memory at 200 MB a worker: 4 GB 5, 2 GB 2, 1 GB or less 1.
    assert sizes["quad4GB"] == 3 and sizes["eight4GB"] == 5
    assert (sizes["eight2GB"], sizes["eight1GB"], sizes["halfGB"]) == (2, 1, 1)
    # A phone: at most 2, whatever its cores and memory; fewer where those say so.
    assert sizes["phone8"] == sizes["phone8GB"] == sizes["phone2GB"] == 2
    assert sizes["phone2cores"] == 1
    # ?workers=N wins over every bound (1-8); anything else is not asked.
    assert sizes["asked"] == 5 and sizes["askedTooMany"] == 8
    assert sizes["askedNonsense"] == 7 and sizes["askedZero"] == 3
