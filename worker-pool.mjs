// A pool of Web Workers, each a computer-worker.mjs with its own Pyodide, shared by the
// rollouts, the analysis of a game and the expert's and the hint's look-aheads, so that every
// core of the player's machine works while the page's main thread stays free.
//
// Size (poolSize): navigator.hardwareConcurrency - 1 (one core is left to the page), at most
// 8, at least 1; bounded by memory, each worker holding its own interpreter: where the
// browser tells the device's memory (navigator.deviceMemory), the pool takes at most a
// quarter of it at WORKER_MB a worker; a phone or tablet (coarse pointer, or a small screen)
// has at most PHONE_WORKERS, as mobile browsers end a tab that holds too much. The address may
// ask for another size (?workers=N, 1 to 8: tests and benchmarks), over every bound.
// Workers start when first needed, one after another (each loads Pyodide and the bot; the
// first answers as soon as it is ready, the others join as they are).
//
// ask(request, tag): a promise of the worker's reply (JSON text, as computer-worker.mjs
// answers) to the request (JSON text of a game/web messages dataclass); tasks wait in a
// queue, first asked first served. cancel(tag, end): the tasks with that tag are dropped
// (their promises reject with "cancelled"): those waiting at once, and those running with
// their worker, which is ended and replaced when work waits (Python cannot be interrupted
// inside a worker without cross-origin isolation, and a stopped analysis at the strongest
// judgement held every worker for its part, the next analysis waiting behind it). With end
// false a running task's worker finishes it instead, its answer unread: for short parts (a
// hint's), which take less than a new worker's start.
//
// warm(count): start up to count workers (every one without a count; one after another)
// before any task, so that a job that shares its work among them (the expert's look-aheads)
// finds them ready; the pool never starts more than its size.
//
// @typedef {{request: string, tag: string, resolve: Function, reject: Function,
//            dropped?: boolean}} Task

export const MAX_WORKERS = 8;
// A worker's memory counted against the device's: one worker with its Pyodide and the bot
// at about the most measured in Chromium, after a rollout filled the bot's tables
// (docs/performance.md, "Session 34").
export const WORKER_MB = 200;
export const MEMORY_SHARE = 4;  // the pool takes at most a quarter of the device's memory
export const PHONE_WORKERS = 2; // still two, so that the expert's look-aheads are shared

// The pool's size for a device of `cores` cores (navigator.hardwareConcurrency), `device`
// its memory in GB where the browser tells it (navigator.deviceMemory) and whether it looks
// like a phone or a tablet; `asked` is the address's ?workers=N, which wins when it is a
// whole number from 1 (at most 8).
export function poolSize(cores, asked, device = {}) {
  const wanted = Number(asked);
  if (Number.isInteger(wanted) && wanted >= 1) return Math.min(MAX_WORKERS, wanted);
  let size = Math.floor(Number(cores) || 1) - 1;
  const gigabytes = Number(device.memory);
  if (gigabytes > 0) {
    size = Math.min(size, Math.floor((gigabytes * 1024) / MEMORY_SHARE / WORKER_MB));
  }
  if (device.phone) size = Math.min(size, PHONE_WORKERS);
  return Math.max(1, Math.min(MAX_WORKERS, size));
}

export class WorkerPool {
  constructor(size, url) {
    this.size = size;
    this.url = url;
    this.workers = [];   // {worker, ready: boolean, task: Task|null, id: number}
    this.queue = [];     // Task[]
    this.failed = "";
    this.warmTo = 0;     // workers asked for ahead of any task (warm)
    this.dropped = 0;    // tasks cancelled so far
  }

  warm(count) {
    const wanted = count === undefined ? this.size : Math.floor(Number(count)) || 0;
    this.warmTo = Math.max(this.warmTo, Math.min(this.size, wanted));
    this._grow();
  }

