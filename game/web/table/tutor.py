"""The tutor: a warning before a play or cube decision that loses equity, in words.

    >>> answer = {"plays": [{"index": 3, "notation": "8/5 6/5", "equity": 0.152},
    ...                     {"index": 0, "notation": "24/21 13/12", "equity": 0.011}]}
    >>> warning = play_warning(answer, 0)
    >>> warning.mark, round(warning.error, 3), warning.better
    ('bad', 0.141, '8/5 6/5')
    >>> play_warning(answer, 3) is None
    True

With the tutor on (a setting, off by default), the page asks the worker for the hint of
the decision (``game.web.worker.judging.hint_request``) before it takes a play or a cube action,
and shows this warning when the choice loses at least 0.04 (doubtful), 0.08 (bad) or
0.16 (very bad) against the best, the thresholds of ``game.analysis.record_analysis`` and of gnubg.
The player may then see the better play, or play anyway.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.analysis.marks import mark_of
from game.web.language.catalog import N_, _, told

# Each choice the tutor warns about, by its mark: a whole sentence of the catalog.
SAID = {
    ("play", "doubtful"): N_("The play {play} is doubtful: it loses {equity} in equity."),
    ("play", "bad"): N_("The play {play} is bad: it loses {equity} in equity."),
    ("play", "very bad"): N_("The play {play} is very bad: it loses {equity} in equity."),
    ("no-double", "doubtful"): N_(
        "Rolling without doubling is doubtful: it loses {equity} in equity."
    ),
    ("no-double", "bad"): N_("Rolling without doubling is bad: it loses {equity} in equity."),
    ("no-double", "very bad"): N_(
        "Rolling without doubling is very bad: it loses {equity} in equity."
    ),
    ("double", "doubtful"): N_("Doubling is doubtful: it loses {equity} in equity."),
    ("double", "bad"): N_("Doubling is bad: it loses {equity} in equity."),
    ("double", "very bad"): N_("Doubling is very bad: it loses {equity} in equity."),
    ("take", "doubtful"): N_("Taking is doubtful: it loses {equity} in equity."),
    ("take", "bad"): N_("Taking is bad: it loses {equity} in equity."),
    ("take", "very bad"): N_("Taking is very bad: it loses {equity} in equity."),
    ("pass", "doubtful"): N_("Passing is doubtful: it loses {equity} in equity."),
    ("pass", "bad"): N_("Passing is bad: it loses {equity} in equity."),
    ("pass", "very bad"): N_("Passing is very bad: it loses {equity} in equity."),
    ("beaver", "doubtful"): N_("Beavering is doubtful: it loses {equity} in equity."),
    ("beaver", "bad"): N_("Beavering is bad: it loses {equity} in equity."),
    ("beaver", "very bad"): N_("Beavering is very bad: it loses {equity} in equity."),
}
# Under the Simple rules (every game counts one) a play is told in games won.
SAID_IN_GAMES = {
    "doubtful": N_(
        "The play {play} is doubtful: it wins {share} fewer games. The best play is {best}."
    ),
    "bad": N_("The play {play} is bad: it wins {share} fewer games. The best play is {best}."),
    "very bad": N_(
        "The play {play} is very bad: it wins {share} fewer games. The best play is {best}."
    ),
}
BETTER = {
    "no-double": N_("Better: roll without doubling."),
    "double": N_("Better: double."),
    "take": N_("Better: take."),
    "pass": N_("Better: pass."),
    "beaver": N_("Better: beaver."),
}


@dataclass(frozen=True, slots=True)
class Warning:
    """A choice the tutor warns about: its ``mark``, the equity it loses, the better choice
    (notation, or the cube action's words) and, for a play, the better play's index."""

    mark: str
    error: float
    chosen: str
    better: str
    better_index: int | None = None
    fewer_wins: float | None = None  # under the Simple rules: the share of games it loses

    @property
    def text(self) -> str:
        if self.fewer_wins is not None:  # every game counts one: told in games won
            return told(
                SAID_IN_GAMES[self.mark],
                play=self.chosen,
                share=f"{self.fewer_wins:.1%}",
                best=self.better,
            )
        equity = f"{self.error:.3f}"
        if self.better_index is not None:
            what = told(SAID[("play", self.mark)], play=self.chosen, equity=equity)
            return what + " " + _("The best play is {play}.", play=self.better)
        return told(SAID[(self.chosen, self.mark)], equity=equity) + " " + told(BETTER[self.better])


def play_warning(answer: dict[str, Any], chosen_index: int) -> Warning | None:
    """The warning for the play of index ``chosen_index`` (in ``legal_plays``), if any."""
    plays = answer.get("plays") or []
    if len(plays) < 2:
        return None
    if answer.get("single") and all(_wins(play) is not None for play in plays):
        return _single_warning(plays, chosen_index)
    best = plays[0]
    chosen = next((p for p in plays if int(p["index"]) == chosen_index), None)
    if chosen is None:
        raise ValueError("not a legal play of the dice")
    error = max(0.0, float(best["equity"]) - float(chosen["equity"]))
    mark = mark_of(error)
    if mark is None:
        return None
    return Warning(mark, error, str(chosen["notation"]), str(best["notation"]), int(best["index"]))


def _wins(play: dict[str, Any]) -> float | None:
    chances = play.get("chances")
    return float(chances[0]) if isinstance(chances, list) and len(chances) == 5 else None


def _single_warning(plays: list[dict[str, Any]], chosen_index: int) -> Warning | None:
    """Under the Simple rules (every game counts one, as the hint ranks them): the plays by
    the games they win; a game's equity there is 2 x wins - 1, so the marks keep gnubg's
    thresholds on twice the share of games lost.

    >>> plays = [{"index": 0, "notation": "8/5 6/5", "equity": 0.3, "chances": [.50, .2, 0, 0, 0]},
    ...          {"index": 1, "notation": "24/21", "equity": 0.1, "chances": [.54, 0, 0, .1, 0]}]
    >>> warning = _single_warning(plays, 0)
    >>> warning.mark, warning.better, warning.fewer_wins
    ('bad', '24/21', 0.040000000000000036)
    >>> warning.text.split(": ")[1]
    'it wins 4.0% fewer games. The best play is 24/21.'
    """
    best = max(plays, key=lambda play: _wins(play) or 0.0)
    chosen = next((p for p in plays if int(p["index"]) == chosen_index), None)
    if chosen is None:
        raise ValueError("not a legal play of the dice")
    fewer = max(0.0, (_wins(best) or 0.0) - (_wins(chosen) or 0.0))
    mark = mark_of(2 * fewer)
    if mark is None:
        return None
    notation, index = str(best["notation"]), int(best["index"])
    return Warning(mark, 2 * fewer, str(chosen["notation"]), notation, index, fewer)


def better_cube_action(cube: dict[str, Any], action: str) -> str:
    """The cube action to take instead of ``action``: the one of its kind that loses least."""
    errors = cube.get("errors") or {}
    if action in ("no-double", "double"):
        choices = ["no-double", "double"]
    else:
        choices = ["take", "pass"] + (["beaver"] if action == "beaver" else [])
    return min(choices, key=lambda name: float(errors.get(name, 0.0)))


def cube_warning(cube: dict[str, Any] | None, action: str) -> Warning | None:
    """The warning for a cube ``action`` (``no-double``, ``double``, ``take``, ``pass``,
    ``beaver``) from the hint's cube figures (``errors``: what each action loses)."""
    if not cube:
        return None
    if action in ("no-double", "double") and not cube.get("may_double", True):
        return None
    error = float((cube.get("errors") or {}).get(action, 0.0))
    mark = mark_of(error)
    if mark is None:
        return None
    return Warning(mark, error, action, better_cube_action(cube, action))
