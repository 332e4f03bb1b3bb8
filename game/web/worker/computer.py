"""The computer at the table: its play, its cube decisions, its answer to a resignation.

    >>> from game.engine.position import Position
    >>> from game.engine.state import GameState, Phase, Rules
    >>> lost = Position.from_points({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})
    >>> game = GameState(Rules.full(), position=lost, phase=Phase.ROLL, turn=0)
    >>> wants_to_double(game)               # far ahead in the race, the cube centred
    True
    >>> answer_double(game.double())        # the other side has next to no chance
    'pass'

Pure functions of a ``GameState`` (no DOM); the page's wiring (``app.py``)
calls them when it is the computer's turn to act. The cube decisions are
``game.bot.cube``'s; this module only picks how deep to look (the level's cube
budget, in positions evaluated), skips the one-roll look-ahead when the quick
estimate is far from a double, and never offers what the rules forbid
(``GameState.may_double`` and ``may_beaver`` decide that).

A resignation is weighed without the cube: the computer accepts when the
points offered are worth at least what it expects from playing on (money
play), or leave it a match-winning chance at least as high (match play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.bot.level_names import DEFAULT_LEVEL
from game.engine import match
from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.engine.state import GameState, Phase

if TYPE_CHECKING:  # the bot is imported on first use: the board is drawn before it loads
    from game.bot.cube import CubeState
    from game.bot.probabilities import Probabilities
    from game.engine.plays import Play
    from game.engine.position import Position
    from game.web.state.session import Session

    # A cube decision's look ahead: ``cube_decision``'s position, state, plies, budget, prune.
    CubeLook = tuple[Position, CubeState, int, int, int]

TAKE, PASS, BEAVER = "take", "pass", "beaver"
ROLL, DOUBLE, ACCEPT, REFUSE, PLAY = "roll", "double", "accept", "refuse", "play"

# The computer's pace on the page, in seconds (``?pace=`` scales them).
BLOCKED_PAUSE = 1.6  # "You rolled 6-6 and cannot move" stays before the computer rolls
ROLL_PAUSE = 0.3  # the computer's dice are seen before its first checker moves
ANSWER_PAUSE = 0.6  # a double or a resignation is seen before the computer answers it
STEP_SECONDS = 0.45  # how long each of the computer's checker moves stays on screen

# Below these the quick (no look-ahead) estimate of doubling, min(double/take, double/pass)
# minus no double, is too far from a double for the look-ahead to change it.
# `python -m tools.bench.cube_margin --games 8` (the bot against itself, money and 7-point
# matches, 423 decisions): the look-ahead's doubles had quick gaps of -0.018 (money) and
# -0.004 (match) at the lowest, well inside both margins.
MONEY_MARGIN = 0.15  # equity, in units of the cube
MATCH_MARGIN = 0.10  # match-winning chance


@dataclass(frozen=True)
class Step:
    """What the computer does next: roll, double, answer (take, pass, beaver, accept,
    refuse) or play ``play``. ``weighed_cube``: a cube decision was made on the way (the
    page reports its time)."""

    action: str
    play: Play | None = None
    weighed_cube: bool = False

    def apply(self, session: Session, rng: random.Random) -> Session:
        """The session once this step is taken."""
        if self.action == PLAY:
            assert self.play is not None
            return session.play(self.play)
        if self.action == ROLL:
            return session.roll(rng)
        actions = {
            DOUBLE: session.double,
            TAKE: session.take,
            PASS: session.pass_,
            BEAVER: session.beaver,
            ACCEPT: session.accept_resignation,
            REFUSE: session.reject_resignation,
        }
        return actions[self.action]()


def pause_before(game: GameState) -> float:
    """How long the page waits, at pace 1, before the computer acts in ``game``: a person
    reads why their roll could not be played, sees a double or a resignation, sees the
    computer's dice."""
    if game.phase is Phase.ROLL:
        return BLOCKED_PAUSE if game.blocked_dice else 0.05
    if game.phase in (Phase.DOUBLED, Phase.RESIGNED):
        return ANSWER_PAUSE
    return ROLL_PAUSE


