// The computer thinks here, in a Web Worker with its own Pyodide, so the page's main
// thread never waits on the bot (an expert's decision can take seconds).
//
// game/web/browser/worker_client.py starts it (through boot.js) once the board is playable, so it never
// slows the start.
// It loads the same Python files as the page (pyscript.toml's [game-files]) and the bot's
// weights ([bot-files]) through python-files.mjs, imports the bot, then answers messages {id, request} with
// {id, reply} or {id, error}; the request and the reply are JSON text of the dataclasses
// of game/web/worker/messages.py (``to_dict()``: a dict whose "task" names the request).
//
// @typedef {{id: number, request: string}} Asked      page -> worker
// @typedef {{id: number, reply: string} | {id: number, error: string} | {ready: boolean, error?: string}} Answered
import { bootPython } from "./python-files.mjs";

async function boot() {
  // The page's files ([game-files], which interpreter.mjs writes) and the bot's weights
  // ([bot-files], which the page itself does not fetch at start-up).
  const pyodide = await bootPython(["bot-files"]);
  // Import the bot and load its weights now, before the first question.
  pyodide.runPython(
    "import json, game.bot, game.web.worker.thinker\n" +
    "from game.engine.position import Position\n" +
    "game.bot.evaluate(Position.start())");
  const think = pyodide.runPython(
    "lambda text: json.dumps(game.web.worker.thinker.reply(json.loads(text)))");
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
