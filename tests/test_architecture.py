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
RULES = {
    f"game.engine.{name}"
    for name in (
        "position",
        "plays",
        "dice",
        "match",
        "phase",
        "players",
        "state",
        "state_check",
        "game_end",
        "quick_steps",
        "turn",
        "refusal",
    )
}
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


# ----- the page's folders (docs/architecture.md, "The page's folders") ------------------------
# The shared parts, lowest first: each imports only itself and the parts before it, never a
# room and never a composition root. The rooms import the shared parts and themselves only:
# never each other (they talk through the state and its commit). The composition roots, the
# modules directly in game/web, join them and may import everything.
PAGE = "game.web"
PAGE_SHARED = ("language", "state", "store", "address", "board", "worker", "browser")
PAGE_ROOMS = ("table", "review", "rating", "trainer", "link_play", "sharing", "embed")
MAX_PAGE_ROOT = 8  # modules directly in game/web, __init__.py counted
MAX_FUNCTION_LINES = 80
MAX_METHODS = 30
# The page modules that reach the browser through another page module (not importing js,
# pyodide or pyscript themselves): still browser code, named in docs/architecture.md.
BROWSER_USERS = {"game.web.browser.drag"}
WEB = {name: imported for name, imported in MODULES.items() if name.startswith(PAGE)}


def _folder(name: str) -> str:
    """``game.web.table.room`` -> ``table``; a composition root (``game.web.app``) -> ``root``."""
    parts = name.split(".")
    if len(parts) > 3 or (len(parts) == 3 and parts[2] in PAGE_SHARED + PAGE_ROOMS):
        return parts[2]
    return "root"


def _page_imports(name: str) -> set[str]:
    """The page's own modules and folders ``name`` imports (``game.web.state`` counts)."""
    return {m for m in WEB[name] if m.startswith(PAGE + ".")}


