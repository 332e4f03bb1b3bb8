"""The page's dialog for questions and messages (``#notice``): its words and its first button.

    notices.ask(words.shared_game_question(), take_link)   # runs take_link on yes
    notices.notice("The saved game was downloaded.")

The words come from game/web/state/prompts.py and the rooms' words (game/web/sharing/words.py);
this controller shows them and keeps what the first button does until it is pressed
(``yes``) or the dialog is closed (``no``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.web.language.catalog import _
from game.web.state.prompts import Prompt
from game.web.state.surface import Clicks, Surface


class Notices:
    def __init__(self, surface: Surface) -> None:
        self.surface = surface
        self.pending: Callable[[], object] | None = None  # what the first button does

    def clicks(self) -> Clicks:
        return {"#notice-yes": self.yes, "#notice-no": self.no}

    def ask(
        self, prompt: Prompt, action: Callable[[], object] | None = None, url: str | None = None
    ) -> None:
        self.notice(prompt.text, prompt.yes, action, prompt.cancel, url)

    def notice(
        self,
        text: str,
        yes: str = "",
        action: Callable[[], object] | None = None,
        cancel: str | None = None,
        url: str | None = None,
    ) -> None:
        surface = self.surface
        surface.text("notice-text", text)
        surface.text("notice-yes", yes or _("OK"))
        surface.props("notice-no", hidden=cancel is None)
        if cancel is not None:
            surface.text("notice-no", cancel)
        surface.props("notice-url", hidden=url is None, value=url or "")
        surface.props("notice-embed", hidden=url is None)  # Share offers Embed (embed_maker)
        self.pending = action
        # A question's default is its safe answer (Cancel): Enter, Enter never throws a game away.
        first = "notice-url" if url else "notice-yes" if cancel is None else "notice-no"
        surface.open_dialog("notice", focus=first)

    def yes(self) -> None:
        action = self.pending
        self.no()
        if action is not None:
            action()

    def no(self) -> None:
        self.surface.close_dialog("notice")
        self.pending = None
