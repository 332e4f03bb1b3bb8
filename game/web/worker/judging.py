"""Hints, the tutor's figures and the analysis as plain-data requests and replies.

    >>> from game.engine.position import Position
    >>> from game.engine.state import GameState, Phase, Rules
    >>> game = GameState(Rules.full(), position=Position.start(), phase=Phase.MOVE, turn=0,
    ...                  dice=(3, 1))
    >>> answer = reply(hint_request(game, plies=1))   # in the worker
    >>> answer["plays"][0]["notation"], answer["plays"][0]["equity"] > 0
    ('8/5 6/5', True)

The worker (computer-worker.mjs, through ``game.web.worker.thinker.reply``) answers these so
the bot never runs on the page's main thread. A hint names each play by its index in
``legal_plays`` (the page draws it from there). An analysis is shared among the pool's
workers in parts (``parts_request``: how it is cut; ``part_request``: one part judged, each
reply a step of the progress bar, the page stopping by asking no more; ``whole_request``:
the analysis put together from the parts' figures, of the first decisions only when
stopped). The whole's reply holds the analysis as JSON-able data for
``game.web.review.analysis_view``. The bot is imported inside the functions: the page never loads
it unless it must think itself (no worker).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.bot.level_names import LEVEL_NAMES  # the names only: the bot is not loaded
from game.engine.plays import Play, legal_plays
from game.engine.record import Record
from game.engine.state import GameState
from game.formats.game_link import decode_game, encode_game
from game.formats.save import read_save, write_save
from game.web.store.seats import format_seats, needs_seats, read_seats
from game.web.worker.messages import (
    HINT,
    PART,
    PARTS,
    WHOLE,
    WHY,
    HintRequest,
    PartRequest,
    PartsRequest,
    WholeRequest,
    WhyRequest,
)

if TYPE_CHECKING:
    from game.analysis.dice_stats import Count, PlayerDice
    from game.analysis.intervals import Interval
    from game.analysis.judgement import CubeFigures, RankedPlay
    from game.analysis.record_analysis import Decision, MatchAnalysis, PlayerStats
    from game.analysis.why import PlayFacts

TASKS = (HINT, WHY, PARTS, PART, WHOLE)
STRONGEST = 2  # game.analysis.judgement.STRONGEST, without importing the bot on the page
MISTAKES = 10  # the biggest mistakes listed
CHANCES_SHOWN = 10  # plays of a hint given their winning chances (the hint lists ten)


# --- hints ---------------------------------------------------------------------------------


def hint_request(game: GameState, plies: int = STRONGEST) -> dict[str, Any]:
    """Ask for the ranked plays (MOVE phase) or the cube hint (ROLL or DOUBLED)."""
    return HintRequest(write_save(game), plies).to_dict()


def hint_reply(request: dict[str, Any]) -> dict[str, Any]:
    from game.analysis.judgement import cube_hint, play_hint

    game = read_save(request["game"])
    plies = int(request.get("plies", STRONGEST))
    return hint_data(game, play_hint(game, plies), cube_hint(game, plies))


def hint_data(
    game: GameState, ranked: list[RankedPlay], figures: CubeFigures | None
) -> dict[str, Any]:
    """The hint's reply: the ``ranked`` plays of ``game`` (``play_hint``'s, the first ten
    with their chances) and the cube ``figures`` (``cube_hint``'s), as plain data."""
    plays: list[dict[str, Any]] = []
    if ranked and game.dice is not None:
        legal = legal_plays(game.position, game.dice)
        index = {play.position: i for i, play in enumerate(legal)}
        plays = [
            {"index": index[r.play.position], "notation": r.notation, "equity": r.equity}
            for r in ranked
        ]
        _add_chances(game, legal, plays[:CHANCES_SHOWN])
    return {
        "plays": plays,
        "cube": None if figures is None else cube_data(game, figures),
        "match": game.rules.match_length > 0,
        "single": not game.rules.gammons,  # every game counts one: told in games won
    }


def _add_chances(game: GameState, legal: list[Play], plays: list[dict[str, Any]]) -> None:
    """Each play's winning chances for the mover after it (the network's, cubeless): win,
    win a gammon, win a backgammon, lose a gammon, lose a backgammon."""
    from game.bot.search import score_plays

    chosen = [legal[int(play["index"])] for play in plays]
    for play, chances in zip(plays, score_plays(game.position, chosen), strict=True):
        play["chances"] = [
            chances.win,
            chances.win_gammon,
            chances.win_backgammon,
            chances.lose_gammon,
            chances.lose_backgammon,
        ]


def cube_data(game: GameState, figures: CubeFigures) -> dict[str, Any]:
    """The cube figures, what each action loses, and in a match the winning chances;
    ``double_beaver`` counts when ``may_beaver`` (money play with the beaver option on)."""
    from game.analysis.judgement import cube_action_error, cube_state_of, mwc_of_emg
    from game.bot.cube import BEAVER, DOUBLE, NO_DOUBLE, PASS, TAKE

    data: dict[str, Any] = {
        "action": figures.action,
        "response": figures.response,
        "no_double": figures.no_double,
        "double_take": figures.double_take,
        "double_pass": figures.double_pass,
        "may_double": figures.may_double,
        "may_beaver": figures.may_beaver,
        "double_beaver": figures.double_beaver,
        "errors": {
            action: cube_action_error(figures, action)
            for action in (NO_DOUBLE, DOUBLE, TAKE, PASS, BEAVER)
        },
        "mwc": None,
    }
    if game.rules.match_length:
        state = cube_state_of(game, game.turn)
        data["mwc"] = {
            name: mwc_of_emg(data[name], state)
            for name in ("no_double", "double_take", "double_pass")
        }
    return data


# --- analysis --------------------------------------------------------------------------------


def record_data(record: Record) -> dict[str, Any]:
    """A record as it travels to and from a worker: the whole-game text, the names and levels,
    and who played which part where they changed (game/web/address/seats.py)."""
    data = {"game": encode_game(record), "names": list(record.names), "levels": list(record.levels)}
    if needs_seats(record):
        data["seats"] = format_seats(record)
    return data


def read_record(data: dict[str, Any]) -> Record:
    record = decode_game(data["game"])
    names = data.get("names")
    if isinstance(names, list) and len(names) == 2:
        record = record.with_names((str(names[0]), str(names[1])))
    levels = data.get("levels")
    if isinstance(levels, list) and len(levels) == 2:
        first, second = (level if level in LEVEL_NAMES else None for level in levels)
        record = record.with_levels((first, second))
    seats = data.get("seats")
    if isinstance(seats, str):
        record = read_seats(seats, record) or record
    return record


# --- the analysis on the pool of workers: in parts, put together (game.analysis.analysis_parts)


def parts_request(data: dict[str, Any], plies: int, dice: bool = True) -> dict[str, Any]:
    """Ask how the analysis of the record ``data`` (``record_data``'s) is shared: its parts,
    decisions and (``dice``) the dice statistics."""
    return PartsRequest(data, plies, dice).to_dict()


def part_request(
    data: dict[str, Any], plies: int, part: list[int], dice: bool = False
) -> dict[str, Any]:
    """Judge one part of the record ``data`` (``record_data``'s: written once, for every
    part; in the page writing a long match is not free); with ``dice``, the dice statistics
    too. The page asks them with the first part rather than with the parts: every part
    waits for the parts' answer, and the statistics take longer than the rest of it."""
    return PartRequest(data, part, plies, dice).to_dict()


def whole_request(
    data: dict[str, Any], plies: int, figures: list[Any], upto: int | None = None
) -> dict[str, Any]:
    return WholeRequest(data, figures, plies, upto).to_dict()


def parts_reply(request: dict[str, Any]) -> dict[str, Any]:
    """The parts (each ``[game, first, after the last]``, in the record's order) and how
    many decisions each and all hold, with the dice statistics."""
    from game.analysis.analysis_parts import decisions_in, parts_of

    asked = PartsRequest.from_dict(request)
    record = read_record(asked.record)
    games, _ = games_with_moments(record)
    parts = parts_of(games)
    answer: dict[str, Any] = {
        "parts": [part.to_list() for part in parts],
        "total": decisions_in(games),
    }
    if asked.dice:
        answer["dice"] = dice_data(record)
    return answer


def part_reply(request: dict[str, Any]) -> dict[str, Any]:
    """One part judged: the judge's answers (``figures``) and how many decisions it held."""
    from game.analysis.analysis_parts import Part, judge_part

    asked = PartRequest.from_dict(request)
    record = read_record(asked.record)
    games, _ = games_with_moments(record)
    part = Part.of(asked.part)
    if not 0 <= part.game < len(games):
        raise ValueError(f"no game {part.game + 1} in this record")
    figures = judge_part(games, int(asked.plies), part)
    answer = {"part": part.to_list(), "figures": figures, "decisions": part.end - part.start}
    if asked.dice:
        answer["dice"] = dice_data(record)
    return answer


def whole_reply(request: dict[str, Any]) -> dict[str, Any]:
    """The analysis (``summary``'s data) from the parts' figures: the one a single analysis
    gives; with ``upto``, of the first decisions only."""
    from game.analysis.analysis_parts import analysis_in_parts

    asked = WholeRequest.from_dict(request)
    record = read_record(asked.record)
    games, moments = games_with_moments(record)
    upto = None if asked.upto is None else int(asked.upto)
    result = analysis_in_parts(games, int(asked.plies), asked.figures, upto)
    return {"result": summary(result, record, moments)}


def games_with_moments(record: Record) -> tuple[list[list[GameState]], dict[int, int]]:
    games: list[list[GameState]] = []
    moments: dict[int, int] = {}
    for moment, (_, action, state) in enumerate(record.steps()):
        if action == 0:
            games.append([])
        games[-1].append(state)
        moments[id(state)] = moment
    return games, moments


def _pair(interval: Interval | None) -> list[float] | None:
    return None if interval is None else [interval.low, interval.high]


def _player(stats: PlayerStats, match_length: int) -> dict[str, Any]:
    from game.analysis.intervals import enough_for_rating, player_intervals

    intervals = player_intervals(stats, match_length)
    return {
        "checker_rate": stats.checker_rate,
        "cube_rate": stats.cube_rate,
        "error_rate": stats.error_rate,
        "pr": stats.pr,
        "unforced": stats.unforced,
        "close_cube": stats.close_cube,
        "decisions": stats.decisions,
        "luck": stats.luck,
        "marks": dict(stats.marks),
        "rating": stats.rating_estimate(match_length),
        "rating_enough": enough_for_rating(stats),
        "intervals": {
            "error_rate": _pair(intervals.error_rate),
            "pr": _pair(intervals.pr),
            "checker_rate": _pair(intervals.checker),
            "cube_rate": _pair(intervals.cube),
            "rating": _pair(intervals.rating),
        },
    }


def _mistake(game: int, decision: Decision, moments: dict[int, int]) -> dict[str, Any]:
    state = decision.state
    best_index = None
    if decision.best_play is not None and state.dice is not None:
        positions = [p.position for p in legal_plays(state.position, state.dice)]
        best_index = positions.index(decision.best_play.position)
    return {
        "game": game + 1,
        "moment": moments.get(id(state), 0),
        "player": decision.player,
        "kind": decision.kind,
        "dice": list(state.dice) if decision.kind == "play" and state.dice else None,
        "chosen": decision.chosen,
        "best": decision.best,
        "error": decision.error,
        "mark": decision.mark,
        "best_play": best_index,
        "why": _why(decision),
    }


def _facts(facts: PlayFacts) -> dict[str, Any]:
    c = facts.chances
    return {
        "play": facts.notation,
        "chances": [
            c.win,
            c.win_gammon,
            c.win_backgammon,
            c.lose,
            c.lose_gammon,
            c.lose_backgammon,
        ],
        "shots": facts.shots,
        "blots": facts.blots,
        "wasted": facts.wasted,
    }


def _why(decision: Decision) -> dict[str, Any] | None:
    """The chosen and the best play's facts (``game.analysis.why``) for a checker play."""
    from game.analysis.why import compare

    state = decision.state
    if decision.chosen_play is None or decision.best_play is None or state.dice is None:
        return None
    why = compare(state.position, state.dice, decision.chosen_play, decision.best_play)
    return {"chosen": _facts(why.chosen), "best": _facts(why.best)}


def why_request(game: GameState, chosen: int, best: int) -> dict[str, Any]:
    """Ask for two plays' facts (indexes in ``legal_plays``): the tutor's why."""
    return WhyRequest(write_save(game), chosen, best).to_dict()


def why_reply(request: dict[str, Any]) -> dict[str, Any]:
    """The chosen and the best play's facts, as the analysis gives them (``_why``)."""
    from game.analysis.why import compare

    asked = WhyRequest.from_dict(request)
    game = read_save(asked.game)
    if game.dice is None:
        raise ValueError("no dice to play")
    legal = legal_plays(game.position, game.dice)
    why = compare(game.position, game.dice, legal[int(asked.chosen)], legal[int(asked.best)])
    return {"chosen": _facts(why.chosen), "best": _facts(why.best)}


def with_turn(mistake: dict[str, Any], record: Record) -> dict[str, Any]:
    """The mistake's turn as the move list numbers it (game/web/state/replay.py): the line of
    the entry its decision made (the decision's moment is the one before it: for a double,
    the end of the opponent's play, a line earlier)."""
    from game.web.state.replay import turn_of

    mistake["turn"] = turn_of(record, int(mistake["moment"]) + 1)[1]
    return mistake


def summary(result: MatchAnalysis, record: Record, moments: dict[int, int]) -> dict[str, Any]:
    """The analysis as JSON-able data (see ``game.web.review.analysis_view``)."""
    length = record.rules.match_length
    return {
        "names": list(record.names),
        "levels": list(record.levels),  # the computer's level, named beside it
        "match_length": length,
        "players": [_player(stats, length) for stats in result.stats],
        "games": [
            {
                "number": number,
                "players": [_player(stats, length) for stats in game.stats],
                "chances": list(game.win_chances),
                "luck": [
                    [roll.player, f"{max(roll.dice)}{min(roll.dice)}", roll.luck]
                    for roll in game.luck
                ],
            }
            for number, game in enumerate(result.games, 1)
        ],
        "cards": _cards(result),
        "mistakes": [
            with_turn(_mistake(g, d, moments), record) for g, d in result.biggest_mistakes(MISTAKES)
        ],
    }


def _cards(result: MatchAnalysis) -> list[dict[str, Any]]:
    """Every decision marked doubtful or worse as the trainer's card (``game.web.store.deck``)."""
    from game.analysis.cards import card_record, cards_of

    return [card_record(card) for card in cards_of(result)]


# --- dice ------------------------------------------------------------------------------------


def _count(count: Count) -> dict[str, Any]:
    return {
        "observed": count.observed,
        "expected": count.expected,
        "chances": count.chances,
        "p_value": count.p_value,  # the page words it in the reader's language
    }


def _dice_player(stats: PlayerDice) -> dict[str, Any]:
    return {
        "rolls": stats.rolls,
        "seen": dict(stats.rolls_seen),
        "rolls_p_value": stats.rolls_p_value,
        "doubles": _count(stats.doubles),
        "entering": _count(stats.entering),
        "hitting": _count(stats.hitting),
    }


def dice_data(record: Record) -> dict[str, Any]:
    """Both players' dice statistics as JSON-able data (``game.analysis.dice_stats``)."""
    from game.analysis.dice_stats import dice_statistics

    return {
        "names": list(record.names),
        "players": [_dice_player(stats) for stats in dice_statistics(record)],
    }


def reply(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to a request of ``TASKS``."""
    task = request["task"]
    if task == HINT:
        return hint_reply(request)
    if task == WHY:
        return why_reply(request)
    if task == PARTS:
        return parts_reply(request)
    if task == PART:
        return part_reply(request)
    if task == WHOLE:
        return whole_reply(request)
    raise ValueError(f"unknown task {task!r}")
