"""The train room's own words: its practice sets, the question of a card and the judgement of
the answer, how far the cards have come, when the next is due, and its notices, in the
page's language (game/web/language/catalog.py).

    >>> play_prompt((3, 5))
    'Your roll 5\u20113: find the best play.'
    >>> when_words(90 * 60_000)
    'in 2 hours'
"""

from __future__ import annotations

from game.web.language.catalog import N_, Nn_, _, n_, told

PRACTICE_SETS = {
    "opening": N_("Opening replies"),
    "bearoff": N_("Bear-offs"),
    "race": N_("Races"),
    "cube": N_("Cube decisions"),
}
# A practice set all of whose cards are in the deck already, by its name.
SET_KNOWN = {
    "opening": N_("All the opening replies are in your cards already: they come back when due."),
    "bearoff": N_("All the bear-offs are in your cards already: they come back when due."),
    "race": N_("All the races are in your cards already: they come back when due."),
    "cube": N_("All the cube decisions are in your cards already: they come back when due."),
}
DOUBLED_PROMPT = N_("You are doubled: take or pass?")
DOUBLE_PROMPT = N_("Double or no double?")
NO_STORAGE = N_("The cards could not be kept: this browser gives no storage.")
PRACTICE_NOT_LOADED = N_("The practice sets could not be loaded. Try again later.")
NOT_A_DECK = N_(
    "This file holds no cards: export a deck from the train room to get one. "
    "Your cards are unchanged."
)
NO_CARDS = N_("No cards yet: analyse a game (Analyse) and your mistakes become cards here.")
# The best answer to a cube card (the card's ``best``), in the verdict.
RIGHT_CUBE = {
    "double": N_("Right: double."),
    "no double": N_("Right: no double."),
    "take": N_("Right: take."),
    "pass": N_("Right: pass."),
    "beaver": N_("Right: beaver."),
}
WRONG_CUBE = {
    "double": N_("Not this one: the best answer is double."),
    "no double": N_("Not this one: the best answer is no double."),
    "take": N_("Not this one: the best answer is take."),
    "pass": N_("Not this one: the best answer is pass."),
    "beaver": N_("Not this one: the best answer is beaver."),
}
# The cube's equities on a cube card.
CUBE_ROWS = {
    "no_double": N_("No double"),
    "double_take": N_("Double, take"),
    "double_pass": N_("Double, pass"),
}
DAYS = Nn_("{count} day ago", "{count} days ago")


def play_prompt(dice: tuple[int, int]) -> str:
    return _("Your roll {roll}: find the best play.", roll=f"{max(dice)}\u2011{min(dice)}")


def confirm_prompt(dice: tuple[int, int]) -> str:
    """A checker-play question once a whole play is made."""
    return _("Your roll {roll}: confirm your play (or undo).", roll=f"{max(dice)}\u2011{min(dice)}")


def play_verdict(right: bool, best: str, lost: float | None) -> str:
    """The first sentence of the judgement of a play (``lost``: its equity below the best's,
    None when it is not among the card's plays)."""
    if right:
        if lost is not None and lost < 1e-9:
            return _("Right: {best} is the best play.", best=best)
        return _("Right: within 0.04 of the best, {best}.", best=best)
    if lost is None:
        return _("Not this one: the best play is {best}.", best=best)
    return _(
        "Not this one: it loses {lost}; the best play is {best}.", lost=f"{lost:.3f}", best=best
    )


def cube_verdict(right: bool, best: str) -> str:
    table = RIGHT_CUBE if right else WRONG_CUBE
    return told(table[best]) if best in table else best


def cube_row(key: str) -> str:
    return told(CUBE_ROWS[key])


def yours_words() -> str:
    """Beside the person's own answer among the card's."""
    return _("\u2190 yours")


def doubler_note() -> str:
    return _(
        "The equities are the doubler's: taking is right when doubled and taken is worth less"
        " to the doubler than a pass."
    )


def best_chances(chances: tuple[str, ...]) -> str:
    win, win_g, win_bg, lose, lose_g, lose_bg = chances
    return _(
        "After the best play: wins {win} (gammon {win_gammon}, backgammon {win_backgammon}),"
        " loses {lose} (gammon {lose_gammon}, backgammon {lose_backgammon}).",
        win=win,
        win_gammon=win_g,
        win_backgammon=win_bg,
        lose=lose,
        lose_gammon=lose_g,
        lose_backgammon=lose_bg,
    )


def played_chances(win: str, win_g: str, lose: str, lose_g: str) -> str:
    return _(
        "After your play: wins {win} (gammon {win_gammon}), loses {lose} (gammon {lose_gammon}).",
        win=win,
        win_gammon=win_g,
        lose=lose,
        lose_gammon=lose_g,
    )


def why_heads() -> tuple[str, str]:
    """The why lines' heads: the person's play, the best."""
    return _("Yours"), _("Best")


def facts_text(shots: int, blots: int, wasted: int | None) -> str:
    if not blots:
        said = _("no blot")
    else:
        said = n_(
            "{shots} shots of 36 at {count} blot",
            "{shots} shots of 36 at {count} blots",
            blots,
            shots=shots,
        )
    if wasted is None:
        return said
    return _(
        "{facts}, {wasted}",
        facts=said,
        wasted=n_("{count} pip wasted", "{count} pips wasted", wasted),
    )


def set_known(name: str) -> str:
    """A practice set all of whose cards are in the deck already."""
    return told(SET_KNOWN[name]) if name in SET_KNOWN else name


def cards_added(added: int, known: int) -> str:
    """After a deck file is taken in."""
    if not known:
        return n_("{count} new card added.", "{count} new cards added.", added)
    return n_(
        "{count} new card added, {known} known already.",
        "{count} new cards added, {known} known already.",
        added,
        known=known,
    )


def card_source(source: str) -> str:
    """Where a card comes from: a practice set, or the person's own games."""
    if source.startswith("practice:"):
        name = source.split(":", 1)[1]
        return told(PRACTICE_SETS[name]) if name in PRACTICE_SETS else _("Practice")
    return _("From your games")


def card_question(source: str, prompt: str) -> str:
    """The question of a card with where it comes from: ``Races: Your roll 6-5: …``."""
    return _("{source}: {question}", source=card_source(source), question=prompt)


def nothing_due(has_cards: bool, soonest_ms: float | None) -> str:
    """With nothing due now: when the next card is (``soonest_ms`` from now)."""
    if not has_cards or soonest_ms is None:
        return _("No cards are due: you have none yet. Try a practice set.")
    return _("No cards are due now. The next one is due {when}.", when=when_words(soonest_ms))


def when_words(delay_ms: float) -> str:
    minutes = max(1, round(delay_ms / 60_000))
    if minutes < 60:
        return n_("in {count} minute", "in {count} minutes", minutes)
    hours = round(minutes / 60)
    if hours < 36:
        return n_("in {count} hour", "in {count} hours", hours)
    return n_("in {count} day", "in {count} days", round(hours / 24))


def day_words(ago: int) -> str:
    if ago <= 0:
        return _("today")
    if ago == 1:
        return _("yesterday")
    return told(DAYS, count=ago)
