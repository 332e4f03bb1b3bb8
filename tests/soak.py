"""Self-play soak: many games under every rule set, with the invariants checked at every step.

    python -m tools.qa.soak                 # 10,000 games (a few minutes)
    python -m tools.qa.soak --games 200 --seed 7

This module is the soak itself (the tests run a short one and use its random states);
tools/qa/soak.py is its command line.
Random players act as carelessly as people do: they roll, play a random legal play,
double whenever the rules allow it (at random), take, pass or beaver at random, offer
and answer resignations, and at random moments the game is saved and read back through
the save format (game/formats/save.py) and through the share-link format, and play goes
on from what was read. Each session also self-plays a record (tests.records.played) and
reads it back through gnubg's .sgf and through .mat: the same positions and results.
After every step the state is checked:

- 15 checkers a side, never both sides on one point;
- the cube a power of two up to 64, centred exactly when it shows 1, never turned in a
  Crawford game or under the Simple rules;
- the score changes only when a game ends, by the points that game says it won, and a
  match ends exactly when a side reaches its length;
- the state reads back identical from its save, and a shareable state reads back from
  its link with the same position, cube, score and phase.

A broken invariant stops the run with the game's seed, so it can be replayed. Prints the
games, steps, saves and links checked, and what ended the games.
"""

from __future__ import annotations

import collections
import json
import random
from dataclasses import dataclass, field

from game.engine.match import MAX_CUBE, Rules, game_points, pass_points
from game.engine.phase import ENDED_BY_PASS, OVER
from game.engine.position import CHECKERS, check_sides
from game.engine.record import Record
from game.engine.state import GameState, Phase
from game.formats.gnubg_id import write_gnubg_id
from game.formats.mat import format_mat, parse_mat
from game.formats.save import read_save, write_save
from game.formats.sgf import format_sgf, parse_sgf
from game.web.address import links
from tests.records import as_mat_keeps, played

MONEY_GAMES = 6  # games per money session before the soak moves on
MATCH_LENGTHS = (1, 3, 5, 7, 9, 11)
MAX_STEPS = 20_000  # per session: a bug that loops forever fails instead


class BrokenInvariant(AssertionError):
    """A state the rules should never reach."""


@dataclass
class Tally:
    games: int = 0
    sessions: int = 0
    steps: int = 0
    saves: int = 0
    links: int = 0
    match_files: int = 0
    endings: collections.Counter = field(default_factory=collections.Counter)


def random_rules(rng: random.Random) -> Rules:
    kind = rng.random()
    if kind < 0.15:
        return Rules.simple(rng.choice((0, *MATCH_LENGTHS)))
    if kind < 0.55:
        return Rules.full(0, beaver=rng.random() < 0.5, jacoby=rng.random() < 0.5)
    return Rules.full(rng.choice(MATCH_LENGTHS))


def random_action(state: GameState, rng: random.Random) -> GameState:
    """The next state after a careless player's random choice."""
    phase = state.phase
    if phase is Phase.OPENING:
        return state.roll(rng)
    if phase is Phase.ROLL:
        if state.may_double() and rng.random() < 0.12:
            return state.double()
        if rng.random() < 0.004:
            return state.resign(rng.randint(1, 3))
        return state.roll(rng)
    if phase is Phase.MOVE:
        if rng.random() < 0.002:
            return state.resign(rng.randint(1, 3))
        return state.play(rng.choice(state.legal_plays()))
    if phase is Phase.DOUBLED:
        answer = rng.random()
        if state.may_beaver() and answer < 0.2:
            return state.beaver()
        return state.pass_() if answer > 0.75 else state.take()
    if phase is Phase.RESIGNED:
        return state.accept_resignation() if rng.random() < 0.5 else state.reject_resignation()
    raise BrokenInvariant(f"no action in phase {phase.value}")


def random_state(rng: random.Random, most_actions: int) -> GameState:
    """A state random play reaches: a new game of random rules, then up to ``most_actions``
    random actions, stopping where the game ends."""
    state = GameState.new(random_rules(rng))
    for _ in range(rng.randint(0, most_actions)):
        if state.phase in OVER:
            break
        state = random_action(state, rng)
    return state


def check_state(state: GameState) -> None:
    """The invariants of one state (see the module's docstring)."""
    position = state.position
    for side, name in ((position.player, "player"), (position.opponent, "opponent")):
        if sum(side) != CHECKERS or min(side) < 0:
            raise BrokenInvariant(f"{name} has {sum(side)} checkers: {side}")
    check_sides(position.player, position.opponent)
    cube = state.cube
    if cube.value & (cube.value - 1) or not 1 <= cube.value <= MAX_CUBE:
        raise BrokenInvariant(f"cube value {cube.value}")
    if (cube.owner is None) != (cube.value == 1):
        raise BrokenInvariant(f"cube {cube.value} owned by {cube.owner}")
    if cube.value > 1 and (state.crawford or not state.rules.cube):
        raise BrokenInvariant("the cube was turned where doubling is not allowed")
    length = state.rules.match_length
    if min(state.score) < 0:
        raise BrokenInvariant(f"score {state.score}")
    if length:
        over = max(state.score) >= length
        if over != (state.phase is Phase.MATCH_OVER):
            raise BrokenInvariant(f"score {state.score} to {length} in phase {state.phase.value}")
    elif state.phase is Phase.MATCH_OVER:
        raise BrokenInvariant("money play has no match to end")


