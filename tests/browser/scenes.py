"""The page's scenes for the layout tests and the screenshots (``python -m tools.qa.screenshots``).

A scene is a ``Session`` built with the engine (``SCENES``); it is put in the page's
localStorage and the page is opened on it, so no clicking is needed to reach it. Prompts
are opened by clicking their buttons (``PROMPTS``). ``page`` is a Playwright page.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.match import Cube, Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.state.session import FULL, Session, Settings
from game.web.store import storage
from game.web.worker import computer

SIZES = ((320, 568), (375, 812), (1280, 800), (1920, 1080))

# A middle game: both sides have left the start, nobody is on the bar.
MIDDLE = Position.from_points(
    {24: 1, 13: 4, 8: 2, 7: 2, 6: 4, 5: 2}, {24: 2, 13: 4, 8: 3, 6: 4, 4: 2}
)


def _at(game: GameState, settings: Settings) -> Session:
    return Session(game, settings).after(game)


def computer_opened() -> Session:
    """The computer won the opening roll and played it: its trail and notation show."""
    rng = random.Random(1)  # seed 1: the computer starts
    session = Session.new(Settings(level="beginner")).roll(rng)
    step = computer.next_step(session, rng)
    assert step is not None
    return step.apply(session, rng)


def person_rolled() -> Session:
    """The person has rolled after the computer's opening play: dice to read, checkers to move."""
    return computer_opened().roll(random.Random(2))


def person_picked() -> Session:
    """The person has picked up a checker: the points it may move to are lit."""
    session = person_rolled()
    assert session.turn is not None
    origins = sorted(session.turn.origins())
    return session if session.selected is not None else session.tap(origins[len(origins) // 2])


def cube_owned() -> Session:
    """A 7-point match at 3-4: the person owns the cube on 2 and may redouble."""
    rules = Rules.full(7)
    game = GameState(
        rules, score=(3, 4), cube=Cube(2, 0), position=MIDDLE, phase=Phase.ROLL, turn=0
    )
    return _at(game, Settings(rules=FULL, match_length=7))


def doubled() -> Session:
    """Money play with the cube: the computer has doubled and the person answers."""
    game = GameState(Rules.full(), position=MIDDLE, phase=Phase.ROLL, turn=1).double()
    return _at(game, Settings(rules=FULL))


def crawford(length: int = 25, score: tuple[int, int] = (23, 24)) -> Session:
    """The Crawford game of a long match: the scoreboard marks it."""
    rules = Rules.full(length)
    game = GameState(rules, score=score, crawford=True, position=MIDDLE, phase=Phase.ROLL, turn=0)
    return _at(game, Settings(rules=FULL, match_length=length))


def match_over() -> Session:
    """The person wins a 3-point match at 2-1 with a gammon (4-1 counted, 3-1 said)."""
    game = GameState(
        Rules.full(3),
        score=(2, 1),
        post_crawford=True,
        position=Position.from_points({1: 1}, {13: 15}),
        phase=Phase.MOVE,
        turn=0,
        dice=(2, 1),
    )
    session = _at(game, Settings(rules=FULL, match_length=3))
    return session.play(session.game.legal_plays()[0])


def computer_won() -> Session:
    """The computer bears off its last checker: a gammon with the cube on 2."""
    game = GameState(
        Rules.full(jacoby=False),
        cube=Cube(2, 1),
        score=(1, 0),
        position=Position.from_points({1: 1}, {13: 15}),
        phase=Phase.MOVE,
        turn=1,
        dice=(2, 1),
    )
    session = _at(game, Settings(rules=FULL, jacoby=False))
    return session.play(session.game.legal_plays()[0])


SCENES: dict[str, Callable[[], Session]] = {
    "opened": computer_opened,
    "rolled": person_rolled,
    "picked": person_picked,
    "cube": cube_owned,
    "doubled": doubled,
    "crawford": crawford,
    "crawford-11": lambda: crawford(11, (9, 10)),
    "match-over": match_over,
    "computer-won": computer_won,
}

# The prompts: the button that opens each and the dialog it opens.
PROMPTS = {
    "new-game": ("#new-game", "#notice"),
    "settings": ("#settings-toggle", "#settings-dialog"),
    "share": ("#share", "#notice"),
    "resign": ("#resign", "#resign-panel"),
}


def put_scene(page, base_url: str, name: str, query: str = "pace=0") -> None:
    """Open the game on scene ``name`` (its save put in localStorage first)."""
    text = storage.save_text(SCENES[name]())
    page.goto(base_url + "tools/bare/blank.html")
    page.evaluate(
        "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
        [storage.KEY, text],
    )
    page.bring_to_front()  # a tab behind another gets no animation frames: clicks would wait
    page.goto(base_url + "index.html?" + query)
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    page.wait_for_function("() => !document.getElementById('board').classList.contains('busy')")


def close_prompt(page, dialog: str) -> None:
    if dialog == "#resign-panel":
        page.click("#resign-cancel")
    elif dialog == "#settings-dialog":
        page.click("#settings-done")
    elif page.locator("#notice-no").is_visible():
        page.click("#notice-no")  # the cautious answer: keep the game
    else:
        page.click("#notice-yes")
    page.wait_for_selector(dialog, state="hidden")
