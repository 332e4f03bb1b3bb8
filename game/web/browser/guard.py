"""The page's safety net: whatever goes wrong, a playable board and a message in words.

    from game.web.browser.guard import start_safely
    app = start_safely(App)          # start-up, with a fallback to a new game

``dom.on`` wraps every event handler in ``dom.safe``, which hands an error to
``dom.recovery`` (set here to the app's ``recover``): the board is drawn again from
the game as it stands, the person may act again, and the status line says what
happened, in words (never a traceback). A start-up that fails is retried with a new
game and nothing restored; the save is never written over then (it may be what
failed): the page offers a copy of it to download, then to start anew.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from game.web.browser import dom
from game.web.browser.dom import set_text
from game.web.language.catalog import _
from game.web.store.storage import SAVE_FILE


def words(error: BaseException) -> str:
    """An error as a short phrase for the page: its message, not its traceback."""
    message = " ".join(str(error).split())[:200]
    kind = type(error).__name__
    return f"{message} ({kind})" if message else f"an unexpected {kind}"


def download(text: str, name: str = SAVE_FILE) -> None:
    """Offer ``text`` to the visitor as a file (a data: URL with the download attribute)."""
    link = document.createElement("a")
    link.href = "data:application/json;charset=utf-8," + str(window.encodeURIComponent(text))
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()


def start_safely(make_app: Callable[[str], Any]) -> Any:
    """Start the page; if that fails, start a new game beside the untouched save."""
    try:
        app = make_app(str(window.location.search))
        dom.recovery = app.recover
        app.start()
        return app
    except Exception as error:
        print(f"backgammon page: start-up failed: {type(error).__name__}: {error}")
        failure = error
    try:
        app = make_app("")
        dom.recovery = app.recover
        app.start(restore=False)
        app.offer_saved_copy(
            _(
                "The game could not start as it was saved: {error}. A new game is on "
                "the board, and your saved game is kept as it was.",
                error=words(failure),
            )
        )
        return app
    except Exception as error:
        document.body.dataset.error = f"{type(error).__name__}: {error}"
        set_text("status", _("The game could not start. Reload the page to try again."))
        set_text("loading-text", _("The game could not start: {error}", error=words(error)))
        raise
