"""The words of the engine's judgement wherever a board shows it: the Hint panel (the
ranked plays, the cube hint), the rollout beside it, the why lines under a mistake and the
charts' titles, in the page's language (game/web/language/catalog.py). The figures and
plays are filled in as they are.

    >>> cube_advice_words("double", "take")
    'Double, take.'
    >>> facts_words(("52.1%", "14.0%", "0.6%", "47.9%", "8.0%", "0.3%"), 11, 2, None)[-25:]
    '11 shots of 36 at 2 blots'
"""

from __future__ import annotations

from game.web.board.words import LEVEL_WORDS
from game.web.language.catalog import N_, _, n_, p_, told
from game.web.language.numbers import grouped

# The cube hint before a roll: what the doubler should do, then the opponent's answer.
ADVICE = {
    ("no-double", "take"): N_("No double, take."),
    ("no-double", "pass"): N_("No double, pass."),
    ("no-double", "beaver"): N_("No double, beaver."),
    ("double", "take"): N_("Double, take."),
    ("double", "pass"): N_("Double, pass."),
    ("double", "beaver"): N_("Double, beaver."),
    ("too-good", "take"): N_("Too good to double, take."),
    ("too-good", "pass"): N_("Too good to double, pass."),
    ("too-good", "beaver"): N_("Too good to double, beaver."),
}
# The answer when doubled.
ANSWER = {
    "take": N_("Take the double."),
    "pass": N_("Pass the double."),
    "beaver": N_("Beaver the double."),
}
# The rows of the cube hint's table.
CUBE_ROWS = {
    "no_double": N_("No double"),
    "double_take": N_("Double, take"),
    "double_pass": N_("Double, pass"),
    "double_beaver": N_("Double, beaver"),
}
ANSWER_ROWS = {"double_take": N_("Take"), "double_pass": N_("Pass"), "double_beaver": N_("Beaver")}


def cube_advice_words(action: str, response: str, doubled: bool = False) -> str:
    if doubled:
        return told(ANSWER[response]) if response in ANSWER else response
    kept = ADVICE.get((action, response))
    return told(kept) if kept else f"{action}, {response}."


def may_not_double() -> str:
    return _("You may not double now: roll.")


def cube_row_words(name: str, doubled: bool) -> str:
    table = ANSWER_ROWS if doubled else CUBE_ROWS
    return told(table[name]) if name in table else name


def cube_heads(match: bool) -> tuple[str, str, str]:
    """The cube table's two headings and the note under it."""
    if match:
        note = _(
            "For the player deciding now: match equity from the match equity table, in"
            " money-game units."
        )
    else:
        note = _("For the player deciding now: cubeless equity, in points per unit of the cube.")
    return _("Equity"), _("Match chance"), note


def best_words() -> str:
    """In place of a play's loss against the best, for the best itself."""
    return p_("the best play of a list", "best")


def chances_words(chances: tuple[str, str, str, str, str]) -> str:
    """The mover's chances after a play: ``Win 54.1%, gammon 14.0%, backgammon 0.6%; lose a
    gammon 8.2%, a backgammon 0.3%``."""
    win, gammon, backgammon, lose_gammon, lose_backgammon = chances
    return _(
        "Win {win}, gammon {gammon}, backgammon {backgammon}; lose a gammon {lose_gammon},"
        " a backgammon {lose_backgammon}",
        win=win,
        gammon=gammon,
        backgammon=backgammon,
        lose_gammon=lose_gammon,
        lose_backgammon=lose_backgammon,
    )


def no_legal_play() -> str:
    return _("No legal play: the roll passes.")


def nothing_to_decide() -> str:
    return _("Nothing to decide here: roll the dice.")


def play_this() -> str:
    return _("Play this")


def play_this_label(play: str) -> str:
    """What *Play this* says to a screen reader."""
    return _("Play {play}", play=play)


def best_of_words(shown: int, total: int) -> str:
    return n_(
        "The best {shown} of {count} play.",
        "The best {shown} of {count} plays.",
        total,
        shown=shown,
    )


def plays_head(single: bool) -> str:
    if single:
        return _(
            "The games won by the player to move, every game counting one (choose a play to"
            " see it on the board):"
        )
    return _("Equity for the player to move (choose a play to see it on the board):")


