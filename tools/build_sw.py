"""The service worker's file list and version: every file the site serves, and a hash of them.

    python3 tools/build_sw.py            # write sw-files.js (the deploy runs this)
    python3 tools/build_sw.py --check    # exit 1 if sw-files.js differs from the site now
    python3 tools/build_sw.py --print    # the list and version, without writing

sw.js precaches the files listed in ``sw-files.js`` into a cache named after the
version, a SHA-256 over every listed file's path and bytes: any change to any file
(a runtime upgrade under the same URLs, one Python file) gives a new version, and
the browser installs the whole new set beside the old one before switching, so a
visitor never runs a mix of old and new files.

The list is computed from what the site actually serves, not kept by hand:
the pages (``./``, index.html, embed.html), every same-site file they name in
``src``/``href`` (scripts, styles, icons, the web app manifest and its icons), the
files the site's own scripts name (``"./computer-worker.mjs"``),
pyscript.toml and its ``[files]``, and every file under ``runtime/`` (whatever
tools/fetch_runtime.py put there) except source maps. ``sw-files.js`` is
git-ignored: the deploy writes it after the runtime (netlify.toml), and
tools/serve.py computes it afresh on every request, so locally it is never stale.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = "sw-files.js"
PAGES = ("index.html", "embed.html")
CONFIG = "pyscript.toml"
RUNTIME = "runtime"
# Not part of what a page loads: source maps, the copy's stamp, PyScript's own 1-byte worker.
SKIPPED = (".map",)
SKIPPED_NAMES = {"VERSIONS.json", "service-worker.js"}
WORKER = {"sw.js", OUTPUT}  # the service worker itself is never precached
_REFERENCE = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"'#?]+)["']""")
_SCRIPT_PATH = re.compile(r"""["'`](\./[^"'`#?\s]+)["'`]""")
_CSS_URL = re.compile(r"""url\(\s*["']?([^"')#?]+)["']?\s*\)""")
_CONFIG_FILE = re.compile(r'^\s*"([^"]+)"\s*=\s*"[^"]+"\s*$', re.MULTILINE)
_INTERPRETER = re.compile(r'^\s*interpreter\s*=\s*"([^"]+)"', re.MULTILINE)


def _local(reference: str) -> str | None:
    """A reference's path relative to the site root, or None for other sites and schemes."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", reference):
        return None
    path = reference.strip().removeprefix("./")
    return path if path and not path.startswith(("/", "..")) else None


def _references(root: Path, path: str) -> set[str]:
    """Files a page, stylesheet or web app manifest names (relative to the site root)."""
    file = root / path
    if not file.is_file():
        return set()
    text = file.read_text(encoding="utf-8", errors="replace")
    base = Path(path).parent
    found: set[str] = set()
    if path.endswith(".html"):
        found.update(_REFERENCE.findall(text))
    elif path.endswith(".css"):
        found.update(_CSS_URL.findall(text))
    elif path.endswith((".js", ".mjs")) and not path.startswith(RUNTIME + "/"):
        # The site's own scripts name what they load ("./computer-worker.mjs").
        found.update(_SCRIPT_PATH.findall(text))
    elif path.endswith(".webmanifest"):
        data = json.loads(text)
        found.update(icon["src"] for icon in data.get("icons", []) if "src" in icon)
    out = set()
    for reference in found:
        local = _local(reference)
        if local is not None:
            out.add((base / local).as_posix() if str(base) != "." else local)
    return out


def site_files(root: Path = ROOT) -> list[str]:
    """Every file the pages need, relative to the root, sorted; ``./`` first (the site's
    address, answered with index.html)."""
    files: set[str] = set()
    todo = list(PAGES)
    config = root / CONFIG
    if config.is_file():
        text = config.read_text(encoding="utf-8")
        todo.append(CONFIG)
        todo += [_local(p) or p for p in _CONFIG_FILE.findall(text)]
        interpreter = _INTERPRETER.search(text)
        if interpreter and _local(interpreter[1]):
            todo.append(_local(interpreter[1]))
    runtime = root / RUNTIME
    if runtime.is_dir():
        todo += [
            p.relative_to(root).as_posix()
            for p in runtime.rglob("*")
            if p.is_file() and not p.name.endswith(SKIPPED) and p.name not in SKIPPED_NAMES
        ]
    while todo:
        path = todo.pop()
        if path in files or path in WORKER or not (root / path).is_file():
            continue
        files.add(path)
        todo += _references(root, path)
    return ["./", *sorted(files)]


def version(root: Path, files: list[str]) -> str:
    """A hash of every listed file's path and bytes (``./`` is index.html's bytes)."""
    digest = hashlib.sha256()
    for path in files:
        data = (root / ("index.html" if path == "./" else path)).read_bytes()
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:20]


def script(root: Path = ROOT) -> str:
    """The text of sw-files.js for the site at ``root``."""
    files = site_files(root)
    return (
        "// Generated by tools/build_sw.py from the files the site serves: do not edit.\n"
        f"self.SITE_VERSION = {json.dumps(version(root, files))};\n"
        f"self.SITE_FILES = {json.dumps(files, indent=0)};\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if sw-files.js is stale")
    parser.add_argument("--print", action="store_true", help="print instead of writing")
    args = parser.parse_args(argv)
    text = script(ROOT)
    output = ROOT / OUTPUT
    if args.print:
        sys.stdout.write(text)
        return 0
    if args.check:
        current = output.read_text(encoding="utf-8") if output.is_file() else None
        if current != text:
            print(f"{OUTPUT} is stale: run python3 tools/build_sw.py", file=sys.stderr)
            return 1
        return 0
    output.write_text(text, encoding="utf-8")
    count = text.count('"') // 2 - 1
    print(f"build_sw: {OUTPUT} lists {count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
