"""A game's scoresheet: its actions as entries in two columns, one numbered row per pair of
turns, the first player on the left, as players and ``.mat`` files write a game.

    >>> from game.engine.record import Action, Record
    >>> record = Record.new().extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]),
    ...                               Action.roll((6, 4)), Action.play([(24, 18), (13, 9)])])
    >>> first, *after = record.replay()
    >>> [[entry and (entry.player, entry.roll) for entry in row]
    ...  for row in scoresheet(first, record.games[0], after)]
    [[(0, (3, 1)), (1, (6, 4))]]

An entry is a roll with its play, a roll that could not be played (or was followed by a
resignation), a cube action, a resignation and its answer, or a position set up by hand (in
the column of the player to roll from it). The ``.mat`` writer and the
page's move list both lay out games this way and write the entries in their own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.record import Action, ActionKind
from game.engine.state import GameState, Phase

RESIGNATIONS = (ActionKind.RESIGN, ActionKind.ACCEPT, ActionKind.REJECT)


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry: who acted, the roll (high die first at the opening; None for a cube action
    or a resignation), the action (None: a roll with no play after it), the states around
    the entry's last action, and ``step``, the number of the game's actions it covers."""

    player: int
    roll: tuple[int, int] | None
    action: Action | None
    before: GameState
    after: GameState
    step: int

    @property
    def blocked(self) -> bool:
        """A roll the player could not play at all."""
        return self.action is None and self.after.phase is not Phase.MOVE


def scoresheet(
    first: GameState,
    actions: Sequence[Action],
    states: Sequence[GameState],
    resignations: bool = True,
) -> list[list[Entry | None]]:
    """The rows ``[left, right]`` of a game that starts at ``first``; ``states[i]`` is the
    state after ``actions[i]``. ``resignations=False`` leaves resignations out (a ``.mat`` file
    has no words for them: the game's end says the rest)."""
    rows: list[list[Entry | None]] = []
    column = 1  # the column last written in: a new row starts with each left entry

    def put(entry: Entry) -> None:
        nonlocal column
        if entry.player <= column:
            rows.append([None, None])
        rows[-1][entry.player] = entry
        column = entry.player

    pending: Entry | None = None  # a roll waiting for its play
    for index, action in enumerate(actions):
        kind = action.kind
        if kind in RESIGNATIONS and not resignations:
            continue
        before = states[index - 1] if index else first
        after = states[index]
        if pending and kind not in (ActionKind.PLAY, ActionKind.REJECT):
            put(pending)  # not played: a cube action or a resignation came first
            pending = None
        if kind == ActionKind.ROLL:
            assert action.dice is not None  # a roll has its dice
            high, low = action.dice
            mover = before.turn
            if before.phase is Phase.OPENING:
                mover = 0 if high > low else 1
                high, low = max(high, low), min(high, low)
            pending = Entry(mover, (high, low), None, before, after, index + 1)
            if after.phase is not Phase.MOVE:  # blocked: the turn passed at once
                put(pending)
                pending = None
        elif kind == ActionKind.PLAY:
            mover, roll = (pending.player, pending.roll) if pending else (before.turn, None)
            put(Entry(mover, roll, action, before, after, index + 1))
            pending = None
        else:
            put(Entry(_actor(action, before), None, action, before, after, index + 1))
    if pending:
        put(pending)
    return rows


def _actor(action: Action, before: GameState) -> int:
    """Who took a cube action or a resignation's step (a play's mover comes with its roll)."""
    if action.kind == ActionKind.DOUBLE:
        return before.turn
    if action.kind in (ActionKind.RESIGN, ActionKind.SETUP) and action.player is not None:
        return action.player  # a set-up: the player to roll from it
    if action.kind in (ActionKind.ACCEPT, ActionKind.REJECT) and before.resigned_by is not None:
        return 1 - before.resigned_by
    return 1 - before.turn  # take, pass, beaver: the doubled player
