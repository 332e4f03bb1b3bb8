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
from enum import StrEnum

from game.bot.level_names import DEFAULT_LEVEL, LEVEL_NAMES  # the names: the bot is not loaded
from game.engine.match import IllegalAction, Rules
from game.engine.players import PLAYER_NAMES
from game.engine.plays import Play
from game.engine.position import BAR, OFF, Point
from game.engine.record import Seat
from game.engine.refusal import Refusal
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.web.language.catalog import LANGUAGES

MAX_NAME = 40  # characters of a player's name kept (in a link, beside a save)


def beside(point: Point) -> tuple[Point, ...]:
    """The places drawn next to ``point`` (the mover's numbering): its neighbours in its
    quarter of the board (the bar parts 6 from 7 and 18 from 19), and the mover's tray beside
    its 1-point.

    >>> beside(1), beside(6), beside(13), beside(24), beside(BAR)
    ((0, 2), (5,), (14,), (23,), ())
    """
    if not 0 < point < BAR:
        return ()
    near = (OFF,) if point == 1 else ()
    quarter = (point - 1) // 6
    return near + tuple(
        other for other in (point - 1, point + 1) if 0 < other < BAR and (other - 1) // 6 == quarter
    )


class Opponent(StrEnum):
    """Who plays the other side: each its word in saved settings and links (``vs=friend``)."""

    COMPUTER = "computer"
    FRIEND = "friend"  # a person at the same screen
    LINK = "link"  # a friend anywhere, by links (game/formats/friend_link.py)


COMPUTER, FRIEND, LINK = Opponent  # by their bare names too (``COMPUTER is Opponent.COMPUTER``)
OPPONENTS = tuple(Opponent)
COMPUTER_PLAYER = 1  # against the computer, the person plays cyan (player 0)
TAKEN, BEAVERED, REFUSED = "taken", "beavered", "refused"  # news of the last cube or resign answer
NEWS_OF_ANSWER = {"take": TAKEN, "beaver": BEAVERED, "reject": REFUSED}  # by the record's action


class SettingsError(Refusal):
    """Settings that the page does not offer."""


SIMPLE = "simple"
FULL = "full"
RULE_SETS = (SIMPLE, FULL)
MATCH_LENGTHS = (0, *range(1, 26, 2))  # 0: money play (no end); matches to 1, 3, ... 25


@dataclass(frozen=True, slots=True)
class Settings:
    """How the page plays. ``opponent``, ``level``, ``rotate`` and ``auto_confirm`` apply at
    once (``tutor`` too; ``language`` reloads the page in it); ``rules``, ``match_length``,
    ``beaver`` and ``jacoby`` from the next new game."""

    opponent: str = COMPUTER  # an Opponent: a name given is made the enum (__post_init__)
    level: str | None = None  # the computer's level; None: level_names.DEFAULT_LEVEL
    rotate: bool = True  # friend mode: the board faces the player on roll
    auto_confirm: bool = False  # finish the turn as soon as the last die is played
    rules: str = SIMPLE  # Simple (single wins, no cube) or Full (cube, gammons, backgammons)
    match_length: int = 0  # 0: money play; else a match to that many points
    beaver: bool = False  # money play with the cube: a double may be beavered
    jacoby: bool = True  # money play with the cube: gammons count only after a cube turn
    tutor: bool = False  # warn before a play or cube decision that loses equity (tutor.py)
    language: str = ""  # the page's language ("tr", "ar" ...); "": the browser's (lang.js)

    def __post_init__(self) -> None:
        # Types first: a saved 7.0 equals 7, and a list cannot be looked up in LEVELS.
        for name in ("opponent", "rules", "language"):
            if not isinstance(getattr(self, name), str):
                raise SettingsError("{name} must be a name", name=name)
        if self.level is not None and not isinstance(self.level, str):
            raise SettingsError("level must be a name or null")
        if type(self.match_length) is not int:
            raise SettingsError("match length must be a whole number")
        if self.opponent not in OPPONENTS:
            raise SettingsError(
                "opponent must be one of {names}, got {value}",
                names=", ".join(OPPONENTS),
                value=repr(self.opponent),
            )
        object.__setattr__(self, "opponent", Opponent(self.opponent))  # a saved name: the enum
        if self.level is not None and self.level not in LEVEL_NAMES:
            raise SettingsError(
                "level must be one of {names}, got {value}",
                names=", ".join(LEVEL_NAMES),
                value=repr(self.level),
            )
        for name in ("rotate", "auto_confirm", "beaver", "jacoby", "tutor"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError("{name} must be true or false", name=name)
        if self.rules not in RULE_SETS:
            raise SettingsError(
                "rules must be one of {names}, got {value}",
                names=", ".join(RULE_SETS),
                value=repr(self.rules),
            )
        if self.language not in ("", *LANGUAGES):
            raise SettingsError(
                "language must be one of {names} or empty, got {value}",
                names=", ".join(LANGUAGES),
                value=repr(self.language),
            )
        if self.match_length not in MATCH_LENGTHS:
            raise SettingsError(
                "match length must be 0 (money play) or an odd number from 1 to 25, got {value}",
                value=repr(self.match_length),
            )

    def make_rules(self) -> Rules:
        """The rules a new game starts with (beaver and Jacoby only where they apply)."""
        if self.rules == SIMPLE:
            return Rules.simple(self.match_length)
        money = self.match_length == 0
        return Rules.full(
            self.match_length, beaver=self.beaver and money, jacoby=self.jacoby and money
        )

    def to_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in _SETTING_NAMES}

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings as saved; names it does not know are skipped, missing ones take defaults."""
        if not isinstance(data, dict):
            raise SettingsError("settings must be a mapping")
        return cls(**{key: value for key, value in data.items() if key in _SETTING_NAMES})


_SETTING_NAMES = (
    "opponent",
    "level",
    "rotate",
    "auto_confirm",
    "rules",
    "match_length",
    "beaver",
    "jacoby",
    "tutor",
    "language",
)


def to_viewer(point: Point, same_side: bool) -> Point:
    """A point in the mover's numbering as the viewer numbers it (bar and off stay)."""
    if same_side or point in (BAR, OFF):
        return point
    return 25 - point


