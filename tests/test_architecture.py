"""The import rules between the rooms of ``game/`` (see docs/architecture.md).

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

# The rooms are the folders of ``game/``, in order: each imports only from itself and the rooms
# before it (the command lines and the page, side by side at the end, never import each other).
ROOMS = ("engine", "formats", "bot", "analysis", "cli", "web")
MAY_IMPORT = {
    "engine": {"engine"},
    "formats": {"engine", "formats"},
    "bot": {"engine", "bot"},
    "analysis": {"engine", "formats", "bot", "analysis"},
    "cli": {"engine", "formats", "bot", "analysis", "cli"},
    "web": {"engine", "formats", "bot", "analysis", "web"},
}
# The rules of play, close to the board: they stand alone (no record, no notation).
RULES = {f"game.engine.{name}" for name in ("position", "plays", "dice", "match", "state", "turn")}
# The only code that touches the browser (the DOM, the worker, storage).
BROWSER_GLUE = {
    "game.web.app",
    "game.web.browser.real_page",
    "game.web.browser.dom",
    "game.web.embed.embed_app",
    "game.web.sharing.embed_dialog",
    "game.web.browser.guard",
    "game.web.main",
    "game.web.browser.worker_client",
}


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute names (``from game import match`` gives
    both ``game`` and ``game.engine.match``)."""
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
    parts = name.split(".")
    if name in ("game", "game.__main__"):
        return "package"
    return parts[1] if len(parts) > 1 and parts[1] in ROOMS else "unknown"


def _in(imported: set[str], prefix: str) -> list[str]:
    return sorted(m for m in imported if m == prefix or m.startswith(prefix + "."))


def test_every_module_lives_in_a_room():
    assert "game.engine.state" in MODULES and "game.web.app" in MODULES
    unknown = [name for name in MODULES if _room(name) == "unknown"]
    assert not unknown, f"move these modules into a room's folder ({ROOMS}): {unknown}"


def test_the_package_itself_only_starts_the_command_lines():
    assert all(m.startswith("game.cli") for m in _in(MODULES["game.__main__"], "game."))
    assert not _in(MODULES["game"], "game")


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
    if room == "package":
        return
    forbidden = sorted(
        m
        for m in imported
        if m.startswith("game.")
        and m.split(".")[1] in ROOMS
        and m.split(".")[1] not in MAY_IMPORT[room]
    )
    if name not in BROWSER_GLUE:
        forbidden += [m for m in imported if m.split(".")[0] in BROWSER]
    assert not forbidden, f"{name} ({room}) may not import {sorted(set(forbidden))}"


def test_the_rules_of_play_stand_alone():
    # The rules import only each other: not the record, not the notation, no other room.
    for name in RULES:
        outside = [
            m
            for m in _in(MODULES[name], "game")
            if m not in ("game", "game.engine")
            and not any(m == r or m.startswith(r + ".") for r in RULES)
        ]
        assert not outside, f"{name} imports {outside}"


def _mermaid() -> str:
    """The rooms and their arrows as a mermaid flowchart, computed from the imports."""
    edges = sorted(
        {
            (_room(name), _room(module))
            for name, imported in MODULES.items()
            for module in imported
            if _room(name) in ROOMS
            and module.startswith("game.")
            and _room(module) in ROOMS
            and _room(module) != _room(name)
        },
        key=lambda edge: (ROOMS.index(edge[0]), ROOMS.index(edge[1])),
    )
    glue = sorted(
        name
        for name, imported in MODULES.items()
        if any(m.split(".")[0] in BROWSER for m in imported)
    )
    lines = ["flowchart RL", '    main["python -m game"] --> cli']
    lines += [f"    {room}[game/{room}]" for room in ROOMS]
    lines += [f"    {source} --> {target}" for source, target in edges]
    names = ", ".join(name.rpartition(".")[2] for name in glue)
    lines.append(f'    web -- "{names}" --> browser(["js, pyodide, pyscript"])')
    return "\n".join(lines)


def test_the_architecture_diagram_is_drawn_from_the_imports():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawn = (
        text.split("```mermaid\n", 1)[1].split("```", 1)[0].strip() if "```mermaid" in text else ""
    )
    assert drawn == _mermaid(), (
        "docs/architecture.md's mermaid block differs from the imports; replace it with:\n"
        f"```mermaid\n{_mermaid()}\n```"
    )
