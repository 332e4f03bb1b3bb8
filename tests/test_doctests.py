"""Every docstring example in ``game/`` runs and shows what it says.

The page's browser-only modules (those importing ``js``, ``pyodide`` or ``pyscript``)
cannot be imported in CPython and are left to the browser tests.
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
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def _module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(
    _module_name(path)
    for path in GAME.rglob("*.py")
    if not BROWSER_ONLY & _imports(path) and path.name != "__main__.py"
)


def test_the_browser_only_modules_are_few():
    assert len(MODULES) >= 30 and "game.web.storage" in MODULES and "game.web.app" not in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
