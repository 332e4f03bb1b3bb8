"""The page's learning modules, in CPython: the worker's hint and analysis answers
(game/web/worker/judging.py), the Hint panel, the tutor, the analysis view, the charts, the
rating."""

from __future__ import annotations

import json
import math
import re

import pytest

from game.analysis import record_analysis as analysis
from game.analysis.dice_stats import dice_statistics
from game.analysis.judgement import (
    cube_action_error,
    cube_hint,
    cube_state_of,
    emg_of_mwc,
    mwc_of_emg,
    play_hint,
)
from game.analysis.record_analysis import analyse_record
from game.bot.cube import CubeState
from game.engine.match import Rules
from game.engine.plays import legal_plays
from game.engine.record import Action, Record
from game.engine.state import GameState, Phase
from game.web.board import chart, hint_panel
from game.web.rating import book as rating
from game.web.rating import words as rating_words
from game.web.review import analysis_view
from game.web.review.words import dice_verdict
from game.web.state.replay import Replay
from game.web.state.session import FRIEND, Session, Settings
from game.web.table import tutor
from game.web.table.controls import settings_from_form
from game.web.worker import judging as study
from game.web.worker import thinker
from tests.records import played


def through_json(data):
    return json.loads(json.dumps(data))


def opening(rules: Rules, dice=(5, 3)) -> GameState:
    return GameState.new(rules).set_dice(dice)


# --- the worker's answers ----------------------------------------------------------------------


def test_the_hint_ranks_every_play_as_the_judgement_does_and_names_it_by_its_index():
    game = opening(Rules.full(match_length=5))
    answer = through_json(thinker.reply(study.hint_request(game, plies=1)))
    ranked = play_hint(game, plies=1)
    legal = legal_plays(game.position, game.dice)
    assert len(answer["plays"]) == len(ranked) == len(legal)
    for shown, expected in zip(answer["plays"], ranked, strict=True):
        assert legal[shown["index"]].position == expected.play.position
        assert shown["notation"] == expected.notation
        assert shown["equity"] == pytest.approx(expected.equity)
    assert answer["cube"] is None and answer["match"] is True


def test_the_cube_hint_carries_each_actions_loss_and_in_a_match_the_winning_chances():
    game = GameState.new(Rules.full(match_length=7)).set_dice((6, 5))
    game = game.play(game.legal_plays()[0])  # the opponent is on roll, may double
    assert game.phase is Phase.ROLL
    answer = through_json(study.reply(study.hint_request(game, plies=1)))
    cube = answer["cube"]
    figures = cube_hint(game, plies=1)
    assert cube["action"] == figures.action and cube["response"] == figures.response
    for action in ("no-double", "double", "take", "pass"):
        assert cube["errors"][action] == pytest.approx(cube_action_error(figures, action))
    state = cube_state_of(game, game.turn)
    for name in ("no_double", "double_take", "double_pass"):
        assert emg_of_mwc(cube["mwc"][name], state) == pytest.approx(cube[name])
    # A pass hands the doubler one point at the cube's value: 7-away to 6-away.
    assert cube["mwc"]["double_pass"] == pytest.approx(mwc_of_emg(1.0, state))
    money = GameState.new(Rules.full()).set_dice((6, 5))
    money = money.play(money.legal_plays()[0])
    assert study.reply(study.hint_request(money, plies=1))["cube"]["mwc"] is None


def test_mwc_of_emg_inverts_emg_of_mwc():
    state = CubeState.of(value=2, owner=1, match_length=7, score=(4, 2))
    for mwc in (0.1, 0.45, 0.8):
        assert mwc_of_emg(emg_of_mwc(mwc, state), state) == pytest.approx(mwc)


