"""The page's entry point: PyScript runs this file (see index.html and pyscript.toml);
embed.html (``<body class="embed">``) starts its mode instead (game/web/embed/embed_app.py).

It notes how long importing the game and drawing the board took, in
``<body data-start-ms>``, for tools/bench/page.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document, window

window.performance.mark("main: begun")  # PyScript's own Python set up (tools/bench/engines.py)

from game.web.browser import snapshot  # noqa: E402

# First of all: a restored interpreter whose modules are older than the files is let go of.
snapshot.fresh()

if TYPE_CHECKING:
    from game.web.address.embed_params import EmbedSpec
    from game.web.app import App

started = window.performance.now()


def play_embed(query: str, spec: EmbedSpec) -> App:
    """A ``play`` embed: the live game from the embed's position (or a new one), saved under
    its own key: the main page's own parts (game/web/app.py) with the embed's setup."""
    from game.web.address import links
    from game.web.app import App
    from game.web.board import diagram
    from game.web.house import Setup
    from game.web.state.session import COMPUTER, FULL, Session, Settings

    if spec.legacy:  # the plain board of old: its game and settings as before, links taken
        return App(query, Setup(key=spec.key, embed=True))
    settings = Settings(
        opponent=spec.opponent,
        level=spec.level,
        rules=spec.rules or (FULL if spec.game is not None else Settings().rules),
        match_length=spec.match_length if spec.game is None else 0,
    )
    if spec.game is not None:
        game = links.reader_on_roll(spec.game) if spec.opponent == COMPUTER else spec.game
        session = Session(game, settings).after(game)
    else:
        session = Session.new(settings)
    if spec.flip:
        session = diagram.FlippedSession(session.game, session.settings).after(session.game)
    # The fragment is this embed's own position, read at start: not a link to take.
    return App(query, Setup(key=spec.key, session=session, take_links=False, embed=True))


def speak_the_pages_language() -> None:
    """Python's messages in the language lang.js chose, from the catalog it fetched (long
    done by now: it was asked for before the runtime). Were it still on its way, they would
    show in English until the next visit; the page's own words are lang.js's."""
    from game.web.language import catalog

    language = getattr(window, "backgammonLanguage", None)
    text = getattr(language, "text", None) if language is not None else None
    if isinstance(text, str) and text:
        catalog.use(catalog.Catalog.from_text(text))


speak_the_pages_language()

if document.body.classList.contains("embed"):
    # embed.html: the mode its address asks for (game/web/embed/embed_app.py).
    from game.web.embed import embed_app

    imported = window.performance.now()
    app = embed_app.start(play_embed)
else:
    from game.web.app import start

    imported = window.performance.now()
    app = start()
document.body.dataset.startMs = (
    f"{imported - started:.0f}+{window.performance.now() - imported:.0f}"
)
