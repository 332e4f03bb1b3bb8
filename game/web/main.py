"""The page's entry point: PyScript runs this file (see index.html and pyscript.toml).

It notes how long importing the game and drawing the board took, in
``<body data-start-ms>``, for tools/bench_page.py.
"""

from pyscript import document, window

started = window.performance.now()

from game.web.app import start  # noqa: E402

imported = window.performance.now()
app = start()
document.body.dataset.startMs = (
    f"{imported - started:.0f}+{window.performance.now() - imported:.0f}"
)
