"""The started interpreter the pages restore, kept true to the files beside it.

    fresh()          # once the page's files are written, before the game is imported

tools/build/snapshot.mjs starts Pyodide under Node.js, imports the page's pure modules
(those that never touch the browser) and saves the interpreter's memory
(runtime/compiled/snapshot.gz); interpreter.mjs restores it, so a load skips Python's own
start and those imports. ``take`` runs there and keeps the source digest of each module it
brought.

What was imported then is only right while the sources are the same. ``fresh`` compares
every taken module's source, as now written beside the page, with its digest; if any
differs (code changed since the runtime was built) it forgets every taken module (all the
game's modules imported at that point), which the game then imports again from the files,
exactly as without a snapshot. It also reseeds
``random``: a restored interpreter would otherwise draw the same numbers at every load
(``secrets`` and ``os.urandom`` ask the browser each time and need nothing).
"""

from __future__ import annotations

import hashlib
import importlib
import random
import sys
from collections.abc import Iterable

# Module name -> sha256 of its source file, filled by ``take`` when the snapshot is made.
TAKEN: dict[str, str] = {}


def _digest(path: str) -> str | None:
    try:
        with open(path, "rb") as source:
            return hashlib.sha256(source.read()).hexdigest()
    except OSError:
        return None


def take(names: Iterable[str], since: Iterable[str] | None = None) -> list[str]:
    """Import each of ``names`` that imports cleanly; the names taken. Notes the source of
    every module of the game imported since ``since`` (the modules loaded before; by
    default, those loaded when called)."""
    before = set(sys.modules if since is None else since)
    taken = []
    for name in names:
        loaded = set(sys.modules)
        try:
            importlib.import_module(name)
        except Exception:  # touches the browser: imported at load, as ever
            for partial in set(sys.modules) - loaded:
                del sys.modules[partial]
            continue
        taken.append(name)
    for name, module in sys.modules.items():
        path = getattr(module, "__file__", None)
        new = name not in before and name.split(".")[0] == "game"
        if new and path and (digest := _digest(path)):
            TAKEN[name] = digest
    return taken


def fresh() -> bool:
    """True when every taken module is its file's current source; else forget them all."""
    random.seed()
    stale = [
        name
        for name, digest in TAKEN.items()
        if _digest(getattr(sys.modules.get(name), "__file__", None) or "") != digest
    ]
    if not stale:
        return True
    for name in TAKEN:
        if name != __name__:
            sys.modules.pop(name, None)
    TAKEN.clear()
    importlib.invalidate_caches()
    return False
