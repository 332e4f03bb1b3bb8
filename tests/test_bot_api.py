"""The bot's public API: legal plays always, levels, probabilities, the `best` command."""

from __future__ import annotations

import io
import random

import pytest

from game.bot import DEFAULT_LEVEL, LEVELS, UnknownLevel, choose_play, evaluate
from game.cli.best import answerer as best_answerer
from game.cli.lines import serve
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.formats import format_position_id


def random_positions(count: int, seed: int = 7) -> list[tuple[Position, tuple[int, int]]]:
    """Positions from random play, each with the roll to be played."""
    rng = random.Random(seed)
    found = []
    position = Position.start()
    while len(found) < count:
        dice = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(position, dice)
        found.append((position, dice))
        position = (rng.choice(plays).position if plays else position).flip()
        if position.is_game_over():
            position = Position.start()
    return found


def test_levels_are_named_weakest_first_with_a_default_among_them():
    assert len(LEVELS) >= 4
    assert LEVELS[0] == "beginner"
    assert DEFAULT_LEVEL in LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_bot_always_returns_one_of_the_legal_plays(level):
    rng = random.Random(1)
    # The 2-ply level is slower: fewer positions keep the suite fast.
    count = 60 if level != LEVELS[-1] else 5
    for position, dice in random_positions(count):
        plays = legal_plays(position, dice)
        play = choose_play(position, dice, level, rng)
        if not plays:
            assert play is None
        else:
            assert play.position in {p.position for p in plays}


def test_bot_returns_none_when_no_play_is_legal():
    # On the bar against a closed board.
    position = Position.from_points({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert choose_play(position, (6, 5)) is None


def test_unknown_level_is_refused_with_its_name():
    with pytest.raises(UnknownLevel, match="grandmaster"):
        choose_play(Position.start(), (3, 1), "grandmaster")


def test_evaluation_is_a_consistent_set_of_probabilities():
    for position, _ in random_positions(40):
        p = evaluate(position)
        assert 0.0 <= p.win <= 1.0
        assert 0.0 <= p.win_backgammon <= p.win_gammon <= p.win
        assert 0.0 <= p.lose_backgammon <= p.lose_gammon <= 1.0 - p.win
        assert -3.0 <= p.equity <= 3.0


def test_bot_makes_the_five_point_with_three_one_at_the_start():
    play = choose_play(Position.start(), (3, 1))
    assert play.position.player[5] == 2


def test_best_command_answers_with_the_position_after_the_play():
    request = "4HPwATDgc/ABMA 3 1\n"
    out = io.StringIO()
    status = serve(best_answerer([]), [request], out)
    expected = format_position_id(choose_play(Position.start(), (3, 1)).position)
    assert status == 0
    assert out.getvalue() == expected + "\n"


def test_best_command_reports_unreadable_requests_and_exits_one():
    out = io.StringIO()
    status = serve(
        best_answerer(["--level", LEVELS[0]]), ["nonsense\n", "4HPwATDgc/ABMA 7 1\n"], out
    )
    lines = out.getvalue().splitlines()
    assert status == 1
    assert all(line.startswith("error: ") for line in lines) and len(lines) == 2


def test_best_command_refuses_an_unknown_level():
    with pytest.raises(ValueError, match="no level"):
        best_answerer(["--level", "grandmaster"])


def test_deeper_evaluation_stays_close_to_the_direct_one_at_the_start():
    direct = evaluate(Position.start())
    deeper = evaluate(Position.start(), deeper=True)
    assert abs(deeper.equity - direct.equity) < 0.1
    assert 0.0 <= deeper.lose_backgammon <= deeper.lose_gammon <= 1.0 - deeper.win


def test_best_command_runs_from_the_shell_and_exits_one_after_an_error():
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "game", "best", "--level", "strong"],
        input="4HPwATDgc/ABMA 3 1\nbad request\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert lines[0] == format_position_id(choose_play(Position.start(), (3, 1), "strong").position)
    assert lines[1].startswith("error: ")


def test_hint_ranks_every_play_best_first():
    from game.bot import hint

    ranked = hint(Position.start(), (6, 5))
    assert len(ranked) == len(legal_plays(Position.start(), (6, 5)))
    equities = [equity for equity, _ in ranked]
    assert equities == sorted(equities, reverse=True)
    assert ranked[0][1].position.player[13] == 6  # 24/13, the running play


def test_the_levels_are_named_in_one_place():
    """``level_names`` (which the page imports without the bot) names the levels of ``levels``;
    the page's default and the strongest are two different levels."""
    from game.bot import level_names, levels

    assert tuple(level.name for level in levels.LEVELS_BY_STRENGTH) == level_names.LEVEL_NAMES
    assert levels.LEVELS_BY_STRENGTH[-1].name == level_names.STRONGEST_LEVEL
    assert level_names.DEFAULT_LEVEL in level_names.LEVEL_NAMES
    assert level_names.DEFAULT_LEVEL != level_names.STRONGEST_LEVEL


def test_importing_the_bot_package_loads_no_network_nor_search():
    """The page names and checks levels through ``game.bot`` before the bot is needed."""
    import subprocess
    import sys

    code = "import sys, game.bot; print(sorted(m for m in sys.modules if m.startswith('game.bot')))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.split() == [
        "['game.bot',",
        "'game.bot.level_names',",
        "'game.bot.levels']",
    ]
