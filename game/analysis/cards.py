"""Cards: the decisions of an analysed match that a player got wrong, to study again.

A card is every judged decision (``game.analysis.record_analysis``) whose error is at least
'doubtful' (0.04 of equity, the analysis's own mark): a checker play, a roll without the
double that was better, a double, a take, a beaver or a pass. It holds the position and
dice before the decision as ``python -m game hint`` reads them (``PID:MID``, the dice in
the Match ID for a checker play, none for a cube decision: a take or a pass is written
with the double offered, the doubler on roll), the player (0 or 1, the first or second
named), what was played and the best answer, in play notation or in the cube's words
(``CUBE_WORDS``).

    >>> from game.engine.match import Rules
    >>> from game.engine.state import GameState
    >>> from game.analysis.record_analysis import analyse_match
    >>> state = GameState.new(Rules.full(match_length=3)).set_dice((3, 1))
    >>> states = [GameState.new(Rules.full(match_length=3)), state]
    >>> states.append(state.play(state.legal_plays()[-1]))
    >>> [card.line() for card in cards_of(analyse_match([states], plies=1))]
    ['4HPwATDgc/ABMA:MIFlAAAAAAAE 1 0.346 6/2 | 8/5 6/5']
"""

from __future__ import annotations

from dataclasses import dataclass

from game.analysis.marks import DOUBTFUL
from game.analysis.record_analysis import (
    BEAVER,
    DOUBLE,
    NO_DOUBLE,
    PASS,
    PLAY,
    TAKE,
    Decision,
    MatchAnalysis,
)
from game.formats.gnubg_id import write_gnubg_id

CUBE_WORDS: dict[str, str] = {
    NO_DOUBLE: "no double",
    DOUBLE: "double",
    TAKE: "take",
    PASS: "pass",
    BEAVER: "beaver",
}


def words_of(answer: str) -> str:
    """A decision's answer as a card says it: a play as written, a cube action in words."""
    return CUBE_WORDS.get(answer, answer)


@dataclass(frozen=True, slots=True)
class Card:
    """One decision to study again: ``game`` counts from 0, ``decision`` is the analysis's."""

    game: int
    decision: Decision

    @property
    def gnubg_id(self) -> str:
        """``PID:MID`` before the decision, as ``python -m game hint`` reads it."""
        return write_gnubg_id(self.decision.state)

    @property
    def player(self) -> int:
        return self.decision.player

    @property
    def kind(self) -> str:
        return self.decision.kind

    @property
    def is_cube(self) -> bool:
        return self.decision.kind != PLAY

    @property
    def loss(self) -> float:
        """Equity lost against the best answer (EMG, at least ``DOUBTFUL``)."""
        return self.decision.error

    @property
    def played(self) -> str:
        return words_of(self.decision.chosen)

    @property
    def best(self) -> str:
        return words_of(self.decision.best)

    def line(self) -> str:
        """``PID:MID PLAYER LOSS PLAYED | BEST``, PLAYER 1 or 2."""
        return f"{self.gnubg_id} {self.player + 1} {self.loss:.3f} {self.played} | {self.best}"


def is_card(decision: Decision, threshold: float = DOUBTFUL) -> bool:
    """A decision that lost at least ``threshold`` (as the analysis marks it)."""
    return decision.error >= threshold - 1e-12


def cards_of(analysis: MatchAnalysis, threshold: float = DOUBTFUL) -> list[Card]:
    """The cards of a match, ordered by game and by move."""
    return [
        Card(number, decision)
        for number, game in enumerate(analysis.games)
        for decision in game.decisions
        if is_card(decision, threshold)
    ]


__all__ = ["CUBE_WORDS", "Card", "cards_of", "is_card", "words_of"]
