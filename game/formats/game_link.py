"""Whole games in a link: a record as a short URL-safe text.

    >>> from game.engine.record import Action, Record
    >>> from game.engine.match import Rules
    >>> record = Record.new(Rules.full(match_length=7))
    >>> record = record.extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    >>> text = encode_game(record)
    >>> text
    '1.3g..2.ATY.B9'
    >>> decode_game(text).state == record.state
    True

The text is ``VERSION.RULES.START.COUNT.ACTIONS.CHECK``:

- ``VERSION`` is ``1``; ``2`` only for a record holding a resignation before an opening roll
  (match files hold such games), whose opening choices add the six resignations (player 0
  offering 1, 2, 3, then player 1): every other record keeps its version 1 text; ``3`` (read
  as 2) only for a record holding positions set up by hand (an edited game from an ``.sgf``),
  with one more field before ``CHECK``: per set-up, ``STEP-PID`` + the player to roll + the
  cube's power of two + its owner (``2`` centred), joined by ``:``, where ``STEP`` (base 36)
  is its place among the actions (it takes no digit of ``ACTIONS``) and ``PID`` the
  position's ID seen from player 0. ``4`` only for a record of more than ``LONG_RECORD``
  actions: version 3 (its set-ups field always there, empty or not) whose ``ACTIONS`` are
  blocks (``link_blocks.py``: 256 digits a number, each number after its length) and whose
  plays are named move by move: each move is its index among the moves the rules allow then
  (the higher die's, then the lower's: ``MoveByMove``), the first move's choices followed by
  the six resignations; a play ends when its dice are used or nothing more can move. So a
  version 4 link reads in time linear in its length (no number of the whole link divided per
  action, no search of every play) for some 20% more characters. A reader refuses versions
  it does not know.
- ``RULES``: match length times 16 plus cube 8, gammons 4, beaver 2, Jacoby 1, in base 36.
- ``START``: empty for a new match or session; ``A-B`` for a new game at that score
  (``A-B-c`` the Crawford game, ``A-B-p`` post-Crawford); otherwise the start's GNU
  Backgammon ``PID:MID`` (with ``-`` and ``_`` for ``+`` and ``/``).
- ``COUNT``: how many actions follow (a new game counts as one), base 36.
- ``ACTIONS``: one whole number in base64url (no padding). Each action is its index among
  the choices of the state it was taken in, and the number is the mixed-radix sum of those
  indices (the first action in the lowest place): opening rolls (30, player 0's die then
  player 1's), rolls (36 ordered), a double where allowed, the six resignations (the player
  to act offering 1, 2, 3, then the other), the legal plays ordered by their resulting
  position (the mover's checkers, then the opponent's, as tuples), take/pass/beaver,
  accept/reject; a game over has one choice, the next game.
- ``CHECK``: two characters of a CRC-32 of the rest, so that a link cut short or mistyped
  is refused rather than read as another game.

So a play costs about log2 of the number of legal plays in bits and a roll about
5.2: a 60-turn game takes some 100 characters. Plays come back as the generator's
moves for the same resulting position (the order a player made them in is not kept).

``format_game_link``/``parse_game_link`` add and check the gnubg ``PID:MID`` of the last
position (``gnubgid=PID:MID&game=TEXT``), so a reader that knows only positions still
shows it. Any text that is not a valid link raises ``InvalidGameLink`` saying why.

Checkable dice (``docs/dice.md``) ride beside the game: ``&dice=`` then per game, in order,
its commitment and ``-`` and its seed once revealed (64 lowercase hex digits each), the games
separated by ``.`` (an empty entry: a game without them). ``parse_game_link_dice`` reads
them; links without ``dice=`` (every older link) read as before, with no dice.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
import zlib
from collections.abc import Iterator, Mapping, Sequence
from urllib.parse import parse_qs, quote

from game.engine.dice import Dice
from game.engine.match import Cube, IllegalAction, InvalidRules, Rules
from game.engine.plays import (
    Found,
    IllegalPlay,
    MoveByMove,
    Play,
    known_play_of_key,
    legal_play_keys,
    play_by_indices,
)
from game.engine.position import Position
from game.engine.record import Action, ActionKind, Record, RecordError, collector_paused
from game.engine.refusal import AND, Listed, Refusal
from game.engine.seeded_dice import GameDice
from game.engine.state import GameState, InvalidState, Phase
from game.formats.gnubg_id import read_gnubg_id, write_gnubg_id
from game.formats.link_blocks import BlockDigits, DamagedBlocks, pack_blocks
from game.formats.position_id import format_position_id, parse_position_id

__all__ = [
    "LINK_VERSION",
    "InvalidGameLink",
    "InvalidLinkDice",
    "decode_game",
    "encode_game",
    "format_game_link",
    "parse_game_link",
    "parse_game_link_dice",
]

LINK_VERSION = "1"
OPENING_RESIGNATIONS_VERSION = "2"  # version 1 with resignations among the opening choices
SETUPS_VERSION = "3"  # version 2 with positions set up by hand, in a field before the check
BLOCKS_VERSION = "4"  # version 3 in blocks, plays move by move: records over LONG_RECORD
VERSIONS = (LINK_VERSION, OPENING_RESIGNATIONS_VERSION, SETUPS_VERSION, BLOCKS_VERSION)
LONG_RECORD = 2_000  # actions: a longer record's link is of version 4, read in linear time
MAX_TEXT = 40_000  # far beyond a long match (a 25-point match is about 3,000 characters)
MAX_ACTIONS = 20_000  # a 64-point match has some 8,000: more is not a game, and slow to replay

_OPENING = [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b]
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
NEXT_GAME = "next"  # a choice that is not an action: the next game of the match starts
_ANSWERS = {
    Phase.DOUBLED: (ActionKind.TAKE, ActionKind.PASS, ActionKind.BEAVER),
    Phase.RESIGNED: (ActionKind.ACCEPT, ActionKind.REJECT),
}


class InvalidGameLink(Refusal):
    """Text that is not a whole-game link this version can read."""


class InvalidLinkDice(InvalidGameLink):
    """A game's dice in a link that are not a commitment and a seed; ``game`` says which."""

    @property
    def game(self) -> int:
        game = self.fields["game"]
        return game if isinstance(game, int) else 0

    @property
    def reason(self) -> str:
        return str(self.fields["reason"])


