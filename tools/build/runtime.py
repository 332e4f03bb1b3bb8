"""Copy the browser runtime (PyScript + Pyodide) from node_modules into runtime/.

The page loads PyScript and Pyodide from this folder, never from a CDN, so the game
runs with no network. Versions are pinned in package.json / package-lock.json.

Usage:
    python3 -m tools.build.runtime          # npm ci if needed, then copy what changed
    python3 -m tools.build.runtime --check  # exit 1 if runtime/ is missing or out of date

Layout produced:
    runtime/pyscript/   every file of @pyscript/core/dist except source maps
    runtime/pyodide/    the five files Pyodide needs to boot (no wheels: the page is pure Python)
    runtime/compiled/python_stdlib.zip  the standard library compiled to .pyc inside the same
                        Pyodide (Node.js, tools/build/compile_python.mjs
                        running tools/build/compile_python.py), so the page never compiles
                        it. The game page loads it through interpreter.mjs; the bare page of
                        tools/bare/ keeps the stock zip.
    runtime/compiled/pycache.zip  the game's own modules (pyscript.toml's [game-files]) and
                        PyScript's Python package (written by its core script) compiled
                        the same way, as hash-checked __pycache__ entries that interpreter.mjs
                        unpacks beside the sources: a module whose source changed since is
                        simply compiled from source, so a stale archive is never wrong.
    runtime/compiled/snapshot.gz  an interpreter started on that standard library with the
                        game's pure modules imported, its memory saved under Node.js
                        (tools/build/snapshot.mjs): interpreter.mjs restores it instead of
                        starting Python; game/web/browser/snapshot.py drops its modules
                        at load if the files changed since. Without Node.js there is none
                        and the pages start Python as before.
    runtime/compiled/snapshot-pycache.zip  the part of pycache.zip the snapshot did not
                        import (the modules that need the browser, PyScript's package): what
                        interpreter.mjs unpacks beside a restored snapshot.
    Each is rebuilt only when its key (Pyodide version, the digests of its inputs and of the
    compiler) changes.
    runtime/VERSIONS.json  the versions copied, for humans and for the tests
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from game.web.browser.pyscript_config import FILES, read_config

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
RUNTIME = ROOT / "runtime"
COMPILED = RUNTIME / "compiled"
COMPILED_ZIP = COMPILED / "python_stdlib.zip"
PYCACHE_ZIP = COMPILED / "pycache.zip"
COMPILER = ROOT / "tools" / "build" / "compile_python.mjs"
# The Python the compiler runs inside Pyodide.
COMPILER_PY = COMPILER.with_suffix(".py")
CONFIG = ROOT / "pyscript.toml"
SNAPSHOT = COMPILED / "snapshot.gz"
# The compiled modules the snapshot did not import: unpacked beside it instead of pycache.zip.
SNAPSHOT_PYCACHE = COMPILED / "snapshot-pycache.zip"
SNAPSHOT_MAKER = ROOT / "tools" / "build" / "snapshot.mjs"
SNAPSHOT_PY = ROOT / "game" / "web" / "browser" / "snapshot.py"

PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"

# Pyodide 314 ships pyodide.asm.mjs; builds before 314 had pyodide.asm.js instead.
PYODIDE_FILES = (
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide.asm.mjs",
    "pyodide-lock.json",
    "pyodide.mjs",
)


class RuntimeFetchError(RuntimeError):
    """The runtime cannot be prepared (npm missing, a pinned file absent, ...)."""


def locked_versions() -> dict[str, str]:
    """Versions that package-lock.json pins, by node_modules path."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return {
        path: entry["version"]
        for path, entry in lock.get("packages", {}).items()
        if path.startswith("node_modules/") and "version" in entry
    }


