"""Why one play is better than another, in the engine's own numbers: only what it can count.

    >>> from game.engine.plays import legal_plays
    >>> from game.engine.position import Position
    >>> plays = {format_play(p.moves): p for p in legal_plays(Position.start(), (6, 5))}
    >>> facts = play_facts(Position.start(), (6, 5), plays["13/8 13/7"])
    >>> facts.blots, facts.shots, facts.wasted  # a blot 6 away from two checkers: 17 shots
    (1, 17, None)
    >>> play_facts(Position.start(), (6, 5), plays["13/2"]).shots  # any 1
    11

For a play: the chances after it for the side that played (the network's cubeless
probabilities with the opponent on roll: winning, a gammon and a backgammon won and lost),
the shots it leaves (how many of the opponent's 36 rolls have a legal play that hits one of
its blots: every roll's legal plays are enumerated), and, when bearing off, the pips it
wastes (the pips of the dice played minus the pips the checkers moved: a 6 bearing a checker
off the 2 point wastes 4). ``compare`` sets the best play's facts beside the chosen one's.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bot.evaluator import evaluate_position
from game.engine.notation import format_play
from game.engine.plays import Play, legal_plays
from game.engine.position import BAR, OFF, Position

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))  # the 36, in order


@dataclass(frozen=True, slots=True)
class Chances:
    """The chances of the side that played, after its play (each from 0 to 1)."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose: float
    lose_gammon: float
    lose_backgammon: float


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """What the engine counts about one play: ``shots`` of 36 (0 without a blot in reach),
    ``blots`` left, ``wasted`` pips (None unless the play bears off)."""

    notation: str
    chances: Chances
    shots: int
    blots: int
    wasted: int | None


@dataclass(frozen=True, slots=True)
class Why:
    chosen: PlayFacts
    best: PlayFacts


def chances_after(play: Play) -> Chances:
    """The network's chances for the mover after ``play``, the opponent on roll."""
    mine = evaluate_position(play.position.flip()).flip()
    return Chances(
        mine.win,
        mine.win_gammon,
        mine.win_backgammon,
        mine.lose,
        mine.lose_gammon,
        mine.lose_backgammon,
    )


def blots(position: Position) -> int:
    """The single checkers ``position.player`` has on the board."""
    return sum(1 for point in range(1, 25) if position.player[point] == 1)


def hitting_rolls(position: Position) -> list[tuple[int, int]]:
    """The opponent's rolls (of the 36, in order) with a legal play that hits a checker of
    ``position.player``; the opponent is to roll. A play hits when it sends a checker of
    ``position.player`` to the bar, whatever order its moves are written in."""
    if not blots(position):
        return []
    roller = position.flip()
    before = roller.opponent[BAR]
    hits: dict[tuple[int, int], bool] = {}
    found = []
    for a, b in ROLLS:
        key = (min(a, b), max(a, b))
        if key not in hits:
            hits[key] = any(
                play.position.opponent[BAR] > before for play in legal_plays(roller, key)
            )
        if hits[key]:
            found.append((a, b))
    return found


def shots(position: Position) -> int:
    """How many of the opponent's 36 rolls hit a blot of ``position.player``."""
    return len(hitting_rolls(position))


def wasted_pips(position: Position, dice: tuple[int, int], play: Play) -> int | None:
    """Pips of the dice played that moved no checker (None unless ``play`` bears off).

    The dice played: both (four times the die for a double) when the play has as many
    moves; one die otherwise, the one the move's distance shows, else the larger, as the
    rules make a player use when only one can be played."""
    if not any(move.destination == OFF for move in play.moves):
        return None
    moved = position.pip_count() - play.position.pip_count()
    a, b = dice
    if a == b:
        rolled = a * len(play.moves)
    elif len(play.moves) >= 2:
        rolled = a + b
    else:
        move = play.moves[0]
        distance = move.origin - move.destination
        rolled = distance if distance in dice else max(dice)
    return rolled - moved


def play_facts(position: Position, dice: tuple[int, int], play: Play) -> PlayFacts:
    """The facts of ``play`` of ``dice`` from ``position`` (its player on roll)."""
    after = play.position
    return PlayFacts(
        format_play(play.moves),
        chances_after(play),
        shots(after),
        blots(after),
        wasted_pips(position, dice, play),
    )


def compare(position: Position, dice: tuple[int, int], chosen: Play, best: Play) -> Why:
    """The chosen play's facts beside the best play's."""
    return Why(play_facts(position, dice, chosen), play_facts(position, dice, best))


__all__ = [
    "Chances",
    "PlayFacts",
    "Why",
    "blots",
    "chances_after",
    "compare",
    "hitting_rolls",
    "play_facts",
    "shots",
    "wasted_pips",
]