def check_step(before: GameState, after: GameState) -> None:
    """The score moves only when a game ends, by what that game won."""
    ended = after.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and before.phase not in (
        Phase.GAME_OVER,
        Phase.MATCH_OVER,
    )
    if not ended:
        if after.score != before.score:
            raise BrokenInvariant(f"score {before.score} -> {after.score} mid-game")
        return
    if after.ended_by == ENDED_BY_PASS:
        expected = pass_points(before.cube)
    else:
        expected = game_points(after.rules, after.cube, after.result)
    if after.points_won != expected:
        raise BrokenInvariant(f"won {after.points_won} points, the rules say {expected}")
    winner = after.winner
    gained = after.score[winner] - before.score[winner]
    length = after.rules.match_length
    # Matches may write the winner's score capped at the length; money adds it all.
    if gained != expected and not (length and after.score[winner] >= length):
        raise BrokenInvariant(f"score {before.score} -> {after.score} for {expected} points")
    if after.score[1 - winner] != before.score[1 - winner]:
        raise BrokenInvariant("the loser's score changed")


def through_save(state: GameState) -> GameState:
    """The state written as a save and read back; it must be identical."""
    text = json.dumps(write_save(state), separators=(",", ":"))
    restored = read_save(json.loads(text))
    if restored != state:
        raise BrokenInvariant(f"the save does not read back: {text}")
    return restored


def through_link(state: GameState) -> GameState | None:
    """The state shared as a link and read back (None where a link cannot hold it)."""
    if state.phase not in links.SHOWN_PHASES:
        return None
    fragment = "#" + links.share_fragment(state)
    found = links.read_fragment(fragment)
    if found is None:
        raise BrokenInvariant(f"the link {fragment} holds no game")
    shared = found[0]
    same = (
        shared.position == state.position
        and shared.cube == state.cube
        and shared.score == state.score
        and shared.turn == state.turn
        and shared.rules == state.rules
        and write_gnubg_id(shared) == write_gnubg_id(state)
    )
    if not same:
        raise BrokenInvariant(f"the link {fragment} reads back as another game")
    check_state(shared)
    return shared


def through_match_files(record: Record) -> None:
    """The record written as .sgf and as .mat and read back: the same positions and results
    as a match file can hold them (a refused resignation is not written)."""
    kept = as_mat_keeps(record)
    for name, write, read in (("sgf", format_sgf, parse_sgf), ("mat", format_mat, parse_mat)):
        text = write(record)
        back = read(text)
        same = [s.position for s in back.replay()] == [s.position for s in kept.replay()]
        if not same or back.results() != kept.with_names(back.names).results():
            raise BrokenInvariant(f"the .{name} file does not read back: {text[:2000]}")


def soak_session(rng: random.Random, tally: Tally) -> None:
    """One match (to its end) or money session (``MONEY_GAMES`` games) of random play."""
    state = GameState.new(random_rules(rng))
    check_state(state)
    games = 0
    for _ in range(MAX_STEPS):
        if state.phase is Phase.MATCH_OVER:
            return
        if state.phase is Phase.GAME_OVER:
            tally.endings[state.ended_by] += 1
            games += 1
            tally.games += 1
            if state.rules.is_money and games >= MONEY_GAMES:
                return
            after = state.next_game()
        else:
            after = random_action(state, rng)
        check_state(after)
        check_step(state, after)
        state = after
        tally.steps += 1
        if rng.random() < 0.05:  # a reload at a random moment: go on from the save
            state = through_save(state)
            tally.saves += 1
        if rng.random() < 0.05:  # a shared link opened: go on from what it holds
            shared = through_link(state)
            if shared is not None:
                tally.links += 1
                state = shared
    raise BrokenInvariant(f"no end after {MAX_STEPS} steps")


def soak(games: int, seed: int) -> Tally:
    """Play sessions until ``games`` games are done; raises ``BrokenInvariant`` with the seed."""
    tally = Tally()
    session_seed = seed
    while tally.games < games:
        rng = random.Random(session_seed)
        try:
            soak_session(rng, tally)
            through_match_files(played(session_seed, wild=rng.random() < 0.5))
            tally.match_files += 1
        except Exception as error:
            raise BrokenInvariant(f"session seed {session_seed}: {error}") from error
        tally.sessions += 1
        session_seed += 1
    return tally
