"""The page's entry point: PyScript runs this file (see index.html and pyscript.toml)."""

from game.web.app import start

app = start()