def _ranked_plays(state: GameState) -> tuple[list[bytes], Found]:
    """The legal plays' resulting positions as keys, in the link's order (the mover's
    checkers, then the opponent's, as tuples: the keys' byte order), and their moves."""
    found = legal_play_keys(state.position, state.dice)  # type: ignore[arg-type]
    return sorted(found), found


def _resignations(actor: int) -> list[tuple[ActionKind | str, object]]:
    return [(ActionKind.RESIGN, (r, p)) for p in (actor, 1 - actor) for r in (1, 2, 3)]


_RESIGNATIONS = {actor: _resignations(actor) for actor in (0, 1)}  # read, never changed
_ROLL_ACTIONS = [Action.roll(dice) for dice in _ROLLS]
_ROLL_CHOICES = {
    (actor, may_double): [
        *((ActionKind.ROLL, dice) for dice in _ROLLS),
        *([(ActionKind.DOUBLE, None)] if may_double else []),
        *_resignations(actor),
    ]
    for actor in (0, 1)
    for may_double in (False, True)
}


def _choices(state: GameState, version: str) -> list[tuple[ActionKind | str, object]]:
    """The actions possible in ``state`` other than plays, in the link's order: (kind,
    detail). In MOVE they follow the legal plays (``_ranked_plays``)."""
    choices: list[tuple[ActionKind | str, object]]
    phase = state.phase
    if phase is Phase.OPENING:
        choices = [(ActionKind.ROLL, dice) for dice in _OPENING]
        if version != LINK_VERSION:
            choices += [(ActionKind.RESIGN, (r, p)) for p in (0, 1) for r in (1, 2, 3)]
        return choices
    if phase is Phase.GAME_OVER:
        return [(NEXT_GAME, None)]
    if phase is Phase.MATCH_OVER:
        return []
    if phase is Phase.DOUBLED:
        answers = [ActionKind.TAKE, ActionKind.PASS] + (
            [ActionKind.BEAVER] if state.may_beaver() else []
        )
        return [(answer, None) for answer in answers]
    if phase is Phase.RESIGNED:
        return [(ActionKind.ACCEPT, None), (ActionKind.REJECT, None)]
    actor = state.to_act
    assert actor is not None
    if phase is Phase.ROLL:
        return _ROLL_CHOICES[actor, state.may_double()]
    return _resignations(actor)


