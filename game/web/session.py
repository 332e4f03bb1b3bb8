"""What the page is doing: the game, the play in progress, the checker picked, the settings.

    >>> import random
    >>> session = Session.new(Settings(opponent="friend"))
    >>> session = session.roll(random.Random(3))          # the opening roll
    >>> session.game.phase.value, session.turn is not None
    ('move', True)

A ``Session`` is immutable and has no DOM: every tap or button press is a method
that returns the next ``Session``. The rules come from ``GameState`` and
``Turn``; this module only decides which player is a person, which side faces
the viewer, and what a tap on the board means. Taps arrive in the viewer's
numbering (the bottom side's, see ``layout``) and are turned into the mover's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.match import Rules
from game.plays import Play
from game.position import BAR, OFF, Point
from game.state import GameState, Phase
from game.turn import Turn

COMPUTER = "computer"
FRIEND = "friend"
OPPONENTS = (COMPUTER, FRIEND)
COMPUTER_PLAYER = 1  # against the computer, the person plays cyan (player 0)


class SettingsError(ValueError):
    """Settings that the page does not offer."""


@dataclass(frozen=True, slots=True)
class Settings:
    opponent: str = COMPUTER
    level: str | None = None  # the computer's level; None: the bot's default
    rotate: bool = True  # friend mode: the board faces the player on roll
    auto_confirm: bool = False  # finish the turn as soon as the last die is played

    def __post_init__(self) -> None:
        if self.opponent not in OPPONENTS:
            raise SettingsError(
                f"opponent must be one of {', '.join(OPPONENTS)}, got {self.opponent!r}"
            )
        if self.level is not None:
            # Imported here: the bot is not needed to draw the board, and the page starts sooner.
            from game.bot import LEVELS

            if self.level not in LEVELS:
                raise SettingsError(f"level must be one of {', '.join(LEVELS)}, got {self.level!r}")
        for name in ("rotate", "auto_confirm"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(f"{name} must be true or false")

    def to_dict(self) -> dict:
        return {
            "opponent": self.opponent,
            "level": self.level,
            "rotate": self.rotate,
            "auto_confirm": self.auto_confirm,
        }

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        if not isinstance(data, dict):
            raise SettingsError("settings must be a mapping")
        known = {"opponent", "level", "rotate", "auto_confirm"}
        return cls(**{key: value for key, value in data.items() if key in known})


def to_viewer(point: Point, same_side: bool) -> Point:
    """A point in the mover's numbering as the viewer numbers it (bar and off stay)."""
    if same_side or point in (BAR, OFF):
        return point
    return 25 - point


@dataclass(frozen=True)
class Session:
    game: GameState
    settings: Settings = Settings()
    turn: Turn | None = None  # the play in progress, when a person is moving
    selected: Point | None = None  # the origin picked, in the mover's numbering
    last_play: tuple[int, tuple[tuple[int, int], ...]] | None = None  # (player, moves) just made

    @classmethod
    def new(cls, settings: Settings | None = None, rules: Rules | None = None) -> Session:
        return cls(GameState.new(rules or Rules.simple()), settings or Settings())

    # ----- who is who ---------------------------------------------------------------------

    def is_computer(self, player: int | None) -> bool:
        return self.settings.opponent == COMPUTER and player == COMPUTER_PLAYER

    @property
    def computer_to_act(self) -> bool:
        return self.is_computer(self.game.to_act)

    @property
    def person_to_act(self) -> bool:
        to_act = self.game.to_act
        return to_act is not None and not self.is_computer(to_act)

    @property
    def bottom_player(self) -> int:
        """The player whose side is drawn at the bottom."""
        if self.settings.opponent == COMPUTER or not self.settings.rotate:
            return 0
        if self.game.phase is Phase.OPENING:
            return 0
        to_act = self.game.to_act
        return self.game.turn if to_act is None else to_act

    @property
    def mover_at_bottom(self) -> bool:
        return self.game.turn == self.bottom_player

    # ----- what may be done ---------------------------------------------------------------

    @property
    def may_roll(self) -> bool:
        phase = self.game.phase
        return phase is Phase.OPENING or (phase is Phase.ROLL and self.person_to_act)

    @property
    def may_undo(self) -> bool:
        return self.turn is not None and bool(self.turn.actions)

    @property
    def may_confirm(self) -> bool:
        return self.turn is not None and self.turn.is_complete

    @property
    def in_progress(self) -> bool:
        """A game has started and is not over: starting another would throw it away."""
        return self.game.phase not in (Phase.OPENING, Phase.GAME_OVER, Phase.MATCH_OVER)

    # ----- actions ------------------------------------------------------------------------

    def roll(self, rng: random.Random) -> Session:
        """Roll for whoever is to roll (the opening roll, a person, or the computer)."""
        return self._after(self.game.roll(rng))

    def set_dice(self, dice: tuple[int, int]) -> Session:
        return self._after(self.game.set_dice(dice))

    def tap(self, viewer_point: Point) -> Session:
        """A tap on a point (viewer's numbering), the bar (25) or a tray (0)."""
        if self.turn is None:
            return self
        point = to_viewer(viewer_point, self.mover_at_bottom)  # the mapping is its own inverse
        turn = self.turn
        if self.selected is not None:
            if point in turn.destinations(self.selected):
                moved = replace(self, turn=turn.move(self.selected, point), selected=None)
                return moved._auto_select()._maybe_finish()
            if point == self.selected:
                # Put the checker down, unless it is the only one that can move.
                return self if len(turn.origins()) == 1 else replace(self, selected=None)
        if point in turn.origins():
            return replace(self, selected=point)
        return replace(self, selected=None)

    def undo(self) -> Session:
        if not self.may_undo:
            return self
        assert self.turn is not None
        return replace(self, turn=self.turn.undo(), selected=None)._auto_select()

    def confirm(self) -> Session:
        """End the person's turn with the play on the board."""
        if not self.may_confirm:
            return self
        assert self.turn is not None
        return self.play(self.turn.play())

    def play(self, play: Play) -> Session:
        """Make a whole play for the player on turn (the computer's, or a confirmed one)."""
        mover = self.game.turn
        moves = tuple((move.origin, move.destination) for move in play.moves)
        return replace(self._after(self.game.play(play)), last_play=(mover, moves))

    def next_game(self) -> Session:
        return replace(self, game=self.game.next_game(), turn=None, selected=None, last_play=None)

    def with_settings(self, settings: Settings) -> Session:
        return replace(self, settings=settings)._after(self.game)

    # ----- internals ----------------------------------------------------------------------

    def _after(self, game: GameState) -> Session:
        """The session once ``game`` is reached: a person on the move gets a fresh Turn."""
        turn = None
        if game.phase is Phase.MOVE and not self.is_computer(game.turn) and game.dice:
            keep = (
                self.turn is not None
                and self.turn.start_position == game.position
                and self.turn.dice == game.dice
            )
            turn = self.turn if keep else Turn.start(game.position, game.dice)
        session = replace(self, game=game, turn=turn, selected=None)
        return session._auto_select() if turn is not None else session

    def _auto_select(self) -> Session:
        """When only one checker can move (a checker on the bar, say), pick it up at once."""
        if self.turn is None or self.selected is not None:
            return self
        origins = self.turn.origins()
        if len(origins) == 1:
            return replace(self, selected=next(iter(origins)))
        return self

    def _maybe_finish(self) -> Session:
        if self.settings.auto_confirm and self.may_confirm:
            return self.confirm()
        return self
