"""Every docstring example in ``game/`` runs and shows what it says.

The page's browser-only modules (those importing ``js``, ``pyodide`` or ``pyscript``, or a
``game`` module that does) cannot be imported in CPython and are left to the browser tests.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"
BROWSER_ONLY = {"js", "pyodide", "pyscript"}


def _imports(path: Path) -> set[str]:
    """Every name ``path`` imports, whole (``from game.web import dom`` gives ``game.web``
    and ``game.web.browser.dom``) and by its first part."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names.update((alias.name, alias.name.split(".")[0]))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update((node.module, node.module.split(".")[0]))
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _browser_only(paths: dict[str, Path]) -> set[str]:
    """The modules that import the browser, directly or through other ``game`` modules."""
    imports = {name: _imports(path) for name, path in paths.items()}
    found = {name for name, names in imports.items() if BROWSER_ONLY & names}
    while True:
        more = {name for name, names in imports.items() if name not in found and names & found}
        if not more:
            return found
        found |= more


PATHS = {_module_name(path): path for path in GAME.rglob("*.py") if path.name != "__main__.py"}
MODULES = sorted(set(PATHS) - _browser_only(PATHS))


def test_the_browser_only_modules_are_few():
    assert (
        len(MODULES) >= 30 and "game.web.store.storage" in MODULES and "game.web.app" not in MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
