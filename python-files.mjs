// What the two workers share: Pyodide (interpreter.mjs) with the game's Python files
// written into its home, as PyScript writes them in the page. computer-worker.mjs (the
// computer's worker) and embed-worker.mjs (the runtime the embed frames share) boot with it.
import { loadPyodide } from "./interpreter.mjs";

const HOME = "/home/pyodide/";

// The files of the named tables of pyscript.toml ([files]: the page's Python; [bot-files]:
// the bot's weights), as tools/build/manifest.py writes them: [url, path] pairs.
async function projectFiles(tables) {
  const config = await (await fetch(new URL("./pyscript.toml", import.meta.url))).text();
  const files = [];
  let inside = false;
  for (const line of config.split("\n")) {
    const table = line.match(/^\s*\[([^\]]+)\]\s*$/);
    if (table) inside = tables.includes(table[1]);
    const entry = inside && line.match(/^\s*"([^"]+)"\s*=\s*"([^"]+)"\s*$/);
    if (entry) files.push([entry[1], entry[2]]);
  }
  return files;
}

// Pyodide with every file of ``tables`` in place (any missing file fails the boot).
export async function bootPython(tables) {
  const [pyodide, files] = await Promise.all([loadPyodide(), projectFiles(tables)]);
  await Promise.all(files.map(async ([url, path]) => {
    const response = await fetch(new URL(url, import.meta.url));
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const target = HOME + path.replace(/^\.\//, "");
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, new Uint8Array(await response.arrayBuffer()));
  }));
  // A restored interpreter (interpreter.mjs) whose modules are older than the files lets go of them.
  pyodide.runPython("from game.web.browser import snapshot\nsnapshot.fresh()");
  return pyodide;
}
