"""``python -m game hint`` and the judgement behind it: ranked plays, equities, the cube hint."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from game.analysis.judgement import cube_figures, emg_of_mwc, rank_plays, utility
from game.bot.cube import CubeState
from game.bot.search import score_plays
from game.cli.hint import answerer as hint_answerer
from game.cli.lines import serve
from game.engine.match import Rules
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import MatchId, format_gnubg_id, parse_play, parse_position_id

START = "4HPwATDgc/ABMA"
CLOSED = "27YBADjg/wcAQA"  # on the bar against a closed board


def hint(*requests: str, options: tuple[str, ...] = ("--plies", "1")) -> tuple[int, str]:
    out = io.StringIO()
    status = serve(hint_answerer(list(options)), [r + "\n" for r in requests], out)
    return status, out.getvalue()


def gnubg_id(position: Position, **fields) -> str:
    return format_gnubg_id(position, MatchId(player_on_roll=0, **fields))


def test_every_legal_play_ranked_best_first_then_a_blank_line():
    position = Position.start()
    status, text = hint(gnubg_id(position, dice=(6, 2)))
    assert status == 0 and text.endswith("\n\n")
    lines = text.rstrip("\n").split("\n")
    plays = legal_plays(position, (6, 2))
    assert len(lines) == len(plays)
    equities = [float(line.split()[1]) for line in lines]
    assert equities == sorted(equities, reverse=True)
    for line in lines:
        pid, _, notation = line.split(" ", 2)
        # The notation is a legal play of the roll and produces the Position ID given.
        assert parse_play(notation, position, (6, 2)).position == parse_position_id(pid)
    assert {parse_position_id(line.split()[0]) for line in lines} == {p.position for p in plays}


def test_money_equities_are_the_cubeless_equities_of_the_resulting_positions():
    position = parse_position_id("4HPwATDgc/ABMA")
    ranked = rank_plays(position, (4, 3), CubeState(), plies=1)
    plays = [r.play for r in ranked]
    expected = [p.equity for p in score_plays(position, plays)]
    assert [r.equity for r in ranked] == pytest.approx(expected)


def test_at_double_match_point_only_winning_counts():
    # 1-away each: a gammon is worth no more than a single win, so equity = 2 p(win) - 1.
    position = Position.start()
    state = CubeState(Rules.full(match_length=5), score=(4, 4))
    ranked = rank_plays(position, (6, 4), state, plies=1)
    wins = {p.position: q.win for p, q in zip(
        [r.play for r in ranked], score_plays(position, [r.play for r in ranked]), strict=True
    )}  # fmt: skip
    for r in ranked:
        assert r.equity == pytest.approx(2 * wins[r.play.position] - 1)


def test_match_equities_come_from_the_match_equity_table():
    # At 2-away 4-away the leader's gammon wins the match: the EMG of a gammon win is
    # (2 * 1 - (W + L)) / (W - L) with W, L the chances after a single win and loss.
    state = CubeState(Rules.full(match_length=7), score=(5, 3))
    from game.bot.probabilities import Probabilities

    gammon = Probabilities(1.0, 1.0, 0.0, 0.0, 0.0)
    single = Probabilities(1.0, 0.0, 0.0, 0.0, 0.0)
    assert utility(single, state) == pytest.approx(1.0)
    assert utility(gammon, state) == pytest.approx(emg_of_mwc(1.0, state))
    assert utility(gammon, state) > 1.0
    assert utility(Probabilities(0.0, 0.0, 0.0, 0.0, 0.0), state) == pytest.approx(-1.0)


def test_no_legal_play_is_a_dash_and_a_blank_line():
    status, text = hint(gnubg_id(parse_position_id(CLOSED), dice=(6, 6)))
    assert (status, text) == (0, "-\n\n")


def test_cube_hint_agrees_with_the_cube_command_and_gives_the_three_equities():
    request = f"{START}:cAkAAAAAAAAA"
    cube = subprocess.run(
        [sys.executable, "-m", "game", "cube"], input=request + "\n",
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "game", "hint"], input=request + "\n",
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0
    lines = done.stdout.split("\n")
    assert lines[0] == cube.stdout.strip()
    assert [line.split()[0] for line in lines[1:4]] == ["no-double", "double-take", "double-pass"]
    assert float(lines[3].split()[1]) == 1.0
    # Money play allows a beaver (gnubg's default): the doubler's equity after one.
    assert lines[4].split()[0] == "double-beaver"
    assert float(lines[4].split()[1]) == pytest.approx(2 * float(lines[2].split()[1]), abs=2e-4)
    assert lines[5:] == ["", ""]


def test_the_beaver_line_only_where_the_rules_allow_a_beaver():
    position = parse_position_id(START)
    money = cube_figures(position, CubeState.of(beaver=True), plies=1)
    assert money.may_beaver and money.double_beaver == pytest.approx(2 * money.double_take)
    # The opening position is a beaver for the opponent: the double/take equity is below 0.
    assert money.response == "beaver" and money.double_beaver < money.double_take < 0
    assert not cube_figures(position, CubeState.of(beaver=False), plies=1).may_beaver
    match = CubeState.of(match_length=7)
    assert not cube_figures(position, match, plies=1).may_beaver
    owned = CubeState.of(value=2, owner=1, beaver=True)  # the opponent's cube: no double
    assert not cube_figures(position, owned, plies=1).may_beaver
    status, text = hint(gnubg_id(position, match_length=7))
    assert status == 0 and "double-beaver" not in text and len(text.split("\n")) == 6


def test_cube_equities_in_match_play_are_normalised_so_a_pass_is_one():
    position = parse_position_id("4HPwATDgc/ABMA")
    for score in ((0, 0), (3, 1), (1, 5)):
        figures = cube_figures(
            position, CubeState(Rules.full(match_length=7), score=score), plies=1
        )
        assert figures.double_pass == pytest.approx(1.0)
        assert -1.5 < figures.no_double < 1.0


def test_errors_are_answered_in_place_and_the_others_still_answered():
    status, text = hint("nonsense", gnubg_id(Position.start(), dice=(3, 1)))
    assert status == 1
    blocks = text.split("\n\n")
    assert blocks[0].startswith("error: ")
    assert len(blocks[1].split("\n")) == 16


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="plies"):
        hint_answerer(["--plies", "7"])


def test_hints_for_a_game_in_progress():
    from game.analysis.judgement import cube_action_error, cube_hint, play_error, play_hint
    from game.engine.match import Rules
    from game.engine.state import GameState

    before = GameState.new(Rules.full(match_length=5))
    assert play_hint(before) == [] and cube_hint(before) is None
    moving = before.set_dice((3, 1))
    ranked = play_hint(moving, plies=1)
    assert ranked[0].notation == "8/5 6/5"
    weak = next(r for r in ranked if r.notation == "24/20")
    error, best = play_error(moving, weak.play.position, plies=1)
    assert best.play == ranked[0].play and error == pytest.approx(ranked[0].equity - weak.equity)
    assert play_error(moving, ranked[0].play.position, plies=1)[0] == 0.0
    rolling = moving.play(ranked[0].play)
    figures = cube_hint(rolling, plies=1)
    assert figures.action == "no-double"
    assert cube_action_error(figures, "no-double") == 0.0
    assert cube_action_error(figures, "double") > 0.16
    doubled = rolling.double()
    # When doubled, the doubler's figures: taking a cube this early is right, passing is a blunder.
    answer = cube_hint(doubled, plies=1)
    assert answer.response == "take"
    assert cube_action_error(answer, "take") == 0.0 and cube_action_error(answer, "pass") > 1.0
