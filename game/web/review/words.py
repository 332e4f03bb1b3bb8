"""The review's own words: where the review is (its banner, its status line), its questions
and notices (the analysis and the move list speak in game/web/review/analysis_view.py and
game/web/state/replay.py).

    >>> cannot_write("sgf", "no games").startswith("This match cannot be written as a .sgf")
    True
"""

from __future__ import annotations

from game.analysis.dice_stats import RARE, UNUSUAL
from game.web.board.words import record_names
from game.web.language.catalog import N_, Nn_, _, n_, p_, told
from game.web.state.prompts import Prompt
from game.web.state.replay import Replay, turn_of


def play_on_question() -> Prompt:
    return Prompt(
        _("Play on from here? Your game in progress will be replaced."),
        _("Play on from here"),
        _("Keep my game"),
    )


def dice_unreadable(error: object) -> str:
    return _("This link's dice cannot be read ({error}): the game is shown.", error=error)


def cannot_write(kind: str, error: object) -> str:
    return _("This match cannot be written as a .{kind} file: {error}.", kind=kind, error=error)


def review_words(replay: Replay) -> str:
    """The review's banner, under its one counter (``turn_words``): which of the record's
    games is shown, and the players who play on from the moment shown: ``Game 2 of 3 \u00b7
    You vs Computer (Expert)``."""
    which = _("Game {game} of {games}", game=replay.game, games=len(replay.record.games))
    game, actions, _state = replay.moments[replay.at]
    seat = replay.record.seat_at(game, actions)
    first, second = record_names(seat.names, seat.levels)
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


# --- the analysis (game/web/review/analysis_view.py) ---------------------------------------


def analysing_words(done: int, total: int) -> str:
    if total <= 0:
        return _("Analysing…")
    return _("Analysing: {done} of {total} decisions and rolls judged", done=done, total=total)


def likely_words(low: str, high: str) -> str:
    """A figure's 90% interval beside it: ``(likely 5.1 to 10.2)``."""
    return _("(likely {low} to {high})", low=low, high=high)


def how_sure_words(pr: str, decisions: int, low: str | None = None, high: str | None = None) -> str:
    """``PR 7.4, likely between 5.1 and 10.2 over 48 decisions``."""
    if low is None or high is None:
        return n_(
            "PR {pr} over {count} decision", "PR {pr} over {count} decisions", decisions, pr=pr
        )
    return n_(
        "PR {pr}, likely between {low} and {high} over {count} decision",
        "PR {pr}, likely between {low} and {high} over {count} decisions",
        decisions,
        pr=pr,
        low=low,
        high=high,
    )


def too_few_words(decisions: int) -> str:
    """Why the rating from errors is not shown yet."""
    return n_("too few decisions ({count}) to say", "too few decisions ({count}) to say", decisions)


def not_applicable() -> str:
    return p_("a figure that does not apply", "n/a")


MARKS = {
    "very bad": Nn_("{count} very bad", "{count} very bad"),
    "bad": Nn_("{count} bad", "{count} bad"),
    "doubtful": Nn_("{count} doubtful", "{count} doubtful"),
}
MARK_NAMES = {"very bad": N_("very bad"), "bad": N_("bad"), "doubtful": N_("doubtful")}


def marks_words(counts: dict[str, int]) -> str:
    """The mistakes a player made, by mark: ``1 very bad, 2 doubtful`` (``none``)."""
    found = [told(MARKS[m], count=counts[m]) for m in MARKS if counts.get(m)]
    return ", ".join(found) if found else p_("no mistakes", "none")


def mark_name(mark: str) -> str:
    return told(MARK_NAMES[mark]) if mark in MARK_NAMES else mark


def figure_labels() -> dict[str, str]:
    """The rows of a player's figures."""
    return {
        "error_rate": _("Error rate (mEMG)"),
        "pr": _("PR"),
        "checker_rate": _("Checker play (mEMG)"),
        "cube_rate": _("Cube (mEMG)"),
        "mistakes": _("Mistakes"),
        "luck": _("Luck"),
        "rating": _("Rating from errors"),
    }


# A cube mistake in the list: what was done, what was better (the cube's kinds of decision).
CUBE_MISTAKES = {
    ("no-double", "double"): N_("{player}: no double — better double"),
    ("double", "no-double"): N_("{player}: double — better no double"),
    ("take", "pass"): N_("{player}: take — better pass"),
    ("pass", "take"): N_("{player}: pass — better take"),
    ("beaver", "take"): N_("{player}: beaver — better take"),
    ("beaver", "pass"): N_("{player}: beaver — better pass"),
    ("take", "beaver"): N_("{player}: take — better beaver"),
    ("pass", "beaver"): N_("{player}: pass — better beaver"),
}


