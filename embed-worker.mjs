// One Python for every embed frame of a page: a worker that boots Pyodide once and
// answers each frame's shell (embed-shell.js) with what to draw (game/web/embed/embed_frame.py).
//
// As a SharedWorker, every frame of this site's embed.html on one page (and every tab of
// it: the browser shares the worker per origin and top-level site) connects to it. Where
// there is no SharedWorker (or it is refused: a third-party frame without storage), one
// frame of the page runs it as a dedicated Worker and hands every sibling frame of the
// same origin a port to it. A frame
// sends {id, request, priority} (priority 0: on screen; 1: not yet; 2: once the frames
// have stopped asking for a moment, as a replay's whole match after its start), later maybe
// {promote: id} when it scrolls into view; the worker replies {id, reply} or
// {id, error}. Requests wait while Python boots and are then answered on-screen first,
// one at a time, so a frame that comes into view jumps the queue. On connecting, a frame
// gets {hello: BOOT, protocol} at once (before Python is up), so it knows the worker runs
// and speaks its messages. As a SharedWorker it is named after the site's build
// ("backgammon-embeds:" + sw-files.js's SITE_VERSION): a deploy gets a new one.
import { bootPython } from "./python-files.mjs";

// This worker's one boot, told to every frame (tests count the boots of a page by it).
const BOOT = Math.random().toString(36).slice(2) + Date.now().toString(36);
// The version of these messages, told in the hello: a frame whose embed-shell.js expects
// another (a SharedWorker of an older build, still alive) does not use this worker.
const PROTOCOL = 2;

async function boot() {
  // The page's Python files ([game-files] in pyscript.toml); the bot's weights ([bot-files])
  // are not needed to draw.
  const pyodide = await bootPython();
  pyodide.runPython("import json, game.web.embed.embed_frame");
  return {
    reply: pyodide.runPython(
      "lambda text: json.dumps(game.web.embed.embed_frame.frame_reply(json.loads(text)))"),
    learn: pyodide.runPython("game.web.embed.embed_frame.learn_language"),
  };
}

// Each frame asks in its own language (lang.js's choice: its address, or the browser's);
// the runtime is given that language's catalog once, fetched here (locale/CODE.json, as
// lang.js fetches it), before the first answer in it. One that cannot be fetched stays
// English, as the page does.
const LANGUAGE = /^[a-z]{2,3}$/;
const learning = {};  // code -> the promise of its catalog given to Python
function learnt(code, runtime) {
  if (code === "en" || !LANGUAGE.test(code)) return Promise.resolve();
  if (!learning[code]) {
    learning[code] = fetch(new URL(`./locale/${code}.json`, self.location.href))
      .then((response) => (response.ok ? response.text() : null))
      .then((text) => { if (text) runtime.learn(code, text); })
      .catch(() => {});
  }
  return learning[code];
}

let answer = null;  // boot()'s promise, started by the first frame
const waiting = [];  // {port, id, request, priority, language}
let busy = false;
let lastAsked = 0;  // when a frame last asked (Date.now())
const IDLE_MS = 250;

function message(error) {
  return String((error && error.message) || error);
}

// Answer what waits, on-screen frames first, yielding between answers so that a frame
// scrolled into view meanwhile is served next.
async function pump() {
  if (busy) return;
  busy = true;
  let runtime;
  try {
    runtime = await answer;
  } catch (error) {
    for (const { port, id } of waiting.splice(0)) port.postMessage({ id, runtime: BOOT, error: message(error) });
    busy = false;
    return;
  }
  while (waiting.length) {
    let next = 0;
    for (let i = 1; i < waiting.length; i++) {
      if (waiting[i].priority < waiting[next].priority) next = i;
    }
    // Work for later (priority 2: a replay's whole match) waits until no frame has asked
    // for a while, so frames still loading are drawn before it.
    const quiet = IDLE_MS - (Date.now() - lastAsked);
    if (waiting[next].priority >= 2 && quiet > 0) {
      await new Promise((resolve) => setTimeout(resolve, quiet));
      continue;
    }
    const { port, id, request, language } = waiting.splice(next, 1)[0];
    await learnt(language, runtime);
    try {
      port.postMessage({ id, runtime: BOOT, reply: JSON.parse(runtime.reply(request)) });
    } catch (error) {
      port.postMessage({ id, runtime: BOOT, error: message(error) });
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  busy = false;
}

function serve(port) {
  if (!answer) answer = boot();  // a frame that connects is about to ask
  port.addEventListener("message", (incoming) => {
    const data = incoming.data || {};
    if (data.promote !== undefined) {
      for (const item of waiting) {
        if (item.port === port && item.id === data.promote) item.priority = 0;
      }
      return;
    }
    const language = String((data.request && data.request.language) || "en");
    waiting.push({ port, id: data.id, request: JSON.stringify(data.request), priority: data.priority || 0, language });
    lastAsked = Date.now();
    pump();
  });
  port.start();
  port.postMessage({ hello: BOOT, protocol: PROTOCOL });
}

// A SharedWorker: each frame connects. A dedicated Worker (started by one frame of the
// page where SharedWorker is missing or refused, see embed-shell.js): each frame's port
// is handed over in a {connect: true} message.
addEventListener("connect", (event) => serve(event.ports[0]));
addEventListener("message", (event) => {
  if (event.data && event.data.connect && event.ports[0]) serve(event.ports[0]);
});
