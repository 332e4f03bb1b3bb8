"""Write tests/data/formats_golden.txt: GNU Backgammon's own IDs and play texts.

    python -m tools.golden.formats            # needs pip gnubg (see ../shared/oracle.md)

Positions come from random self-play with ``game.engine.plays`` (fixed seed), match
states from a random generator of possible states. Each line is tab-separated,
its first field saying what it holds:

    position  OPP PLAYER PID                one hex digit per count, gnubg order
    match     CUBE OWNER ROLL CRAWFORD STATE TURN DOUBLED RESIGNED D1 D2 LENGTH S0 S1 JACOBY MID
    gnubgid   OPP PLAYER <match fields as above> PID:MID
    xgid      XGID PID:MID                  gnubg's reading of the XGID (``set xgid``)
    play      PID D1 D2 STEPS TEXT          STEPS our moves (24/18,13/11), TEXT gnubg's

OPP/PLAYER are 25 hex digits each: points 1-24 then the bar, in that side's own
numbering (gnubg's board[0] and board[1]; board[1] is on roll). OWNER is -1 for
a centred cube. Match states with a won match are left out: gnubg's Python
``cubeinfo`` refuses them (the round-trip tests cover them). The test,
tests/test_formats_golden.py, needs no gnubg.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from pathlib import Path

import gnubg

from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats.match_id import GameStatus, MatchId
from game.formats.xgid import format_xgid, xgid_from_match

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "formats_golden.txt"
SEED = 20261129
POSITIONS = 2500
MATCHES = 2000
COMBINED = 300
XGIDS = 800
PLAY_ROLLS = 700


def self_play_positions(rng: random.Random, wanted: int) -> list[Position]:
    """Distinct positions (player on roll) from random games played to the end."""
    seen: dict[Position, None] = {}
    while len(seen) < wanted:
        position = Position.start()
        while not position.is_game_over() and len(seen) < wanted:
            seen.setdefault(position)
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                position = rng.choice(plays).position
            position = position.flip()
    return list(seen)


def random_match(rng: random.Random) -> MatchId:
    """A possible match state, covering every field of the Match ID."""
    length = rng.choice([0, 0, 0, 1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25, 64])
    state = rng.choices(list(GameStatus), weights=[1, 8, 1, 1, 1])[0]
    under_way = state in (GameStatus.NONE, GameStatus.PLAYING)
    score = [0, 0]
    if length:
        score = [rng.randrange(length), rng.randrange(length)]
        if rng.random() < 0.3:
            score[rng.randrange(2)] = length - 1
        if not under_way and rng.random() < 0.3:
            winner = rng.randrange(2)
            score[winner] = length
            score[1 - winner] = min(score[1 - winner], length - 1)
    crawford = bool(length) and score.count(length - 1) == 1 and rng.random() < 0.5
    cube = 1 if crawford else 1 << rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 5, 6])
    owner = None if cube == 1 else rng.choice([None, 0, 1, 1, 0])
    on_roll = rng.randrange(2)
    doubled = False
    resignation = 0
    turn = on_roll
    dice = (0, 0)
    can_double = not crawford and cube < 64 and owner in (None, on_roll)
    if state == GameStatus.PLAYING and can_double and rng.random() < 0.2:
        doubled, turn = True, 1 - on_roll
    else:
        if state in (GameStatus.PLAYING, GameStatus.RESIGNED) and rng.random() < 0.15:
            resignation = rng.randint(1, 3)
            turn = rng.randrange(2)
        elif state != GameStatus.PLAYING:
            turn = rng.randrange(2)
        if rng.random() < 0.6:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    return MatchId(
        cube=cube,
        cube_owner=owner,
        player_on_roll=on_roll,
        crawford=crawford,
        game_state=state,
        turn=turn,
        double_offered=doubled,
        resignation=resignation,
        dice=dice,
        match_length=length,
        score=tuple(score),
        jacoby=rng.random() < 0.5,
    )


def encodable_match(rng: random.Random) -> MatchId:
    """A random match state gnubg's Python API accepts (its cubeinfo refuses a won match)."""
    while True:
        m = random_match(rng)
        if not m.match_length or max(m.score) < m.match_length:
            return m


def board(position: Position) -> list[list[int]]:
    return [list(position.opponent[1:26]), list(position.player[1:26])]


def hex_side(counts) -> str:
    return "".join(f"{n:x}" for n in counts)


def match_fields(m: MatchId) -> list[str]:
    owner = -1 if m.cube_owner is None else m.cube_owner
    values = [
        m.cube,
        owner,
        m.player_on_roll,
        int(m.crawford),
        int(m.game_state),
        m.turn,
        int(m.double_offered),
        int(m.resignation),
        *m.dice,
        m.match_length,
        *m.score,
        int(m.jacoby),
    ]
    return [str(v) for v in values]


def gnubg_match(m: MatchId) -> tuple[dict, dict]:
    owner = -1 if m.cube_owner is None else m.cube_owner
    cube_info = gnubg.cubeinfo(
        m.cube, owner, m.player_on_roll, m.match_length, m.score, int(m.crawford)
    )
    cube_info["jacoby"] = int(m.jacoby)
    pos_info = gnubg.posinfo(
        m.turn, int(m.resignation), int(m.double_offered), int(m.game_state), m.dice
    )
    return cube_info, pos_info


@contextlib.contextmanager
def quiet_stdout():
    """gnubg prints boards on file descriptor 1 when an ID is set: keep them out."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        try:
            yield
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)


def main() -> None:
    rng = random.Random(SEED)
    positions = self_play_positions(rng, POSITIONS)
    lines: list[str] = []
    for position in positions:
        b = board(position)
        lines.append("\t".join(["position", hex_side(b[0]), hex_side(b[1]), gnubg.positionid(b)]))
    for _ in range(MATCHES):
        m = encodable_match(rng)
        lines.append("\t".join(["match", *match_fields(m), gnubg.matchid(*gnubg_match(m))]))
    for _ in range(COMBINED):
        position, m = rng.choice(positions), encodable_match(rng)
        b = board(position)
        ident = gnubg.gnubgid(b, *gnubg_match(m))
        fields = ["gnubgid", hex_side(b[0]), hex_side(b[1]), *match_fields(m), ident]
        lines.append("\t".join(fields))
    xgids = 0
    while xgids < XGIDS:
        position, m = rng.choice(positions), random_match(rng)
        # gnubg's XGID reader sets a game in play and steps back from an offered double.
        if m.game_state != GameStatus.PLAYING or m.resignation or m.double_offered:
            continue
        text = format_xgid(
            xgid_from_match(
                position, m, beaver=rng.random() < 0.5, max_cube=1 << rng.randint(0, 12)
            )
        )
        with quiet_stdout():
            gnubg.setgnubgid(text)
            ident = gnubg.gnubgid()
        lines.append("\t".join(["xgid", text, ident]))
        xgids += 1
    rolls = 0
    while rolls < PLAY_ROLLS:
        position = rng.choice(positions)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        if not plays:
            continue
        rolls += 1
        for play in rng.sample(plays, min(3, len(plays))):
            steps = [(move.origin, move.destination) for move in play.moves]
            flat = tuple(point for step in steps for point in step)
            text = gnubg.movetupletostring(flat, board(position))
            raw = ",".join(f"{a}/{b}" for a, b in steps)
            lines.append(
                "\t".join(
                    [
                        "play",
                        gnubg.positionid(board(position)),
                        str(dice[0]),
                        str(dice[1]),
                        raw,
                        text,
                    ]
                )
            )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} lines to {OUT}")


if __name__ == "__main__":
    main()
