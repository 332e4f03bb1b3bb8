"""The hint of one decision cut into parts that other workers answer: the plays ranked, or
the cube figures, the same as ``judgement.play_hint`` / ``cube_hint`` to the last digit.

    >>> from game.analysis.judgement import play_hint
    >>> from game.engine.state import GameState, Phase, Rules
    >>> from game.formats import parse_position_id
    >>> table = GameState(Rules.full(), position=parse_position_id("bdsDAhDz/AAAAA"),
    ...                   phase=Phase.MOVE, turn=0, dice=(2, 2))
    >>> planned = planned_hint(table)
    >>> while not planned.done:                     # a round or two
    ...     requests = planned.requests(2)          # plain data, for two workers
    ...     planned.take([hint_part_answer(request) for request in requests])
    >>> planned.plays == play_hint(table)
    True

The plays are the strongest search's ranking (``bot.hint``: every play at 1-ply, the best
looked at one roll ahead, the closest two rolls ahead), planned as a level's play is
(``deep_parts.planned_ranking``); the cube figures look one roll ahead over every play of
the 21 rolls (``cube.parts.planned_cube`` at one ply, without a budget: one round). A hint
at 1-ply is worked out at once, without parts. A part left unanswered is worked out where
the parts are taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.analysis.judgement import (
    STRONGEST,
    CubeFigures,
    RankedPlay,
    cube_hint,
    cube_state_of,
    figures_of,
    play_hint,
)
from game.bot.cube.parts import CUBE_PART, PlannedCube, cube_part_answer, planned_cube
from game.bot.deep_parts import PART, PartError, PlannedPlay, part_answer, planned_ranking
from game.engine.plays import legal_plays
from game.engine.state import GameState, Phase


@dataclass
class PlannedHint:
    """A hint with its look-aheads still to answer: ``requests`` asks a round's parts,
    ``take`` takes their answers; once ``done``, ``plays`` (best first; none outside the MOVE
    phase) and ``cube`` (the cube figures before a roll or when doubled; else None) are the
    hint's."""

    table: GameState
    planned: PlannedPlay | PlannedCube | None = None
    plays: list[RankedPlay] = field(default_factory=list)
    cube: CubeFigures | None = None

    @property
    def done(self) -> bool:
        return self.planned is None or self.planned.done

    def requests(self, count: int) -> list[dict[str, Any]]:
        """The round's parts for ``count`` workers (fewer if there is less to share)."""
        return [] if self.planned is None else self.planned.requests(count)

    def take(self, answers: list[dict[str, Any] | None]) -> None:
        """Take the round's ``answers`` (None, or a part missing: worked out here)."""
        if self.planned is None:
            return
        self.planned.take(answers)
        self._finish()

    def _finish(self) -> None:
        planned = self.planned
        if planned is None or not planned.done:
            return
        if isinstance(planned, PlannedPlay):
            self.plays = [RankedPlay(play, equity) for equity, play in planned.ranked]
        else:
            assert planned.decided is not None
            self.cube = figures_of(planned.decided, cube_state_of(self.table, self.table.turn))


def planned_hint(table: GameState, plies: int = STRONGEST) -> PlannedHint:
    """``play_hint(table, plies)`` or ``cube_hint(table, plies)`` up to its look ahead; done
    at once where it does not look ahead (1-ply, no decision, a single play)."""
    if plies < STRONGEST:
        return PlannedHint(table, plays=play_hint(table, plies), cube=cube_hint(table, plies))
    hint = PlannedHint(table)
    state = cube_state_of(table, table.turn)
    if table.phase is Phase.MOVE and table.dice is not None:
        if legal_plays(table.position, table.dice):
            from game.bot import hint_ahead

            money = state.is_money
            ahead = hint_ahead(table.position, table.dice, None if money else state)
            hint.planned = planned_ranking(ahead)
    elif table.phase in (Phase.ROLL, Phase.DOUBLED) and table.rules.cube:
        # ``judgement.cube_figures``: the cube decision one ply less deep than the plays.
        hint.planned = planned_cube(table.position, state, plies - 1, None, 0)
    hint._finish()
    return hint


def hint_part_answer(request: dict[str, Any]) -> dict[str, Any]:
    """A hint's part answered: a part of the plays' look-aheads (``deep_parts.part_answer``)
    or of the cube's (``cube.parts.cube_part_answer``). ``PartError`` for anything else."""
    task = request.get("task") if isinstance(request, dict) else None
    if task == PART:
        return part_answer(request)
    if task == CUBE_PART:
        return cube_part_answer(request)
    raise PartError("not a part of a hint")
