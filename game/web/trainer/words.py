"""The train room's own words: its practice sets, the question of a card and the judgement of
the answer, how far the cards have come, when the next is due, and its notices.

    >>> play_prompt((3, 5))
    'Your roll 5\u20113: find the best play.'
    >>> when_words(90 * 60_000)
    'in 2 hours'
"""

from __future__ import annotations

PRACTICE_SETS = {
    "opening": "Opening replies",
    "bearoff": "Bear-offs",
    "race": "Races",
    "cube": "Cube decisions",
}
DOUBLED_PROMPT = "You are doubled: take or pass?"
DOUBLE_PROMPT = "Double or no double?"
NO_STORAGE = "The cards could not be kept: this browser gives no storage."
PRACTICE_NOT_LOADED = "The practice sets could not be loaded. Try again later."
NOT_A_DECK = (
    "This file holds no cards: export a deck from the train room to get one. "
    "Your cards are unchanged."
)
NO_CARDS = "No cards yet: analyse a game (Analyse) and your mistakes become cards here."


def play_prompt(dice: tuple[int, int]) -> str:
    return f"Your roll {max(dice)}\u2011{min(dice)}: find the best play."  # kept whole


def confirm_prompt(prompt: str) -> str:
    """A checker-play question once a whole play is made."""
    return prompt.replace("find the best play.", "confirm your play (or undo).")


def play_verdict(right: bool, best: str, lost: float | None) -> str:
    """The first sentence of the judgement of a play (``lost``: its equity below the best's,
    None when it is not among the card's plays)."""
    if right:
        if lost is not None and lost < 1e-9:
            return f"Right: {best} is the best play."
        return f"Right: within 0.04 of the best, {best}."
    if lost is None:
        return f"Not this one: the best play is {best}."
    return f"Not this one: it loses {lost:.3f}; the best play is {best}."


def cube_verdict(right: bool, best: str) -> str:
    return f"Right: {best}." if right else f"Not this one: the best answer is {best}."


def facts_text(shots: int, blots: int, wasted: int | None) -> str:
    words = f"{shots} shots of 36 at {blots} blot{'s' if blots > 1 else ''}" if blots else "no blot"
    return words if wasted is None else f"{words}, {wasted} pips wasted"


def set_known(name: str) -> str:
    """A practice set all of whose cards are in the deck already."""
    return (
        f"All the {PRACTICE_SETS.get(name, name).lower()} are in your cards already: "
        "they come back when due."
    )


def cards_added(added: int, known: int) -> str:
    """After a deck file is taken in."""
    return (
        f"{added} new card{'s' if added != 1 else ''} added"
        + (f", {known} known already" if known else "")
        + "."
    )


def card_source(source: str) -> str:
    """Where a card comes from: a practice set, or the person's own games."""
    if source.startswith("practice:"):
        return PRACTICE_SETS.get(source.split(":", 1)[1], "Practice")
    return "From your games"


def nothing_due(has_cards: bool, soonest_ms: float | None) -> str:
    """With nothing due now: when the next card is (``soonest_ms`` from now)."""
    if not has_cards or soonest_ms is None:
        return "No cards are due: you have none yet. Try a practice set."
    return f"No cards are due now. The next one is due {when_words(soonest_ms)}."


def when_words(delay_ms: float) -> str:
    minutes = max(1, round(delay_ms / 60_000))
    if minutes < 60:
        return f"in {minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    if hours < 36:
        return f"in {hours} hour{'s' if hours != 1 else ''}"
    days = round(hours / 24)
    return f"in {days} days"


def day_words(ago: int) -> str:
    return "today" if ago <= 0 else "yesterday" if ago == 1 else f"{ago} days ago"
