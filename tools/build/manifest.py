"""Which files of the project the page needs in the browser: pyscript.toml's
``[game-files]`` and ``[bot-files]``.

    $ python -m tools.build.manifest            # print the [game-files] table the page needs
    $ python -m tools.build.manifest --write    # rewrite it in pyscript.toml
    $ python -m tools.build.manifest --check    # exit 1 if pyscript.toml is stale

interpreter.mjs copies only the files listed in ``[game-files]`` into the browser's file
system (as the interpreter starts; PyScript ignores the table); a module missing there is
an ImportError in the page while every CPython test still passes. So the list is computed:
every module of the ``game`` package that ``game/web/main.py`` (or
``game/web/embed/embed_frame.py``, which the embeds' shared runtime imports) imports,
directly or through other modules (imports inside functions count too), each package's
``__init__.py``, and the files in the ``data/`` folder of every package imported (the bot's
weights). Runs in CPython only; the page never imports it.

The data files (the bot's weights and bear-off table, most of the bytes) are
only needed to think, so they are not in ``[game-files]``, which the page fetches
before the board is playable, but in ``[bot-files]``: the computer's worker
(computer-worker.mjs) fetches both tables once the board is up, and the page fetches
``[bot-files]`` itself only where no worker runs (game/web/browser/worker_client.py). The
service worker precaches both.

The pages preload none of these (nor the runtime): on a reload, dozens of
preloads revalidated at once held back PyScript's own scripts and the
interpreter, and the page became playable later, not sooner (issue 14,
python -m tools.bench.page).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from game.web.browser.pyscript_config import BOT_FILES, FILES, read_config

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "game"
ENTRY = "game/web/main.py"
# What the embeds' shared runtime (embed-worker.mjs) imports: needed whatever main.py imports.
SHARED_ENTRY = "game/web/embed/embed_frame.py"
CONFIG = ROOT / "pyscript.toml"
FILES_HEADER = f"[{FILES}]"
BOT_FILES_HEADER = f"[{BOT_FILES}]"


def _module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    return None


def _imports(path: Path) -> set[str]:
    """Module names ``path`` imports from the project's package (every import statement)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            # ``from game.web import layout`` imports the module game.web.board.layout.
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name == PACKAGE or name.startswith(PACKAGE + ".")}


def needed_files(entry: str = ENTRY) -> list[str]:
    """Paths (relative to the repo, with /) of every file the page needs, sorted."""
    found: set[Path] = set()
    todo = [ROOT / entry]
    if entry == ENTRY and (ROOT / SHARED_ENTRY).is_file():
        todo.append(ROOT / SHARED_ENTRY)
    entry_package = entry.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
    parts = entry_package.split(".")
    todo += [
        m for depth in range(1, len(parts) + 1) if (m := _module_file(".".join(parts[:depth])))
    ]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        for name in _imports(path):
            parts = name.split(".")
            # Every package on the way needs its __init__.py.
            for depth in range(1, len(parts) + 1):
                module = _module_file(".".join(parts[:depth]))
                if module is not None and module not in found:
                    todo.append(module)
    data: set[Path] = set()
    for path in found:
        if path.name == "__init__.py" and (path.parent / "data").is_dir():
            data.update(
                p
                for p in (path.parent / "data").rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
            )
    return sorted(p.relative_to(ROOT).as_posix() for p in found | data)


def is_bot_data(path: str) -> bool:
    """A data file (in a package's ``data/`` folder): loaded once the board is playable."""
    return "data" in Path(path).parts[:-1]


def startup_files(files: list[str]) -> list[str]:
    """What the page needs before it is playable: ``[game-files]``."""
    return [path for path in files if not is_bot_data(path)]


def bot_files(files: list[str]) -> list[str]:
    """What only the computer's thinking needs: ``[bot-files]``."""
    return [path for path in files if is_bot_data(path)]


def files_table(files: list[str], header: str = FILES_HEADER) -> str:
    lines = [header]
    lines += [f'"./{path}" = "./{path}"' for path in files]
    return "\n".join(lines) + "\n"


def listed_files(config_text: str, header: str = FILES_HEADER) -> list[str]:
    """The paths in the ``[game-files]`` table (or another, by ``header``) of a pyscript.toml."""
    return read_config(config_text).paths(header.strip("[]"))


def write_config(files: list[str], config: Path = CONFIG) -> None:
    """Replace the ``[game-files]`` (once ``[files]``) and ``[bot-files]`` tables (the last
    in the file)."""
    text = config.read_text(encoding="utf-8")
    tables_start = re.compile(r"^\[(?:game-)?files\]\s*$", re.MULTILINE)
    head = tables_start.split(text, maxsplit=1)[0].rstrip("\n")
    tables = files_table(startup_files(files))
    if bot_files(files):
        tables += "\n" + files_table(bot_files(files), BOT_FILES_HEADER)
    config.write_text(head + "\n\n" + tables, encoding="utf-8")


def stale(files: list[str]) -> list[str]:
    """What is out of date: files missing from pyscript.toml's tables or in the wrong one."""
    config = CONFIG.read_text(encoding="utf-8")
    problems = []
    for header, wanted in ((FILES_HEADER, startup_files), (BOT_FILES_HEADER, bot_files)):
        listed = set(listed_files(config, header))
        problems += [
            f"pyscript.toml {header} lacks {p}" for p in sorted(set(wanted(files)) - listed)
        ]
        problems += [
            f"pyscript.toml {header} holds {p}, which belongs in the other table"
            for p in sorted(listed & (set(files) - set(wanted(files))))
        ]
    return problems


def main(argv: list[str]) -> int:
    files = needed_files()
    if "--write" in argv:
        write_config(files)
        print(
            f"pyscript.toml lists {len(startup_files(files))} files; "
            f"[bot-files] {len(bot_files(files))}"
        )
        return 0
    if "--check" in argv:
        problems = stale(files)
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    sys.stdout.write(files_table(startup_files(files)) + "\n")
    sys.stdout.write(files_table(bot_files(files), BOT_FILES_HEADER))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