def next_step(session: Session, rng: random.Random) -> Step | None:
    """What the computer does now in ``session``; None when it is not its turn to act
    (or, a safeguard, when its roll has no play: the game passes those itself)."""
    if not session.computer_to_act:
        return None
    game, level = session.game, session.settings.level
    if game.phase is Phase.ROLL:
        if not game.may_double():
            return Step(ROLL)
        return Step(DOUBLE if wants_to_double(game, level) else ROLL, weighed_cube=True)
    if game.phase is Phase.DOUBLED:
        return Step(answer_double(game, level), weighed_cube=True)
    if game.phase is Phase.RESIGNED:
        return Step(ACCEPT if accepts_resignation(game) else REFUSE)
    if game.phase is Phase.MOVE and game.dice is not None:
        play = computer_play(game, level, rng)
        return None if play is None else Step(PLAY, play)
    return None


def computer_play(game: GameState, level: str | None, rng: random.Random) -> Play | None:
    """The computer's play of ``game.engine.dice`` (None when the roll cannot be played), valued
    at the match score in a match."""
    from game.bot import choose_play
    from game.bot.match_value import checker_play_state

    if game.dice is None:
        return None
    state = checker_play_state(game, game.turn)
    return choose_play(game.position, game.dice, level_or_default(level), rng, state)


def level_or_default(level: str | None) -> str:
    """The computer's level: the one the settings name, or the page's default (``None``)."""
    return DEFAULT_LEVEL if level is None else level


def cube_plies(level: str | None) -> int:
    """How far the cube decisions look: one or two rolls ahead at the levels with a cube
    budget (those that play without deliberate mistakes), none below them."""
    from game.bot.levels import level_named

    chosen = level_named(level_or_default(level))
    return chosen.cube_plies if chosen.cube_budget else 0


def cube_prune(level: str | None) -> int:
    """Two rolls ahead, the replies of a roll evaluated in full (``levels.Level.cube_prune``)."""
    from game.bot.levels import level_named

    return level_named(level_or_default(level)).cube_prune


def cube_budget(level: str | None) -> int:
    """The positions a cube decision of ``level`` may evaluate (``levels.Level``)."""
    from game.bot.levels import level_named

    return level_named(level_or_default(level)).cube_budget


def wants_to_double(game: GameState, level: str | None = None) -> bool:
    """Should the player on roll (the computer) double now? False when the rules forbid it."""
    from game.bot.cube import DOUBLE, cube_decision

    look = double_look(game, level)
    if isinstance(look, bool):
        return look
    return cube_decision(*look).action == DOUBLE


def double_look(game: GameState, level: str | None = None) -> bool | CubeLook:
    """``wants_to_double``'s answer when it needs no look ahead; else the look's arguments
    (``cube_decision``'s), which the pool's workers may share (game/web/worker/cube_parts.py)."""
    from game.bot import evaluate
    from game.bot.cube import DOUBLE, NO_DOUBLE, CubeState, cube_efficiency, decide

    if game.phase is not Phase.ROLL or not game.may_double():
        return False
    state = CubeState.from_table(game, game.turn)
    quick = decide(evaluate(game.position), state, cube_efficiency(game.position))
    plies = cube_plies(level)
    if plies == 0:
        return quick.action == DOUBLE
    gap = min(quick.double_take, quick.double_pass) - quick.no_double
    if quick.action == NO_DOUBLE and gap < -(MONEY_MARGIN if state.is_money else MATCH_MARGIN):
        return False
    # The quick estimate above spent one position of the budget.
    return game.position, state, plies, cube_budget(level) - 1, cube_prune(level)


