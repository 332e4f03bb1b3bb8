// What the page does before Python runs: paint a returning player's saved board, show
// loading progress, report a failed start, and (once the game is up) register the offline
// service worker.
// The game itself is Python (game/web/); this file only watches PyScript's boot.
"use strict";

(function () {
  var steps = 0;
  var body = document.body;

  function text(id, value) {
    var node = document.getElementById(id);
    if (node) node.textContent = value;
  }

  function fail(message) {
    if (body.dataset.ready === "true" || body.dataset.error !== undefined) return;
    body.dataset.error = message;
    text("loading-text", "The game could not start: " + message);
    text("status", "The game could not start. Reload the page to try again.");
  }

  // A returning player sees their own game at once, not the starting board the HTML holds:
  // the game keeps the board it drew beside each save, with that save's exact text
  // (game/web/prerender.py). It is painted only while the save is still that text, so it
  // is always the position Python then loads; a shared link (#gnubgid=) may replace the
  // game, so then the starting board stays until Python decides.
  function paintSaved() {
    var embed = body.classList.contains("embed") || /[?&]embed=1(&|$)/.test(location.search);
    var key = "backgammon.save" + (embed ? ".embed" : "");
    if (/gnubgid=/.test(location.hash)) return;
    try {
      var save = localStorage.getItem(key);
      var kept = save && JSON.parse(localStorage.getItem(key + ".board"));
      if (!kept || kept.save !== save || typeof kept.svg !== "string") return;
      var drawn = document.querySelector("#board > svg");
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

  // PyScript reports each step of its start-up (loading Pyodide, files, ...).
  addEventListener("py:progress", function (event) {
    steps += 1;
    var bar = document.getElementById("loading-bar");
    if (bar) bar.value = Math.min(steps, bar.max);
    if (typeof event.detail === "string") text("loading-text", event.detail + "…");
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
      if (body.dataset.ready !== "true") fail("Python stopped before the board was drawn");
    }, 0);
  });

  // The computer's worker (computer-worker.mjs): the page's Python (game/web/thinking.py)
  // starts it once the board is playable and asks it for the computer's decisions, so the
  // main thread stays free while it thinks. ask() rejects when there is no working worker;
  // the page then thinks on the main thread instead.
  var worker = null;
  var failed = null;
  var asked = 0;
  var waiting = {};
  function stopWaiting(message) {
    failed = message;
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(message)); });
    waiting = {};
  }
  window.computerWorker = {
    start: function () {
      if (worker || failed || typeof Worker === "undefined") return;
      try {
        worker = new Worker(new URL("./computer-worker.mjs", document.baseURI), { type: "module" });
      } catch (error) {
        stopWaiting(String(error.message || error));
        return;
      }
      worker.addEventListener("message", function (event) {
        var data = event.data;
        if (data.ready === false) return stopWaiting(data.error);
        if (data.ready === true) { body.dataset.worker = "ready"; return; }
        var promise = waiting[data.id];
        delete waiting[data.id];
        if (!promise) return;
        if (data.error !== undefined) promise.reject(new Error(data.error));
        else promise.resolve(data.reply);
      });
      worker.addEventListener("error", function (event) {
        stopWaiting(String(event.message || "the computer's worker failed"));
      });
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

  // Offline play after the first visit: once the game is up, register sw.js and hand it
  // every same-origin file this visit loaded, to keep. Automated browsers (tests,
  // benchmarks) skip it unless the address asks for it with ?sw=1, so they measure the page.
  function registerWorker() {
    if (!("serviceWorker" in navigator)) return;
    var wanted = /[?&]sw=1(&|$)/.test(location.search);
    if (navigator.webdriver && !wanted) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "kept") body.dataset.offline = "ready";
    });
    navigator.serviceWorker.register("./sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = performance.getEntriesByType("resource").map(function (entry) { return entry.name; });
      urls.push(location.href.split("#")[0].split("?")[0]);
      registration.active.postMessage({ type: "keep", urls: urls });
    }).catch(function () { /* offline play is optional */ });
  }
  document.addEventListener("game:ready", registerWorker, { once: true });
})();
