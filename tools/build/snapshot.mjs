// Save a started interpreter for the pages to restore (called by tools/build/runtime.py).
//
//   node tools/build/snapshot.mjs <pyodide dir> <stdlib zip> <pycache zip> <files.json> <out.gz> <rest.zip>
//
// Pyodide starts here, under Node.js, on the same compiled standard library the pages load;
// the game's files (files.json: pyscript.toml's [game-files], paths like "./game/x.py") are
// written where PyScript writes them (/home/pyodide), and every module of the game that
// imports without the browser is imported (game/web/browser/snapshot.py's take(), with js,
// pyodide and pyscript refused so that no JavaScript object is held). Then the
// interpreter's memory is saved, gzipped: interpreter.mjs restores it instead of starting
// Python, and snapshot.fresh() forgets the modules again if the files changed since.
// <rest.zip> is the part of the pycache archive the snapshot did not import (the modules
// that need the browser, PyScript's package): what interpreter.mjs unpacks beside it.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, stdlib, pycache, filesJson, target, restTarget] = process.argv.slice(2);
if (!restTarget) {
  console.error("usage: node tools/build/snapshot.mjs <pyodide dir> <stdlib zip> <pycache zip> <files.json> <out.gz> <rest.zip>");
  process.exit(2);
}
const HOME = "/home/pyodide/";
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdLibURL: resolve(stdlib),
  _makeSnapshot: true,
});
const files = JSON.parse(readFileSync(filesJson, "utf8"));
for (const path of files) {
  const copy = HOME + path.replace(/^\.\//, "");
  pyodide.FS.mkdirTree(copy.slice(0, copy.lastIndexOf("/")));
  pyodide.FS.writeFile(copy, readFileSync(path));
}
const read = readFileSync(pycache);
const archive = new Uint8Array(read.buffer, read.byteOffset, read.length);  // not a Buffer
if (archive.length > 22) pyodide.unpackArchive(archive, "zip", { extractDir: HOME });

const names = files
  .filter((path) => path.endsWith(".py"))
  .map((path) => path.replace(/^\.\//, "").replace(/\.py$/, "").replace(/\/__init__$/, "").replaceAll("/", "."))
  .filter((name) => name !== "game.web.main");  // PyScript's script: it runs the page
const taken = pyodide.runPython(`
import sys

BROWSER = ("js", "pyodide", "pyodide_js", "pyscript", "_pyscript")


class _NoBrowser:
    """Refuse what would hold a JavaScript object (or needs the page) in the snapshot."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BROWSER:
            raise ImportError(f"{name}: not in the snapshot")
        return None


# Pyodide has imported js and pyodide already: put them aside while the game is imported.
_aside = {name: sys.modules.pop(name) for name in list(sys.modules) if name.split(".")[0] in BROWSER}
_before = set(sys.modules)
sys.meta_path.insert(0, _NoBrowser())
try:
    from game.web.browser import snapshot
    _taken = snapshot.take(${JSON.stringify(names)}, since=_before)
finally:
    sys.meta_path.pop(0)
    sys.modules.update(_aside)
del _NoBrowser, _aside, _before, snapshot, BROWSER
len(_taken)
`);
pyodide.runPython("del _taken, sys");  // the page's Python starts from a clean __main__
const memory = pyodide.makeMemorySnapshot();
writeFileSync(target, gzipSync(memory, { level: 6 }));

// After the snapshot is taken, so none of this is in it.
pyodide.FS.writeFile("/tmp/pycache.zip", archive);
const rest = pyodide.runPython(`
import sys, zipfile
from game.web.browser import snapshot

with zipfile.ZipFile("/tmp/pycache.zip") as full, zipfile.ZipFile("/tmp/rest.zip", "w") as rest:
    for entry in full.infolist():
        folder, _, file = entry.filename.rpartition("/__pycache__/")
        stem = file.split(".")[0]
        module = folder.replace("/", ".") + ("" if stem == "__init__" else "." + stem)
        if module not in snapshot.TAKEN:
            rest.writestr(entry, full.read(entry))
len(zipfile.ZipFile("/tmp/rest.zip").namelist())
`);
writeFileSync(restTarget, pyodide.FS.readFile("/tmp/rest.zip"));
console.log(`snapshot: ${taken} of ${names.length} modules imported, ${(memory.length / 1e6).toFixed(1)} MB of memory saved; ${rest} compiled modules left to unpack beside it`);
