"""The hint under the Simple rules (every game counts one) speaks in games won: no money
equity, no gammons; with gammons it keeps the equities and the chances."""

from __future__ import annotations

import re

from game.engine.match import Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.board.hint_panel import play_rows, plays_html
from game.web.worker.judging import hint_reply, hint_request

# A back game where gammons weigh: the money equities run far from the chance to win.
POSITION = Position.from_points({24: 2, 13: 4, 8: 3, 6: 4, 1: 2}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1})


def answer_for(rules: Rules) -> dict:
    game = GameState(rules, position=POSITION, phase=Phase.MOVE, turn=0, dice=(6, 5))
    return hint_reply(hint_request(game, plies=1))


def test_the_simple_rules_hint_counts_games_won():
    answer = answer_for(Rules.simple())
    rows = play_rows(answer)
    assert rows and all(re.fullmatch(r"\d{1,3}\.\d%", row.equity) for row in rows)
    wins = [float(row.equity[:-1]) for row in rows]
    assert wins == sorted(wins, reverse=True), "best first, by the games it wins"
    assert rows[0].difference == "best"
    html = plays_html(answer)
    assert "gammon" not in html and "Equity" not in html and "games won" in html


def test_with_gammons_the_hint_keeps_equity_and_chances():
    rows = play_rows(answer_for(Rules.full()))
    assert rows and all(re.fullmatch(r"[-+]\d\.\d{3}", row.equity) for row in rows)
    assert "gammon" in rows[0].chances