def answer_double(game: GameState, level: str | None = None) -> str:
    """``take``, ``pass`` or ``beaver`` (only where allowed) for the doubled player."""
    from game.bot.cube import cube_decision

    return answer_word(game, cube_decision(*answer_look(game, level)).response)


def answer_look(game: GameState, level: str | None = None) -> CubeLook:
    """The look ahead ``answer_double`` decides by (``cube_decision``'s arguments)."""
    from game.bot.cube import CubeState

    if game.phase is not Phase.DOUBLED:
        raise ValueError(f"no double to answer: the game is in phase {game.phase.value}")
    state = CubeState.from_table(game, game.turn)  # the doubler's view, as the bot wants it
    return game.position, state, cube_plies(level), cube_budget(level), cube_prune(level)


def answer_word(game: GameState, response: str) -> str:
    """The doubled player's answer from the decision's ``response`` (a beaver only where
    the game allows one)."""
    from game.bot.cube import BEAVER as CUBE_BEAVER
    from game.bot.cube import PASS as CUBE_PASS

    if response == CUBE_PASS:
        return PASS
    if response == CUBE_BEAVER and game.may_beaver():
        return BEAVER
    return TAKE


def accepts_resignation(game: GameState) -> bool:
    """Does the player offered a resignation (the computer) do better to accept it?"""
    if game.phase is not Phase.RESIGNED or game.resigned_by is None:
        raise ValueError(f"no resignation to answer: the game is in phase {game.phase.value}")
    player = 1 - game.resigned_by
    chances = outlook(game, player)
    offered = match.game_points(game.rules, game.cube, game.resignation)
    return worth(game, player, offered) >= expected_worth(game, player, chances) - 1e-9


def outlook(game: GameState, player: int) -> Probabilities:
    """``player``'s cubeless chances in the game as it stands (a roll to play is played
    first, as the bot would play it)."""
    from game.bot import choose_play, evaluate

    phase = game.resumed_phase if game.phase is Phase.RESIGNED else game.phase
    if phase is Phase.MOVE and game.dice is not None:
        # The default level's 1-ply choice: the expert's 2-ply search would keep the page
        # waiting for a second or more, for an estimate that does not need it.
        play = choose_play(game.position, game.dice, DEFAULT_LEVEL)
        after = play.position if play is not None else game.position
        chances = evaluate(after.flip())  # for the other side, next on roll
        on_roll = 1 - game.turn
    else:
        chances = evaluate(game.position)
        on_roll = game.turn
    return chances if on_roll == player else chances.flip()


def worth(game: GameState, player: int, points: int) -> float:
    """What winning (``points`` > 0) or losing (< 0) that many points is worth to
    ``player``: the points themselves in money play, the match-winning chance after them
    in a match."""
    length = game.rules.match_length
    if not length:
        return float(points)
    from game.bot.met import match_equity

    away = length - game.score[player]
    other_away = length - game.score[1 - player]
    # After this game a score one point away is post-Crawford if this game is the Crawford
    # game or comes after it; otherwise the next game would be the Crawford game.
    done = game.crawford or game.post_crawford
    if points > 0:
        return match_equity(away - points, other_away, done)
    return match_equity(away, other_away + points, done)


def expected_worth(game: GameState, player: int, chances: Probabilities) -> float:
    """``worth`` averaged over the single, gammon and backgammon wins and losses."""
    c = chances
    outcomes = (
        (c.win - c.win_gammon, SINGLE),
        (c.win_gammon - c.win_backgammon, GAMMON),
        (c.win_backgammon, BACKGAMMON),
    )
    losses = (
        (c.lose - c.lose_gammon, SINGLE),
        (c.lose_gammon - c.lose_backgammon, GAMMON),
        (c.lose_backgammon, BACKGAMMON),
    )
    total = 0.0
    for sign, table in ((1, outcomes), (-1, losses)):
        for chance, result in table:
            if chance > 0:
                points = match.game_points(game.rules, game.cube, result)
                total += chance * worth(game, player, sign * points)
    return total
