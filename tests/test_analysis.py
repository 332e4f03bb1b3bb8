"""Analysis of whole games: each decision's error and mark, the error rates as gnubg counts them."""

from __future__ import annotations

import io
import random

import pytest

from game.analysis.judgement import STRONGEST, cube_figures, rank_plays
from game.analysis.record_analysis import (
    AnalysisCancelled,
    analyse_game,
    analyse_match,
    analyse_record,
    analysis_steps,
    games_of,
    mark_of,
)
from game.analysis.selfplay import BotPlayer, self_play
from game.bot.cube import CubeState
from game.cli import analyse as analyse_cli
from game.engine.match import Rules
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.engine.record import Action, Record
from game.formats.mat import format_mat
from game.formats.sgf import format_sgf


@pytest.fixture(scope="module")
def selfplay_match() -> Record:
    rng = random.Random(11)
    return self_play(Rules.full(match_length=3), rng, BotPlayer("beginner", rng))


@pytest.fixture(scope="module")
def selfplay_analysis(selfplay_match):
    return analyse_record(selfplay_match, plies=1)


def test_marks_use_gnubgs_thresholds():
    assert [mark_of(e) for e in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.2)] == [
        None, None, "doubtful", "doubtful", "bad", "bad", "very bad", "very bad",
    ]  # fmt: skip


def test_a_weak_opening_play_loses_what_the_ranking_says():
    record = Record.new(Rules.full(match_length=5)).extend(
        [Action.roll((3, 1)), Action.play([(24, 21), (21, 20)])]
    )
    (decision,) = analyse_record(record, plies=1).games[0].decisions
    ranked = rank_plays(Position.start(), (3, 1), CubeState(Rules.full(match_length=5)), plies=1)
    chosen = next(r for r in ranked if r.notation == "24/20")
    assert decision.kind == "play" and decision.player == 0 and decision.counted
    assert decision.best == "8/5 6/5" and decision.chosen == "24/20"
    assert decision.error == pytest.approx(ranked[0].equity - chosen.equity)
    assert decision.mark == mark_of(decision.error) is not None
    assert decision.best_play.position == ranked[0].play.position


def test_the_best_play_is_no_error():
    record = Record.new(Rules.full()).extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    (decision,) = analyse_record(record, plies=1).games[0].decisions
    assert decision.error == 0.0 and decision.mark is None


def test_an_early_double_and_a_pass_are_both_very_bad():
    record = Record.new(Rules.full()).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]), Action.double(), Action.pass_()]
    )
    game = analyse_record(record, plies=1).games[0]
    _, double, answer = game.decisions
    assert (double.kind, double.player, answer.kind, answer.player) == ("double", 1, "pass", 0)
    before = record.replay()[2]
    figures = cube_figures(before.position, CubeState.from_table(before, 1), plies=1)
    assert double.error == pytest.approx(figures.no_double - figures.double_take)
    # Passing gives up 1; taking is worth -double_take to the taker.
    assert answer.error == pytest.approx(1.0 - figures.double_take)
    assert double.mark == answer.mark == "very bad"
    assert double.best == "no-double" and answer.best == "take"
    stats = game.stats[0]
    assert stats.close_cube == 1 and stats.cube_error == pytest.approx(answer.error)
    assert stats.unforced == 1
    assert stats.error_rate == pytest.approx(1000 * answer.error / 2)
    assert stats.pr == pytest.approx(stats.error_rate / 2)
    assert game.stats[1].cube_rate == pytest.approx(1000 * double.error)


def test_only_unforced_plays_count(selfplay_analysis):
    for game in selfplay_analysis.games:
        plays = [d for d in game.decisions if d.kind == "play"]
        assert plays
        for decision in plays:
            unforced = len(legal_plays(decision.state.position, decision.state.dice)) > 1
            assert decision.counted == unforced
            if not unforced:
                assert decision.error == 0.0


def test_error_rates_add_up_over_decisions_and_games(selfplay_analysis):
    for player in (0, 1):
        total = selfplay_analysis.stats[player]
        decisions = [
            d for game in selfplay_analysis.games for d in game.decisions if d.player == player
        ]
        counted = [d for d in decisions if d.counted]
        assert total.decisions == len(counted) > 0
        lost = sum(d.error for d in decisions)
        assert total.error_rate == pytest.approx(1000 * lost / len(counted))
        checker = [d for d in counted if d.kind == "play"]
        assert total.checker_rate == pytest.approx(
            1000 * sum(d.error for d in checker) / len(checker)
        )
        assert total.luck == pytest.approx(
            sum(r.luck for g in selfplay_analysis.games for r in g.luck if r.player == player)
        )
    # A beginner (noisy) makes mistakes the analysis sees.
    assert max(s.error_rate for s in selfplay_analysis.stats) > 5


def test_biggest_mistakes_worst_first_and_marked(selfplay_analysis):
    mistakes = selfplay_analysis.biggest_mistakes(4)
    assert mistakes
    errors = [d.error for _, d in mistakes]
    assert errors == sorted(errors, reverse=True) and errors[-1] >= 0.04
    worst = max(d.error for g in selfplay_analysis.games for d in g.decisions)
    assert errors[0] == worst


