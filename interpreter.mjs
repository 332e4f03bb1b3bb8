// The Python the game page runs: Pyodide from runtime/pyodide/ with the standard library
// and the game's own modules already compiled to bytecode (runtime/compiled/, made by
// tools/build/runtime.py), so a load compiles almost nothing; and, where the browser can
// unpack it, restored from a snapshot of an interpreter already started with the game's
// pure modules imported (runtime/compiled/snapshot.gz, tools/build/snapshot.mjs), so a load
// runs neither Python's start nor those imports. pyscript.toml names this file as
// PyScript's `interpreter`; the workers (python-files.mjs) load it too. It also writes the
// game's Python files (pyscript.toml's [game-files]) into Python's home, fetched while
// Pyodide's own files download: PyScript's [files] would fetch them only once the
// interpreter is up, a step of its own before the page's Python runs.
import { loadPyodide as loadStock, version } from "./runtime/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const indexURL = here("./runtime/pyodide/");
const stdLibURL = here("./runtime/compiled/python_stdlib.zip");
const pycacheURL = here("./runtime/compiled/pycache.zip");
const snapshotURL = here("./runtime/compiled/snapshot.gz");
// Beside the snapshot, only the compiled modules it did not import (tools/build/snapshot.mjs).
const restURL = here("./runtime/compiled/snapshot-pycache.zip");
const HOME = "/home/pyodide";
const configURL = here("./pyscript.toml");

// The files of the named tables of pyscript.toml ([game-files]: the page's Python;
// [bot-files]: the bot's weights), as tools/build/manifest.py writes them: [url, path] pairs.
let config = null;  // its text, fetched once for every table
async function projectFiles(tables) {
  config ||= fetch(configURL).then((response) => {
    if (!response.ok) throw new Error(`${configURL}: ${response.status}`);
    return response.text();
  });
  const files = [];
  let inside = false;
  for (const line of (await config).split("\n")) {
    const table = line.match(/^\s*\[([^\]]+)\]\s*$/);
    if (table) inside = tables.includes(table[1]);
    const entry = inside && line.match(/^\s*"([^"]+)"\s*=\s*"([^"]+)"\s*$/);
    if (entry) files.push([entry[1], entry[2]]);
  }
  return files;
}

// Every file of ``tables``, fetched: [path, bytes] pairs (a missing file fails the start, as
// it failed PyScript's).
export async function fetchFiles(tables) {
  const files = await projectFiles(tables);
  return await Promise.all(files.map(async ([url, path]) => {
    const response = await fetch(here(url));
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return [path, new Uint8Array(await response.arrayBuffer())];
  }));
}

// The fetched files written into Python's home, where PyScript writes its own.
export function writeFiles(pyodide, files) {
  for (const [path, bytes] of files) {
    const target = `${HOME}/${path.replace(/^\.\//, "")}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes);
  }
}

// The game's modules (and PyScript's own Python package, which it writes to ./pyscript/ at
// start) as hash-checked __pycache__ entries: Python uses each only while the
// .py that PyScript then writes beside it is byte-identical, so an archive older than the
// code costs a compile, never a wrong module. Missing or broken: the page compiles as usual.
async function pycache(url = pycacheURL) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.arrayBuffer() : null;
  } catch (error) {
    return null;
  }
}

// Whether to look for the snapshot: not where the browser cannot gunzip (no
// DecompressionStream), nor when the page asks ?snapshot=off (to measure without it).
const snapshotWanted =
  typeof DecompressionStream !== "undefined" &&
  !/[?&]snapshot=off(&|$)/.test(globalThis.location?.search || "");

// On a slow or metered link (the browser says so: Save-Data, 2G or 3G) the snapshot's 7 MB
// would cost more than Python's start: there it is used only once the service worker keeps it.
function slowLink() {
  const link = globalThis.navigator?.connection;
  return !!link && (link.saveData === true || /2g|3g/.test(String(link.effectiveType || "")));
}

// The snapshot kept by the service worker, if it is (a slow link uses only that).
async function keptSnapshot() {
  try {
    return (globalThis.caches && (await caches.match(snapshotURL))) || null;
  } catch (error) {
    return null;
  }
}

// The snapshot's memory, unpacked; rejects where there is none (a build without Node.js).
async function snapshot(kept) {
  const response = kept || (await fetch(snapshotURL));
  if (!response.ok || !response.body) throw new Error(`${snapshotURL}: ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const memory = await new Response(unpacked).arrayBuffer();
  mark("snapshot unpacked");
  return memory;
}

// Pyodide restored from the snapshot (fetched while Pyodide fetches its wasm), or started as
// usual when there is none or it fails (made by another Pyodide build, damaged): the page
// never depends on it. With the compiled modules to unpack beside it.
async function start(options) {
  const kept = snapshotWanted && slowLink() ? await keptSnapshot() : null;
  if (snapshotWanted && (kept || !slowLink())) {
    const rest = pycache(restURL);
    const memory = snapshot(kept);
    memory.catch(() => {});  // failing before Pyodide awaits it is no unhandled rejection
    try {
      const pyodide = await loadStock({ ...options, indexURL, stdLibURL, _loadSnapshot: memory });
      globalThis.backgammonSnapshot = true;
      mark("snapshot restored");
      return [pyodide, await rest];
    } catch (error) {
      console.warn("interpreter.mjs: started without the snapshot:", String(error));
    }
  }
  return await Promise.all([loadStock({ ...options, indexURL, stdLibURL }), pycache()]);
}

// Each step's moment, for tools/bench/engines.py (performance marks "interpreter: ...").
function mark(step) {
  globalThis.performance?.mark?.(`interpreter: ${step}`);
}

export async function loadPyodide(options = {}) {
  const files = fetchFiles(["game-files"]);
  files.catch(() => {});  // failing before it is awaited is no unhandled rejection
  const [pyodide, archive] = await start(options);
  mark("python up");
  if (archive && archive.byteLength > 22) {
    try {
      pyodide.unpackArchive(archive, "zip", { extractDir: HOME });
    } catch (error) {
      console.warn("interpreter.mjs: the compiled game modules were not used:", error);
    }
  }
  mark("bytecode unpacked");
  writeFiles(pyodide, await files);
  mark("files written");
  return pyodide;
}

export { version };
