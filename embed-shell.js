// embed.html's start: a light shell that boots no Python of its own for a diagram or a
// replay. It asks the runtime every frame of the page shares (embed-worker.mjs, a
// SharedWorker: Pyodide booted once) what to draw (game/web/embed/embed_frame.py) and puts it
// in the page, as game/web/embed/embed_app.py would. Where SharedWorker is missing or refused
// (a third-party frame without storage), the frames of this origin on the page share one
// dedicated Worker run by the first of them instead. A frame off screen asks with a lower priority, so
// the first screen is drawn first; one that scrolls into view jumps the queue. A puzzle
// or a live game, a browser without workers, a runtime that cannot start or answer: the
// frame boots its own Python as before (PyScript's core.js, which runs the page's
// <script type="py">).
"use strict";

(function () {
  var body = document.body;
  var HEIGHT_MESSAGE = "backgammon-embed:height";
  var HELLO_MS = 20000;  // the worker says hello before its Python boots
  var PROTOCOL = 2;  // the messages' version: embed-worker.mjs says its own in its hello
  var booted = false;

  function bootOwn(reason) {
    if (booted) return;
    booted = true;
    body.dataset.runtime = "own";
    showStartingBoard();
    if (reason) body.dataset.runtimeReason = reason;
    var script = document.createElement("script");
    script.type = "module";
    script.src = "./runtime/pyscript/core.js";
    document.head.appendChild(script);
  }

  // embed.html holds the starting board as text (#board-start): a frame that boots its
  // own Python shows it now, unless boot.js painted a saved one.
  function showStartingBoard() {
    var held = document.getElementById("board-start");
    if (!held || document.querySelector("#board > svg")) return;
    var template = document.createElement("template");
    template.innerHTML = held.textContent;
    var svg = template.content.querySelector("svg");
    if (svg) held.replaceWith(svg);
  }

  function field(text, name) {
    try {
      return new URLSearchParams(text).get(name);
    } catch (error) {
      return null;
    }
  }

  // The mode as embed_params reads it: the query wins over the fragment; none is "play".
  var mode = field(location.search, "mode");
  if (mode === null) mode = field(location.hash.replace(/^#/, ""), "mode");
  if (mode === null || mode === "play" || mode === "puzzle" || typeof Worker === "undefined" ||
      typeof MessageChannel === "undefined") {
    bootOwn("");
    return;
  }

  // The port to the shared runtime: a SharedWorker's, or (where that is missing or
  // refused) one handed over by the frame of this page that runs the runtime as a
  // dedicated Worker. Asks made before the port exists (or before a switch) are sent then.
  var port = null;
  var asked = 0;
  var waiting = {};      // id -> callback
  var outstanding = {};  // id -> the message, until answered
  var visible = true;    // until the observer says otherwise
  var hello = null;

  function usePort(next, kind) {
    if (port) { try { port.close(); } catch (error) { /* gone */ } }
    port = next;
    body.dataset.runtime = kind;
    clearTimeout(hello);
    hello = setTimeout(function () { bootOwn("the shared runtime did not answer"); }, HELLO_MS);
    port.addEventListener("message", function (event) {
      if (port !== next) return;
      var data = event.data || {};
      if (data.hello !== undefined) {
        clearTimeout(hello);
        // A runtime that speaks another version of these messages (a SharedWorker of an
        // older build that kept the same name): this page's frames run their own.
        if (data.protocol !== PROTOCOL && kind === "shared") {
          body.dataset.runtimeRefused = String(data.protocol);
          group();
        }
        return;
      }
      var done = waiting[data.id];
      delete waiting[data.id];
      delete outstanding[data.id];
      if (!done || booted) return;
      if (data.error !== undefined || !data.reply) return bootOwn(String(data.error));
      body.dataset.runtimeId = data.runtime;
      done(data.reply);
    });
    port.start();
    Object.keys(outstanding).forEach(function (id) { port.postMessage(outstanding[id]); });
  }

  // priority: 0 on screen, 1 off screen, 2 once nothing else waits (a replay's whole match).
  function ask(request, callback, priority) {
    asked += 1;
    waiting[asked] = callback;
    if (priority === undefined) priority = visible ? 0 : 1;
    outstanding[asked] = { id: asked, request: request, priority: priority };
    if (port) port.postMessage(outstanding[asked]);
    return asked;
  }

  function promote(id) {
    if (outstanding[id]) outstanding[id].priority = 0;
    if (port) port.postMessage({ promote: id });
  }

  // Where SharedWorker is missing or refused: the frames of this origin on the page are
  // one agent (one thread), so a frame can reach its same-origin siblings through the
  // parent's frame list at once (no messages, no storage, no race). The first frame to
  // look runs the runtime as a dedicated Worker and keeps, on its window, the way to get
  // a port to it; every later frame takes a port from there.
  var GROUP = "backgammonEmbedRuntime";

  function groupRuntime() {
    var list;
    try { list = window.parent !== window ? window.parent.frames : null; } catch (error) { list = null; }
    for (var i = 0; list && i < list.length; i++) {
      try {
        if (list[i] !== window && list[i][GROUP]) return list[i][GROUP];
      } catch (error) {
        // a frame of another origin: not ours
      }
    }
    return null;
  }

  function group() {
    var found = groupRuntime();
    if (found) {
      try {
        return usePort(found.port(), "group");
      } catch (error) {
        // its frame is going away: run one here
      }
    }
    var runtime;
    try {
      runtime = new Worker(new URL("./embed-worker.mjs", document.baseURI), { type: "module" });
    } catch (error) {
      return bootOwn("Worker: " + (error && error.message || error));
    }
    runtime.addEventListener("error", function () { bootOwn("the runtime's worker failed"); });
    window[GROUP] = {
      port: function () {
        var channel = new MessageChannel();
        runtime.postMessage({ connect: true }, [channel.port1]);
        return channel.port2;
      },
    };
    usePort(window[GROUP].port(), "group");
  }

  // No buttons of a live game while it waits: the mode's own layout at once.
  if (mode === "diagram" || mode === "replay") body.classList.add("mode-" + mode);

  // The site's build (sw-files.js's SITE_VERSION, a hash of every file the site serves;
  // "" when it cannot be read): the SharedWorker's name carries it, so that a tab kept
  // open across a deploy, whose SharedWorker runs the old build, never serves the frames
  // of the new one. The frame's asks wait in `outstanding` meanwhile.
  // One frame of the page reads it; its same-origin siblings take its answer (as `group`).
  var BUILD = "backgammonEmbedBuild";
  function siteBuild() {
    var sibling = siblingBuild();
    if (!sibling) return readBuild();
    // A sibling going away may never settle its promise: this frame then reads its own.
    return new Promise(function (resolve) {
      sibling.then(resolve);
      setTimeout(function () { readBuild().then(resolve); }, 3000);
    });
  }
  function siblingBuild() {
    var list;
    try { list = window.parent !== window ? window.parent.frames : null; } catch (error) { list = null; }
    for (var i = 0; list && i < list.length; i++) {
      try {
        if (list[i] !== window && list[i][BUILD]) return list[i][BUILD];
      } catch (error) {
        // a frame of another origin: not ours
      }
    }
    return null;
  }
  function readBuild() {
    window[BUILD] = window[BUILD] || fetch(new URL("./sw-files.js", document.baseURI).href, { cache: "no-cache" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (script) {
        var found = /SITE_VERSION\s*=\s*"([^"]*)"/.exec(script);
        return found ? found[1] : "";
      })
      .catch(function () { return ""; });
    return window[BUILD];
  }

  function sharedRuntime(build) {
    var shared;
    try {
      shared = new SharedWorker(new URL("./embed-worker.mjs", document.baseURI),
                                { type: "module", name: "backgammon-embeds:" + build });
    } catch (error) {
      return group();
    }
    body.dataset.runtimeBuild = build;
    // A third-party frame without storage gets an error here: the frames then group.
    shared.addEventListener("error", function () {
      if (body.dataset.runtime === "shared" && !booted) {
        port = null;
        group();
      }
    });
    usePort(shared.port, "shared");
  }

  // boot.js marks a frame whose storage is blocked: Chromium refuses it a SharedWorker.
  if (typeof SharedWorker !== "undefined" && body.dataset.storage !== "blocked" &&
      typeof fetch !== "undefined") {
    siteBuild().then(sharedRuntime);
  } else {
    group();
  }

  function element(id) { return document.getElementById(id); }
  function text(id, value) {
    var node = element(id);
    if (!node) return;
    node.removeAttribute("data-i18n");  // written here: lang.js leaves it alone
    node.textContent = value;
  }
  // The page's words in its language (lang.js); English where lang.js is missing.
  function t(message, values) {
    var language = window.backgammonLanguage;
    if (language) return language.t(message, values);
    return message.replace(/\{(\w+)\}/g, function (all, name) { return values ? values[name] : all; });
  }
  function show(id, shown) { var node = element(id); if (node) node.hidden = !shown; }

  function postHeight() {
    if (window.parent === window) return;
    var main = document.querySelector("main");
    var height = main ? Math.floor(main.getBoundingClientRect().height) + 2 : 0;
    try { window.parent.postMessage({ type: HEIGHT_MESSAGE, height: height }, "*"); } catch (error) { /* gone */ }
  }
  function watchHeight() {
    var main = document.querySelector("main");
    if (main && window.ResizeObserver) new ResizeObserver(postHeight).observe(main);
    postHeight();
  }

  function ready() {
    body.dataset.ready = "true";
    watchHeight();
    document.dispatchEvent(new Event("game:ready"));  // boot.js: the offline service worker
    document.dispatchEvent(new Event("game:loaded"));
  }

  function problem(words) {
    body.classList.add("mode-error");
    text("embed-message", words);
    show("embed-message", true);
    text("status", "");
    ready();
  }

  function store(key) {
    try { return window.localStorage; } catch (error) { return null; }
  }
  function savedMoment(key) {
    try {
      var saved = JSON.parse(store(key).getItem(key));
      return typeof saved === "number" && saved >= 0 ? saved : 0;
    } catch (error) {
      return 0;
    }
  }
  function saveMoment(key, at) {
    try { store(key).setItem(key, JSON.stringify(at)); } catch (error) { /* no storage: unsaved */ }
  }

  var shown = null;  // the last reply drawn
  var matBytes;      // a replay's match file, once fetched (byteString)
  var themed = false;

  function draw(reply) {
    if (!themed) {
      themed = true;
      document.documentElement.dataset.theme = reply.theme;
      body.classList.add("mode-" + reply.mode);
      if (!reply.legacy) body.classList.add("fit");
      if (reply.caption) { text("embed-caption", reply.caption); show("embed-caption", true); }
      body.dataset.embedKey = reply.key;
    }
    shown = reply;
    element("board").innerHTML = reply.svg;
    var holder = element("embed-text");
    holder.replaceChildren();
    reply.words.forEach(function (line) {
      var paragraph = document.createElement("p");
      paragraph.textContent = line;
      holder.appendChild(paragraph);
    });
    holder.hidden = false;
    text("embed-pips-text", reply.pips);
    show("embed-pips", true);
    text("status", reply.status);
    if (reply.mode === "replay") {
      show("embed-replay", true);
      text("embed-where", reply.where);
      element("embed-first").disabled = element("embed-back").disabled = reply.at === 0;
      // While only the first game is read (partial), the match goes on past its last moment.
      element("embed-forward").disabled = element("embed-last").disabled =
        reply.at === reply.last && !reply.partial;
      body.dataset.moment = String(reply.at);
      saveMoment(reply.key + ".replay", reply.at);
      postHeight();
    }
  }

  // first: a frame's first ask, to which the start of a match file is enough (the runtime
  // then reads its first game only and says "partial"; the whole is asked for after).
  function request(moment, first) {
    // In this frame's language (lang.js's choice): the runtime words its answer in it.
    var language = window.backgammonLanguage;
    var wanted = { search: location.search, hash: location.hash, language: (language && language.code) || "en" };
    if (moment !== undefined) wanted.moment = moment;
    if (matBytes !== undefined) wanted.matBytes = matBytes;
    if (first) wanted.first = true;
    return wanted;
  }

  // A file's bytes as a string of one character each (U+0000 to U+00FF): the runtime decodes
  // them as Open… decodes a file (UTF-16 and Latin-1 too, where response.text() reads UTF-8 only).
  function byteString(buffer) {
    var bytes = new Uint8Array(buffer), parts = [];
    for (var at = 0; at < bytes.length; at += 8192) {
      parts.push(String.fromCharCode.apply(null, bytes.subarray(at, at + 8192)));
    }
    return parts.join("");
  }

  // A replay's match file (beside the page, same origin only): fetched at once, while the
  // runtime boots, when the address names one plainly; the runtime still decides.
  function fetchText(name) {
    var url = new URL(name, document.baseURI);
    if (url.origin !== location.origin) return Promise.resolve({ foreign: true });
    return fetch(url.href).then(function (response) {
      if (!response.ok) return { status: response.status };
      return response.arrayBuffer().then(function (content) { return { bytes: byteString(content) }; });
    }).catch(function () { return { failed: true }; });
  }
  var matName = field(location.search, "mat");
  if (matName === null) matName = field(location.hash.replace(/^#/, ""), "mat");
  var early = mode === "replay" && matName &&
    /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/){0,4}[A-Za-z0-9_][A-Za-z0-9_.-]*\.mat$/.test(matName)
    ? fetchText(matName) : null;

  function fetchMatch(name) {
    text("status", t("Loading the match file…"));
    (name === matName && early ? early : fetchText(name)).then(function (got) {
      if (got.foreign) return problem(t("The match file must be on the same site as the page."));
      if (got.status) return problem(t("The match file {name} could not be loaded ({status}).", { name: name, status: got.status }));
      if (got.failed) return problem(t("The match file {name} could not be loaded.", { name: name }));
      matBytes = got.bytes;
      askMoment(undefined, true);
    });
  }

  // A replay shows the answer to its latest ask (a step taken while the whole match was
  // being read is not undone by that reading's answer).
  var latest = null;
  function askMoment(moment, first, priority) {
    var id = ask(request(moment, first), function (reply) {
      if (id === latest || shown === null) answered(reply);
    }, priority);
    latest = id;
  }

  function answered(reply) {
    if (reply.boot) return bootOwn("");
    if (reply.problem !== undefined) return problem(reply.problem);
    if (reply.fetch !== undefined) return fetchMatch(reply.fetch);
    var saved = null;
    if (reply.mode === "replay" && shown === null) {
      saved = savedMoment(reply.key + ".replay");
      if (saved !== reply.at && saved <= reply.last) {
        shown = reply;  // the first answer tells the key; show the saved moment
        return askMoment(saved);
      }
    }
    var first = body.dataset.ready !== "true";
    draw(reply);
    if (first) { bindReplay(); ready(); }
    // The start of a match is drawn: now the whole of it, once the other frames are drawn
    // (at the saved moment if that lies beyond the first game).
    if (reply.partial) askMoment(saved !== null && saved > reply.at ? saved : reply.at, false, 2);
  }

  var bound = false;
  function bindReplay() {
    if (bound || !shown || shown.mode !== "replay") return;
    bound = true;
    function step(delta) {
      if (!shown) return;
      var at = Math.max(0, Math.min(shown.partial ? 1e6 : shown.last, shown.at + delta));
      if (at !== shown.at) askMoment(at);
    }
    [["embed-first", -1e6], ["embed-back", -1], ["embed-forward", 1], ["embed-last", 1e6]].forEach(
      function (pair) { element(pair[0]).addEventListener("click", function () { step(pair[1]); }); });
    document.addEventListener("keydown", function (event) {
      var steps = { ArrowLeft: -1, ArrowRight: 1, Home: -1e6, End: 1e6 };
      if (event.key in steps && !event.altKey && !event.ctrlKey) {
        event.preventDefault();
        step(steps[event.key]);
      }
    });
  }

  // Draw when near the viewport: the first ask says whether this frame is on screen;
  // one that comes into view later is promoted in the worker's queue.
  var first = null;    // the id of the first ask, once made
  var started = false;
  function start() {
    started = true;
    // A replay of a match file fetched early asks with its bytes, not for it.
    (early || Promise.resolve({})).then(function (got) {
      if (got.bytes !== undefined) matBytes = got.bytes;
      askMoment(undefined, true);
      first = latest;
    });
  }
  if (window.IntersectionObserver) {
    var observer = new IntersectionObserver(function (entries) {
      var seen = entries.some(function (entry) { return entry.isIntersecting; });
      if (!started) {
        visible = seen;
        start();
      } else if (seen) {
        visible = true;
        if (first !== null) promote(first);
        observer.disconnect();
      }
      if (started && visible) observer.disconnect();
    });
    observer.observe(element("board") || body);
  } else {
    start();
  }
})();
