"""The tools are a package of folders by purpose, run as ``python -m tools.<folder>.<name>``
(tools/README.md): none edits ``sys.path``, none holds a program in a string for another
interpreter, their imports form no circle, and the tests import none of them but the build's
modules that make the site (its server, its file list, the manifest writer: ``TESTED_BUILD``).

Every import counts, also those inside functions; each file is read with ``ast``, nothing
is executed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
FOLDERS = {"build", "bench", "golden", "training", "qa", "i18n"}
# Data beside the tools: the bare page of the start-up benchmark, the benchmarks' sets.
DATA_FOLDERS = {"bare", "data"}
# The build code the tests drive (what the site serves and how): moved out of the page's
# package (issue 47), still under test. They import only the game and each other.
TESTED_BUILD = {
    "tools.build.server",
    "tools.build.site_files",
    "tools.build.manifest",
    # The catalogs against the source (tests/test_languages.py): what each lacks or holds stale.
    "tools.i18n.po",
    "tools.i18n.extract",
    "tools.i18n.catalogs",
}
SYS_PATH_EDIT = re.compile(r"sys\.path\s*(\.(insert|append|extend)\(|\[|\+?=)")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _tested_build(module: str) -> bool:
    """``module`` is one of ``TESTED_BUILD``, a name in one, or their package."""
    return (
        module in ("tools.build", "tools.i18n")
        or module in TESTED_BUILD
        or (module.rpartition(".")[0] in TESTED_BUILD)
    )


TOOL_FILES = sorted(p for p in TOOLS.rglob("*.py") if "bare" not in p.parts)
TEST_FILES = sorted((ROOT / "tests").rglob("*.py"))


def test_the_tools_are_folders_by_purpose() -> None:
    folders = {p.name for p in TOOLS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - DATA_FOLDERS - {"checkpoints", "out"} == FOLDERS
    assert not [p.name for p in TOOLS.glob("*.py") if p.name != "__init__.py"]
    for folder in FOLDERS:
        assert (TOOLS / folder / "__init__.py").is_file(), folder


@pytest.mark.parametrize("path", TOOL_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_tool_finds_the_project_without_editing_sys_path(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not SYS_PATH_EDIT.search(text), "run it with python -m from the repository root"
    # No program for another interpreter in a string (write it as a module and run that).
    assert "runPython(" not in text and "loadPyodide" not in text


def test_tools_import_each_other_without_a_circle() -> None:
    modules = {_module(p): _imports(p) for p in TOOL_FILES}
    graph = {
        name: {m for m in modules if m != name and m in imported}
        for name, imported in modules.items()
    }

    def reach(start: str) -> set[str]:
        seen, todo = set(), list(graph[start])
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += graph[name]
        return seen

    circles = sorted(name for name in graph if name in reach(name))
    assert not circles, circles


@pytest.mark.parametrize("path", TEST_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_tests_import_no_tool_but_the_build(path: Path) -> None:
    tools = sorted(
        m
        for m in _imports(path)
        if (m == "tools" or m.startswith("tools.")) and not _tested_build(m)
    )
    assert not tools, f"move what the test needs into tests/ or game/: {tools}"
    assert not SYS_PATH_EDIT.search(path.read_text(encoding="utf-8")), "a test edits sys.path"


def test_the_build_the_tests_use_imports_only_the_game_and_itself() -> None:
    for name in sorted(TESTED_BUILD):
        path = ROOT / (name.replace(".", "/") + ".py")
        tools = sorted(m for m in _imports(path) if m.startswith("tools.") and not _tested_build(m))
        assert not tools, f"{name} imports {tools}: the tests would import the other tools"