def installed_version(module_path: str) -> str | None:
    manifest = ROOT / module_path / "package.json"
    try:
        return json.loads(manifest.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None


def node_modules_stale() -> list[str]:
    """Packages whose installed version differs from the lock (all of them if none installed)."""
    return [
        f"{path} (locked {version}, installed {installed_version(path) or 'none'})"
        for path, version in locked_versions().items()
        if installed_version(path) != version
    ]


def npm_ci() -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeFetchError("npm is not installed; install Node.js 20 and npm first")
    print("fetch_runtime: running npm ci", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def wanted_files() -> dict[Path, Path]:
    """Map every runtime destination to its source in node_modules."""
    files: dict[Path, Path] = {}
    for source in sorted(PYSCRIPT_DIST.iterdir()):
        if source.is_file() and not source.name.endswith(".map"):
            files[RUNTIME / "pyscript" / source.name] = source
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.is_file():
            raise RuntimeFetchError(
                f"{source} is missing: is the pinned pyodide version installed?"
            )
        files[RUNTIME / "pyodide" / name] = source
    return files


def same_file(destination: Path, source: Path) -> bool:
    if not destination.is_file():
        return False
    a, b = destination.stat(), source.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def project_modules() -> list[str]:
    """The .py files of pyscript.toml's [game-files] (paths like "./game/x.py")."""
    try:
        text = CONFIG.read_text(encoding="utf-8")
    except OSError:
        return []
    found = [path for path in read_config(text).entries(FILES).values() if path.endswith(".py")]
    return sorted(path for path in found if (ROOT / path).is_file())


def compiled_key(archive: Path) -> dict[str, str]:
    """What ``archive`` is made from: a change to any of it means a rebuild."""
    if archive == COMPILED_ZIP:
        inputs = [PYODIDE_DIR / "python_stdlib.zip"]
    elif archive == SNAPSHOT:  # the interpreter it was started from and every module it holds
        inputs = [PYODIDE_DIR / "pyodide.asm.wasm", COMPILED_ZIP, PYCACHE_ZIP]
        inputs += [ROOT / path for path in project_modules()]
        return {
            "pyodide": installed_version("node_modules/pyodide") or "?",
            "inputs": _digest(inputs),
            "compiler": _digest([SNAPSHOT_MAKER, SNAPSHOT_PY]),
        }
    else:
        # PyScript's core script holds its own Python package, compiled in too.
        inputs = [ROOT / path for path in project_modules()]
        inputs += sorted(PYSCRIPT_DIST.glob("core*.js"))
    return {
        "pyodide": installed_version("node_modules/pyodide") or "?",
        "inputs": _digest(inputs),
        "compiler": _digest([COMPILER, COMPILER_PY]),
    }


def _key_file(archive: Path) -> Path:
    return archive.with_suffix(".key.json")


def compiled_stale(archive: Path) -> bool:
    try:
        key = json.loads(_key_file(archive).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True
    missing = not archive.is_file() or (archive == SNAPSHOT and not SNAPSHOT_PYCACHE.is_file())
    return key != compiled_key(archive) or missing


def compile_python(archive: Path) -> bool:
    """Make ``archive`` (the compiled stdlib or the game's pycache); True if (re)built.

    Without Node.js, or if compiling fails, the page still works: the stock stdlib zip is
    copied instead, and the pycache archive is left empty (the page compiles from source,
    as before). The key is then not written, so the next run retries.
    """
    if not compiled_stale(archive):
        return False
    COMPILED.mkdir(parents=True, exist_ok=True)
    _key_file(archive).unlink(missing_ok=True)
    node = shutil.which("node")
    partial = archive.with_suffix(".part")
    if archive == COMPILED_ZIP:
        mode, source = "stdlib", str(PYODIDE_DIR / "python_stdlib.zip")
    else:
        mode, source = "pycache", str(COMPILED / "files.json")
        Path(source).write_text(json.dumps(project_modules()), encoding="utf-8")
    if node is not None:
        print(f"fetch_runtime: compiling {archive.name} to bytecode (about 20 s)", flush=True)
        command = [node, str(COMPILER), mode, str(PYODIDE_DIR), source, str(partial)]
        if mode == "pycache":
            command.append(str(PYSCRIPT_DIST))
        done = subprocess.run(command, cwd=ROOT, check=False)
        if done.returncode == 0 and partial.is_file():
            partial.replace(archive)
            key = json.dumps(compiled_key(archive), indent=2) + "\n"
            _key_file(archive).write_text(key, encoding="utf-8")
            return True
    print(
        f"fetch_runtime: could not compile {archive.name}; the page compiles at load",
        file=sys.stderr,
    )
    if archive == COMPILED_ZIP:
        shutil.copy2(PYODIDE_DIR / "python_stdlib.zip", archive)
    else:
        with zipfile.ZipFile(archive, "w"):
            pass
    return True


def make_snapshot() -> bool:
    """Make runtime/compiled/snapshot.gz; True if (re)built. Without Node.js, or if it fails,
    there is none (and no key, so the next run retries): the pages start Python as before."""
    if not compiled_stale(SNAPSHOT):
        return False
    _key_file(SNAPSHOT).unlink(missing_ok=True)
    node = shutil.which("node")
    partial = SNAPSHOT.with_suffix(".part")
    if node is not None:
        print("fetch_runtime: saving a started interpreter (about 10 s)", flush=True)
        files = COMPILED / "files.json"
        files.write_text(json.dumps(project_modules()), encoding="utf-8")
        command = [node, str(SNAPSHOT_MAKER), str(PYODIDE_DIR), str(COMPILED_ZIP)]
        rest = SNAPSHOT_PYCACHE.with_suffix(".part")
        command += [str(PYCACHE_ZIP), str(files), str(partial), str(rest)]
        done = subprocess.run(command, cwd=ROOT, check=False, capture_output=True, text=True)
        if done.returncode == 0 and partial.is_file() and rest.is_file():
            print(done.stdout.strip(), flush=True)
            rest.replace(SNAPSHOT_PYCACHE)
            partial.replace(SNAPSHOT)
            key = json.dumps(compiled_key(SNAPSHOT), indent=2) + "\n"
            _key_file(SNAPSHOT).write_text(key, encoding="utf-8")
            return True
        # Its error quotes Pyodide's whole minified script: the last lines say what failed.
        print("\n".join(done.stderr.strip().splitlines()[-12:]), file=sys.stderr)
    for path in (partial, SNAPSHOT, SNAPSHOT_PYCACHE, SNAPSHOT_PYCACHE.with_suffix(".part")):
        path.unlink(missing_ok=True)
    print("fetch_runtime: no snapshot; the pages start Python at load", file=sys.stderr)
    return True


def versions() -> dict[str, str]:
    return {
        "@pyscript/core": installed_version("node_modules/@pyscript/core") or "?",
        "pyodide": installed_version("node_modules/pyodide") or "?",
    }


def out_of_date() -> list[str]:
    """What is missing or different in runtime/ (empty when up to date)."""
    problems = [f"node_modules: {p}" for p in node_modules_stale()]
    if problems:
        return problems
    files = wanted_files()
    problems = [str(d.relative_to(ROOT)) for d, s in files.items() if not same_file(d, s)]
    extra = [
        str(p.relative_to(ROOT))
        for folder in (RUNTIME / "pyscript", RUNTIME / "pyodide")
        if folder.is_dir()
        for p in folder.iterdir()
        if p not in files
    ]
    for archive in (COMPILED_ZIP, PYCACHE_ZIP, SNAPSHOT):
        if compiled_stale(archive):
            problems.append(f"{archive.relative_to(ROOT)} (not compiled from the current files)")
    return problems + [f"{p} (not in the pinned runtime)" for p in extra]


def fetch() -> int:
    """Bring runtime/ up to date; return how many files were copied."""
    stale = node_modules_stale()
    if stale:
        print(f"fetch_runtime: node_modules out of date ({len(stale)} packages)", flush=True)
        npm_ci()
        stale = node_modules_stale()
        if stale:
            raise RuntimeFetchError("still out of date after npm ci: " + ", ".join(stale))
    files = wanted_files()
    copied = 0
    for destination, source in files.items():
        if same_file(destination, source):
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)  # copy2 keeps mtime, which same_file compares
        copied += 1
    # Remove leftovers of an earlier version (old hashed chunk names) so the service
    # worker's precache list and the folder agree.
    for folder in (RUNTIME / "pyscript", RUNTIME / "pyodide"):
        for path in folder.iterdir():
            if path not in files:
                path.unlink()
    compiled = [archive.name for archive in (COMPILED_ZIP, PYCACHE_ZIP) if compile_python(archive)]
    if make_snapshot():
        compiled.append(SNAPSHOT.name)
    stamp = RUNTIME / "VERSIONS.json"
    text = json.dumps(versions(), indent=2) + "\n"
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != text:
        stamp.write_text(text, encoding="utf-8")
    total = sum(source.stat().st_size for source in files.values())
    print(
        f"fetch_runtime: runtime/ ready ({len(files)} files, {total / 1e6:.1f} MB, "
        f"{copied} copied{''.join(f', {name} compiled' for name in compiled)}; "
        + ", ".join(f"{k} {v}" for k, v in versions().items())
        + ")"
    )
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether it is up to date")
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = out_of_date()
            for problem in problems:
                print(f"out of date: {problem}")
            return 1 if problems else 0
        fetch()
    except (RuntimeFetchError, subprocess.CalledProcessError, OSError) as error:
        print(f"fetch_runtime: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