def run_job(record: Record, plies: int = 1) -> tuple[list[dict], dict]:
    """The analysis as the page asks the pool for it (game/web/review/room.py): its parts,
    each part judged (the dice statistics with the first), the whole from their figures;
    every message through JSON, as between the page and a worker."""
    data = study.record_data(record)
    plan = through_json(study.reply(study.parts_request(data, plies, dice=False)))
    replies = [
        through_json(study.reply(study.part_request(data, plies, part, dice=index == 0)))
        for index, part in enumerate(plan["parts"])
    ]
    figures = [reply["figures"] for reply in replies]
    whole = through_json(study.reply(study.whole_request(data, plies, figures)))
    return [plan, *replies], whole["result"]


@pytest.fixture(scope="module")
def match_analysis():
    """A 3-point match, its analysis in parts as the page asks the pool for it (``run_job``)
    and ``analyse_record``'s at 1-ply: the two tests below read them, neither changes them."""
    record = played(2)
    replies, result = run_job(record)
    return record, replies, result, analyse_record(record, plies=1)


def test_the_analysis_in_parts_gives_the_figures_of_analyse_record(match_analysis):
    record, replies, result, expected = match_analysis
    plan, parts = replies[0], replies[1:]
    assert "dice" not in plan and len(parts) == len(plan["parts"]) > 1
    assert sum(part["decisions"] for part in parts) == plan["total"]
    assert "dice" in parts[0] and all("dice" not in part for part in parts[1:])
    assert parts[0]["dice"] == through_json(study.dice_data(record))
    for player in (0, 1):
        shown, stats = result["players"][player], expected.stats[player]
        assert shown["error_rate"] == pytest.approx(stats.error_rate)
        assert shown["pr"] == pytest.approx(stats.pr)
        assert shown["decisions"] == stats.decisions
        assert shown["luck"] == pytest.approx(stats.luck)
        assert shown["rating"] == pytest.approx(stats.rating_estimate(3))
    assert [g["chances"] for g in result["games"]] == [
        pytest.approx(list(g.win_chances)) for g in expected.games
    ]
    for shown, game in zip(result["games"], expected.games, strict=True):
        assert [(p, r) for p, r, _ in shown["luck"]] == [
            (roll.player, f"{max(roll.dice)}{min(roll.dice)}") for roll in game.luck
        ]
        assert [luck for *_, luck in shown["luck"]] == pytest.approx([r.luck for r in game.luck])
        assert sum(luck for p, _, luck in shown["luck"] if p == 0) == pytest.approx(
            game.stats[0].luck
        )
    assert len(result["mistakes"]) == min(study.MISTAKES, len(expected.biggest_mistakes(99)))


def test_each_mistake_names_its_moment_and_the_better_play_as_a_legal_play_there(
    match_analysis,
):
    record, _, result, analysed = match_analysis
    expected = analysed.biggest_mistakes(study.MISTAKES)
    replay = Replay.of(record)
    plays = 0
    for shown, (_, decision) in zip(result["mistakes"], expected, strict=True):
        state = replay.jump(shown["moment"]).state
        assert state == decision.state
        assert shown["error"] == pytest.approx(decision.error)
        if decision.kind == "play":
            plays += 1
            best = hint_panel.play_at(state, shown["best_play"])
            assert best is not None and best.position == decision.best_play.position
        else:
            assert shown["best_play"] is None
    assert plays >= 3


def test_the_old_sliced_analysis_requests_are_gone():
    # The analysis runs on the pool in parts only: a worker refuses the old requests.
    for task in ("analyse", "analyse-cancel"):
        with pytest.raises(ValueError, match="unknown task"):
            study.reply({"task": task, "job": "a"})


