"""Private names stay in their module: what another module uses has a public name.

A name with one leading underscore (``_moments``, ``Session._auto_select``) is its module's
own. No module of ``game/`` imports or reaches one from another module, and a test reaches
only the privates of the module it tests (``tests/test_bot_encoding.py``:
``game.bot.encoding``). Read with ``ast``, nothing is executed. Two kinds of use are seen:
``from game.x import _name`` or ``module._name`` for an imported module; and
``anything._name`` (not ``self`` or ``cls``) where no module that may use privates
defines ``_name`` at all (a private method called on another module's object).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private(name: str) -> bool:
    # A bare "_" is gettext's name for "this sentence in the reader's language", public by
    # convention (game.web.language.catalog), not a private name.
    return name.startswith("_") and not name.startswith("__") and name != "_"


TREES = {_module(path): ast.parse(path.read_text(encoding="utf-8")) for path in SOURCES}


def _defined(tree: ast.Module) -> set[str]:
    """Every private name a module defines: functions, classes, assignments, attributes set
    on ``self``/``cls``, arguments."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # __slots__, getattr(self, "_" + kind), ...
    return {name for name in names if _private(name)}


OWNERS: dict[str, list[str]] = {}  # a private name: the modules that define it
for _name, _tree in TREES.items():
    for _each in _defined(_tree):
        OWNERS.setdefault(_each, []).append(_name)


def _may_use_privates_of(user: str, owner: str) -> bool:
    """A module uses its own privates; a test those of the module it is named after
    (``tests.test_bot_encoding``: ``game.bot.encoding``, ``tests.web.store.test_door``:
    ``game.web.store.door``; a package's modules too)."""
    if user == owner or owner.startswith(user + "."):
        return True
    *folders, name = user.split(".")
    if folders[:1] != ["tests"] or not name.startswith("test_"):
        return False
    # tests.web.store.test_door: the folders below tests/ count with the name (web, store, door)
    subject = "_" + "_".join([*folders[1:], name.removeprefix("test_")]) + "_"
    return any(f"_{part}_" in subject for part in owner.split(".")[2:])  # not game, the room


def _uses(user: str, tree: ast.Module) -> list[tuple[str, str, int]]:
    """(owner, private name, line) for every private name ``user`` takes from a game module."""
    found: list[tuple[str, str, int]] = []
    modules: dict[str, str] = {}  # a local name bound to a game module (or one of its names)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("game"):
                    top = alias.name.split(".")[0]  # ``import game.bot`` binds ``game``
                    modules[alias.asname or top] = alias.name if alias.asname else top
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game"):
            for alias in node.names:
                if _private(alias.name):
                    found.append((str(node.module), alias.name, node.lineno))
                modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not _private(node.attr):
            continue
        chain, base = [], node.value
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if isinstance(base, ast.Name) and base.id in modules:
            target = ".".join([modules[base.id], *reversed(chain)])
            found.append(
                (target if target in TREES else target.rpartition(".")[0], node.attr, node.lineno)
            )
        elif not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            owners = OWNERS.get(node.attr, [])
            if owners and not any(_may_use_privates_of(user, owner) for owner in owners):
                found.append((owners[0], node.attr, node.lineno))
    return found


def test_no_module_takes_another_module_s_private_names():
    wrong = [
        f"{user}:{line} uses {owner}'s {name}"
        for user, tree in TREES.items()
        for owner, name, line in _uses(user, tree)
        if owner.startswith("game") and not _may_use_privates_of(user, owner)
    ]
    assert wrong == [], "make these public, or stop the outside use:\n" + "\n".join(wrong)


def test_the_check_sees_an_outside_use_and_allows_a_test_its_own_module():
    outside = ast.parse(
        "from game.engine.record import _x\nimport game.bot.search\nsearch._no_such_name"
    )
    assert [(o, n) for o, n, _ in _uses("game.web.board.view", outside)] == [
        ("game.engine.record", "_x")
    ]
    aliased = ast.parse("from game.bot import search\nsearch._y()\nsession._auto_select()\n")
    assert [(o, n) for o, n, _ in _uses("game.web.board.view", aliased)] == [
        ("game.bot.search", "_y"),
        ("game.web.state.session", "_auto_select"),  # a private method of another module's object
    ]
    assert _may_use_privates_of("tests.test_bot_encoding", "game.bot.encoding")
    assert _may_use_privates_of("tests.test_game_link", "game.formats.game_link")
    assert _may_use_privates_of("tests.test_cube", "game.bot.cube.model")
    assert not _may_use_privates_of("tests.test_hostile_inputs", "game.formats.mat")
    assert not _may_use_privates_of("tests.test_bot_search", "game.bot.evaluator")
    assert _may_use_privates_of("tests.web.store.test_door", "game.web.store.door")
    assert not _may_use_privates_of("tests.web.store.test_door", "game.web.table.saving")
    assert not _may_use_privates_of("game.web.store.history", "game.engine.record")
