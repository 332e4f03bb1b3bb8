"""Write tests/data/matches/*.mat and GNU Backgammon's analysis of them (analysis_gnubg.txt).

    python -m tools.golden.analysis        # needs pip gnubg and Debian's gnubg 1.07

The matches are played by gnubg's own 0-ply evaluation with Gaussian noise on
each play's equity (a different amount for each side, so the error rates
differ), and our cube model with a few of its answers turned around, so there
are cube errors too. They are not played by our bot, whose own judgement would
find its own plays faultless. Each match is written as .mat (game.formats.mat),
then Debian's gnubg imports it and runs ``analyse match`` at 0-ply; its overall
"Error rate mEMG" and counted decisions (unforced moves plus close or actual
cube decisions) per player are stored, one line per match and player::

    FILE PLAYER ERROR_RATE DECISIONS CHECKER_RATE UNFORCED CUBE_RATE CLOSE_CUBE
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import gnubg

from game.analysis.selfplay import BotPlayer, play_game
from game.engine.match import Rules
from game.engine.record import Record
from game.engine.state import Phase
from game.formats.mat import format_mat
from tools.golden.hint import gnubg_side
from tools.qa.compare_analysis import gnubg_rates

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
MATCHES = DATA / "matches"
GOLDEN = DATA / "analysis_gnubg.txt"
# (match length, seed, noise of player 0, noise of player 1)
PLAN = [(3, 1, 0.02, 0.10), (5, 2, 0.12, 0.04), (5, 3, 0.06, 0.06), (7, 4, 0.0, 0.15)]


class NoisyGnubg:
    """gnubg 0-ply plays with noise per side; our cube decisions, some turned around."""

    def __init__(self, noise: tuple[float, float], rng: random.Random):
        self.noise, self.rng = noise, rng
        self.cube = BotPlayer("intermediate", rng)
        self.context = gnubg.evalcontext(0, 0, 1, 0, 0.0)

    def choose_play(self, state):
        plays = state.legal_plays()
        if len(plays) == 1:
            return plays[0]
        sigma = self.noise[state.turn]

        def score(play):
            after = play.position  # the mover's view; the opponent is on roll next
            board = (gnubg_side(after.player), gnubg_side(after.opponent))
            equity = gnubg.evaluate(board, gnubg.cubeinfo(), self.context)[5]
            return -equity + self.rng.gauss(0.0, sigma)

        return max(plays, key=score)

    def wants_to_double(self, state):
        wants = self.cube.wants_to_double(state)
        return not wants if self.rng.random() < 0.03 else wants

    def answer_double(self, state):
        answer = self.cube.answer_double(state)
        if self.rng.random() < 0.15:
            return "pass" if answer != "pass" else "take"
        return answer

    def resignation(self, state):
        return 0

    def accepts_resignation(self, state):
        return True


def make_match(length: int, seed: int, noise: tuple[float, float]) -> str:
    rng = random.Random(seed)
    player = NoisyGnubg(noise, rng)
    record = Record.new(Rules.full(match_length=length), names=("First", "Second"))
    while True:
        record = play_game(record, rng, player)
        if record.state.phase is Phase.MATCH_OVER:
            return format_mat(record)
        record = record.next_game()


def main() -> int:
    MATCHES.mkdir(parents=True, exist_ok=True)
    lines = ["# gnubg 1.07 analyse match at 0-ply: tools/golden/analysis.py"]
    for length, seed, *noise in PLAN:
        path = MATCHES / f"gnubg-noisy-{length}-{seed}.mat"
        path.write_text(make_match(length, seed, tuple(noise)))
        for player, figures in enumerate(gnubg_rates(path, 0), 1):
            rate, decisions, checker, cube, unforced, close = figures
            lines.append(
                f"{path.name} {player} {rate:.1f} {decisions} {checker:.1f} {unforced} "
                f"{cube:.1f} {close}"
            )
            print(lines[-1], flush=True)
    GOLDEN.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