def test_the_analysis_of_a_game_in_progress_and_of_an_imported_match():
    record = played(3)
    cut = record.truncated(1, len(record.games[0]) // 2)  # the first game, half played
    _, result = run_job(cut)
    assert len(result["games"]) == 1 and result["games"][0]["chances"]
    from game.formats.mat import format_mat, parse_mat

    imported = parse_mat(format_mat(played(0)))
    _, result = run_job(imported)
    assert result["names"] == list(imported.names)


def test_the_dice_data_are_those_of_dice_stats():
    record = played(4)
    data = study.dice_data(record)
    for shown, stats in zip(data["players"], dice_statistics(record), strict=True):
        assert shown["rolls"] == stats.rolls and shown["seen"] == stats.rolls_seen
        assert shown["doubles"]["observed"] == stats.doubles.observed
        # The worker sends figures; the page's words (English here) say what dice_stats says.
        hitting = shown["hitting"]
        excess = hitting["observed"] - hitting["expected"]
        assert dice_verdict(hitting["p_value"], excess) == stats.hitting.verdict
        spread = dice_verdict(shown["rolls_p_value"], 0.0, spread=True)
        assert spread == stats.rolls_verdict


# --- the Hint panel ----------------------------------------------------------------------------


ANSWER = {
    "plays": [
        {"index": 4, "notation": "8/3 6/3", "equity": 0.05},
        {"index": 0, "notation": "24/21 13/8", "equity": 0.012},
        {"index": 7, "notation": "8/5 8/3", "equity": -0.25},
    ],
    "cube": None,
    "match": False,
}


def test_play_rows_give_each_play_its_equity_and_its_difference_from_the_best():
    rows = hint_panel.play_rows(ANSWER)
    assert [(r.index, r.equity, r.difference) for r in rows] == [
        (4, "+0.050", "best"),
        (0, "+0.012", "-0.038"),
        (7, "-0.250", "-0.300"),
    ]
    many = {"plays": [{"index": i, "notation": str(i), "equity": -i / 100} for i in range(30)]}
    assert len(hint_panel.play_rows(many)) == hint_panel.SHOWN >= 5
    assert "The best 10 of 30 plays" in hint_panel.plays_html(many)


def test_the_hint_html_escapes_and_marks_the_play_chosen():
    hostile = {"plays": [{"index": 0, "notation": "<img src=x>", "equity": 0.0}]}
    html = hint_panel.plays_html(hostile)
    assert "<img" not in html and "&lt;img" in html
    html = hint_panel.plays_html(ANSWER, chosen=0)
    assert re.search(r'data-hint="0" aria-pressed="true"', html)
    assert html.count('aria-pressed="false"') == 2
    assert "No legal play" in hint_panel.plays_html({"plays": []})


CUBE = {
    "action": "double",
    "response": "take",
    "no_double": 0.5,
    "double_take": 0.62,
    "double_pass": 1.0,
    "may_double": True,
    "errors": {"no-double": 0.12, "double": 0.0, "take": 0.0, "pass": 0.38, "beaver": 0.0},
    "mwc": None,
}


def test_the_cube_hint_in_words_for_the_doubler_and_for_the_doubled():
    html = hint_panel.cube_html(CUBE, doubled=False)
    assert "Double, take." in html and "+0.620" in html and "Match chance" not in html
    doubled = hint_panel.cube_html(CUBE, doubled=True)
    assert "Take the double." in doubled and "-0.620" in doubled and "-1.000" in doubled
    assert "No double" not in doubled
    match = dict(CUBE, mwc={"no_double": 0.6, "double_take": 0.65, "double_pass": 0.7})
    assert "65.0%" in hint_panel.cube_html(match, False)
    assert "35.0%" in hint_panel.cube_html(match, True)  # the taker's own chance
    assert "may not double" in hint_panel.cube_advice(dict(CUBE, may_double=False), False)
    assert "beaver" not in html.lower()  # no beaver without the rules allowing one


def test_the_cube_hint_has_a_beaver_line_where_the_rules_allow_one():
    beaver = dict(
        CUBE, action="no-double", response="beaver", double_take=-0.21,
        may_beaver=True, double_beaver=-0.42,
    )  # fmt: skip
    html = hint_panel.cube_html(beaver, doubled=False)
    assert "Double, beaver" in html and "-0.420" in html and "No double, beaver." in html
    doubled = hint_panel.cube_html(beaver, doubled=True)
    assert "<th>Beaver</th><td>+0.420</td>" in doubled and "Beaver the double." in doubled
    # From the worker: money with the beaver option on, not in a match nor without the option.
    for rules, allowed in (
        (Rules.full(beaver=True), True),
        (Rules.full(beaver=False), False),
        (Rules.full(match_length=7), False),
    ):
        game = GameState.new(rules).set_dice((6, 5))
        game = game.play(game.legal_plays()[0])
        cube = through_json(study.reply(study.hint_request(game, plies=1)))["cube"]
        assert cube["may_beaver"] is allowed
        assert cube["double_beaver"] == pytest.approx(2 * cube["double_take"])
        assert ("Double, beaver" in hint_panel.cube_html(cube, False)) is allowed


def test_the_hint_is_offered_when_a_person_has_something_to_weigh():
    session = Session(opening(Rules.full()), Settings(opponent=FRIEND)).after(opening(Rules.full()))
    assert hint_panel.hint_offered(session)
    assert not hint_panel.hint_offered(session, busy=True)
    game = opening(Rules.full())
    rolled = game.play(game.legal_plays()[0])  # the other side on roll, the cube centred
    assert hint_panel.hint_offered(Session(rolled, Settings(opponent=FRIEND)))
    # Against the computer, its turn is not the person's to weigh; no cube, nothing to hint.
    assert not hint_panel.hint_offered(Session(rolled, Settings()))
    simple = opening(Rules.simple())
    simple = simple.play(simple.legal_plays()[0])
    assert not hint_panel.hint_offered(Session(simple, Settings(opponent=FRIEND)))
    doubled = Session(rolled.double(), Settings(opponent=FRIEND))
    assert hint_panel.hint_offered(doubled)


def test_a_hinted_play_is_drawn_as_made_with_its_arrows_and_nothing_is_played():
    game = opening(Rules.full())
    session = Session(game, Settings(opponent=FRIEND)).after(game)
    plays = legal_plays(game.position, game.dice)
    play = next(p for p in plays if len(p.moves) == 2 and p.moves[0].origin == 8)
    index = hint_panel.play_index(game, play)
    assert hint_panel.play_at(game, index) == play and hint_panel.play_at(game, 999) is None
    view = hint_panel.hinted_view(session, play)
    assert view.trail == tuple((m.origin, m.destination) for m in play.moves)
    assert view.trail_colour == "cyan" and not view.lit and not view.movable
    assert view.bottom[8] == play.position.player[8]  # the checkers where the play leaves them
    assert session.game is game and session.turn is not None and not session.turn.actions


# --- the tutor ---------------------------------------------------------------------------------


def test_the_tutor_marks_as_the_analysis_does_with_gnubg_s_thresholds():
    assert (analysis.DOUBTFUL, analysis.BAD, analysis.VERY_BAD) == (0.04, 0.08, 0.16)
    for error in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.0):
        assert tutor.mark_of(error) == analysis.mark_of(error)


