"""The started interpreter the pages restore (game/web/browser/snapshot.py): what it took is
used only while the files beside the page are the ones it was taken from."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.web.browser import snapshot

PACKAGE = "game.snapshot_probe"  # a package under game/, as the page's modules are


@pytest.fixture
def probe(tmp_path: Path) -> Iterator[Path]:
    """A throwaway package game.snapshot_probe with two modules, one that needs the browser."""
    import game

    folder = tmp_path / "game" / "snapshot_probe"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "pure.py").write_text("POINTS = 24\n")
    (folder / "page.py").write_text("import js  # the browser's, absent here\n")
    game.__path__.append(str(tmp_path / "game"))
    kept = dict(snapshot.TAKEN)
    snapshot.TAKEN.clear()
    yield folder
    game.__path__.remove(str(tmp_path / "game"))
    for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
        del sys.modules[name]
    snapshot.TAKEN.clear()
    snapshot.TAKEN.update(kept)


def test_take_imports_what_needs_no_browser_and_notes_its_source(probe: Path) -> None:
    taken = snapshot.take([f"{PACKAGE}.pure", f"{PACKAGE}.page"])
    assert taken == [f"{PACKAGE}.pure"]
    assert f"{PACKAGE}.page" not in sys.modules  # nothing half-imported is kept
    assert f"{PACKAGE}.pure" in snapshot.TAKEN and PACKAGE in snapshot.TAKEN
    assert snapshot.fresh()  # the files unchanged: the modules stay
    assert sys.modules[f"{PACKAGE}.pure"].POINTS == 24


def test_a_changed_file_lets_go_of_every_module_taken(probe: Path) -> None:
    import game.engine.position  # noqa: F401  (loaded before the snapshot's imports)

    snapshot.take([f"{PACKAGE}.pure"])
    assert set(snapshot.TAKEN) == {PACKAGE, f"{PACKAGE}.pure"}  # only what it brought
    (probe / "pure.py").write_text("POINTS = 25\n")  # the code changed since the snapshot
    assert not snapshot.fresh()
    assert not [name for name in sys.modules if name.startswith(PACKAGE)]
    assert "game.engine.position" in sys.modules  # what was there before is not its to drop
    assert snapshot.TAKEN == {}
    assert importlib.import_module(f"{PACKAGE}.pure").POINTS == 25  # read from the file


def test_fresh_reseeds_random_so_no_two_loads_draw_alike() -> None:
    random.seed(7)
    first = random.random()
    random.seed(7)
    assert snapshot.fresh()  # nothing taken in CPython: nothing to compare
    assert random.random() != first
