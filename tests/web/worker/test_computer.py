"""What the computer does next on the page (``computer.next_step``, ``pause_before``), in
CPython: the loop that ``app.py`` runs between the person's actions."""

from __future__ import annotations

import random

from game.engine.match import BACKGAMMON, GAMMON, SINGLE, Rules
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.state.session import COMPUTER, FULL, Session, Settings
from game.web.worker import computer, thinker
from game.web.worker.computer import next_step, pause_before

# The computer (player 1) far ahead in a race; positions are seen by the player on turn.
COMPUTER_AHEAD = Position.from_points({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})
# The computer (player 1) sure of a gammon.
COMPUTER_GAMMON = Position.from_points({1: 2, 2: 2, 3: 2}, {20: 5, 13: 10})


def against_computer(game: GameState, level: str = "beginner") -> Session:
    return Session(game, Settings(opponent=COMPUTER, level=level)).after(game)


def test_nothing_to_do_while_the_person_is_to_act():
    session = Session.new().roll(random.Random(5))  # seed 5: the person starts
    assert session.person_to_act
    assert next_step(session, random.Random(0)) is None


def test_the_computer_rolls_when_the_rules_give_it_no_cube():
    game = GameState(Rules.simple(), position=Position.start(), phase=Phase.ROLL, turn=1)
    session = against_computer(game)
    step = next_step(session, random.Random(0))
    assert step is not None and step.action == computer.ROLL and not step.weighed_cube
    rolled = step.apply(session, random.Random(0))
    assert rolled.game.phase is Phase.MOVE and rolled.game.dice is not None


def test_the_computer_doubles_far_ahead_and_says_it_weighed_the_cube():
    game = GameState(Rules.full(), position=COMPUTER_AHEAD, phase=Phase.ROLL, turn=1)
    session = against_computer(game, "strong")
    step = next_step(session, random.Random(0))
    assert step.action == computer.DOUBLE and step.weighed_cube
    doubled = step.apply(session, random.Random(0))
    assert doubled.game.phase is Phase.DOUBLED and doubled.person_to_act


def test_the_computer_passes_a_double_in_a_lost_position():
    # The person on roll (player 0) far ahead: the same race seen from the person's side.
    game = GameState(Rules.full(), position=COMPUTER_AHEAD, phase=Phase.ROLL, turn=0)
    session = against_computer(game, "strong").double()
    step = next_step(session, random.Random(0))
    assert step.action == computer.PASS and step.weighed_cube
    assert step.apply(session, random.Random(0)).game.phase is Phase.GAME_OVER


def test_the_computer_answers_a_resignation_by_its_worth():
    game = GameState(Rules.full(), position=COMPUTER_GAMMON.flip(), phase=Phase.ROLL, turn=0)
    session = against_computer(game)
    single = next_step(session.resign(SINGLE), random.Random(0))
    assert single.action == computer.REFUSE  # a sure gammon is worth more than a single
    gammon = next_step(session.resign(GAMMON), random.Random(0))
    assert gammon.action == computer.REFUSE  # and a backgammon is likely
    backgammon = next_step(session.resign(BACKGAMMON), random.Random(0))
    assert backgammon.action == computer.ACCEPT


def test_the_computers_play_is_a_legal_play_of_its_roll():
    game = GameState(
        Rules.simple(), position=Position.start(), phase=Phase.MOVE, turn=1, dice=(6, 1)
    )
    session = against_computer(game)
    step = next_step(session, random.Random(0))
    assert step.action == computer.PLAY
    assert step.play in legal_plays(Position.start(), (6, 1))
    after = step.apply(session, random.Random(0))
    assert after.last_play is not None and after.last_play[0] == 1


def test_the_pauses_let_a_person_read_what_happened():
    blocked = GameState(
        Rules.simple(), position=Position.start(), phase=Phase.ROLL, turn=1, blocked_dice=(6, 6)
    )
    assert pause_before(blocked) == computer.BLOCKED_PAUSE
    doubled = GameState(Rules.full(), position=Position.start(), phase=Phase.ROLL, turn=0)
    assert pause_before(doubled.double()) == computer.ANSWER_PAUSE
    moving = GameState(
        Rules.simple(), position=Position.start(), phase=Phase.MOVE, turn=1, dice=(3, 1)
    )
    assert pause_before(moving) == computer.ROLL_PAUSE