def test_the_page_is_folders_of_rooms_and_shared_parts():
    root = sorted(p.name for p in (GAME / "web").glob("*.py"))
    assert len(root) <= MAX_PAGE_ROOT, f"game/web holds {len(root)} modules: {root}"
    folders = {p.name for p in (GAME / "web").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(PAGE_SHARED + PAGE_ROOMS), sorted(folders)
    nested = [name for name in WEB if len(name.split(".")) > 4]
    assert not nested, f"one level of folders only: {nested}"
    # Each room's own words in its words.py; those of more than one room in board/words.py.
    wordless = [room for room in (*PAGE_ROOMS, "board") if f"{PAGE}.{room}.words" not in WEB]
    assert not wordless, f"folders without their words.py: {wordless}"


@pytest.mark.parametrize("name", sorted(WEB))
def test_the_page_folders_import_one_way(name):
    folder = _folder(name)
    if folder == "root":
        return
    if folder in PAGE_SHARED:
        allowed = set(PAGE_SHARED[: PAGE_SHARED.index(folder) + 1])
    else:
        allowed = {folder, *PAGE_SHARED}
    wrong = sorted(
        m for m in _page_imports(name) if _folder(m) not in allowed and m != f"{PAGE}.{folder}"
    )
    assert not wrong, f"{name} ({folder}) may import only {sorted(allowed)}, not {wrong}"


def _touches_browser() -> dict[str, set[str]]:
    """Every page module that reaches the browser, and through which modules: itself
    (it imports js, pyodide or pyscript) or another page module that does (drag.py through
    dom.py)."""
    direct = {n for n, imported in WEB.items() if any(m.split(".")[0] in BROWSER for m in imported)}
    reach: dict[str, set[str]] = {n: {n} for n in direct}
    changed = True
    while changed:
        changed = False
        for name in WEB:
            through = {m for m in _page_imports(name) if m in reach and m != name}
            if through and not through <= reach.get(name, set()):
                reach.setdefault(name, set()).update(through)
                changed = True
    return reach


def test_browser_use_is_declared_also_through_another_module():
    # BROWSER_GLUE imports the browser itself; BROWSER_USERS reach it through one of them.
    touching = _touches_browser()
    direct = {n for n, via in touching.items() if n in via}
    assert direct == BROWSER_GLUE, f"the modules that import js/pyodide/pyscript: {sorted(direct)}"
    assert set(touching) - direct == BROWSER_USERS, (
        f"modules that reach the browser through another: {sorted(set(touching) - direct)}"
    )
    outside = sorted(n for n in touching if _folder(n) not in ("browser", "root", *PAGE_ROOMS))
    assert not outside, f"a shared part other than browser/ touches the browser: {outside}"


def _page_functions() -> list[tuple[str, str, int]]:
    found = []
    for path in sorted((GAME / "web").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((_name(path), node.name, lines))
    return found


def test_no_page_function_is_long_and_no_class_is_wide():
    long = [f"{m}.{f}: {n} lines" for m, f, n in _page_functions() if n > MAX_FUNCTION_LINES]
    assert not long, long
    wide = []
    for path in sorted((GAME / "web").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = [
                    n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                ]
                if len(methods) > MAX_METHODS:
                    wide.append(f"{_name(path)}.{node.name}: {len(methods)} methods")
    assert not wide, wide


def test_no_two_page_modules_differ_only_by_a_suffix():
    # study.py beside study_room.py, train.py beside train_room.py: a reader cannot tell them
    # apart. Each page module's name is no other's beginning.
    names = sorted({p.stem for p in (GAME / "web").rglob("*.py")} - {"__init__"})
    clashes = [(a, b) for a in names for b in names if a != b and b.startswith(a)]
    assert not clashes, clashes
    assert not {"thinker", "thinking"} <= set(names)


def test_each_constant_of_the_page_is_defined_once():
    # A named limit (MAX_MATCH_FILE, a storage key) is written down in one module and
    # imported by the others.
    seen: dict[str, list[str]] = {}
    for path in sorted((GAME / "web").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id.isupper():
                        key = f"{target.id}={node.value.value!r}"
                        seen.setdefault(key, []).append(_name(path))
    twice = {key: where for key, where in seen.items() if len(where) > 1}
    assert not twice, twice


def _page_mermaid() -> str:
    """The page's folders and their arrows as a mermaid flowchart, computed from the imports."""
    order = ("root", *PAGE_SHARED, *PAGE_ROOMS)
    edges = sorted(
        {
            (_folder(name), _folder(module))
            for name in WEB
            for module in _page_imports(name)
            if module in WEB and _folder(module) != _folder(name)
        },
        key=lambda edge: (order.index(edge[0]), order.index(edge[1])),
    )
    touching = _touches_browser()
    lines = ["flowchart RL", '    root["game/web: main, app, house, paint, access"]']
    lines += [f"    {part}[{part}/]" for part in PAGE_SHARED]
    lines += [f"    {room}([{room}/])" for room in PAGE_ROOMS]
    lines += [f"    {source} --> {target}" for source, target in edges]
    for folder in order:
        names = sorted(n.rpartition(".")[2] for n in touching if _folder(n) == folder)
        if names:
            lines.append(f'    {folder} -. "{", ".join(names)}" .-> js(["js, pyodide, pyscript"])')
    return "\n".join(lines)


def test_the_page_diagram_is_drawn_from_the_imports():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0].strip() for block in text.split("```mermaid\n")[1:]]
    assert len(blocks) >= 2 and blocks[1] == _page_mermaid(), (
        "docs/architecture.md's second mermaid block (the page's folders) differs from the "
        f"imports; replace it with:\n```mermaid\n{_page_mermaid()}\n```"
    )


def test_the_map_names_every_folder_of_the_page():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [f for f in PAGE_SHARED + PAGE_ROOMS if f"`game/web/{f}/`" not in text]
    assert not missing, f"docs/architecture.md does not name {missing}"
    packages = {PAGE, *(f"{PAGE}.{f}" for f in PAGE_SHARED + PAGE_ROOMS)}
    unnamed = sorted(
        name
        for name in WEB
        if name not in packages and f"`{name.rpartition('.')[2]}.py`" not in text
    )
    assert not unnamed, f"docs/architecture.md never names these page modules: {unnamed}"


# ----- the page's tests, by folder (docs/architecture.md, "Where the page's tests are") -------
TESTS = ROOT / "tests"


def _test_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_page_s_tests_stand_in_its_folders():
    # tests/web/<folder>/ holds the CPython tests of game/web/<folder>/, tests/web/ those of the
    # house as a whole; tests/browser/ drives the page in a browser.
    web = TESTS / "web"
    folders = {p.name for p in web.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= set(PAGE_SHARED + PAGE_ROOMS), sorted(folders - set(PAGE_SHARED + PAGE_ROOMS))
    untested = [room for room in PAGE_ROOMS if not sorted((web / room).glob("test_*.py"))]
    assert not untested, f"rooms with no tests/web/<room>/test_*.py: {untested}"
    nested = sorted(str(p.relative_to(TESTS)) for p in web.glob("*/*/**/*.py"))
    assert not nested, f"one level of folders only: {nested}"
    # A test of a room lives in the room's folder, not loose in tests/.
    loose = {
        path.name: sorted(
            {_folder(m) for m in _test_imports(path) if m.startswith(PAGE + ".")} & set(PAGE_ROOMS)
        )
        for path in sorted(TESTS.glob("test_*.py"))
    }
    loose = {name: rooms for name, rooms in loose.items() if rooms}
    assert not loose, f"move these tests into tests/web/<room>/: {loose}"
