"""Which files of the project the page needs in the browser: pyscript.toml's ``[files]``.

    $ python -m game.web.manifest            # print the [files] table the page needs
    $ python -m game.web.manifest --write    # rewrite it in pyscript.toml
    $ python -m game.web.manifest --check    # exit 1 if pyscript.toml lacks a file

PyScript copies only the files listed in ``[files]`` into the browser's file
system; a module missing there is an ImportError in the page while every
CPython test still passes. So the list is computed: every module of the
``game`` package that ``game/web/main.py`` imports, directly or through other
modules (imports inside functions count too), each package's ``__init__.py``,
and the files in the ``data/`` folder of every package imported (the bot's
weights). Runs in CPython only; the page never imports it.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "game"
ENTRY = "game/web/main.py"
CONFIG = ROOT / "pyscript.toml"
FILES_HEADER = "[files]"
_ENTRY_LINE = re.compile(r'^\s*"(?P<url>[^"]+)"\s*=\s*"(?P<path>[^"]+)"\s*$')


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
            # ``from game.web import layout`` imports the module game.web.layout.
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name == PACKAGE or name.startswith(PACKAGE + ".")}


def needed_files(entry: str = ENTRY) -> list[str]:
    """Paths (relative to the repo, with /) of every file the page needs, sorted."""
    found: set[Path] = set()
    todo = [ROOT / entry]
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


def files_table(files: list[str]) -> str:
    lines = [FILES_HEADER]
    lines += [f'"./{path}" = "./{path}"' for path in files]
    return "\n".join(lines) + "\n"


def listed_files(config_text: str) -> list[str]:
    """The paths in the ``[files]`` table of a pyscript.toml text."""
    listed, inside = [], False
    for line in config_text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped == FILES_HEADER
            continue
        match = _ENTRY_LINE.match(line) if inside else None
        if match:
            listed.append(match["path"].removeprefix("./"))
    return listed


def write_config(files: list[str], config: Path = CONFIG) -> None:
    """Replace the ``[files]`` table (the last table in the file) with ``files``."""
    text = config.read_text(encoding="utf-8")
    head = re.split(r"^\[files\]\s*$", text, maxsplit=1, flags=re.MULTILINE)[0].rstrip("\n")
    config.write_text(head + "\n\n" + files_table(files), encoding="utf-8")


def main(argv: list[str]) -> int:
    files = needed_files()
    if "--write" in argv:
        write_config(files)
        print(f"pyscript.toml lists {len(files)} files")
        return 0
    if "--check" in argv:
        missing = sorted(set(files) - set(listed_files(CONFIG.read_text(encoding="utf-8"))))
        for path in missing:
            print(f"pyscript.toml [files] lacks {path}", file=sys.stderr)
        return 1 if missing else 0
    sys.stdout.write(files_table(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
