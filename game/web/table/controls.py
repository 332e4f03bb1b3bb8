"""Which buttons the page shows and enables, and what the settings panel shows: pure functions.

    >>> from game.web.state.session import Session
    >>> shown = {name for name, button in controls(Session.new()).items() if button.shown}
    >>> sorted(shown)
    ['new-game', 'resign', 'roll', 'settings-toggle', 'share']
    >>> controls(Session.new(), busy=True)["roll"].enabled
    False

``app.py`` applies the answer to the DOM (``hidden``, ``disabled``, the label); the
rules behind it are the ``Session``'s (``may_roll``, ``may_double``, ...), so this
module only says which of them a button stands for. ``busy`` is the computer's turn
being shown: nothing a person does is taken then, except New game, Share and Settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.state import Phase
from game.web.language.catalog import _
from game.web.state.session import (
    COMPUTER,
    FRIEND,
    FULL,
    LINK,
    SIMPLE,
    Session,
    Settings,
    SettingsError,
)
from game.web.table.words import rules_hint

# The buttons, by their element id, in the order the page lays them out.
ACTIONS = ("double", "roll", "take", "beaver", "pass", "accept", "refuse", "undo", "confirm")
TOOLBAR = ("new-game", "resign", "share", "settings-toggle")
BUTTONS = (*ACTIONS, "next-game", *TOOLBAR)


@dataclass(frozen=True)
class Button:
    """One button: on the page or not, pressable or not, and its words when they change."""

    shown: bool = True
    enabled: bool = True
    label: str | None = None  # None: the words written in the page


def controls(session: Session, busy: bool = False) -> dict[str, Button]:
    """Every button of the page (``BUTTONS``) for ``session``."""
    person = not busy
    phase = session.game.phase
    over = phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    moving = session.turn is not None  # a person is playing a roll: Undo and Confirm
    answering = phase in (Phase.DOUBLED, Phase.RESIGNED)
    doubled = person and session.may_answer_double
    resigned = person and session.may_answer_resignation
    return {
        "double": Button(shown=person and session.may_double),
        "roll": Button(
            shown=not (over or moving or answering), enabled=person and session.may_roll
        ),
        "take": Button(shown=doubled),
        "beaver": Button(shown=doubled and session.may_beaver),
        "pass": Button(shown=doubled),
        "accept": Button(shown=resigned),
        "refuse": Button(shown=resigned),
        "undo": Button(shown=moving and not over, enabled=person and session.may_undo),
        "confirm": Button(shown=moving and not over, enabled=person and session.may_confirm),
        "next-game": Button(
            shown=over, label=_("New match") if phase is Phase.MATCH_OVER else _("Next game")
        ),
        "new-game": Button(),
        "resign": Button(enabled=person and session.resigner is not None),
        "share": Button(),
        "settings-toggle": Button(),
    }


@dataclass(frozen=True)
class SettingsForm:
    """What the settings panel shows besides the settings' own values."""

    level_row: bool  # the computer's level: against the computer only
    rotate_row: bool  # turning the board: between friends only
    money_rows: bool  # the Jacoby rule and beavers: money play with the cube only
    rules_hint: str  # when new rules take effect
    rules_pending: bool  # the rules chosen differ from the game's: New game applies them


def settings_form(session: Session) -> SettingsForm:
    settings = session.settings
    pending = settings.make_rules() != session.game.rules
    hint = rules_hint(session, pending)
    return SettingsForm(
        level_row=settings.opponent == COMPUTER,
        rotate_row=settings.opponent == FRIEND,
        money_rows=settings.rules == FULL and settings.match_length == 0,
        rules_hint=hint,
        rules_pending=pending,
    )


def settings_from_form(checked: set[str], chosen: dict[str, str]) -> Settings | None:
    """The settings a form shows: ``checked`` holds the ticked boxes' names and the chosen
    radios as ``name=value``; ``chosen`` the menus' values by name. None if the form holds
    something the page does not offer (the settings stay as they were)."""
    try:
        return Settings(
            opponent=next(
                (name for name in (FRIEND, LINK) if f"opponent={name}" in checked), COMPUTER
            ),
            level=chosen.get("level") or None,
            rotate="rotate" in checked,
            auto_confirm="auto-confirm" in checked,
            rules=FULL if "rules=full" in checked else SIMPLE,
            match_length=int(chosen.get("match-length", "0")),
            jacoby="jacoby" in checked,
            beaver="beaver" in checked,
            tutor="tutor" in checked,
            language=chosen.get("language", ""),
        )
    except (SettingsError, ValueError):
        return None
