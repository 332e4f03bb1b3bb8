"""Every file path and module the README and docs/ name exists (files move; the docs follow)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [
    ROOT / "README.md",
    ROOT / "game" / "bot" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
# A path as the docs write one: game/..., tools/..., tests/... (git-ignored outputs excepted).
PATH = re.compile(r"(?<![\w./-])((?:game|tools|tests)/[\w./*-]*[\w/*])")
IGNORED = ("tools/checkpoints/",)
# A module as the docs write one: game.engine.turn, game.analysis.judgement.SharingJudge.
MODULE = re.compile(r"(?<![\w./-])(game(?:\.\w+)+)")
# A tool run as a module: python -m tools.bench.page.
TOOL = re.compile(r"-m (tools(?:\.\w+)+)")


def _paths(text: str) -> set[str]:
    return {m for m in PATH.findall(text) if not m.startswith(IGNORED)}


def _exists(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def _module_exists(name: str) -> bool:
    """``game.room.module[.attribute...]``: the module's file, or a name its package defines."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        if base.with_suffix(".py").exists() or (base / "__init__.py").exists():
            if end == len(parts):
                return True
            source = (
                base.with_suffix(".py")
                if base.with_suffix(".py").exists()
                else base / "__init__.py"
            )
            # The next part must be a name the module defines or imports.
            return (
                re.search(rf"\b{re.escape(parts[end])}\b", source.read_text(encoding="utf-8"))
                is not None
            )
    return False


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_path_in_the_docs_exists(doc):
    missing = sorted(path for path in _paths(doc.read_text(encoding="utf-8")) if not _exists(path))
    assert not missing, f"{doc.relative_to(ROOT)} names files that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_module_in_the_docs_exists(doc):
    names = MODULE.findall(doc.read_text(encoding="utf-8"))
    missing = sorted({name for name in names if not _module_exists(name)})
    assert not missing, f"{doc.relative_to(ROOT)} names modules that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_tool_command_in_the_docs_exists(doc):
    names = TOOL.findall(doc.read_text(encoding="utf-8"))
    missing = sorted(
        {
            name
            for name in names
            if not ROOT.joinpath(*name.split(".")).with_suffix(".py").exists()
            and not ROOT.joinpath(*name.split("."), "__main__.py").exists()  # a package's main
        }
    )
    assert not missing, f"{doc.relative_to(ROOT)} runs tools that do not exist: {missing}"


def test_the_checks_find_stale_paths():
    assert _paths("see `game/judgement.py` and tools/bench_page.py") == {
        "game/judgement.py",
        "tools/bench_page.py",
    }
    assert not _exists("game/judgement.py")
    assert not _module_exists("game.judgement")
    assert not _module_exists("game.record_cli")
    assert _module_exists("game.analysis.judgement.SharingJudge")
    assert TOOL.findall("nice python -m tools.bench.page --rounds 5") == ["tools.bench.page"]
