"""The page's checkable dice: each game's secret seed, its commitment, and the Dice panel's words.

    >>> from game.engine.match import Rules
    >>> from game.engine.record import Action, Record
    >>> record = Record.new(Rules.full(match_length=1))
    >>> box = DiceBox.for_record(record, None, seeds=[bytes(32)])
    >>> box.panel(record).lines[0]
    'Commitment: 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
    >>> record = record.append(Action.roll(box.next_roll(record)))
    >>> record.games[0][0].dice
    (3, 4)

A ``DiceBox`` holds one 32-byte seed per game of the record (``game.engine.seeded_dice``):
the seed of the game in progress stays in the box and is never shown, given to the computer
or written anywhere but the page's own save; once a game is over its seed is revealed in
``game_dice`` (for the ``.mat`` file and the share link) and the panel checks every roll of
that game against its commitment. ``for_record`` draws a fresh seed (``secrets``) for each
game the box has none for, so every game has its own. Reading saved data is total: what
cannot be read gives an empty box (the game goes on with fresh seeds, nothing is lost).

A game may have no seed (``None``): one played on from a moment of a replay, whose dice
could be foreseen once its seed was shown; the page throws those with its own generator
and the panel says they have no commitment. A new match takes a new box.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from game.engine.dice import Dice
from game.engine.record import ROLL, Record
from game.engine.seeded_dice import (
    SEED_BYTES,
    DiceCup,
    DiceMismatch,
    GameDice,
    check_game_rolls,
    new_seed,
)
from game.engine.state import Phase
from game.web.language.catalog import FIRST_STRONG_ISOLATE, POP_ISOLATE, _, n_

ISOLATES = FIRST_STRONG_ISOLATE + POP_ISOLATE  # around a value in right-to-left text
HEX = frozenset("0123456789abcdef")

BOX_VERSION = 1
MAX_GAMES = 200  # a saved box holds at most this many seeds (a 25-point match has far fewer)


@dataclass(frozen=True)
class DicePanel:
    """What the Dice panel says: a title and its lines; ``checked`` once a game's rolls are."""

    title: str
    lines: tuple[str, ...]
    checked: bool | None = None  # True: every roll matches; False: one does not; None: not yet


@dataclass(frozen=True)
class DiceBox:
    seeds: tuple[bytes | None, ...] = ()  # per game of the record, from game 1

    @classmethod
    def for_record(
        cls, record: Record, box: DiceBox | None, seeds: Iterable[bytes] = ()
    ) -> DiceBox:
        """``box`` with a seed for every game of ``record`` it has none for (from ``seeds``,
        else fresh); games beyond the record's are dropped."""
        have = list(box.seeds if box is not None else ())
        given = iter(seeds)
        while len(have) < len(record.games):
            have.append(next(given, None) or new_seed())
        return cls(tuple(have[: max(len(record.games), 1)]))

    def cup(self, game: int) -> DiceCup | None:
        seed = self.seeds[game - 1] if 0 < game <= len(self.seeds) else None
        return None if seed is None else DiceCup(seed)

    def without_seed(self, game: int) -> DiceBox:
        """The box with game ``game`` uncommitted (played on from a replay)."""
        seeds = list(self.seeds) + [None] * max(0, game - len(self.seeds))
        seeds[game - 1] = None
        return DiceBox(tuple(seeds))

    def next_roll(self, record: Record) -> Dice | None:
        """The dice of the current game's next roll (the opening roll first); None when
        the game has no seed."""
        cup = self.cup(len(record.games))
        if cup is None:
            return None
        return cup.roll(sum(1 for action in record.games[-1] if action.kind == ROLL))

    def game_dice(self, record: Record) -> dict[int, GameDice]:
        """Per game its commitment, and its seed when that game is over."""
        found = {}
        last = len(record.games)
        for number in range(1, min(last, len(self.seeds)) + 1):
            over = number < last or record.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
            cup = self.cup(number)
            if cup is not None:
                found[number] = cup.game_dice(revealed=over)
        return found

    def panel(self, record: Record) -> DicePanel:
        """The Dice panel for the current game of ``record``."""
        number = len(record.games)
        return dice_panel(record, number, self.game_dice(record).get(number))

    def follow(self, before: Record | None, after: Record) -> DiceBox:
        """The box for the page's record ``after`` once ``before`` became it (None: the box
        was saved with ``after``). A game keeps its seed while ``after`` goes on from
        ``before`` (the same start, the game's actions as they were, or more of them in
        ``before``'s last game); a game that begins in ``after`` at its opening with nothing
        played gets a fresh seed; any other game has none (a position from a link, a game
        played on from a replay: rolls that were seen cannot be committed to)."""
        games = after.games
        if before is after and len(self.seeds) == len(games):
            return self
        kept = len(games) if before is None else _carried(before, after)
        seeds = list(self.seeds[:kept])
        while len(seeds) < len(games):
            last = len(seeds) == len(games) - 1
            fresh = last and not games[-1] and after.state.phase is Phase.OPENING
            seeds.append(new_seed() if fresh else None)
        return DiceBox(tuple(seeds))

    def to_data(self) -> dict[str, object]:
        """JSON-able data for the page's save (seeds of games in progress included: the
        save stays on this device)."""
        return {"version": BOX_VERSION, "seeds": [s.hex() if s else None for s in self.seeds]}

    @classmethod
    def from_data(cls, data: object) -> DiceBox:
        """The box saved by ``to_data``; an empty box when it cannot be read."""
        if not isinstance(data, dict) or data.get("version") != BOX_VERSION:
            return cls()
        seeds = data.get("seeds")
        if not isinstance(seeds, list) or len(seeds) > MAX_GAMES:
            return cls()
        read: list[bytes | None] = []
        for text in seeds:
            if text is None:
                read.append(None)
                continue
            if not isinstance(text, str) or len(text) != 2 * SEED_BYTES:
                return cls()
            try:
                read.append(bytes.fromhex(text))
            except ValueError:
                return cls()
        return cls(tuple(read))


