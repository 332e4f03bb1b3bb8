"""The review's own words: where the review is (its banner, its status line), its questions
and notices (the analysis and the move list speak in game/web/review/analysis_view.py and
game/web/state/replay.py).

    >>> cannot_write("sgf", "no games").startswith("This match cannot be written as a .sgf")
    True
"""

from __future__ import annotations

from game.web.language.catalog import _, n_
from game.web.state.prompts import Prompt
from game.web.state.replay import Replay, turn_of

PLAY_ON = Prompt(
    "Play on from here? Your game in progress will be replaced.",
    "Play on from here",
    "Keep my game",
)


def dice_unreadable(error: object) -> str:
    return f"This link's dice cannot be read ({error}): the game is shown."


def cannot_write(kind: str, error: object) -> str:
    return f"This match cannot be written as a .{kind} file: {error}."


def review_words(replay: Replay) -> str:
    """The review's banner, under its one counter (``turn_words``): which of the record's
    games is shown, and the players: ``Game 2 of 3 \u00b7 You vs Computer``."""
    which = _("Game {game} of {games}", game=replay.game, games=len(replay.record.games))
    first, second = replay.record.names
    return _("{where} \u00b7 {first} vs {second}", where=which, first=first, second=second)


def turn_words(replay: Replay) -> str:
    """The review's banner: ``Game 1, turn 12 of 34``, as the move list numbers turns."""
    game, turn, turns = turn_of(replay.record, replay.at)
    if turn == 0:
        return n_(
            "Game {game}, the start ({count} turn)",
            "Game {game}, the start ({count} turns)",
            turns,
            game=game,
        )
    return _("Game {game}, turn {turn} of {turns}", game=game, turn=turn, turns=turns)


def reviewing_words(replay: Replay) -> str:
    """The status line under review (never the live game's then)."""
    return _("Reviewing: {where}. Back to the game: Esc.", where=turn_words(replay))
