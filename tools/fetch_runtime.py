"""Copy the browser runtime (PyScript + Pyodide) from node_modules into runtime/.

The page loads PyScript and Pyodide from this folder, never from a CDN, so the game
runs with no network. Versions are pinned in package.json / package-lock.json.

Usage:
    python3 tools/fetch_runtime.py          # npm ci if needed, then copy what changed
    python3 tools/fetch_runtime.py --check  # exit 1 if runtime/ is missing or out of date

Layout produced:
    runtime/pyscript/   every file of @pyscript/core/dist except source maps
    runtime/pyodide/    the five files Pyodide needs to boot (no wheels: the page is pure Python)
    runtime/VERSIONS.json  the versions copied, for humans and for the tests
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
RUNTIME = ROOT / "runtime"

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
    stamp = RUNTIME / "VERSIONS.json"
    text = json.dumps(versions(), indent=2) + "\n"
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != text:
        stamp.write_text(text, encoding="utf-8")
    total = sum(source.stat().st_size for source in files.values())
    print(
        f"fetch_runtime: runtime/ ready ({len(files)} files, {total / 1e6:.1f} MB, "
        f"{copied} copied; " + ", ".join(f"{k} {v}" for k, v in versions().items()) + ")"
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
