"""Cards: the decisions of an analysed match that a player got wrong, to study again.

A card is every judged decision (``game.analysis.record_analysis``) whose error is at least
'doubtful' (0.04 of equity, the analysis's own mark): a checker play, a roll without the
double that was better, a double, a take, a beaver or a pass. It holds the position and
dice before the decision as ``python -m game hint`` reads them (``PID:MID``, the dice in
the Match ID for a checker play, none for a cube decision: a take or a pass is written
with the double offered, the doubler on roll), the player (0 or 1, the first or second
named), what was played and the best answer, in play notation or in the cube's words
(``CUBE_WORDS``). ``card_record`` is a card as the trainer keeps it (``game.web.store.deck``),
with the ranked plays or the cube's equities and the chances after the plays.

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
from typing import Any

from game.analysis.judgement import CubeFigures
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
from game.formats import format_position_id
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


def card_id(gnubg_id: str, kind: str) -> str:
    """A card's identity: the position and the question (a play, doubling, answering a
    double), so the same decision met again is the same card."""
    question = "play" if kind == PLAY else "cube" if kind in (NO_DOUBLE, DOUBLE) else "answer"
    return f"{gnubg_id}|{question}"


def play_record(decision: Decision) -> dict[str, Any]:
    """A checker play's figures for a card: the ranked plays as ``[notation, Position ID
    after the play (the mover on roll), equity]``, best first, and the chances after the
    best play and after the play made (``game.analysis.why``)."""
    from game.analysis.why import chances_after

    plays = [[r.notation, format_position_id(r.play.position), r.equity] for r in decision.plays]
    if decision.chosen_play is not None:
        played = format_position_id(decision.chosen_play.position)
        if all(row[1] != played for row in plays):
            plays.append([decision.chosen, played, decision.equity])
    record: dict[str, Any] = {"plays": plays}
    if decision.best_play is not None and decision.chosen_play is not None:
        best, chosen = chances_after(decision.best_play), chances_after(decision.chosen_play)
        record["chances"] = {
            "best": [best.win, best.win_gammon, best.win_backgammon,
                     best.lose, best.lose_gammon, best.lose_backgammon],
            "played": [chosen.win, chosen.win_gammon, chosen.win_backgammon,
                       chosen.lose, chosen.lose_gammon, chosen.lose_backgammon],
        }  # fmt: skip
    return record


def cube_record(figures: CubeFigures) -> dict[str, Any]:
    """A cube decision's figures for a card: the doubler's equities (EMG)."""
    return {
        "cube": {
            "no_double": figures.no_double,
            "double_take": figures.double_take,
            "double_pass": figures.double_pass,
        }
    }


def card_record(card: Card, source: str = "match") -> dict[str, Any]:
    """A card as plain data (JSON) for the trainer's deck (``game.web.store.deck``)."""
    decision = card.decision
    record: dict[str, Any] = {
        "id": card_id(card.gnubg_id, card.kind),
        "source": source,
        "kind": card.kind,
        "gnubg_id": card.gnubg_id,
        "player": card.player,
        "played": card.played,
        "best": card.best,
        "loss": round(card.loss, 4),
    }
    if card.is_cube:
        if decision.cube is not None:
            record.update(cube_record(decision.cube))
    else:
        record.update(play_record(decision))
    return record


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


__all__ = [
    "CUBE_WORDS",
    "Card",
    "card_id",
    "card_record",
    "cards_of",
    "cube_record",
    "is_card",
    "play_record",
    "words_of",
]