  // How many workers are running and how many tasks wait or run (for the page and tests):
  // busy counts a worker finishing a dropped task; jobs, each tag's tasks waiting or
  // running, does not; dropped, the tasks cancelled so far.
  status() {
    const jobs = {};
    const live = this.workers.filter((w) => w.task && !w.task.dropped).map((w) => w.task);
    for (const task of [...this.queue, ...live]) jobs[task.tag] = (jobs[task.tag] || 0) + 1;
    return {
      size: this.size,
      started: this.workers.length,
      ready: this.workers.filter((w) => w.ready).length,
      busy: this.workers.filter((w) => w.task).length,
      queued: this.queue.length,
      jobs,
      dropped: this.dropped,
    };
  }

  ask(request, tag = "") {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(new Error(this.failed));
      this.queue.push({ request, tag, resolve, reject });
      this._grow();
      this._dispatch();
    });
  }

  cancel(tag, end = true) {
    const kept = [];
    let dropped = 0;
    for (const task of this.queue) {
      if (task.tag === tag) {
        dropped += 1;
        task.reject(new Error("cancelled"));
      } else kept.push(task);
    }
    this.queue = kept;
    const running = this.workers.filter((w) => w.task && w.task.tag === tag && !w.task.dropped);
    for (const slot of running) {
      const task = slot.task;
      dropped += 1;
      task.reject(new Error("cancelled"));
      if (!end) {
        task.dropped = true;  // its worker stays busy until it answers; the answer is unread
        continue;
      }
      slot.task = null;
      this.workers = this.workers.filter((w) => w !== slot);
      try { slot.worker.terminate(); } catch (error) { /* already gone */ }
    }
    this.dropped += dropped;
    this._grow();
    this._dispatch();
    return dropped;
  }

  // Start one more worker when there is waiting work and room, the previous one ready:
  // starting them one at a time keeps the first start (and the page) quick.
  _grow() {
    if (this.workers.length >= this.size) return;
    if (!this.queue.length && this.workers.length >= this.warmTo) return;
    if (this.workers.some((w) => !w.ready)) return;
    let worker;
    try {
      worker = new Worker(this.url, { type: "module" });
    } catch (error) {
      return this._fail(String(error.message || error));
    }
    const slot = { worker, ready: false, task: null, id: 0 };
    this.workers.push(slot);
    worker.addEventListener("message", (event) => this._message(slot, event.data));
    worker.addEventListener("error", (event) => {
      this._lose(slot, String(event.message || "a pool worker failed"));
    });
  }

  _message(slot, data) {
    if (data.ready === true) {
      slot.ready = true;
      this._grow();
      this._dispatch();
      return;
    }
    if (data.ready === false) return this._lose(slot, data.error || "a pool worker did not start");
    const task = slot.task;
    if (!task || data.id !== slot.id) return;
    slot.task = null;
    if (task.dropped) { /* cancelled while it ran: nobody waits for it */ }
    else if (data.error !== undefined) task.reject(new Error(data.error));
    else task.resolve(data.reply);
    this._dispatch();
  }

  _dispatch() {
    for (const slot of this.workers) {
      if (!this.queue.length) return;
      if (!slot.ready || slot.task) continue;
      const task = this.queue.shift();
      slot.task = task;
      slot.id += 1;
      slot.worker.postMessage({ id: slot.id, request: task.request });
    }
  }

  // A worker that failed leaves the pool; its task goes back to the queue (unless dropped). With none left
  // and none to start, every waiting task fails.
  _lose(slot, reason) {
    this.workers = this.workers.filter((w) => w !== slot);
    try { slot.worker.terminate(); } catch (error) { /* already gone */ }
    if (slot.task && !slot.task.dropped) this.queue.unshift(slot.task);
    this.size = Math.max(0, this.size - 1);
    if (!this.size) return this._fail(reason);
    this._grow();
    this._dispatch();
  }

  _fail(reason) {
    this.failed = reason;
    for (const task of this.queue) task.reject(new Error(reason));
    this.queue = [];
  }
}
