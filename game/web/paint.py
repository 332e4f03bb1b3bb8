"""Painting: what the page shows, as pure functions of the ``PageState``.

    >>> from game.web.state.page_state import PageState
    >>> from game.web.state.session import Session
    >>> frame = table_frame(PageState.new(Session.new()))
    >>> frame.texts["status"], frame.hidden("roll")
    ('Roll the dice to see who starts.', False)

``table_frame`` is the whole page around the board (names, score, status, buttons, the
ending card, the settings form), ``board_markup`` the board's SVG, ``review_frame`` the
review's banner and move list. A ``Moment`` is a step of the computer's play being shown
(its checkers moved one at a time). The result is applied by ``surface.apply``.
"""

from __future__ import annotations

from functools import partial

from game.engine.state import Phase
from game.web.board import hint_panel
from game.web.board.render import board_svg
from game.web.board.view import board_view, is_crawford
from game.web.board.words import (
    ending,
    game_names,
    last_play_text,
    pips_text,
    score_label,
    score_text,
    shown_name,
    status_text,
)
from game.web.language.catalog import _
from game.web.link_play.words import link_status
from game.web.review import shared
from game.web.review.words import review_words, reviewing_words, turn_words
from game.web.state.commit import Moment, Painting
from game.web.state.dice_box import dice_panel, panel_html
from game.web.state.page_state import (
    ANALYSIS,
    DICE,
    REVIEW,
    ROOMS,
    STUDY,
    TABLE,
    TABS,
    TRAIN,
    PageState,
)
from game.web.state.replay import Replay, move_list_html
from game.web.state.session import Session
from game.web.state.surface import Frame
from game.web.table.controls import controls, settings_form


def board_markup(state: PageState, moment: Moment | None = None, motion: bool = True) -> str:
    """The board's SVG: the moment under review, a play drawn over it, or the live game."""
    session = state.shown_session
    if state.quizzing:
        from game.web.trainer.questions import quiz_of, quiz_view

        quiz = quiz_of(state)
        assert quiz is not None
        return board_svg(quiz_view(quiz))
    if state.reviewing:
        moment = None
    moment = moment or Moment()
    drawn = state.drawn
    if drawn is not None and drawn[0] is session.game and moment.position is None:
        return board_svg(hint_panel.hinted_view(session, drawn[1]))
    moving = moment.moving if motion else None
    return board_svg(board_view(session, moment.position, moment.dice_left, moving))


def status_words(state: PageState) -> str:
    """The status line: the live game's, or the review's (never the live game's then)."""
    if state.replay is not None:
        return reviewing_words(state.replay)
    if state.quizzing:
        from game.web.trainer.questions import quiz_of, quiz_status

        quiz = quiz_of(state)
        assert quiz is not None
        return quiz_status(quiz)
    friend = state.friend
    if friend is not None:
        return link_status(friend, state.session)
    return status_text(state.session)


def table_frame(state: PageState, moment: Moment | None = None) -> Frame:
    """Everything around the board for ``state``."""
    frame = Frame()
    replaying = state.reviewing or state.quizzing  # the board shows no live game
    session = state.shown_session
    position = None if replaying or moment is None else moment.position
    busy = state.busy
    frame.body_classes["replaying"] = state.reviewing
    rooms_frame(frame, state)

    bottom = session.bottom_player
    top = 1 - bottom
    frame.text("name-bottom", shown_name(session, bottom))
    frame.text("name-top", shown_name(session, top))
    frame.props("chip-bottom", className=f"chip chip-{('cyan', 'pink')[bottom]}")
    frame.props("chip-top", className=f"chip chip-{('cyan', 'pink')[top]}")
    to_act = session.game.to_act
    frame.toggle("side-bottom", "on-roll", to_act == bottom)
    frame.toggle("side-top", "on-roll", to_act == top)
    answering = session.game.phase in (Phase.DOUBLED, Phase.RESIGNED)
    frame.toggle("side-bottom", "answering", answering)
    frame.toggle("side-top", "answering", answering)

    frame.text("pips-text", pips_text(session, position))
    frame.text("score-label", score_label(session))
    frame.text("score-text", score_text(session))
    frame.props("crawford", hidden=not is_crawford(session))

    frame.text("status", status_words(state))
    frame.toggle("status", "thinking", busy and session.computer_to_act and not replaying)
    last = last_play_text(session)
    frame.text("last-play-text", last)
    frame.props("last-play", hidden=not last)
    ending_frame(frame, session, replaying)
    checked = None if replaying else ending_dice_words(state)
    frame.props("ending-dice", hidden=checked is None)
    frame.props("ending-dice-check", hidden=checked is None)
    if checked is not None:
        frame.text("ending-dice", checked)

    waiting = state.waiting  # a game by link: the friend's link is awaited
    for name, button in controls(session, busy or replaying or waiting).items():
        frame.props(name, hidden=not button.shown, disabled=not button.enabled)
        if button.label is not None:
            frame.text(name, button.label)
    if waiting:
        frame.props("next-game", disabled=True)
    offered = hint_panel.hint_offered(session, busy or replaying or state.tutoring)
    frame.props("hint", hidden=not offered)
    settings_frame(frame, state.session)
    if state.replay is not None:
        review_frame(frame, state.replay, session.reader)
        frame.html("dice-check", dice_check_markup(state.replay))
    return frame