@dataclass(frozen=True)
class Situation:
    """A session as it stands: the game, the play in progress, the settings; who is who
    and what may be done now (``Session`` adds what can be done)."""

    game: GameState
    settings: Settings = Settings()
    turn: Turn | None = None  # the play in progress, when a person is moving
    selected: Point | None = None  # the origin picked, in the mover's numbering
    # (player, moves) of the play just made, each move (origin, destination, hit).
    last_play: tuple[int, tuple[tuple[int, int, bool], ...]] | None = None
    news: tuple[str, int] | None = None  # (TAKEN, BEAVERED or REFUSED, who): said until a roll
    link_side: int = 0  # playing by links: the side played on this device (the other's arrive)
    # A record under review: its own players' names (Record.names), shown in place of the
    # settings' (None: the live game, named by the settings).
    names: tuple[str, str] | None = None

    # ----- who is who ---------------------------------------------------------------------

    def is_computer(self, player: int | None) -> bool:
        return self.settings.opponent == COMPUTER and player == COMPUTER_PLAYER

    @property
    def computer_to_act(self) -> bool:
        return self.is_computer(self.game.to_act)

    @property
    def person_to_act(self) -> bool:
        """The person at this device is to act (by links: only on their own side)."""
        to_act = self.game.to_act
        if self.settings.opponent == LINK:
            return to_act == self.link_side
        return to_act is not None and not self.is_computer(to_act)

    @property
    def bottom_player(self) -> int:
        """The player whose side is drawn at the bottom."""
        if self.settings.opponent == LINK:
            return self.link_side
        if self.settings.opponent == COMPUTER or not self.settings.rotate:
            return 0
        if self.game.phase is Phase.OPENING:
            return 0
        to_act = self.game.to_act
        return self.game.turn if to_act is None else to_act

    @property
    def reader(self) -> int | None:
        """The player whose numbers the board draws whatever the moment, in which a review
        writes every play (None: a board turned to each mover, where each reads their own)."""
        if self.settings.opponent == FRIEND and self.settings.rotate:
            return None
        return self.bottom_player

    @property
    def mover_at_bottom(self) -> bool:
        return self.game.turn == self.bottom_player

    # ----- what may be done ---------------------------------------------------------------

    @property
    def may_roll(self) -> bool:
        phase = self.game.phase
        if self.settings.opponent == LINK and phase is Phase.OPENING:
            return self.link_side == 0  # player 0 makes the opening roll of a game by links
        return phase is Phase.OPENING or (phase is Phase.ROLL and self.person_to_act)

    @property
    def may_undo(self) -> bool:
        return self.turn is not None and bool(self.turn.actions)

    @property
    def may_confirm(self) -> bool:
        return self.turn is not None and self.turn.is_complete

    @property
    def in_progress(self) -> bool:
        """A game or a match has started and is not over: starting anew would throw it away."""
        game = self.game
        if game.phase is Phase.MATCH_OVER:
            return False
        if game.rules.match_length and game.score != (0, 0):
            return True  # a match under way, even between its games
        return game.phase not in (Phase.OPENING, Phase.GAME_OVER)

    @property
    def fresh(self) -> bool:
        """Nothing played yet: new rules may replace the game's at once."""
        return self.game.phase is Phase.OPENING and self.game.score == (0, 0)

    @property
    def person_on_roll(self) -> bool:
        return self.game.phase is Phase.ROLL and self.person_to_act

    @property
    def may_double(self) -> bool:
        """The person on roll may double now (the rules decide: game.engine.match)."""
        return self.person_on_roll and self.game.may_double()

    @property
    def may_answer_double(self) -> bool:
        return self.game.phase is Phase.DOUBLED and self.person_to_act

    @property
    def may_beaver(self) -> bool:
        return self.may_answer_double and self.game.may_beaver()

    @property
    def resigner(self) -> int | None:
        """The person who may offer to resign now: against the computer, always the person
        (before the opening roll too); between friends, the player to act (nobody before the
        opening roll, when neither is). None when no resignation may be offered."""
        game = self.game
        if game.phase not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            return None
        if self.settings.opponent == COMPUTER:
            return 1 - COMPUTER_PLAYER
        if self.settings.opponent == LINK:
            return self.link_side if game.to_act == self.link_side else None
        return game.to_act

    @property
    def may_answer_resignation(self) -> bool:
        return self.game.phase is Phase.RESIGNED and self.person_to_act