def facts_words(
    chances: tuple[str, str, str, str, str, str], shots: int, blots: int, wasted: int | None
) -> str:
    """A position after a play in the engine's numbers: ``wins 52.1% (gammon 14.0%,
    backgammon 0.6%), loses 47.9% (...), 11 shots of 36 at 2 blots``."""
    win, win_g, win_bg, lose, lose_g, lose_bg = chances
    parts = [
        _(
            "wins {win} (gammon {gammon}, backgammon {backgammon})",
            win=win,
            gammon=win_g,
            backgammon=win_bg,
        ),
        _(
            "loses {lose} (gammon {gammon}, backgammon {backgammon})",
            lose=lose,
            gammon=lose_g,
            backgammon=lose_bg,
        ),
    ]
    if blots:
        parts.append(
            n_(
                "{shots} shots of 36 at {count} blot",
                "{shots} shots of 36 at {count} blots",
                blots,
                shots=shots,
            )
        )
    else:
        parts.append(_("no blot"))
    if wasted is not None:
        parts.append(n_("{count} pip wasted", "{count} pips wasted", wasted))
    return ", ".join(parts)


def played_words(play: str) -> str:
    return _("Played {play}", play=play)


def best_play_words(play: str) -> str:
    return _("Best {play}", play=play)


# --- the rollout ------------------------------------------------------------------------------


def rollout_heads() -> tuple[str, ...]:
    """The rollout table's columns: the candidate, its equity ± standard error, five chances
    (win, win a gammon, win a backgammon, lose a gammon, lose a backgammon) and the JSD."""
    return (
        _("Candidate"),
        _("Equity ± SE"),
        p_("rollout column: games won", "Win"),
        p_("rollout column: gammons won", "W(g)"),
        p_("rollout column: backgammons won", "W(bg)"),
        p_("rollout column: gammons lost", "L(g)"),
        p_("rollout column: backgammons lost", "L(bg)"),
        p_("rollout column: Jensen-Shannon distance", "JSD"),
    )


# The levels that play a rollout's trials, as the Settings list names the computer's levels.
CHEQUER_PLAY = {"0-ply": N_("the network alone (0-ply)"), **LEVEL_WORDS}


def settings_words(
    trials: int, seed: int, truncate: int, level: str, reduced: bool, cubeful: bool = False
) -> str:
    """A rollout's settings in the reader's words (``RolloutSettings.describe`` says them
    in gnubg's English): ``1.296 Versuche, Startwert 1, …``; a cubeful rollout says so after
    them."""
    words = _settings_words(trials, seed, truncate, level, reduced)
    if cubeful:
        return _("{settings}; cubeful (money), the cube played in every trial", settings=words)
    return words


def cubeful_head() -> str:
    """The rollout table's column of a cubeful rollout's equity."""
    return _("Cubeful ± SE")


def candidate_words(label: str) -> str:
    """A candidate's name: a play as written, or the cube's two rolled out."""
    if label == "no double":
        return _("No double")
    if label == "double, take":
        return _("Double, take")
    return label


def _settings_words(trials: int, seed: int, truncate: int, level: str, reduced: bool) -> str:
    truncation = (
        n_("truncated at {count} ply", "truncated at {count} plies", truncate)
        if truncate
        else _("no truncation")
    )
    return n_(
        "{count} trial, seed {seed}, {truncation}, chequer play: {level}, {reduction},"
        " first two rolls rotated",
        "{count} trials, seed {seed}, {truncation}, chequer play: {level}, {reduction},"
        " first two rolls rotated",
        trials,
        count=grouped(trials),
        seed=seed,
        truncation=truncation,
        level=told(CHEQUER_PLAY[level]) if level in CHEQUER_PLAY else level,
        reduction=_("variance reduction") if reduced else _("no variance reduction"),
    )


def no_trials() -> str:
    return _("No trials yet.")


def rolling_out_words(done: int, total: int, percent: int) -> str:
    """What the progress bar says beside it: ``Rolling out: 648 of 1,296 trials (50%)``."""
    return n_(
        "Rolling out: {done} of {total} trial ({percent}%)",
        "Rolling out: {done} of {total} trials ({percent}%)",
        total,
        done=grouped(done),
        total=grouped(total),
        percent=percent,
    )


# --- the charts -------------------------------------------------------------------------------


def chances_title(player: str) -> str:
    return _("{player}'s chance of winning each game, roll by roll", player=player)


def rating_title() -> str:
    return _("Your rating after each game or match against the computer")


def pr_title() -> str:
    return _("Your PR in each analysed match against the computer, with its interval")


def pr_note() -> str:
    return _("the error rate is twice the PR")


def answers_title(days: list[str]) -> str:
    """The trainer's chart: ``…: Mon 3 of 5, Tue 4 of 4``."""
    return _("Your answers right per day in the train room: {days}", days=", ".join(days))


def answers_day(day: str, right: int, total: int) -> str:
    return _("{day} {right} of {total}", day=day, right=right, total=total)


def chart_game(number: int) -> str:
    return _("Game {number}", number=number)
