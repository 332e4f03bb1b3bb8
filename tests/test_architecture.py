"""The import rules between the rooms of ``game/`` (see README, "Architecture").

Every import counts, also those inside functions (the page imports the bot lazily):
each module's imports are read with ``ast``, nothing is executed.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
BROWSER = {"js", "pyodide", "pyscript"}

# The rooms, by module name. The rules (``RULES``) close to the board come first.
RULES = {"game.position", "game.plays", "game.dice", "game.match", "game.state", "game.turn"}
ENGINE = RULES | {"game.record", "game.scoresheet", "game.dice_stats", "game.marks"}
# Built on the bot: judging plays and cube decisions, analysis, hints, and the command lines.
ON_THE_BOT = {
    "game.judgement",
    "game.analysis",
    "game.hint",
    "game.selfplay",
    "game.cli",
    "game.record_cli",
    "game.analyse_cli",
    "game.__main__",
}
# The only code that touches the browser (the DOM, the worker, storage).
BROWSER_GLUE = {
    "game.web.app",
    "game.web.dom",
    "game.web.embed_app",
    "game.web.embed_maker",
    "game.web.guard",
    "game.web.main",
    "game.web.thinking",
}


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute names (``from game import match`` gives
    both ``game`` and ``game.match``)."""
    package = _name(path) if path.name == "__init__.py" else _name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


MODULES = {_name(path): _imports(path) for path in sorted(GAME.rglob("*.py"))}


def _room(name: str) -> str:
    if name in ENGINE:
        return "engine"
    if name in ON_THE_BOT:
        return "on the bot"
    for room in ("formats", "bot", "web"):
        if name.startswith(f"game.{room}"):
            return room
    return "package" if name == "game" else "unknown"


def _in(imported: set[str], prefix: str) -> list[str]:
    return sorted(m for m in imported if m == prefix or m.startswith(prefix + "."))


def test_every_module_belongs_to_a_room():
    assert "game.state" in MODULES and "game.web.app" in MODULES
    unknown = [name for name in MODULES if _room(name) == "unknown"]
    assert not unknown, f"place these modules in a room in tests/test_architecture.py: {unknown}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_only_the_standard_library_and_the_game_are_imported(name):
    allowed_browser = BROWSER if name in BROWSER_GLUE else set()
    foreign = sorted(
        module
        for module in MODULES[name]
        if module
        and module.split(".")[0] != "game"
        and module.split(".")[0] not in sys.stdlib_module_names
        and module.split(".")[0] not in allowed_browser
    )
    assert not foreign, f"{name} imports {foreign}: the game is standard library only"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_rooms_import_only_what_they_may(name):
    imported = MODULES[name]
    room = _room(name)
    forbidden: list[str] = []
    if room != "web":
        forbidden += _in(imported, "game.web")
    if name not in BROWSER_GLUE:
        forbidden += [m for m in imported if m.split(".")[0] in BROWSER]
    if name in RULES:  # the rules of play stand alone: no formats, no bot, no record
        forbidden += [
            m
            for m in imported
            if m.startswith("game.") and not any(m == r or m.startswith(r + ".") for r in RULES)
        ]
    if room in ("engine", "formats"):
        forbidden += _in(imported, "game.bot")
    if room == "bot":
        forbidden += _in(imported, "game.record") + _in(imported, "game.selfplay")
    assert not forbidden, f"{name} ({room}) may not import {sorted(set(forbidden))}"


def test_the_rules_of_play_import_nothing_from_the_formats():
    # The circle position -> formats.notation -> plays/position is gone for good.
    for name in RULES:
        assert not _in(MODULES[name], "game.formats"), name