@dataclass(frozen=True)
class Session(Situation):
    """What the page is doing, and each action on it as a new ``Session``."""

    @classmethod
    def new(cls, settings: Settings | None = None, rules: Rules | None = None) -> Session:
        """A new game (a new match, a new money session) under ``rules`` or the settings'."""
        settings = settings or Settings()
        return cls(GameState.new(rules or settings.make_rules()), settings)

    # ----- actions ------------------------------------------------------------------------

    def roll(self, rng: random.Random) -> Session:
        """Roll for whoever is to roll (the opening roll, a person, or the computer)."""
        return replace(self.after(self.game.roll(rng)), news=None)

    def set_dice(self, dice: tuple[int, int]) -> Session:
        return replace(self.after(self.game.set_dice(dice)), news=None)

    def tap(self, viewer_point: Point) -> Session:
        """A tap on a point (viewer's numbering), the bar (25) or a tray (0)."""
        if self.turn is None:
            return self
        point = self._meant(to_viewer(viewer_point, self.mover_at_bottom))  # its own inverse
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

    def _meant(self, point: Point) -> Point:
        """The point a finger meant (mover's numbering). A tap that means nothing where it
        lands, beside exactly one point that means something (a lit landing point, or with
        nothing picked up a checker that can move), goes there: on a phone a point is about
        24 CSS px wide, so a lone target is hit three points wide."""
        assert self.turn is not None
        origins = self.turn.origins()
        if self.selected is None:
            wanted: set[Point] = origins
        else:
            wanted = set(self.turn.destinations(self.selected))
        if point in wanted or point in origins or point == self.selected:
            return point
        near = [other for other in beside(point) if other in wanted]
        return near[0] if len(near) == 1 else point

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
        moves = tuple((move.origin, move.destination, move.hit) for move in play.moves)
        return replace(self.after(self.game.play(play)), last_play=(mover, moves), news=None)

    def double(self) -> Session:
        """The player on roll doubles (a person pressing Double, or the computer)."""
        return replace(self.after(self.game.double()), news=None)

    def take(self) -> Session:
        taker = self._answering()
        return replace(self.after(self.game.take()), news=(TAKEN, taker))

    def beaver(self) -> Session:
        taker = self._answering()
        return replace(self.after(self.game.beaver()), news=(BEAVERED, taker))

    def pass_(self) -> Session:
        return replace(self.after(self.game.pass_()), news=None)

    def resign(self, result: int) -> Session:
        """The person who may resign (``resigner``) offers a single (1), gammon (2) or
        backgammon (3)."""
        return self.resign_as(self.resigner, result)

    def resign_as(self, player: int | None, result: int) -> Session:
        if player is None:
            raise IllegalAction("a resignation is offered before rolling or while moving")
        return replace(self.after(self.game.resign(result, player)), news=None)

    def accept_resignation(self) -> Session:
        return replace(self.after(self.game.accept_resignation()), news=None)

    def reject_resignation(self) -> Session:
        refuser = self._answering()
        return replace(self.after(self.game.reject_resignation()), news=(REFUSED, refuser))

    def next_game(self) -> Session:
        return replace(
            self, game=self.game.next_game(), turn=None, selected=None, last_play=None, news=None
        )

    def with_settings(self, settings: Settings) -> Session:
        """New settings; new rules replace the game's at once only if nothing is played yet."""
        if self.fresh and settings.make_rules() != self.game.rules:
            return Session.new(settings)
        return replace(self, settings=settings).after(self.game)

    # ----- internals ----------------------------------------------------------------------

    def _answering(self) -> int:
        """The player answering a double or a resignation."""
        player = self.game.to_act
        assert player is not None  # a double or a resignation waits for this player
        return player

    def after(self, game: GameState) -> Session:
        """The session once ``game`` is reached: a person on the move gets a fresh Turn."""
        turn = None
        mine = self.settings.opponent != LINK or game.turn == self.link_side
        if game.phase is Phase.MOVE and not self.is_computer(game.turn) and game.dice and mine:
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


