// What the two workers share: Pyodide (interpreter.mjs) with the game's Python files
// written into its home, as PyScript writes them in the page. computer-worker.mjs (the
// computer's worker) and embed-worker.mjs (the runtime the embed frames share) boot with it.
import { fetchFiles, loadPyodide, writeFiles } from "./interpreter.mjs";

// Pyodide with the page's Python (interpreter.mjs writes [game-files]) and every file of
// the other named tables of pyscript.toml ([bot-files]: the bot's weights) in place (any
// missing file fails the boot).
export async function bootPython(tables = []) {
  const [pyodide, files] = await Promise.all([loadPyodide(), fetchFiles(tables)]);
  writeFiles(pyodide, files);
  // A restored interpreter (interpreter.mjs) whose modules are older than the files lets go of them.
  pyodide.runPython("from game.web.browser import snapshot\nsnapshot.fresh()");
  return pyodide;
}