def _index(state: GameState, action: Action, version: str) -> tuple[int, int]:
    """(index, radix) of ``action`` among the choices of ``state``."""
    choices = _choices(state, version)
    kind = action.kind
    plays = 0
    if state.phase is Phase.MOVE:
        ranked, _ = _ranked_plays(state)
        plays = len(ranked)
        if kind == ActionKind.PLAY:
            from game.engine.record import play_of

            reached = play_of(state.position, action.moves).position
            key = bytes(reached.player) + bytes(reached.opponent)
            index = bisect.bisect_left(ranked, key)
            if index < plays and ranked[index] == key:
                return index, plays + len(choices)
    for index, (name, detail) in enumerate(choices):
        if name != kind:
            continue
        if kind == ActionKind.ROLL and detail != action.dice:
            continue
        if kind == ActionKind.RESIGN and detail != (action.result, action.player):
            continue
        return plays + index, plays + len(choices)
    raise ValueError(f"{action} is not possible in the state it follows")


# ----- writing ----------------------------------------------------------------------------------


def encode_game(record: Record) -> str:
    """The record as link text (see the module notes)."""
    version = _version_of(record)
    setups: list[str] = []
    places: list[tuple[int, int]] = []
    count = 0
    for number, state, action in _steps(record):
        if action is None:
            if number > 1:
                count += 1
                places.append((0, 1))  # the next game: one choice
            continue
        if action.kind == ActionKind.SETUP:
            setups.append(f"{base36(count)}-{_setup_text(action)}")
            places.append((0, 1))  # a set-up: no choice, its text rides beside
        elif version == BLOCKS_VERSION and state.phase is Phase.MOVE:
            places += _move_places(state, action)
        else:
            places.append(_index(state, action, version))
        count += 1
    if version == BLOCKS_VERSION:
        data = pack_blocks(places)
    else:
        value = 0
        for digit, radix in reversed(places):
            value = value * radix + digit
        data = value.to_bytes((value.bit_length() + 7) // 8, "big")
    payload = base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    fields = [version, base36(_rules_code(record.rules)), _start_text(record)]
    extra = [":".join(setups)] if version in (SETUPS_VERSION, BLOCKS_VERSION) else []
    body = ".".join([*fields, base36(count), payload, *extra])
    return f"{body}.{_check(body)}"


def _version_of(record: Record) -> str:
    if sum(map(len, record.games)) + len(record.games) - 1 > LONG_RECORD:
        return BLOCKS_VERSION
    if any(action.kind == ActionKind.SETUP for game in record.games for action in game):
        return SETUPS_VERSION
    if any(game and game[0].kind == ActionKind.RESIGN for game in record.games):
        return OPENING_RESIGNATIONS_VERSION
    return LINK_VERSION


def _move_places(state: GameState, action: Action) -> list[tuple[int, int]]:
    """A play or a resignation in MOVE as version 4 names it: a play move by move, each move
    its index among the moves the rules allow then (``MoveByMove``), the first move's choices
    followed by the six resignations."""
    position, dice = state.position, state.dice
    assert dice is not None
    assert state.to_act is not None
    resignations = _resignations(state.to_act)
    first = len(MoveByMove(position, dice).options())
    if action.kind == ActionKind.RESIGN:
        index = resignations.index((ActionKind.RESIGN, (action.result, action.player)))
        return [(first + index, first + len(resignations))]
    if action.kind != ActionKind.PLAY:
        raise ValueError(f"{action} is not possible in the state it follows")
    from game.engine.record import play_of

    places = _moves_as_places(position, dice, action.moves)
    if places is None:  # moves in an order no die allows (a checker moved before entering)
        found = legal_play_keys(position, dice)
        reached = play_of(position, action.moves).position
        moves = found[bytes(reached.player) + bytes(reached.opponent)]
        places = _moves_as_places(position, dice, [(m.origin, m.destination) for m in moves])
    if not places:
        raise ValueError(f"{action} is not possible in the state it follows")
    index, radix = places[0]
    return [(index, radix + len(resignations)), *places[1:]]


def _moves_as_places(
    position: Position, dice: Dice, moves: Sequence[tuple[int, int]], chosen: tuple[int, ...] = ()
) -> list[tuple[int, int]] | None:
    """(index, radix) of each of ``moves`` among the moves allowed then, after the options
    ``chosen`` (a bear-off that either die makes: the higher die first, else the lower)."""
    made = MoveByMove(position, dice)
    places = []
    for index in chosen:
        places.append((index, len(made.options())))
        made.make(index)
    for pair in moves[len(chosen) :]:
        options = made.options() if made.left else []
        matches = [index for index, option in enumerate(options) if option == tuple(pair)]
        if len(matches) > 1:  # the same bear-off by either die: the one that goes on
            for index in matches:
                found = _moves_as_places(position, dice, moves, (*chosen, index))
                if found is not None:
                    return found
            return None
        if not matches:
            return None
        places.append((matches[0], len(options)))
        made.make(matches[0])
        chosen = (*chosen, matches[0])
    if made.left and made.options():
        return None
    return places


def _check(body: str) -> str:
    value = zlib.crc32(body.encode("ascii")) & 0xFFF
    return _ALPHABET[value >> 6] + _ALPHABET[value & 63]


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _steps(record: Record) -> Iterator[tuple[int, GameState, Action | None]]:
    """(game, state, action) for each action, with the state it is taken in; (game, state,
    None) where a game begins."""
    state = record.start
    from game.engine.record import apply_action

    for number, game in enumerate(record.games, 1):
        if number > 1:
            state = state.next_game()
        yield number, state, None
        for action in game:
            yield number, state, action
            state = apply_action(state, action)


def _setup_text(action: Action) -> str:
    """A set-up: the position's ID seen from player 0 (``-``, ``_`` for ``+``, ``/``), then the
    player to roll, the cube's power of two and its owner (``2`` centred)."""
    assert action.position is not None and action.cube is not None
    pid = format_position_id(action.position).replace("+", "-").replace("/", "_")
    owner = 2 if action.cube.owner is None else action.cube.owner
    return f"{pid}{action.player}{action.cube.value.bit_length() - 1}{owner}"


def _read_setup(text: str) -> Action:
    found = re.fullmatch(r"([A-Za-z0-9_\-]{14})([01])([0-6])([012])", text)
    if not found:
        raise InvalidGameLink("the game link is damaged: a position set up cannot be read")
    pid, player, power, owner = found.groups()
    try:
        position = parse_position_id(pid.replace("-", "+").replace("_", "/"))
        cube = Cube(1 << int(power), None if owner == "2" else int(owner))
    except ValueError:
        raise InvalidGameLink("the game link is damaged: a position set up is not one") from None
    return Action.setup(position, int(player), cube)


def base36(value: int) -> str:
    """``value`` in base 36, lower-case digits (the links' counts)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
        if not value:
            return text


def _rules_code(rules: Rules) -> int:
    flags = (rules.cube, rules.gammons, rules.beaver, rules.jacoby)
    return rules.match_length * 16 + sum(bit << (3 - i) for i, bit in enumerate(flags))


def _start_text(record: Record) -> str:
    start, rules = record.start, record.rules
    if start == GameState.new(rules):
        return ""
    if start.phase is Phase.OPENING and start.position == GameState.new().position:
        a, b = start.score
        flags: dict[str, bool]
        for suffix, flags in (
            ("", {}),
            ("-c", {"crawford": True}),
            ("-p", {"post_crawford": True}),
        ):
            flags = {"crawford": False, **flags} if suffix else flags
            try:
                if start == GameState.new(rules, start.score, **flags):  # type: ignore[arg-type]
                    return f"{a}-{b}{suffix}"
            except IllegalAction:
                continue
    return write_gnubg_id(start).replace("+", "-").replace("/", "_")


# ----- reading ----------------------------------------------------------------------------------

_FIELDS = re.compile(
    r"([0-9]+)\.([0-9a-z]+)\.([A-Za-z0-9_:\-]*)\.([0-9a-z]+)\.([A-Za-z0-9_\-]*)\.([A-Za-z0-9_\-]{2})\Z"
)


def decode_game(text: object) -> Record:
    """The record in link text; ``InvalidGameLink`` saying why when it is not one."""
    with collector_paused():  # as a file's game is replayed (``record.collector_paused``)
        return _decode_game(text)


def _decode_game(text: object) -> Record:
    if not isinstance(text, str):
        raise InvalidGameLink("a game link is text, got {kind}", kind=type(text).__name__)
    if len(text) > MAX_TEXT:
        raise InvalidGameLink("the game link is too long ({count} characters)", count=len(text))
    text = text.strip()
    version = text.split(".", 1)[0]
    if version not in VERSIONS:
        if re.fullmatch(r"[0-9]+", version):
            raise InvalidGameLink(
                "the game link is version {version}; this page reads versions {versions}",
                version=version[:8],
                versions=Listed(VERSIONS, AND),
            )
        raise InvalidGameLink("not a game link: a game link begins with its version number ('1.')")
    setups: dict[int, Action] = {}
    if version in (SETUPS_VERSION, BLOCKS_VERSION):
        # The set-ups ride in a field of their own before the check: read them, then the
        # rest as a version without them.
        head, dot, setups_text = text.rpartition(".")[0].rpartition(".")
        check_text = text.rpartition(".")[2]
        if not dot or not re.fullmatch(r"[A-Za-z0-9_:\-]*", setups_text):
            raise InvalidGameLink("the game link is damaged or cut short")
        if _check(text[: -len(check_text) - 1]) != check_text:
            raise InvalidGameLink("the game link is damaged or cut short: its check does not match")
        for entry in setups_text.split(":") if setups_text else []:
            step_text, _, setup_text = entry.partition("-")
            if not re.fullmatch(r"[0-9a-z]{1,5}", step_text):
                raise InvalidGameLink("the game link is damaged: a set-up's place is not one")
            setups[int(step_text, 36)] = _read_setup(setup_text)
        text = f"{head}.{check_text}"
    fields = _FIELDS.match(text)
    if not fields:
        raise InvalidGameLink("the game link is damaged or cut short")
    _, rules_text, start_text, count_text, payload, check = fields.groups()
    if version not in (SETUPS_VERSION, BLOCKS_VERSION) and _check(text[: -len(check) - 1]) != check:
        raise InvalidGameLink("the game link is damaged or cut short: its check does not match")
    rules = _read_rules(int(rules_text, 36) if len(rules_text) < 8 else -1)
    start = _read_start(start_text, rules)
    count = int(count_text, 36) if len(count_text) < 8 else -1
    if count > MAX_ACTIONS:
        raise InvalidGameLink("the game link holds too many actions ({count})", count=count)
    if not 0 <= count <= 12 * len(payload) + 2 + len(setups):
        raise InvalidGameLink("the game link is damaged: more actions than it has room for")
    if len(payload) % 4 == 1:
        raise InvalidGameLink("the game link is truncated")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise InvalidGameLink("the game link is damaged: bad characters in its actions") from None
    record = Record(start, ((),))
    if version == BLOCKS_VERSION:
        return _read_blocks(record, count, setups, BlockDigits(data))
    value = int.from_bytes(data, "big")
    step = 0
    while step < count:
        state = record.state
        setup = setups.get(step)
        step += 1
        if setup is not None:
            try:
                record = record.append(setup)
            except RecordError as error:
                raise InvalidGameLink("the game link is damaged: {error}", error=error) from None
            continue
        choices = _choices(state, version)
        if not choices:
            raise InvalidGameLink(
                "the game link goes on after the match is over (action {step})", step=step
            )
        ranked, found = _ranked_plays(state) if state.phase is Phase.MOVE else ([], {})
        value, digit = divmod(value, len(ranked) + len(choices))
        kind: ActionKind | str
        detail: object
        if digit < len(ranked):
            key = ranked[digit]
            kind = ActionKind.PLAY
            detail = known_play_of_key(key, found[key], state.position, state.dice)  # type: ignore[arg-type]
        else:
            kind, detail = choices[digit - len(ranked)]
        try:
            if (
                kind == ActionKind.ROLL
                and state.phase is Phase.ROLL
                and step < count
                and step not in setups
            ):
                # A roll, then what the roller did: read and taken in one step when it is a
                # play (a link's every turn but the blocked ones).
                record, value, step = _turn(record, state, detail, value, step)  # type: ignore[arg-type]
                continue
            record = _take(record, kind, detail)
        except RecordError as error:  # cannot happen for a choice offered: say so plainly
            raise InvalidGameLink("the game link is damaged: {error}", error=error) from None
    if value:
        raise InvalidGameLink("the game link is damaged: it holds more than its actions")
    return record


def _turn(
    record: Record, state: GameState, dice: Dice, value: int, step: int
) -> tuple[Record, int, int]:
    """The record after a roll from ``state`` (in ROLL) and the action the link reads after it,
    the rest of the link's number and the next step: the choices after the roll are its legal
    plays, then the roller's six resignations (``_choices``), read without the state between."""
    found = legal_play_keys(state.position, dice)
    if not found:  # a roll that cannot be played: the turn passes by itself
        return record.append(Action.roll(dice)), value, step
    ranked = sorted(found)
    resignations = _resignations(state.turn)
    value, digit = divmod(value, len(ranked) + len(resignations))
    if digit < len(ranked):
        key = ranked[digit]
        play = known_play_of_key(key, found[key], state.position, dice)
        return record.append_turn(Action.roll(dice), Action.of_play(play)), value, step + 1
    kind, detail = resignations[digit - len(ranked)]
    return _take(record.append(Action.roll(dice)), kind, detail), value, step + 1


def _read_blocks(
    record: Record, count: int, setups: dict[int, Action], digits: BlockDigits
) -> Record:
    """Version 4's actions: version 3's choices, read from blocks, and a play move by move
    (``_read_move``): no step divides the whole link's number or searches every play."""
    step = 0
    digit = digits.digit
    doubling: list[tuple[object, ...]] = [(), ()]  # per player: cube, score, Crawford, may double
    try:
        while step < count:
            state = record.state
            setup = setups.get(step) if setups else None
            step += 1
            if setup is not None:
                record = record.append(setup)
            elif state.phase is Phase.ROLL and step < count and step not in setups:
                # A roll and what the roller did after it, read in one step (``_read_choice``
                # for the common turn; ``may_double`` asked again only when the cube, the
                # score or the Crawford game changed).
                turn = state.turn
                known = doubling[turn]
                if (
                    known
                    and known[0] is state.cube
                    and known[1] is state.score
                    and known[2] is state.crawford
                ):
                    may_double = known[3]
                else:
                    may_double = state.may_double()
                    doubling[turn] = (state.cube, state.score, state.crawford, may_double)
                choices = _ROLL_CHOICES[turn, may_double]  # type: ignore[index]
                index = digit(len(choices))
                if index < len(_ROLLS):
                    roll = _ROLL_ACTIONS[index]
                    record, played = _read_move(record, _ROLLS[index], turn, digits, roll)
                    step += played
                else:
                    record = _take(record, *choices[index])
            elif state.phase is Phase.MOVE:
                assert state.dice is not None and state.to_act is not None
                record, _ = _read_move(record, state.dice, state.to_act, digits, None)
            else:
                record, step = _read_choice(
                    record, state, digits, step, step < count and step not in setups
                )
    except RecordError as error:
        raise InvalidGameLink("the game link is damaged: {error}", error=error) from None
    except DamagedBlocks:
        raise InvalidGameLink("the game link is damaged or cut short") from None
    if not digits.finished():
        raise InvalidGameLink("the game link is damaged: it holds more than its actions")
    return record


def _read_choice(
    record: Record, state: GameState, digits: BlockDigits, step: int, then_more: bool
) -> tuple[Record, int]:
    """The record after action ``step``, not a play, and the last step read: a roll and what
    the roller did after it are read in one step when the link goes on (``then_more``)."""
    choices = _choices(state, BLOCKS_VERSION)
    if not choices:
        raise InvalidGameLink(
            "the game link goes on after the match is over (action {step})", step=step
        )
    kind, detail = choices[digits.digit(len(choices))]
    if kind == ActionKind.ROLL and state.phase is Phase.ROLL and then_more:
        roll = Action.roll(detail)  # type: ignore[arg-type]
        assert roll.dice is not None
        record, played = _read_move(record, roll.dice, state.turn, digits, roll)
        return record, step + played
    return _take(record, kind, detail), step


def _read_move(
    record: Record, dice: Dice, actor: int, digits: BlockDigits, roll: Action | None
) -> tuple[Record, bool]:
    """The record after a play or a resignation of ``actor`` with ``dice`` (after ``roll``
    when given: a roll that cannot be played passes the turn, and nothing more is read), and
    whether an action was read."""
    resignations = _RESIGNATIONS[actor]
    try:
        play = play_by_indices(record.state.position, dice, digits.digit, len(resignations))
    except IllegalPlay:  # fewer dice than a play could use: no encoder writes it
        raise InvalidGameLink("the game link is damaged or cut short") from None
    if play is None:  # no checker moves
        if roll is not None:
            return record.append(roll), False  # the turn passes, nothing more is read
        play = digits.digit(len(resignations))
    if isinstance(play, int):
        kind, detail = resignations[play]
        return _take(record if roll is None else record.append(roll), kind, detail), True
    action = Action.of_play(play)
    if roll is None:
        return record.append(action), True
    return record.append_turn(roll, action), True


def _take(record: Record, kind: ActionKind | str, detail: object) -> Record:
    if kind == NEXT_GAME:
        return record.next_game()
    if kind == ActionKind.ROLL:
        return record.append(Action.roll(detail))  # type: ignore[arg-type]
    if kind == ActionKind.PLAY:
        assert isinstance(detail, Play)
        return record.append(Action.of_play(detail))
    if kind == ActionKind.RESIGN:
        assert isinstance(detail, tuple)  # (result, player)
        result, player = detail
        return record.append(Action.resign(result, player))
    return record.append(Action(ActionKind(kind)))


def _read_rules(code: int) -> Rules:
    if code < 0:
        raise InvalidGameLink("the game link's rules cannot be read")
    length, flags = divmod(code, 16)
    try:
        return Rules(
            cube=bool(flags & 8),
            gammons=bool(flags & 4),
            match_length=length,
            beaver=bool(flags & 2),
            jacoby=bool(flags & 1),
        )
    except InvalidRules as error:
        raise InvalidGameLink("the game link's rules: {error}", error=error) from None


def _read_start(text: str, rules: Rules) -> GameState:
    try:
        if not text:
            return GameState.new(rules)
        found = re.fullmatch(r"([0-9]{1,3})-([0-9]{1,3})(?:-([cp]))?", text)
        if found:
            score = (int(found.group(1)), int(found.group(2)))
            flag = found.group(3)
            if flag == "c":
                return GameState.new(rules, score, crawford=True)
            if flag == "p":
                return GameState.new(rules, score, crawford=False, post_crawford=True)
            return GameState.new(rules, score)
        gnubg_id = text.replace("-", "+").replace("_", "/")
        return read_gnubg_id(gnubg_id, rules)
    except (IllegalAction, InvalidState, InvalidRules, ValueError) as error:
        raise InvalidGameLink("the game link's starting position: {error}", error=error) from None


def format_game_link(record: Record, dice: Mapping[int, GameDice] | None = None) -> str:
    """``gnubgid=PID:MID&game=TEXT``: the address fragment for the record (without ``#``),
    with ``&dice=...`` when ``dice`` holds any game's commitment."""
    link = f"gnubgid={quote(write_gnubg_id(record.state), safe=':')}&game={encode_game(record)}"
    field = format_link_dice(dice or {})
    return f"{link}&dice={field}" if field else link


def format_link_dice(dice: Mapping[int, GameDice]) -> str:
    """The ``dice=`` field's value: per game ``COMMITMENT`` or ``COMMITMENT-SEED``, joined by
    ``.`` (empty when there are none)."""
    if not dice:
        return ""
    entries = []
    for number in range(1, max(dice) + 1):
        game = dice.get(number)
        if game is None:
            entries.append("")
        else:
            entries.append(game.commitment + (f"-{game.seed}" if game.seed else ""))
    return ".".join(entries)


def parse_game_link_dice(fragment: str) -> dict[int, GameDice]:
    """Each game's dice in a link's ``dice=`` field (none when it has no such field);
    ``InvalidGameLink`` when it cannot be read."""
    if not isinstance(fragment, str):
        raise InvalidGameLink("a link is text, got {kind}", kind=type(fragment).__name__)
    if len(fragment) > MAX_TEXT:
        raise InvalidGameLink("the link is too long ({count} characters)", count=len(fragment))
    fields = parse_qs(fragment.lstrip("#"), keep_blank_values=True)
    text = (fields.get("dice") or [""])[0]
    if not text:
        return {}
    if len(text) > MAX_TEXT:
        raise InvalidGameLink("the link's dice are too long")
    dice = {}
    for number, entry in enumerate(text.split("."), 1):
        if not entry:
            continue
        commitment, _, seed = entry.partition("-")
        try:
            dice[number] = GameDice(commitment, seed or None)
        except ValueError as error:
            raise InvalidLinkDice(
                "the link's dice of game {game}: {reason}", game=number, reason=error
            ) from None
    return dice


def parse_game_link(fragment: str) -> Record:
    """The record in an address fragment made by ``format_game_link`` (a leading ``#`` is
    allowed); the ``gnubgid`` beside it, when present, must be the last position's."""
    if not isinstance(fragment, str):
        raise InvalidGameLink("a link is text, got {kind}", kind=type(fragment).__name__)
    if len(fragment) > MAX_TEXT:
        raise InvalidGameLink("the link is too long ({count} characters)", count=len(fragment))
    fields = parse_qs(fragment.lstrip("#"), keep_blank_values=True)
    games = fields.get("game")
    if not games:
        raise InvalidGameLink("the link carries no game (game=...)")
    record = decode_game(games[0])
    shown = fields.get("gnubgid")
    if shown and shown[0].replace(" ", "+") != write_gnubg_id(record.state):
        raise InvalidGameLink("the link's position and its game do not agree")
    return record