@pytest.mark.parametrize(
    ("loss", "mark"), [(0.039, None), (0.04, "doubtful"), (0.08, "bad"), (0.2, "very bad")]
)
def test_a_play_is_warned_of_from_a_loss_of_0_04(loss, mark):
    answer = {
        "plays": [
            {"index": 2, "notation": "8/3 6/3", "equity": 0.1},
            {"index": 5, "notation": "13/5", "equity": 0.1 - loss},
        ]
    }
    warning = tutor.play_warning(answer, 5)
    assert (warning.mark if warning else None) == mark
    if warning:
        assert warning.better_index == 2 and "8/3 6/3" in warning.text and mark in warning.text
    assert tutor.play_warning(answer, 2) is None
    with pytest.raises(ValueError):
        tutor.play_warning(answer, 9)


def test_under_the_simple_rules_the_tutor_speaks_in_games_won():
    """Every game counts one: the gammons behind 8/5 6/5's money equity win nothing, and the
    tutor, like the hint, ranks the plays by the games they win."""
    plays = [
        {"index": 0, "notation": "8/5 6/5", "equity": 0.30, "chances": [0.48, 0.3, 0, 0, 0]},
        {"index": 1, "notation": "24/21", "equity": 0.10, "chances": [0.55, 0.0, 0, 0.1, 0]},
    ]
    assert tutor.play_warning({"plays": plays}, 0) is None  # money play: the best equity
    warning = tutor.play_warning({"plays": plays, "single": True}, 0)
    assert warning is not None and warning.better_index == 1
    assert "wins 7.0% fewer games" in warning.text and "equity" not in warning.text
    assert tutor.play_warning({"plays": plays, "single": True}, 1) is None


