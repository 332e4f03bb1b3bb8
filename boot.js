// What the page does before Python runs: show loading progress, report a failed start,
// and (once the game is up) register the offline service worker.
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
