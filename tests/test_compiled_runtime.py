"""The compiled archive interpreter.mjs unpacks (runtime/compiled/pycache.zip, made by
python -m tools.build.runtime): Python uses a checked hash-based .pyc only while its source is
byte-identical, so an entry built from other bytes silently costs a compile at every load.
These tests check that every entry matches what the page writes now."""

from __future__ import annotations

import _imp
import json
import re
import zipfile
from pathlib import Path

import pytest

from game.web.browser.pyscript_config import read_config
from tools.build.manifest import CONFIG

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "runtime" / "compiled" / "pycache.zip"
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
TAG = "cpython-314"  # Pyodide 314's cache tag (tests/browser/test_runtime.py pins the version)

pytestmark = pytest.mark.skipif(not ARCHIVE.is_file(), reason="run `make runtime` first")


def matches(pyc: bytes, source: bytes) -> bool:
    """Whether Python (the page's 3.14, whose magic number keys the hash) would use ``pyc``
    for ``source``: a checked hash-based .pyc holding that source's hash."""
    flags = int.from_bytes(pyc[4:8], "little")
    assert flags == 0b11, "not a checked hash-based .pyc"
    return pyc[8:16] == _imp.source_hash(int.from_bytes(pyc[:4], "little"), source)


def entries() -> dict[str, bytes]:
    with zipfile.ZipFile(ARCHIVE) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def pyscript_sources() -> dict[str, str]:
    """PyScript's own Python package as its core script writes it (./pyscript/x.py)."""
    for core in sorted(PYSCRIPT_DIST.glob("core*.js")):
        text = core.read_text(encoding="utf-8")
        start = text.find('{pyscript:{"__init__.py":')
        if start >= 0:
            found = re.finditer(r'"(\w+\.py)":("(?:[^"\\]|\\.)*")', text[start:])
            return {name: json.loads(literal) for name, literal in (m.groups() for m in found)}
    return {}


def test_every_game_module_has_its_current_bytecode() -> None:
    compiled = entries()
    config = read_config(CONFIG.read_text(encoding="utf-8"))
    for path in (p for p in config.entries().values() if p.endswith(".py")):
        folder, name = path.removeprefix("./").rsplit("/", 1)
        pyc = compiled.get(f"{folder}/__pycache__/{name[:-3]}.{TAG}.pyc")
        assert pyc is not None, f"{path} is not in {ARCHIVE.name}: run `make runtime`"
        source = (ROOT / path).read_bytes()
        assert matches(pyc, source), f"{ARCHIVE.name} holds an older {path}: run `make runtime`"


def test_pyscripts_own_package_is_compiled_from_the_exact_text_it_writes() -> None:
    sources = pyscript_sources()
    assert "__init__.py" in sources and "context.py" in sources
    compiled = entries()
    for name, text in sources.items():
        pyc = compiled.get(f"pyscript/__pycache__/{name[:-3]}.{TAG}.pyc")
        assert pyc is not None, f"PyScript's {name} is not compiled"
        assert matches(pyc, text.encode("utf-8")), name