def test_cube_decisions_are_warned_of_with_the_better_action():
    warning = tutor.cube_warning(CUBE, "no-double")
    assert warning.mark == "bad" and warning.better == "double"
    assert "Rolling without doubling is bad" in warning.text and "Better: double" in warning.text
    assert tutor.cube_warning(CUBE, "double") is None
    assert tutor.cube_warning(CUBE, "pass").better == "take"
    assert tutor.cube_warning(dict(CUBE, may_double=False), "no-double") is None
    assert tutor.cube_warning(None, "take") is None


def test_the_tutor_setting_is_off_by_default_and_read_from_the_form_and_old_saves():
    assert Settings().tutor is False
    assert Settings.from_dict({"opponent": "computer"}).tutor is False
    assert Settings.from_dict(Settings(tutor=True).to_dict()).tutor is True
    assert settings_from_form({"opponent=computer", "tutor"}, {}).tutor is True
    assert settings_from_form({"opponent=computer"}, {}).tutor is False


# --- the analysis view and the charts ----------------------------------------------------------


def player(rating_estimate=1800.0):
    return {
        "checker_rate": 10.0,
        "cube_rate": 30.0,
        "error_rate": 12.5,
        "pr": 6.25,
        "unforced": 40,
        "close_cube": 4,
        "decisions": 44,
        "luck": -0.3,
        "marks": {"very bad": 1, "doubtful": 2},
        "rating": rating_estimate,
    }


RESULT = {
    "names": ["<script>x</script>", "Computer"],
    "match_length": 5,
    "players": [player(), player(None)],
    "games": [
        {
            "number": 1,
            "players": [player(), player()],
            "chances": [0.5, 0.7, 1.0],
            "luck": [[0, "31", 0.12], [1, "66", 0.31]],
        },
        {"number": 2, "players": [player(), player()], "chances": [0.5, 0.2]},
    ],
    "mistakes": [
        {
            "game": 1,
            "moment": 7,
            "player": 0,
            "kind": "play",
            "dice": [3, 1],
            "chosen": "24/21 21/20",
            "best": "8/5 6/5",
            "error": 0.2,
            "mark": "very bad",
            "best_play": 3,
        },
        {
            "game": 2,
            "moment": 40,
            "player": 1,
            "kind": "pass",
            "dice": None,
            "chosen": "pass",
            "best": "take",
            "error": 0.1,
            "mark": "bad",
            "best_play": None,
        },
    ],
}


def test_the_analysis_view_shows_the_figures_mistakes_and_chart_and_escapes_names():
    html = analysis_view.analysis_html(RESULT)
    assert "<script>" not in html and "&lt;script&gt;" in html
    for words in ("Error rate (mEMG)", "PR", "12.5", "6.2", "1800", "n/a", "-0.300"):
        assert words in html
    assert html.count("data-mistake=") == 2 and 'data-mistake="1"' in html
    assert html.count("<polyline") == 2 and html.count("<details>") == 2
    assert "1 very bad, 2 doubtful" in html
    assert "Luck of each roll" in html and "Computer</span> 66 +0.310" in html
    assert "<th></th>" not in html  # the table's corner is a cell: a header says what it heads
    names = ["You", "Computer"]
    # Numbered as the move list numbers turns, the roll as players write it.
    numbered = dict(RESULT["mistakes"][0], turn=12)
    assert analysis_view.mistake_text(numbered, names) == (
        "12. You 3-1: 24/21 21/20 \u2014 better 8/5 6/5, \u22120.200"
    )
    assert analysis_view.mistake_text(RESULT["mistakes"][1], names, games=2) == (
        "Game 2, Computer: pass \u2014 better take, \u22120.100"
    )
    clean = dict(RESULT, mistakes=[], match_length=0)
    assert "well played" in analysis_view.analysis_html(clean)
    assert "Rating from errors" not in analysis_view.analysis_html(clean)
    assert analysis_view.progress_text(3, 10) == "Analysing: 3 of 10 decisions and rolls judged"


