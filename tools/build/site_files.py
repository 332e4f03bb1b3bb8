"""The site: every file the pages serve, the service worker's list of them, and the folder
the deploy publishes.

The list is computed from what the site actually serves, not kept by hand: the pages
(``./``, index.html, embed.html), every same-site file they name in ``src``/``href``
(scripts, styles, icons, the web app manifest and its icons), the files the site's own
scripts name (``"./computer-worker.mjs"``), pyscript.toml, its interpreter and both its
tables, and every file under ``runtime/`` except source maps and the copy's stamp.

sw.js precaches the files listed in ``sw-files.js`` into a cache named after the
version, a SHA-256 over every listed file's path and bytes: any change to any file
(a runtime upgrade under the same URLs, one Python file) gives a new version, and
the browser installs the whole new set beside the old one before switching, so a
visitor never runs a mix of old and new files.

The published folder (``publish``) holds exactly those files, the service worker
(sw.js) and its generated list: no tests, no tools, no node_modules.

Runs in CPython only (the build and the local server); the page never imports it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

from game.web.browser.pyscript_config import TABLES, read_config

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = "sw-files.js"
SERVICE_WORKER = "sw.js"
PAGES = ("index.html", "embed.html")
CONFIG = "pyscript.toml"
RUNTIME = "runtime"
# Not part of what a page loads: source maps, the copy's stamp, PyScript's own 1-byte worker.
SKIPPED = (".map",)
SKIPPED_NAMES = {"VERSIONS.json", "service-worker.js"}
WORKER = {SERVICE_WORKER, OUTPUT}  # the service worker itself is never precached
_REFERENCE = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"'#?]+)["']""")
_SCRIPT_PATH = re.compile(r"""["'`](\./[^"'`#?\s]+)["'`]""")
_CSS_URL = re.compile(r"""url\(\s*["']?([^"')#?]+)["']?\s*\)""")


def _local(reference: str) -> str | None:
    """A reference's path relative to the site root, or None for other sites and schemes."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", reference):
        return None
    path = reference.strip().removeprefix("./")
    return path if path and not path.startswith(("/", "..")) else None


def _references(root: Path, path: str) -> set[str]:
    """Files a page, stylesheet or web app manifest names (relative to the site root)."""
    file = root / path
    if not path.endswith((".html", ".css", ".js", ".mjs", ".webmanifest")) or not file.is_file():
        return set()  # nothing else names files (and Pyodide's wasm is not read as text)
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


def _config_files(root: Path) -> list[str]:
    """pyscript.toml, its interpreter and every file of its tables."""
    config = root / CONFIG
    if not config.is_file():
        return []
    read = read_config(config.read_text(encoding="utf-8"))
    found = [CONFIG]
    for table in TABLES:
        found += [_local(url) or url for url in read.entries(table)]
    if read.interpreter and (interpreter := _local(read.interpreter)):
        found.append(interpreter)
    return found


def site_files(root: Path = ROOT) -> list[str]:
    """Every file the pages need, relative to the root, sorted; ``./`` first (the site's
    address, answered with index.html)."""
    files: set[str] = set()
    todo = [*PAGES, *_config_files(root)]
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
        digest.update(
            path.encode() + b"\0" + _file_digest(root / ("index.html" if path == "./" else path))
        )
    return digest.hexdigest()[:20]


_DIGESTS: dict[tuple[str, int, int], bytes] = {}  # by path, modification time and size


def _file_digest(file: Path) -> bytes:
    """The SHA-256 of a file's bytes, read again only when its time or size changed (the
    local server answers sw-files.js afresh on every request: Pyodide's 10 MB each time)."""
    stat = file.stat()
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    if key not in _DIGESTS:
        _DIGESTS[key] = hashlib.sha256(file.read_bytes()).digest()
    return _DIGESTS[key]


def sw_files_script(root: Path = ROOT) -> str:
    """The text of sw-files.js for the site at ``root``."""
    files = site_files(root)
    return (
        "// Generated by tools/build/sw.py from the files the site serves: do not edit.\n"
        f"self.SITE_VERSION = {json.dumps(version(root, files))};\n"
        f"self.SITE_FILES = {json.dumps(files, indent=0)};\n"
    )


def published_files(root: Path = ROOT) -> list[str]:
    """Every file of the published folder: the site's files and the service worker."""
    files = [path for path in site_files(root) if path != "./"]
    return sorted([*files, SERVICE_WORKER, OUTPUT])


def publish(target: Path, root: Path = ROOT, *, link: bool = False) -> list[str]:
    """Make ``target`` hold exactly the published files (copies, or links to ``root``'s
    files with ``link``, so edits show at once); sw-files.js is written there. Returns the
    files, relative to ``target``."""
    files = published_files(root)
    wanted = set(files)
    if target.is_dir():
        for held in sorted(target.rglob("*"), reverse=True):
            relative = held.relative_to(target).as_posix()
            if held.is_dir() and not held.is_symlink():
                if not any(held.iterdir()):
                    held.rmdir()
            elif relative not in wanted or relative == OUTPUT or link != held.is_symlink():
                held.unlink()
    for name in files:
        if name == OUTPUT:
            continue
        source, copy = root / name, target / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if link:
            if not copy.is_symlink():
                copy.symlink_to(os.path.relpath(source.resolve(), copy.parent.resolve()))
        elif not _same(copy, source):
            shutil.copy2(source, copy)
    (target / OUTPUT).write_text(sw_files_script(target), encoding="utf-8")
    return files


def _same(copy: Path, source: Path) -> bool:
    if not copy.is_file():
        return False
    a, b = copy.stat(), source.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)