def test_winning_chances_run_from_the_start_to_the_result(selfplay_match, selfplay_analysis):
    for states, game in zip(games_of(selfplay_match), selfplay_analysis.games, strict=True):
        assert all(0.0 <= p <= 1.0 for p in game.win_chances)
        assert 0.4 < game.win_chances[0] < 0.6
        assert game.win_chances[-1] == (1.0 if states[-1].winner == 0 else 0.0)
        assert len(game.win_chances) == len(game.luck) + 1


def test_progress_steps_and_cancellation(selfplay_match):
    games = games_of(selfplay_match)
    steps = list(analysis_steps(games, plies=1))
    total = steps[0].total
    assert [s.done for s in steps[:-1]] == list(range(1, total + 1))
    assert steps[-1].result is not None and all(s.result is None for s in steps[:-1])
    seen = []
    with pytest.raises(AnalysisCancelled):
        analyse_match(
            games, 1, progress=lambda d, t: seen.append(d), cancelled=lambda: len(seen) >= 3
        )
    assert seen == [1, 2, 3]


def test_strongest_judgement_on_a_short_game():
    record = Record.new(Rules.full(match_length=7)).extend(
        [Action.roll((6, 1)), Action.play([(13, 7), (8, 7)]), Action.roll((5, 5)),
         Action.play([(13, 8), (13, 8), (8, 3), (8, 3)])]
    )  # fmt: skip
    game = analyse_game(games_of(record)[0])
    # Pink's roll without doubling is a cube decision too (not a close one, and no error).
    assert [d.kind for d in game.decisions] == ["play", "no-double", "play"]
    assert game.decisions[0].error == 0.0
    assert game.decisions[1].error == 0.0 and not game.decisions[1].counted


def test_analyse_command_prints_players_then_games(selfplay_match, selfplay_analysis):
    out = io.StringIO()
    status = analyse_cli.main(["--plies", "1"], io.StringIO(format_mat(selfplay_match)), out)
    assert status == 0
    lines = out.getvalue().splitlines()
    # Then, after the games, each player's PR interval (game.analysis.intervals).
    assert len(lines) == 2 + 2 * len(selfplay_analysis.games) + 2
    expected = selfplay_analysis.stats[1]
    assert lines[1] == f"player 2: {expected.error_rate:.1f} {expected.pr:.1f} {expected.decisions}"
    assert lines[2].startswith("game 1 player 1: ")
    assert lines[-2].startswith("player 1 interval: ")
    assert lines[-1].startswith("player 2 interval: ")


def test_analyse_command_judges_at_the_strongest_judgement_by_default(
    monkeypatch, selfplay_match, selfplay_analysis
):
    # As gnubg's own analysis defaults to its 2-ply. The depth the command asks for is what
    # is checked (the 2-ply judgement itself is tested with the judgement): the analysis is
    # stood in for by the 1-ply one already made.
    asked = []

    def analyse(record, plies):
        asked.append(plies)
        assert record == selfplay_match
        return selfplay_analysis

    monkeypatch.setattr(analyse_cli, "analyse_record", analyse)
    text = format_mat(selfplay_match)
    assert analyse_cli.main([], io.StringIO(text), io.StringIO()) == 0
    assert analyse_cli.main(["--plies", "1"], io.StringIO(text), io.StringIO()) == 0
    assert asked == [STRONGEST, 1]
    assert STRONGEST == 2


def test_analyse_command_reads_an_sgf_as_its_mat():
    record = Record.new(Rules.full(match_length=3)).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]), Action.roll((6, 4)),
         Action.play([(24, 18), (18, 14)]), Action.double(), Action.pass_()]
    )  # fmt: skip
    printed = []
    for text in (format_mat(record), format_sgf(record)):
        out = io.StringIO()
        assert analyse_cli.main(["--plies", "1"], io.StringIO(text), out) == 0
        printed.append(out.getvalue())
    assert printed[0] == printed[1] and "game 1 player 1: " in printed[0]


def test_analyse_command_refuses_a_file_it_cannot_read(capsys):
    status = analyse_cli.main([], io.StringIO("this is not a match file"), io.StringIO())
    assert status == 1
    out = io.StringIO()
    assert analyse_cli.main([], io.StringIO("this is not a match file"), out) == 1
    assert out.getvalue().startswith("error: ") and not capsys.readouterr().err


def test_rating_estimate_follows_gnubgs_formula():
    from game.analysis.record_analysis import PlayerStats

    # gnubg 1.07 on a 3-point match: checker errors cost 308.9 points of rating at
    # 17.85 mEMG, cube errors 3.1 at 4.49 mEMG, and it printed 1737.9.
    stats = PlayerStats(unforced=100, checker_error=1.785, close_cube=100, cube_error=0.449)
    assert stats.rating_estimate(3) == pytest.approx(1737.9, abs=0.3)
    assert PlayerStats().rating_estimate(7) == 2050.0
    assert stats.rating_estimate(0) is None
