"""pyscript.toml, read: the one reader of the page's configuration, for every user.

The page (``thinking.py`` fetches the bot's files), the manifest that writes the file
(``manifest.py``), the site's file list and the runtime's compiler (tools) all read it
here. Its tables map a URL (relative to the page) to a path in the browser's file system;
this project always writes both the same, ``"./game/x.py" = "./game/x.py"``.

>>> config = read_config('interpreter = "./i.mjs"\\n[game-files]\\n"./a.py" = "./a.py"\\n')
>>> config.interpreter, config.paths(), config.paths(BOT_FILES)
('./i.mjs', ['a.py'], [])

Standard library only; runs the same in CPython and Pyodide.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

# The page's Python: interpreter.mjs writes them into the page (and each worker) as the
# interpreter starts, fetched while Pyodide's own files download (PyScript ignores the table:
# its own [files] would fetch them only once the interpreter is up).
FILES = "game-files"
BOT_FILES = "bot-files"  # the bot's data, fetched once the board is playable (PyScript ignores it)
TABLES = (FILES, BOT_FILES)


@dataclass(frozen=True)
class PyscriptConfig:
    """The parts of pyscript.toml this project uses."""

    interpreter: str | None = None
    tables: dict[str, dict[str, str]] = field(default_factory=dict)

    def entries(self, table: str = FILES) -> dict[str, str]:
        """``{url: path}`` of a table (empty when absent)."""
        return dict(self.tables.get(table, {}))

    def paths(self, table: str = FILES) -> list[str]:
        """The table's paths relative to the site, without ``./``, in the file's order."""
        return [path.removeprefix("./") for path in self.entries(table).values()]


def read_config(text: str) -> PyscriptConfig:
    """Read pyscript.toml's text; ``tomllib.TOMLDecodeError`` when it is not TOML."""
    data = tomllib.loads(text)
    interpreter = data.get("interpreter")
    tables = {
        name: {str(url): str(path) for url, path in data[name].items()}
        for name in TABLES
        if isinstance(data.get(name), dict)
    }
    return PyscriptConfig(interpreter if isinstance(interpreter, str) else None, tables)