def player_name(session: Session, player: int) -> str:
    if session.settings.opponent == COMPUTER:
        return ("You", "Computer")[player]
    if session.settings.opponent == LINK:
        return "You" if player == session.link_side else "Friend"
    return PLAYER_NAMES[player]


def player_levels(session: Session) -> tuple[str | None, str | None]:
    """The level each side is played at: the computer's (its settings', else the default);
    None for a person."""
    if session.settings.opponent != COMPUTER:
        return None, None
    return None, session.settings.level or DEFAULT_LEVEL  # the computer is player 1


def seat_of(session: Session) -> Seat:
    """Who plays ``session``'s game as a record keeps it: the names the page gives them, the
    computer's level, and for two people at one screen whether the board turns to each mover.

    >>> seat_of(Session.new(Settings(opponent="friend", rotate=False)))
    Seat(names=('Cyan', 'Pink'), levels=(None, None), turned=False)
    """
    names = (player_name(session, 0), player_name(session, 1))
    turned = session.settings.rotate if session.settings.opponent == FRIEND else None
    return Seat(names, player_levels(session), turned)


# The page's own names for a record's players (``player_name``), which say how they sat.
YOU, THE_COMPUTER, FRIEND_BY_LINK = "You", "Computer", "Friend"


def seated(
    names: tuple[str, str], live: Settings, turned: bool | None = None
) -> tuple[Settings, int]:
    """How a record's players sat, as the page's own names for them say, whatever the settings
    are now: the settings (``live`` with the opponent they played) and the side played at this
    device by links. ``You`` and ``Computer``: the person against the computer, the person's
    side at the bottom; ``You`` and ``Friend``: by links, ``You``'s side at the bottom; ``Cyan``
    and ``Pink``: two people at one screen, the board turned to each mover as ``turned`` says
    (the record's ``Seat``; None, a record from before: as ``live`` turns it); any other names
    (a file's): two named sides, player 0 at the bottom.

    >>> seated(("Friend", "You"), Settings())[1], seated(("Friend", "You"), Settings())[0].opponent
    (1, <Opponent.LINK: 'link'>)
    >>> seated(("Ann", "Bob"), Settings()) == (Settings(opponent=FRIEND, rotate=False), 0)
    True
    """
    if names == (YOU, THE_COMPUTER):
        return replace(live, opponent=COMPUTER), 0
    if set(names) == {YOU, FRIEND_BY_LINK}:
        return replace(live, opponent=LINK), names.index(YOU)
    if names == PLAYER_NAMES:
        rotate = live.rotate if turned is None else turned
        return replace(live, opponent=FRIEND, rotate=rotate), 0
    return replace(live, opponent=FRIEND, rotate=False), 0


def person_side(session: Session) -> int | None:
    """The side of the one person at this device (against the computer, or a friend by
    links); None for two people at one screen."""
    if session.settings.opponent == COMPUTER:
        return 0
    if session.settings.opponent == LINK:
        return session.link_side
    return None
