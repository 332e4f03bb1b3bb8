// Compile Python to bytecode inside the same Pyodide the page runs (Node.js), so the page
// does not compile it at every load. Called by tools/build/runtime.py (runtime/compiled/).
//
//   node tools/build/compile_python.mjs stdlib <pyodide dir> <python_stdlib.zip> <out.zip>
//   node tools/build/compile_python.mjs pycache <pyodide dir> <files.json> <out.zip> [<pyscript dist>]
//
// stdlib: the npm pyodide package ships the standard library as .py sources only. This
//   writes the same zip with every .py replaced by an unchecked hash-based .pyc (zipimport
//   reads it without looking for a source).
// pycache: the project's modules listed in files.json (paths relative to the working
//   directory, as in pyscript.toml's [game-files]) as __pycache__/<name>.cpython-3XX.pyc entries
//   of CHECKED hash-based .pyc: interpreter.mjs unpacks them beside the .py files PyScript
//   writes, and Python uses one only while its source is byte-identical (it hashes the
//   source), so an archive built from older code is harmless: those modules compile as before.
//   Given PyScript's dist folder, PyScript's own Python package too: its core script holds
//   the sources and writes them to ./pyscript/ at every start, where each load compiled
//   them (a few hundred ms before the page's script could run).
// The bytecode comes from the very interpreter the page runs, so its version always matches.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [mode, pyodideDir, source, target, pyscriptDir] = process.argv.slice(2);
if (!target || !["stdlib", "pycache"].includes(mode)) {
  console.error("usage: node tools/build/compile_python.mjs stdlib|pycache <pyodide dir> <in> <out.zip>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });

// The Python side (tools/build/compile_python.py): compile_stdlib and compile_pycache.
pyodide.runPython(readFileSync(new URL("./compile_python.py", import.meta.url), "utf8"));

// PyScript's Python package, {"./pyscript/x.py": source}: the one object literal in its core
// chunk that starts {pyscript:{"__init__.py":..., found by scanning to its closing brace
// (skipping strings) and evaluated as the data it is. Not found: nothing (a compile at load).
function pyscriptPackage(dist) {
  const MARK = '{pyscript:{"__init__.py":';
  for (const name of readdirSync(dist).filter((name) => /^core.*\.js$/.test(name)).sort()) {
    const text = readFileSync(resolve(dist, name), "utf8");
    const start = text.indexOf(MARK);
    if (start < 0) continue;
    let depth = 0, end = start, quoted = false;
    for (; end < text.length; end++) {
      const c = text[end];
      if (quoted) {
        if (c === "\\") end++;
        else if (c === '"') quoted = false;
      } else if (c === '"') quoted = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    const tree = new Function(`return (${text.slice(start, end + 1)});`)();
    const found = {};
    const walk = (folder, node) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") {
          if (key.endsWith(".py")) found[`${folder}/${key}`] = value;
        } else walk(`${folder}/${key}`, value);
      }
    };
    walk(".", tree);
    return found;
  }
  return {};
}

let count;
if (mode === "stdlib") {
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(source));
  count = pyodide.globals.get("compile_stdlib")("/tmp/in.zip");
} else {
  const files = JSON.parse(readFileSync(source, "utf8"));
  const written = pyscriptDir ? pyscriptPackage(pyscriptDir) : {};
  for (const [path, text] of Object.entries(written)) {
    const copy = "/tmp/src/" + path.replace(/^\.\//, "");
    pyodide.FS.mkdirTree(copy.slice(0, copy.lastIndexOf("/")));
    pyodide.FS.writeFile(copy, new TextEncoder().encode(text));  // as PyScript writes it: UTF-8
    files.push(path);
  }
  for (const path of files.filter((path) => !(path in written))) {
    const copy = "/tmp/src/" + path.replace(/^\.\//, "");
    pyodide.FS.mkdirTree(copy.slice(0, copy.lastIndexOf("/")));
    pyodide.FS.writeFile(copy, readFileSync(path));
  }
  count = pyodide.globals.get("compile_pycache")(JSON.stringify(files), "/tmp/src/");
}
writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
console.log(`compile_python: ${count} modules compiled into ${target}`);