def cube_mistake_words(player: str, kind: str, best: str) -> str:
    kept = CUBE_MISTAKES.get((kind, best))
    if kept is None:  # a kind the analysis may add later: its own words, never a traceback
        return f"{player}: {kind} — {best}"
    return told(kept, player=player)


def play_mistake_words(player: str, roll: str, chosen: str, best: str) -> str:
    return _(
        "{player} {roll}: {chosen} — better {best}",
        player=player,
        roll=roll,
        chosen=chosen,
        best=best,
    )


def mistake_line(what: str, error: str, turn: object = None, game: int | None = None) -> str:
    """A line of the mistakes list: ``Game 2, 12. {what}, -0.999`` (the game named only in a
    record of several, the turn as the move list numbers it)."""
    if game is None:
        if turn is None:
            return _("{what}, {error}", what=what, error=error)
        return _("{turn}. {what}, {error}", turn=turn, what=what, error=error)
    if turn is None:
        return _("Game {game}, {what}, {error}", game=game, what=what, error=error)
    return _("Game {game}, {turn}. {what}, {error}", game=game, turn=turn, what=what, error=error)


def analysis_scope(length: int) -> str:
    if length:
        return _("Whole of the {length}-point match", length=length)
    return _("Whole of the money session")


def analysis_heads() -> dict[str, str]:
    return {
        "mistakes": _("Biggest mistakes"),
        "choose": _("Choose one to see the board as it was, the better play drawn."),
        "chances": _("Winning chances"),
        "none": _("No mistake of 0.04 or more: well played."),
        "luck": _("Luck of each roll"),
        "about": _(
            "Error rate: thousandths of equity lost per decision that counts (unforced plays,"
            " close cube decisions), as GNU Backgammon's “Error rate mEMG”; in brackets, the"
            " decisions counted. PR is half of it. Marks: doubtful from 0.04, bad from 0.08,"
            " very bad from 0.16. “Likely between”: a 90% interval — the decisions of the"
            " match drawn again at random, a thousand times, with replacement; the player's"
            " rate over many more such decisions falls inside nine times in ten (less often"
            " when a few blunders weigh heavily). The rating from errors (GNU Backgammon's"
            " formula) is shown from 100 decisions. Beside each mistake, the engine's own"
            " numbers after the play made and after the best: the chances of winning, of a"
            " gammon and a backgammon for each side (its network's), the opponent's rolls of"
            " 36 that hit a blot, and the pips a bear-off wastes."
        ),
    }


def game_summary(number: int) -> str:
    return _("Game {number}", number=number)


# --- the dice against fair dice --------------------------------------------------------------


def dice_verdict(p_value: float, excess: float, spread: bool = False) -> str:
    """Plain words for a test's p-value; ``excess`` (observed - expected) says which way.

    >>> dice_verdict(0.3, 2.0)
    'within what chance gives'
    >>> dice_verdict(0.02, 3.0)
    'more often than average: a little unusual, about once in 50 by chance'
    """
    if p_value >= UNUSUAL:
        return _("within what chance gives")
    times = round(1 / max(p_value, 1e-9))
    if p_value >= RARE:
        if spread:
            return _(
                "unevenly spread over the rolls: a little unusual, about once in {times} by chance",
                times=times,
            )
        if excess > 0:
            return _(
                "more often than average: a little unusual, about once in {times} by chance",
                times=times,
            )
        return _(
            "less often than average: a little unusual, about once in {times} by chance",
            times=times,
        )
    if spread:
        return _(
            "unevenly spread over the rolls: unusual, less than once in {times} by chance",
            times=times,
        )
    if excess > 0:
        return _(
            "more often than average: unusual, less than once in {times} by chance", times=times
        )
    return _("less often than average: unusual, less than once in {times} by chance", times=times)


def dice_words() -> dict[str, str]:
    return {
        "came_up": _("Came up"),
        "fair": _("Fair dice, on average"),
        "verdict": _("Verdict"),
        "each": _("Each of the 21 rolls"),
        "fair_each": _("1 in 18 each, 1 in 36 a double"),
        "doubles": _("Doubles"),
        "entering": _("Entering from the bar"),
        "hitting": _("Hitting shots"),
        "no_chance": _("no chance yet"),
    }


def rolls_words(rolls: int) -> str:
    return n_("{count} roll", "{count} rolls", rolls)


def player_rolls_words(player: str, rolls: int) -> str:
    return n_("{player}: {count} roll", "{player}: {count} rolls", rolls, player=player)


def observed_words(observed: int, chances: int) -> str:
    return _("{observed} of {chances}", observed=observed, chances=chances)