def ending_dice_words(state: PageState) -> str | None:
    """The ending card's word on the dice of the game just over (None: it has no seed)."""
    history = state.history
    if history.state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        return None
    if state.dice.cup(len(history.games)) is None:
        return None
    panel = state.dice.panel(history)
    return _("Dice: {check}", check=panel.lines[-1]) if panel.checked is not None else None


def dice_check_markup(replay: Replay) -> str:
    """The Dice tab's check of the game shown: its commitment, and once it is over its seed
    and whether every roll matches (``game.web.state.dice_box``)."""
    number = replay.game
    panel = dice_panel(replay.record, number, replay.dice.get(number))
    return panel_html(panel) + (
        '<p class="hint-note">'
        + _(
            'How to check it yourself, with a few lines of Python: <a href="#faq-dice">the FAQ</a>.'
        )
        + "</p>"
    )


ROOM_BUTTONS = {
    "room-play": TABLE,
    "replay-toggle": REVIEW,
    "rating-toggle": STUDY,
    "train-toggle": TRAIN,
}


def rooms_frame(frame: Frame, state: PageState) -> None:
    """The room shown (the body's class), its buttons pressed, its panels and tabs shown."""
    room = state.room
    for name in ROOMS:
        frame.body_classes[f"room-{name}"] = room == name
    for button, shown in ROOM_BUTTONS.items():
        pressed = room == shown and not (room == REVIEW and state.tab in (ANALYSIS, DICE))
        frame.attribute(button, "aria-pressed", "true" if pressed else "false")
    for button, tab in (("analysis-toggle", ANALYSIS), ("dice-toggle", DICE)):
        chosen = room == REVIEW and state.tab == tab
        frame.attribute(button, "aria-pressed", "true" if chosen else "false")
    frame.props("replay", hidden=room != REVIEW)
    for tab in TABS:
        chosen = room == REVIEW and state.tab == tab
        frame.attribute(f"tab-{tab}", "aria-selected", "true" if chosen else "false")
        frame.props(f"tab-{tab}", tabIndex=0 if chosen else -1)
        frame.props(tab, hidden=not chosen)
    frame.props("rating-panel", hidden=room != STUDY)
    frame.props("train-panel", hidden=room != TRAIN)
    frame.props("actions", hidden=room != TABLE)
    # A shared game kept beside the live one: one click away in the Play room.
    frame.props("shared-kept", hidden=room != TABLE or state.linked is None)
    frame.text("shared-kept-text", shared.kept_words())
    frame.text("shared-show", shared.show_words())
    frame.text("shared-forget", shared.forget_words())
    if room != TABLE:
        frame.props("hint-panel", hidden=True)


def ending_frame(frame: Frame, session: Session, reviewing: bool) -> None:
    """The end of a game or a match: a card over the board with the next step."""
    card = None if reviewing else ending(session)
    frame.props("ending", hidden=card is None)
    if card is None:
        return
    frame.text("ending-title", card.title)
    frame.text("ending-reason", card.reason)
    frame.text("ending-score", card.score)
    frame.toggle("ending", "won", card.won)


def review_frame(frame: Frame, replay: Replay, reader: int | None = None) -> None:
    """The review's banner and move list (in ``reader``'s numbers), its steps enabled as
    the record allows."""
    frame.text("review-turn", turn_words(replay))
    frame.text("replay-where", review_words(replay))
    names = partial(game_names, replay.record)  # each game's players, as they sat
    frame.html("move-list", move_list_html(replay.record, replay.at, reader, names))
    frame.props("replay-back", disabled=replay.at_start)
    frame.props("replay-forward", disabled=replay.at_end)


def settings_frame(frame: Frame, session: Session) -> None:
    """The settings form as the session's settings are."""
    settings = session.settings
    frame.radios[("settings", "opponent")] = settings.opponent
    if settings.level is not None:
        frame.props("level", value=settings.level)
    frame.props("rotate", checked=settings.rotate)
    frame.props("auto-confirm", checked=settings.auto_confirm)
    frame.radios[("settings", "rules")] = settings.rules
    frame.props("match-length", value=str(settings.match_length))
    frame.props("language", value=settings.language)
    frame.props("jacoby", checked=settings.jacoby)
    frame.props("beaver-rule", checked=settings.beaver)
    frame.props("tutor-setting", checked=settings.tutor)
    shown = settings_form(session)
    frame.props("level-row", hidden=not shown.level_row)
    frame.props("rotate-row", hidden=not shown.rotate_row)
    frame.props("jacoby-row", hidden=not shown.money_rows)
    frame.props("beaver-row", hidden=not shown.money_rows)
    frame.text("rules-hint", shown.rules_hint)
    frame.toggle("rules-hint", "pending", shown.rules_pending)


def announcement(before: PageState, after: PageState) -> str | None:
    """What a screen reader hears after a change: the play just made and whose turn it is
    now, when the turn or the phase changed; None otherwise (the status line is polite)."""
    if after.reviewing:
        return None
    old, new = before.session, after.session
    if old.game.to_act == new.game.to_act and old.game.phase is new.game.phase:
        return None
    words = [last_play_text(new), status_text(new)] if new.last_play != old.last_play else []
    return " ".join(w for w in words or [status_text(new)] if w)


def board_words(state: PageState) -> list[str]:
    """The board as text, a sentence each: who is where, whose turn, the dice, the cube."""
    from game.web.board.diagram import board_text

    return board_text(state.shown_session)


# The page's painting, handed to its ``Page`` (game/web/state/commit.py) by game/web/house.py.
PAINTING = Painting(board_markup, table_frame)