def _carried(before: Record, after: Record) -> int:
    """How many of ``after``'s games go on from ``before``'s, from the first."""
    if before.start != after.start:
        return 0
    old = before.games
    kept = 0
    for index, game in enumerate(after.games[: len(old)]):
        previous = old[index]
        extended = index == len(old) - 1 and game[: len(previous)] == previous
        if game != previous and not extended:
            break
        kept = index + 1
    return kept


def dice_panel(record: Record, number: int, dice: GameDice | None) -> DicePanel:
    """The Dice panel for game ``number`` of ``record`` whose dice are ``dice`` (None: it
    has no commitment). Once the seed is revealed the engine checks every roll of the game
    against it (``check_game_rolls``)."""
    title = _("Dice, game {number}", number=number)
    if dice is None:
        return DicePanel(
            title,
            (
                _(
                    "This game's dice have no commitment here, so this panel cannot check them: "
                    "they were not thrown from a seed of this page (an address with ?seed=, a "
                    "position from a link, a game played on from the review, or a game with a "
                    "friend by link, whose dice both players fix together)."
                ),
            ),
        )
    actions = record.games[number - 1] if 0 < number <= len(record.games) else ()
    rolls = [a.dice for a in actions if a.kind == ROLL and a.dice is not None]
    over = number < len(record.games) or record.state.phase in (
        Phase.GAME_OVER,
        Phase.MATCH_OVER,
    )
    lines = [_("Commitment: {hex}", hex=dice.commitment)]
    if dice.seed is None:
        if over:
            lines.append(
                _("The seed of this game was not revealed, so its rolls cannot be checked.")
            )
        elif not rolls:
            lines.append(
                _(
                    "Every roll of this game is fixed by a secret seed whose SHA-256 is this "
                    "commitment. The seed is shown when the game is over."
                )
            )
        else:
            lines.append(
                n_(
                    "{count} roll so far; the seed is shown when the game ends.",
                    "{count} rolls so far; the seed is shown when the game ends.",
                    len(rolls),
                )
            )
        return DicePanel(title, tuple(lines))
    lines.append(_("Seed: {hex}", hex=dice.seed))
    if not rolls:
        lines.append(_("No roll was made in this game."))
        return DicePanel(title, tuple(lines))
    try:
        throws = check_game_rolls(dice, rolls)
    except DiceMismatch as error:
        lines.append(
            _(
                "Roll {roll} does not match the commitment: {reason}.",
                roll=error.roll,
                reason=error.reason,
            )
        )
        return DicePanel(title, tuple(lines), checked=False)
    lines.append(all_match(throws))
    return DicePanel(title, tuple(lines), checked=True)


def panel_html(panel: DicePanel) -> str:
    """The Dice panel's inner HTML (``data-checked``: ``yes``/``no`` once a game is checked);
    the commitment and the seed as code."""
    checked = {True: "yes", False: "no", None: ""}[panel.checked]
    lines = []
    for line in panel.lines:
        label, _colon, value = line.rpartition(": ")
        value = value.strip(ISOLATES)
        if label and len(value) == 64 and all(c in HEX for c in value):
            code = f'<code class="dice-hex">{escape(value)}</code>'
            lines.append(f"<p>{escape(label)}: {code}</p>")
        else:
            lines.append(f"<p>{escape(line)}</p>")
    return (
        f'<h3>{escape(panel.title)}</h3><div class="dice-lines" data-checked="{checked}">'
        + "".join(lines)
        + "</div>"
    )


def all_match(throws: int) -> str:
    """The check's sentence, its verb and its words agreeing with the number of rolls.

    >>> [all_match(n) for n in (1, 2, 7)]  # doctest: +NORMALIZE_WHITESPACE
    ['The one roll matches the commitment.', 'Both rolls match the commitment.',
     'All 7 rolls match the commitment.']
    """
    if throws == 1:
        return _("The one roll matches the commitment.")
    if throws == 2:
        return _("Both rolls match the commitment.")
    return n_(
        "All {count} roll match the commitment.", "All {count} rolls match the commitment.", throws
    )
