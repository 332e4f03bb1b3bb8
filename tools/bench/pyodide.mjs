// Run a Python module under the page's Pyodide (node_modules/pyodide) in Node.js, as
// `python -m` would: the benchmarks' way to time code in the interpreter the page runs.
//
//   node tools/bench/pyodide.mjs [--path FOLDER]... MODULE [ARGS...]
//
// The repository is mounted at /repo and is the first folder on sys.path; each --path
// FOLDER is mounted too and put before it (a baseline tree: its `game` package is the one
// imported). Output goes to stdout; the exit code is 1 if the module raised.
import { readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE = resolve(ROOT, "node_modules", "pyodide");
const args = process.argv.slice(2);
const folders = [];
while (args[0] === "--path") {
  folders.push(resolve(args[1]));
  args.splice(0, 2);
}
if (!args.length) {
  console.error("usage: node tools/bench/pyodide.mjs [--path FOLDER]... MODULE [ARGS...]");
  process.exit(2);
}
readdirSync(PYODIDE);  // a clear error when npm's pyodide is missing
const { loadPyodide } = await import(pathToFileURL(resolve(PYODIDE, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: PYODIDE + "/" });
const mounts = ["/repo"];
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
folders.forEach((folder, index) => {
  const at = `/path${index}`;
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, at);
  mounts.unshift(at);
});
const sys = py.pyimport("sys");
for (const mount of mounts.reverse()) sys.path.insert(0, mount);
sys.argv = py.toPy(args);
try {
  py.pyimport("runpy").run_module.callKwargs(args[0], { run_name: "__main__", alter_sys: true });
} catch (error) {
  const exit = error.type === "SystemExit" ? /SystemExit:?\s*(\d*)\s*$/.exec(String(error)) : null;
  if (!exit) console.error(String(error));
  process.exit(exit ? Number(exit[1] || 0) : 1);
}