def test_a_whole_game_against_the_computer_runs_on_next_step_alone():
    """The person plays the first legal play; the computer acts by ``next_step`` until the
    game ends, as the page's loop does."""
    rng = random.Random(11)
    session = Session.new(Settings(opponent=COMPUTER, level="beginner", rules=FULL))
    session = session.roll(rng)
    for _ in range(1000):
        if session.game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            break
        step = next_step(session, rng)
        if step is not None:
            session = step.apply(session, rng)
        elif session.may_answer_double:
            session = session.take()
        elif session.may_roll:
            session = session.roll(rng)
        else:
            assert session.turn is not None, session.game.phase
            plays = legal_plays(session.turn.start_position, session.game.dice)
            session = session.play(plays[0])
    assert session.game.phase is Phase.GAME_OVER and session.game.winner in (0, 1)


def _through_the_worker(session: Session, rng: random.Random) -> computer.Step | None:
    """The page's loop: a request to the thinker (the worker), its reply, the step."""
    if not session.computer_to_act:
        return None
    game, level = session.game, session.settings.level
    request = thinker.request_for(game, level, rng)
    answer = None if request is None else thinker.reply(request)
    return thinker.step_from(game, answer, rng)


def test_the_worker_decides_every_step_as_next_step_does():
    """Two whole games, the computer doubling, answering doubles and playing: the page's
    worker path (request, reply, step) and ``next_step`` take the same steps with the same
    dice, so a ``?seed=`` game is one game whichever the page uses."""
    for seed in (3, 12):
        worker_rng, direct_rng = random.Random(seed), random.Random(seed)
        settings = Settings(opponent=COMPUTER, level="intermediate", rules=FULL)
        worker = direct = Session.new(settings).roll(random.Random(seed))
        steps = 0
        for _ in range(600):
            if worker.game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                break
            by_worker = _through_the_worker(worker, worker_rng)
            by_rules = next_step(direct, direct_rng)
            assert by_worker == by_rules, (seed, worker.game.phase)
            if by_worker is not None:
                worker = by_worker.apply(worker, worker_rng)
                direct = by_rules.apply(direct, direct_rng)  # type: ignore[union-attr]
                steps += 1
            elif worker.may_answer_double:
                worker, direct = worker.take(), direct.take()
            elif worker.may_roll:
                worker, direct = worker.roll(worker_rng), direct.roll(direct_rng)
            else:
                assert worker.turn is not None
                play = legal_plays(worker.turn.start_position, worker.game.dice)[-1]
                worker, direct = worker.play(play), direct.play(play)
            assert worker.game == direct.game
        assert steps > 10 and worker.game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)


def test_the_computer_s_cube_decisions_keep_within_its_level_s_budget(monkeypatch):
    """Counted in positions evaluated (no clock): a position whose 21 rolls have 2,695 plays."""
    from game.bot import evaluator
    from game.bot.levels import level_named
    from game.formats import parse_position_id

    seen = [0]
    scorer_evaluate, plain_evaluate = evaluator.Scorer.evaluate, evaluator.evaluate_position

    def counting_scorer(self, position):
        seen[0] += 1
        return scorer_evaluate(self, position)

    def counting_evaluate(position, *reckon):
        seen[0] += 1
        return plain_evaluate(position, *reckon)

    monkeypatch.setattr(evaluator.Scorer, "evaluate", counting_scorer)
    monkeypatch.setattr(evaluator, "evaluate_position", counting_evaluate)
    spread = parse_position_id("4Ac8SCnEnDhCFQ")
    for level in ("strong", "expert"):
        budget = level_named(level).cube_budget
        for rules in (Rules.full(), Rules.full(7)):
            rolling = GameState(rules, position=spread, phase=Phase.ROLL, turn=0)
            seen[0] = 0
            computer.wants_to_double(rolling, level)
            assert seen[0] <= budget
            seen[0] = 0
            computer.answer_double(rolling.double(), level)
            assert 0 < seen[0] <= budget
