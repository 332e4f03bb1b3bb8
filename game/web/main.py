"""The page's entry point: PyScript runs this file (see index.html and pyscript.toml);
embed.html (``<body class="embed">``) starts its mode instead (game/web/embed/embed_app.py).

It notes how long importing the game and drawing the board took, in
``<body data-start-ms>``, for tools/bench/page.py.
"""

from pyscript import document, window

started = window.performance.now()

if document.body.classList.contains("embed"):
    # embed.html: the mode its address asks for (game/web/embed/embed_app.py).
    from game.web.embed.embed_app import start
else:
    from game.web.app import start

imported = window.performance.now()
app = start()
document.body.dataset.startMs = (
    f"{imported - started:.0f}+{window.performance.now() - imported:.0f}"
)
