// What the page does before Python runs: paint a returning player's saved board, show
// loading progress, report a failed start, and (once the game is up) register the offline
// service worker.
// The game itself is Python (game/web/); this file only watches PyScript's boot.
"use strict";

(function () {
  var steps = 0;
  var body = document.body;

  // The page's words in its language (lang.js); English where lang.js is missing.
  function t(message, values) {
    var language = window.backgammonLanguage;
    if (language) return language.t(message, values);
    return message.replace(/\{(\w+)\}/g, function (all, name) { return values ? values[name] : all; });
  }

  function text(id, value) {
    var node = document.getElementById(id);
    if (!node) return;
    node.removeAttribute("data-i18n");  // written here: lang.js leaves it alone
    node.textContent = value;
  }

  function fail(message) {
    if (body.dataset.ready === "true" || body.dataset.error !== undefined) return;
    body.dataset.error = message;
    text("loading-text", t("The game could not start: {reason}", { reason: message }));
    text("status", t("The game could not start. Reload the page to try again."));
  }

  // A frame of another site whose browser blocks third-party storage: localStorage throws
  // SecurityError, and PyScript's own start-up step "Loading Storage" (a cache of package
  // lists kept in IndexedDB, opened even when there are no packages) fails with
  // InvalidStateError before any Python runs. There, PyScript gets a small in-memory
  // stand-in for IndexedDB (only what that step uses), and the game plays on unsaved
  // (game/web/store/storage.py says so on the page).
  function storageBlocked() {
    try {
      window.localStorage.getItem("backgammon.probe");
      return !window.indexedDB;
    } catch (error) {
      return true;
    }
  }

  function memoryIndexedDB() {
    var stores = {};
    function request(run) {
      var pending = {};
      setTimeout(function () {  // callers set onsuccess after the call, as with IndexedDB
        pending.result = run();
        if (pending.onsuccess) pending.onsuccess({ target: pending });
      }, 0);
      return pending;
    }
    function store(name) {
      var map = stores[name] || (stores[name] = new Map());
      return {
        count: function () { return request(function () { return map.size; }); },
        clear: function () { return request(function () { map.clear(); }); },
        delete: function (key) { return request(function () { map.delete(key); }); },
        get: function (key) { return request(function () { return map.get(key); }); },
        getKey: function (key) { return request(function () { return map.has(key) ? key : undefined; }); },
        getAllKeys: function () { return request(function () { return Array.from(map.keys()); }); },
        put: function (value, key) { return request(function () { map.set(key, value); return key; }); },
      };
    }
    var database = {
      objectStoreNames: { length: 1, contains: function () { return true; } },
      createObjectStore: store,
      transaction: function () { return { objectStore: store }; },
      close: function () {},
    };
    return { open: function () { return request(function () { return database; }); } };
  }

  if (storageBlocked()) {
    body.dataset.storage = "blocked";
    Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB(), configurable: true });
  }

  // A returning player sees their own game at once, not the starting board the HTML holds:
  // the game keeps the board it drew beside each save, with that save's exact text
  // (game/web/board/prerender.py). It is painted only while the save is still that text, so it
  // is always the position Python then loads; a shared link (#gnubgid=) may replace the
  // game, so then the starting board stays until Python decides.
  function paintSaved() {
    var embed = body.classList.contains("embed") || /[?&]embed=1(&|$)/.test(location.search);
    var key = "backgammon.save" + (embed ? ".embed" : "");
    if (/gnubgid=|xgid=|game=/.test(location.hash)) return;
    if (/[?&]mode=/.test(location.search)) return;  // an embed's mode: its own key and board
    try {
      var save = localStorage.getItem(key);
      var kept = save && JSON.parse(localStorage.getItem(key + ".board"));
      if (!kept || kept.save !== save || typeof kept.svg !== "string") return;
      // embed.html holds its starting board as text (#board-start), shown by embed-shell.js.
      var drawn = document.querySelector("#board > svg") || document.getElementById("board-start");
      var template = document.createElement("template");
      template.innerHTML = kept.svg;
      var svg = template.content.firstElementChild;
      if (!drawn || !svg || svg.localName !== "svg") return;
      drawn.replaceWith(svg);
      var texts = kept.texts || {};
      Object.keys(texts).forEach(function (id) { text(id, String(texts[id])); });
      body.dataset.painted = "saved";
    } catch (error) {
      // No storage, or nothing of ours in it: the starting board stays.
    }
  }
  paintSaved();

  // PyScript reports each step of its start-up (loading Pyodide, files, ...); when each
  // came, and when the game was ready, in ms since navigation start, are kept in
  // window.bootTimes for tools/bench/engines.py (read in any engine, no hook needed).
  var times = (window.bootTimes = {});
  addEventListener("py:progress", function (event) {
    if (typeof event.detail === "string") times[event.detail] = performance.now();
    steps += 1;
    var bar = document.getElementById("loading-bar");
    if (bar) bar.value = Math.min(steps, bar.max);
    // PyScript names its steps in English: other languages keep "Loading the game…".
    var english = !window.backgammonLanguage || window.backgammonLanguage.code === "en";
    if (english && typeof event.detail === "string") text("loading-text", event.detail + "…");
  });

  addEventListener("error", function (event) {
    fail(String(event.message || "a script failed to load"));
  });
  addEventListener("unhandledrejection", function (event) {
    fail(String((event.reason && event.reason.message) || event.reason || "start-up failed"));
  });

  // Every Python script has finished; if the game did not say it is ready, it failed.
  addEventListener("py:all-done", function () {
    setTimeout(function () {
      // data-pending: still fetching what it draws (an embed's match file), not stopped.
      if (body.dataset.ready !== "true" && body.dataset.pending === undefined) {
        fail(t("Python stopped before the board was drawn"));
      }
    }, 0);
  });

  // The computer's worker (computer-worker.mjs): the page's Python (game/web/browser/worker_client.py)
  // starts it once the board is playable and asks it for the computer's decisions, so the
  // main thread stays free while it thinks. ask() rejects when there is no working worker;
  // the page then thinks on the main thread instead.
  var worker = null;
  var failed = null;
  var asked = 0;
  var waiting = {};
  var started = null;  // start()'s promise: true once the worker is ready, false if it failed
  var settle = function () {};
  function stopWaiting(message) {
    failed = message;
    body.dataset.worker = "failed";
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(message)); });
    waiting = {};
    settle(false);
  }
  window.computerWorker = {
    start: function () {
      if (started) return started;
      started = new Promise(function (resolve) { settle = resolve; });
      if (typeof Worker === "undefined") {
        stopWaiting("this browser has no workers");
        return started;
      }
      try {
        worker = new Worker(new URL("./computer-worker.mjs", document.baseURI), { type: "module" });
      } catch (error) {
        stopWaiting(String(error.message || error));
        return started;
      }
      worker.addEventListener("message", function (event) {
        var data = event.data;
        if (data.ready === false) return stopWaiting(data.error);
        if (data.ready === true) { body.dataset.worker = "ready"; settle(true); return; }
        var promise = waiting[data.id];
        delete waiting[data.id];
        if (!promise) return;
        if (data.error !== undefined) promise.reject(new Error(data.error));
        else promise.resolve(data.reply);
      });
      worker.addEventListener("error", function (event) {
        stopWaiting(String(event.message || "the computer's worker failed"));
      });
      return started;
    },
    ask: function (request) {
      return new Promise(function (resolve, reject) {
        if (!worker || failed) return reject(new Error(failed || "no worker"));
        asked += 1;
        waiting[asked] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: asked, request: request });
      });
    },
  };

  // The pool of workers (worker-pool.mjs) for rollouts and the analysis of a game: loaded
  // and started at the first task, so a page that never rolls out never pays for it. The
  // page's Python asks it through ask(request, tag) and stops a job with cancel(tag).
  var pool = null;
  // A phone or a tablet, whose browser ends a tab that holds too much memory: a coarse main
  // pointer (a finger), or a screen under 600 CSS pixels on its short side.
  function phoneLike() {
    var coarse = !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
    var screen = window.screen || {};
    return coarse || Math.min(screen.width || 9999, screen.height || 9999) < 600;
  }
  function thePool() {
    if (!pool) {
      pool = import(new URL("./worker-pool.mjs", document.baseURI).href).then(function (m) {
        var asked = new URLSearchParams(location.search).get("workers");
        var device = { memory: navigator.deviceMemory, phone: phoneLike() };
        var size = m.poolSize(navigator.hardwareConcurrency, asked, device);
        var made = new m.WorkerPool(size, new URL("./computer-worker.mjs", document.baseURI));
        body.dataset.poolSize = String(size);
        return made;
      });
    }
    return pool;
  }
  window.workerPool = {
    ask: function (request, tag) {
      if (typeof Worker === "undefined") return Promise.reject(new Error("this browser has no workers"));
      return thePool().then(function (made) { return made.ask(request, tag || ""); });
    },
    // end false: a running task's worker finishes it, its answer unread (worker-pool.mjs).
    cancel: function (tag, end) {
      if (!pool) return Promise.resolve(0);
      return pool.then(function (made) { return made.cancel(tag, end !== false); });
    },
    // Start up to `count` of the pool's workers now (worker-pool.mjs's warm; all of them
    // without a count), for work shared among them.
    warm: function (count) {
      if (typeof Worker === "undefined") return Promise.resolve(false);
      return thePool().then(function (made) { made.warm(count); return true; });
    },
    status: function () {
      return pool ? pool.then(function (made) { return JSON.stringify(made.status()); })
        : Promise.resolve(JSON.stringify({
          size: 0, started: 0, ready: 0, busy: 0, queued: 0, jobs: {}, dropped: 0,
        }));
    },
  };

  // Offline play after the first visit: once the game is up, register sw.js, which
  // precaches the whole site (every page, the runtime, the Python files) as one version.
  // A newer version found meanwhile waits until this page has loaded everything it will:
  // the page, and its computer (the worker, which loads after the board is playable, or
  // the bot's files fetched here where no worker runs); game/web/browser/worker_client.py then sends
  // game:loaded. Taking over sooner would hand the computer new files beside old ones.
  // The next start is then wholly new. Automated browsers (tests, benchmarks) skip it
  // unless the address asks for it with ?sw=1, so they measure the page.
  var loaded = new Promise(function (resolve) {
    document.addEventListener("game:loaded", resolve, { once: true });
  });
  function registerWorker() {
    if (!("serviceWorker" in navigator)) return;
    var wanted = /[?&]sw=1(&|$)/.test(location.search);
    if (navigator.webdriver && !wanted) return;
    function takeOver(worker) {
      loaded.then(function () { worker.postMessage({ type: "activate" }); });
    }
    function activate(worker) {
      if (!worker) return;
      if (worker.state === "installed") takeOver(worker);
      else worker.addEventListener("statechange", function () {
        if (worker.state === "installed") takeOver(worker);
      });
    }
    function ready(worker) {
      if (worker.state === "activated") body.dataset.offline = "ready";
      else worker.addEventListener("statechange", function () {
        if (worker.state === "activated") body.dataset.offline = "ready";
      });
    }
    navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then(function (registration) {
      activate(registration.waiting || (registration.active && registration.installing));
      registration.addEventListener("updatefound", function () {
        if (registration.active) activate(registration.installing);
      });
      // A returning visit starts from the cache; look for a new deploy now (sw.js and the
      // file list it imports are fetched and compared byte for byte).
      if (registration.active) registration.update().catch(function () { /* offline */ });
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      ready(registration.active);
    }).catch(function () { /* offline play is optional (no storage in a third-party frame) */ });
  }
  document.addEventListener("game:ready", registerWorker, { once: true });

  // The controls Python never disables wait, disabled in the HTML, until the game can take
  // their click (the others Python enables itself, game/web/controls.py). Each has
  // autocomplete="off": Firefox would otherwise bring back a reloaded page's enabled state.
  document.addEventListener("game:ready", function () {
    times.ready = performance.now();
    document.querySelectorAll("[data-until-ready]").forEach(function (control) {
      control.disabled = false;
    });
  }, { once: true });
})();
