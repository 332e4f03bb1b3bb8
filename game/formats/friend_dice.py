"""The dice of a game by links: each roll's committer and contributor, the secrets and nonces
that make it (``game.formats.friend_link`` gives the protocol), and what a record says of
the rolls made and due."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from game.engine.dice import Dice
from game.engine.record import Action, ActionKind, Record, apply_action
from game.engine.seeded_dice import DiceCup, throw
from game.engine.state import GameState, Phase
from game.formats.friend_fields import ID_BYTES, SECRET_BYTES


def game_id_of(key: bytes) -> bytes:
    return hashlib.sha256(b"friend-link id" + key).digest()[:ID_BYTES]


def commitment(secret: bytes) -> bytes:
    return hashlib.sha256(secret).digest()[:SECRET_BYTES]


def secret_for(master: bytes, game_id: bytes, label: str, index: int) -> bytes:
    return hmac.digest(master, game_id + f"{label}/{index}".encode("ascii"), "sha256")[
        :SECRET_BYTES
    ]


def roll_of(game_id: bytes, number: int, secret: bytes, nonce: bytes, opening: bool) -> Dice:
    """The dice of the match's roll ``number`` (from 0) from the committer's secret and the
    contributor's nonce."""
    seed = hashlib.sha256(
        b"friend-link dice" + game_id + number.to_bytes(4, "big") + secret + nonce
    ).digest()
    return DiceCup(seed).roll(0) if opening else throw(seed, 1)


@dataclass(frozen=True)
class Slot:
    """A roll of the match: its number (from 0), its committer, the committer's own count of
    rolls committed before it, and the contributor's count of nonces given before it (the
    same number: each roll one player commits, the other contributes to)."""

    number: int
    committer: int
    commit_index: int
    nonce_index: int
    opening: bool


def next_committer(state: GameState) -> int | None:
    phase = state.phase
    if phase in (Phase.OPENING, Phase.GAME_OVER):
        return 0
    if phase in (Phase.ROLL, Phase.DOUBLED):
        return state.turn
    if phase is Phase.MOVE:
        return 1 - state.turn
    if phase is Phase.RESIGNED:
        return state.turn if state.resumed_phase is Phase.ROLL else 1 - state.turn
    return None


@dataclass(frozen=True)
class Tally:
    """The rolls of a record from roll ``since`` on with their slots (``since`` None: none),
    the next roll's slot (None: the match is over) and how many rolls each player committed."""

    rolls: list[tuple[Slot, Dice]]
    next: Slot | None
    counts: tuple[int, int]

    @property
    def made(self) -> int:
        return self.counts[0] + self.counts[1]


def roll_tally(record: Record, since: int | None) -> Tally:
    """The record's rolls from roll ``since`` on (None: only the next) with their slots, read
    from the actions alone: a game's first roll is its opening roll (player 0 commits it), and
    from then on the rolls alternate, the starter's first (a roll that cannot be played passes
    the turn too; the cube and resignations do not). A slot is made only for the rolls asked:
    a link over a long game brings one or two new ones."""
    counts = [0, 0]
    found: list[tuple[Slot, Dice]] = []
    number = 0
    first = since if since is not None else -1
    games = record.games
    opens_first = record.start.phase is Phase.OPENING
    roll = ActionKind.ROLL
    for game in games:
        starter = 0
        made = 0
        opens = game is not games[0] or opens_first  # ``_opens``
        for action in game:
            if action.kind is not roll or action.dice is None:
                continue
            opening = made == 0 and opens
            if opening:
                committer = 0
                starter = 0 if action.dice[0] > action.dice[1] else 1
            else:
                committer = starter if made % 2 == 0 else 1 - starter
            if 0 <= first <= number:
                index = counts[committer]
                found.append((Slot(number, committer, index, index, opening), action.dice))
            counts[committer] += 1
            made += 1
            number += 1
    state = record.state
    after = next_committer(state)
    if after is None:
        return Tally(found, None, (counts[0], counts[1]))
    opening = state.phase in (Phase.OPENING, Phase.GAME_OVER)
    slot = Slot(number, after, counts[after], counts[after], opening)
    return Tally(found, slot, (counts[0], counts[1]))


def new_steps(old: Record, new: Record) -> list[tuple[GameState, Action]]:
    """(state before, action) for each action of ``new`` after ``old`` (which it extends)."""
    steps = []
    state = old.state
    for index in range(len(old.games) - 1, len(new.games)):
        game = new.games[index]
        if index >= len(old.games):
            state = state.next_game()
        done = len(old.games[index]) if index == len(old.games) - 1 else 0
        for action in game[done:]:
            steps.append((state, action))
            state = apply_action(state, action)
    return steps


def nonce_due(state: GameState, sender: int, ready: bool) -> bool:
    """Must the sender's link hold its nonce for the next roll? When the other player commits
    that roll and has no decision left before it."""
    committer = next_committer(state)
    if committer is None or committer == sender:
        return False
    if state.phase in (Phase.OPENING, Phase.GAME_OVER):
        return True
    if state.phase is Phase.ROLL:
        return ready or not state.may_double()
    return False


def actor_of(state: GameState, action: Action) -> int | None:
    if action.kind is ActionKind.ROLL:
        return 0 if state.phase is Phase.OPENING else state.turn
    if action.kind is ActionKind.RESIGN:
        return action.player
    return state.to_act