def test_the_dice_panel_says_its_verdicts_in_words():
    html = analysis_view.dice_html(study.dice_data(played(4)))
    assert html.count("Doubles") == 2 and "Hitting shots" in html
    assert "within what chance gives" in html or "unusual" in html


def test_the_chances_chart_puts_each_value_at_its_height():
    svg = chart.chances_chart([[1.0, 0.0, 0.5]], ["A", "B"])
    points = re.search(r'points="([^"]+)"', svg).group(1).split()
    ys = [float(p.split(",")[1]) for p in points]
    assert ys[0] == chart.TOP and ys[1] == chart.HEIGHT - chart.BOTTOM
    assert ys[2] == pytest.approx((ys[0] + ys[1]) / 2)
    xs = [float(p.split(",")[0]) for p in points]
    assert xs == sorted(xs) and xs[0] == chart.LEFT and xs[-1] == chart.WIDTH - chart.RIGHT
    two = chart.chances_chart([[0.5, 1.0], [0.5, 0.0]], ["A", "B"])
    assert two.count('class="game-start"') == 1 and "Game 2" in two
    assert "&lt;b&gt;" in chart.chances_chart([[0.5]], ["<b>", "B"])


def test_the_rating_chart_spans_its_values():
    svg = chart.rating_chart([1500.0, 1520.0, 1480.0])
    assert svg.count("<polyline") == 1 and "1500" in svg
    assert "<circle" in chart.rating_chart([1500.0])


# --- the rating --------------------------------------------------------------------------------


def test_the_fibs_chances_and_changes():
    assert rating.win_chance(1500, 1500, 7) == pytest.approx(0.5)
    assert rating.win_chance(1700, 1500, 1) + rating.win_chance(1500, 1700, 1) == pytest.approx(1)
    # 200 points over a 1-point match: 1 / (10 ** (200 / 2000) + 1)
    assert rating.win_chance(1500, 1700, 1) == pytest.approx(1 / (10**0.1 + 1))
    # A longer match favours the stronger more.
    assert rating.win_chance(1500, 1700, 9) < rating.win_chance(1500, 1700, 1)
    won = rating.change(1500, 1700, 9, True, experience=1000)
    lost = rating.change(1700, 1500, 9, False, experience=1000)
    assert (
        won == pytest.approx(-lost) == pytest.approx(4 * 3 * (1 - rating.win_chance(1500, 1700, 9)))
    )
    # New players move five times as fast, down to the plain step by 400 points played.
    assert rating.change(1500, 1500, 1, True, 0) == pytest.approx(5 * 4 * 0.5)
    assert rating.change(1500, 1500, 1, True, 400) == pytest.approx(4 * 0.5)


def test_the_book_counts_results_and_reads_back_and_never_fails_on_bad_text():
    book = rating.Book()
    assert book.rating == 1500 and book.history == [1500]
    book = book.after_result("expert", 3, True).after_result(None, 1, False)
    assert book.experience == 4 and [r.level for r in book.results] == ["expert", "strong"]
    assert book.history[0] == 1500 and book.history[-1] == book.rating
    book = book.with_estimate(1712.4).with_last("abc")
    assert rating.read_book(book.to_text()) == book
    for text in (
        None,
        "",
        "{",
        "[]",
        '{"version": 2}',
        '{"version": 1, "rating": "x"}',
        '{"version": 1, "rating": NaN, "experience": 0}',
        '{"version": 1, "rating": 1500, "experience": -1}',
        "x" * 200_000,
    ):
        assert rating.read_book(text) == rating.Book()
    odd = json.loads(book.to_text())
    odd["results"].append(["grandmaster", 1, 1, 1600])
    odd["results"].append(["casual", 2.5, 1, 1600])
    assert rating.read_book(json.dumps(odd)).results == book.results


