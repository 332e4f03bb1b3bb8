"""Matches played by the computer against itself, kept as a ``Record``.

    >>> import random
    >>> rng = random.Random(3)
    >>> record = self_play(Rules.full(match_length=1), rng, RandomPlayer(rng))
    >>> record.state.phase.value
    'match_over'

A player is anything with the five decisions of ``RandomPlayer``. ``RandomPlayer``
picks among the legal choices at random (quick, and it reaches every kind of
action: doubles, beavers, resignations offered, refused and accepted);
``BotPlayer`` is the computer opponent at one of its levels.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from game.engine.dice import opening_roll
from game.engine.dice import roll as roll_dice
from game.engine.match import SINGLE, Rules
from game.engine.plays import Play
from game.engine.record import ROLL, Action, ActionKind, Record
from game.engine.seeded_dice import SEED_BYTES, DiceCup, GameDice
from game.engine.state import GameState, Phase

if TYPE_CHECKING:
    from game.bot.cube import CubeDecision

MAX_ACTIONS_PER_GAME = 2000  # a safety stop: random play can wander for a long time


class Player(Protocol):
    def choose_play(self, state: GameState) -> Play: ...
    def wants_to_double(self, state: GameState) -> bool: ...
    def answer_double(self, state: GameState) -> ActionKind: ...  # take, pass or beaver
    def resignation(self, state: GameState) -> int: ...
    def accepts_resignation(self, state: GameState) -> bool: ...


class RandomPlayer:
    """Random legal choices; ``cube`` and ``resign`` are how often it doubles or resigns."""

    def __init__(self, rng: random.Random, cube: float = 0.05, resign: float = 0.003):
        self.rng, self.cube, self.resign = rng, cube, resign

    def choose_play(self, state: GameState) -> Play:
        return self.rng.choice(state.legal_plays())

    def wants_to_double(self, state: GameState) -> bool:
        return self.rng.random() < self.cube

    def answer_double(self, state: GameState) -> ActionKind:
        options = [ActionKind.TAKE, ActionKind.TAKE, ActionKind.PASS]
        return self.rng.choice(options + ([ActionKind.BEAVER] if state.may_beaver() else []))

    def resignation(self, state: GameState) -> int:
        if self.rng.random() >= self.resign:
            return 0
        return self.rng.choice((1, 1, 2, 3) if state.rules.gammons else (1,))

    def accepts_resignation(self, state: GameState) -> bool:
        return self.rng.random() < 0.7


class BotPlayer:
    """The computer opponent at ``level``: its plays and cube decisions; it never resigns."""

    def __init__(self, level: str, rng: random.Random):
        from game.bot import check_level

        self.level, self.rng = check_level(level), rng

    def _cube(self, state: GameState, player: int) -> CubeDecision:
        from game.bot.cube import CubeState, cube_decision
        from game.bot.levels import level_named

        plies = 1 if level_named(self.level).noise == 0 else 0
        return cube_decision(state.position, CubeState.from_table(state, player), plies)

    def choose_play(self, state: GameState) -> Play:
        from game.bot import choose_play
        from game.bot.match_value import checker_play_state

        scored = checker_play_state(state, state.turn)
        play = choose_play(state.position, state.dice, self.level, self.rng, scored)  # type: ignore[arg-type]
        assert play is not None
        return play

    def wants_to_double(self, state: GameState) -> bool:
        from game.bot.cube import DOUBLE

        return self._cube(state, state.turn).action == DOUBLE

    def answer_double(self, state: GameState) -> ActionKind:
        from game.bot.cube import CubeResponse

        response = self._cube(state, state.turn).response
        if response == CubeResponse.BEAVER and state.may_beaver():
            return ActionKind.BEAVER
        return ActionKind.PASS if response == CubeResponse.PASS else ActionKind.TAKE

    def resignation(self, state: GameState) -> int:
        return 0

    def accepts_resignation(self, state: GameState) -> bool:
        return True


def play_game(
    record: Record, rng: random.Random, player: Player, cup: DiceCup | None = None
) -> Record:
    """Play the record's current game to its end (both sides decided by ``player``); the dice
    from ``cup`` when given (the game's seeded dice), else from ``rng``."""
    for _ in range(MAX_ACTIONS_PER_GAME):
        state = record.state
        phase = state.phase
        if phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return record
        if phase is Phase.OPENING:
            action = Action.roll(_next_roll(record, cup) or opening_roll(rng))
        elif phase is Phase.RESIGNED:
            action = Action.accept() if player.accepts_resignation(state) else Action.reject()
        elif phase is Phase.DOUBLED:
            action = Action(player.answer_double(state))
        elif resign := player.resignation(state):
            action = Action.resign(resign, state.to_act)  # type: ignore[arg-type]
        elif phase is Phase.ROLL:
            if state.may_double() and player.wants_to_double(state):
                action = Action.double()
            else:
                dice = _next_roll(record, cup)  # thrown once the cube is decided
                action = Action.roll(dice or roll_dice(rng))
        else:
            action = Action.play(player.choose_play(state).moves)
        record = record.append(action)
    # A game that will not end: the player to act resigns it.
    state = record.state
    if state.phase is Phase.DOUBLED:
        return record.append(Action.pass_())
    if state.phase is Phase.RESIGNED:
        return record.append(Action.accept())
    record = record.append(Action.resign(SINGLE, state.to_act))  # type: ignore[arg-type]
    return record.append(Action.accept())


def _next_roll(record: Record, cup: DiceCup | None) -> tuple[int, int] | None:
    if cup is None:
        return None
    return cup.roll(sum(1 for action in record.games[-1] if action.kind == ROLL))


def self_play(
    rules: Rules,
    rng: random.Random,
    player: Player,
    games: int = 1,
    names: tuple[str, str] = ("Cyan", "Pink"),
) -> Record:
    """A whole match (``rules.match_length`` > 0) or ``games`` games of money play."""
    return _self_play(rules, rng, player, games, names, seeded=False)[0]


def self_play_with_dice(
    rules: Rules,
    rng: random.Random,
    player: Player,
    games: int = 1,
    names: tuple[str, str] = ("Cyan", "Pink"),
) -> tuple[Record, dict[int, GameDice]]:
    """Like ``self_play`` with each game's dice from its own seed (32 bytes drawn from ``rng``,
    so the same ``rng`` plays the same match), and per game its commitment and seed."""
    return _self_play(rules, rng, player, games, names, seeded=True)


def _self_play(
    rules: Rules,
    rng: random.Random,
    player: Player,
    games: int,
    names: tuple[str, str],
    seeded: bool,
) -> tuple[Record, dict[int, GameDice]]:
    record = Record.new(rules, names)
    dice: dict[int, GameDice] = {}
    played = 0
    while True:
        cup = DiceCup(rng.randbytes(SEED_BYTES)) if seeded else None
        record = play_game(record, rng, player, cup)
        played += 1
        if cup is not None:
            dice[played] = cup.game_dice(revealed=True)
        if record.state.phase is Phase.MATCH_OVER or (rules.is_money and played >= games):
            return record, dice
        record = record.next_game()


class RunnerPlayer(RandomPlayer):
    """Like ``RandomPlayer`` but racing home: mostly the play that leaves the rear checkers
    furthest forward, so games are short (for bulk tests)."""

    def choose_play(self, state: GameState) -> Play:
        plays = state.legal_plays()
        if self.rng.random() < 0.2:
            return self.rng.choice(plays)
        return min(plays, key=_rear_weight)


def _rear_weight(play: Play) -> int:
    return sum(n * point * point for point, n in enumerate(play.position.player))
