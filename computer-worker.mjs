// The computer thinks here, in a Web Worker with its own Pyodide, so the page's main
// thread never waits on the bot (an expert's decision can take seconds).
//
// game/web/thinking.py starts it (through boot.js) once the board is playable, so it never
// slows the start.
// It loads the same Python files as the page (pyscript.toml's [files]) and the bot's
// weights ([bot-files]), imports the bot, then answers messages {id, request} with
// {id, reply} or {id, error}; the request and the reply are JSON text of the dataclasses
// of game/web/messages.py (``to_dict()``: a dict whose "task" names the request).
//
// @typedef {{id: number, request: string}} Asked      page -> worker
// @typedef {{id: number, reply: string} | {id: number, error: string} | {ready: boolean, error?: string}} Answered
import { loadPyodide } from "./interpreter.mjs";

const HOME = "/home/pyodide/";

// The page's files ([files]) and the bot's weights ([bot-files], which the page itself
// does not fetch at start-up), as game/web/manifest.py writes them in pyscript.toml.
async function projectFiles() {
  const config = await (await fetch(new URL("./pyscript.toml", import.meta.url))).text();
  const files = [];
  let inside = false;
  for (const line of config.split("\n")) {
    const table = line.match(/^\s*\[([^\]]+)\]\s*$/);
    if (table) inside = table[1] === "files" || table[1] === "bot-files";
    const entry = inside && line.match(/^\s*"([^"]+)"\s*=\s*"([^"]+)"\s*$/);
    if (entry) files.push([entry[1], entry[2]]);
  }
  return files;
}

async function boot() {
  const [pyodide, files] = await Promise.all([loadPyodide(), projectFiles()]);
  await Promise.all(files.map(async ([url, path]) => {
    const response = await fetch(new URL(url, import.meta.url));
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const target = HOME + path.replace(/^\.\//, "");
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, new Uint8Array(await response.arrayBuffer()));
  }));
  // Import the bot and load its weights now, before the first question.
  pyodide.runPython(
    "import json, game.bot, game.web.thinker\n" +
    "from game.engine.position import Position\n" +
    "game.bot.evaluate(Position.start())");
  const think = pyodide.runPython(
    "lambda text: json.dumps(game.web.thinker.reply(json.loads(text)))");
  return think;
}

const ready = boot();
ready.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ ready: false, error: String(error && error.message || error) }),
);

addEventListener("message", async (event) => {
  const { id, request } = event.data;
  try {
    const think = await ready;
    postMessage({ id, reply: think(request) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message || error) });
  }
});
