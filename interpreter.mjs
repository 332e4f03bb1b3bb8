// The Python the game page runs: Pyodide from runtime/pyodide/ with the standard library
// and the game's own modules already compiled to bytecode (runtime/compiled/, made by
// tools/build/runtime.py), so a load compiles almost nothing. pyscript.toml names this file
// as PyScript's `interpreter`; the computer's worker (computer-worker.mjs) loads it too.
import { loadPyodide as loadStock, version } from "./runtime/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const indexURL = here("./runtime/pyodide/");
const stdLibURL = here("./runtime/compiled/python_stdlib.zip");
const pycacheURL = here("./runtime/compiled/pycache.zip");
const HOME = "/home/pyodide";

// The game's modules (and PyScript's own Python package, which it writes to ./pyscript/ at
// start) as hash-checked __pycache__ entries: Python uses each only while the
// .py that PyScript then writes beside it is byte-identical, so an archive older than the
// code costs a compile, never a wrong module. Missing or broken: the page compiles as usual.
async function pycache() {
  try {
    const response = await fetch(pycacheURL);
    return response.ok ? await response.arrayBuffer() : null;
  } catch (error) {
    return null;
  }
}

export async function loadPyodide(options = {}) {
  const [pyodide, archive] = await Promise.all([
    loadStock({ ...options, indexURL, stdLibURL }),
    pycache(),
  ]);
  if (archive && archive.byteLength > 22) {
    try {
      pyodide.unpackArchive(archive, "zip", { extractDir: HOME });
    } catch (error) {
      console.warn("interpreter.mjs: the compiled game modules were not used:", error);
    }
  }
  return pyodide;
}

export { version };