def test_the_book_keeps_its_last_results_and_where_the_plot_starts():
    book = rating.Book()
    for n in range(rating.KEPT + 5):
        book = book.after_result("casual", 1, n % 2 == 0)
    assert len(book.results) == rating.KEPT
    assert len(book.history) == rating.KEPT + 1 and book.history[0] != 1500
    assert rating.read_book(book.to_text()).history == pytest.approx(book.history, abs=1e-3)


def test_a_result_counts_at_the_end_of_a_match_or_of_a_money_game():
    record = Record.new(Rules.full(match_length=1)).extend([Action.roll((3, 1))])
    state = record.state
    assert rating.result_of(state) is None
    over = state.resign(1, 0).accept_resignation()
    assert over.phase is Phase.MATCH_OVER and rating.result_of(over) == (1, False)
    money = GameState.new(Rules.full()).set_dice((3, 1)).resign(2, 1).accept_resignation()
    assert rating.result_of(money) == (1, True)
    three = GameState.new(Rules.full(match_length=3)).set_dice((3, 1))
    assert rating.result_of(three.resign(1, 1).accept_resignation()) is None  # 1-0 of 3
    assert rating.fingerprint("a") == rating.fingerprint("a") != rating.fingerprint("b")


def test_every_level_has_a_rating_rising_with_its_strength():
    from game.bot.level_names import DEFAULT_LEVEL, LEVEL_NAMES

    assert tuple(rating.LEVEL_RATINGS) == LEVEL_NAMES
    assert (
        rating.level_rating(None)
        == rating.LEVEL_RATINGS[DEFAULT_LEVEL]
        != rating.level_rating("expert")
    )
    values = list(rating.LEVEL_RATINGS.values())
    assert values == sorted(values)
    assert all(math.isfinite(v) for v in values)
    assert "Expert" in rating_words.levels_html()


def test_the_faq_answers_how_the_dice_are_rolled():
    from pathlib import Path

    html = (Path(__file__).resolve().parents[3] / "index.html").read_text(encoding="utf-8")
    answer = re.search(r'<dd id="faq-dice"[^>]*>(.*?)</dd>', html, re.S).group(1)
    for fact in (
        "HMAC-SHA256",
        "commitment",
        "cryptographic",
        "seed=N",
        "within what chance gives",
    ):
        assert fact in answer


def test_the_faqs_lines_of_python_give_the_engines_throws():
    import hashlib
    import html
    import io
    from contextlib import redirect_stdout
    from pathlib import Path

    from game.engine.seeded_dice import throw

    page = (Path(__file__).resolve().parents[3] / "index.html").read_text(encoding="utf-8")
    code = html.unescape(re.search(r'<pre class="faq-code"[^>]*><code>(.*?)</code>', page, re.S)[1])
    seed = hashlib.sha256(b"faq").digest()
    code = code.replace("SEED", seed.hex()).replace("COMMITMENT", hashlib.sha256(seed).hexdigest())
    printed = io.StringIO()
    with redirect_stdout(printed):
        exec(code, {})
    lines = printed.getvalue().splitlines()
    assert lines == [f"{n} {' '.join(map(str, throw(seed, n)))}" for n in range(1, 41)]


def test_a_mistake_is_told_in_the_numbers_the_reader_sees_on_the_board():
    """The computer's 24/18 13/9 runs 1 -> 7 and 12 -> 16 on the person's labels."""
    mistake = {
        "player": 1,
        "kind": "play",
        "dice": [6, 4],
        "chosen": "24/18 13/9",
        "best": "24/14",
        "error": 0.1,
        "turn": 1,
        "game": 1,
    }
    names = ["You", "Computer"]
    assert analysis_view.mistake_text(mistake, names, 1, reader=0) == (
        "1. Computer 6-4: 1/7 12/16 — better 1/11, \u22120.100"
    )
    assert "24/18 13/9 — better 24/14" in analysis_view.mistake_text(mistake, names, 1, reader=1)
    assert "24/18 13/9" in analysis_view.mistake_text(mistake, names)  # each its own
