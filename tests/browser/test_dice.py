"""Checkable dice in Chromium, against the computer: the commitment read before the first
roll, the seed read when the game is over, and both checked here with nothing but hmac and
hashlib against the rolls of the page's own .mat export, which ``python -m game dice
--verify`` accepts too."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from game.engine.record import ROLL
from game.engine.state import Phase
from game.formats.game_link import decode_game
from game.formats.mat import parse_mat
from game.web.store import storage
from tests.browser.pages import open_game
from tests.browser.test_game import move_once, session_of
from tests.browser.test_rooms import AXE

HEX = re.compile(r"^[0-9a-f]{64}$")
ROOT = Path(__file__).resolve().parents[2]


def throw(seed: bytes, number: int) -> tuple[int, int]:
    """docs/dice.md's throw, written here again from the words."""
    message, retry = str(number), 0
    while True:
        value = int.from_bytes(hmac.digest(seed, message.encode(), "sha256"), "big")
        if value < 36 * (2**256 // 36):
            return value % 36 // 6 + 1, value % 36 % 6 + 1
        retry += 1
        message = f"{number}/{retry}"


def rolls_made(page: Page) -> int:
    """The rolls of the game in play, as the page's saved record holds them."""
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(storage.KEY + '.history')})")
    if not text:
        return 0
    record = decode_game(json.loads(text)["game"])
    return sum(1 for action in record.games[-1] if action.kind == ROLL)


def serious_violations(page: Page) -> list[object]:
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    return [v for v in found if v["impact"] in ("serious", "critical")]


def shown_hex(page: Page) -> list[str]:
    return page.locator("#dice-check code.dice-hex").all_inner_texts()


def test_a_game_against_the_computer_has_dice_anyone_can_check(game_page: Page, tmp_path: Path):
    page = open_game(game_page, "pace=0")  # no ?seed=: the dice are checkable
    page.click("#settings-toggle")
    page.select_option("#level", "beginner")
    page.check("#auto-confirm")
    page.click("#settings-done")

    page.click("#dice-toggle")  # before the first roll: the commitment, no seed
    expect(page.locator("#dice-check")).to_contain_text("Commitment")
    (commitment,) = shown_hex(page)
    assert HEX.match(commitment)
    expect(page.locator("#dice-check")).to_contain_text("shown when the game is over")
    page.click("#replay-live")

    page.click("#roll")
    for _ in range(200):  # a few turns each, then the person resigns
        page.wait_for_function("() => !document.getElementById('board').classList.contains('busy')")
        session = session_of(page)
        if session.computer_to_act:
            continue
        if session.game.phase is Phase.ROLL:
            if rolls_made(page) >= 4:
                break
            page.click("#roll")
        elif session.game.phase is Phase.MOVE:
            move_once(page)
    page.click("#resign")
    page.click("#resign-1")
    page.wait_for_function("() => !document.getElementById('board').classList.contains('busy')")
    expect(page.locator("#ending-dice")).to_contain_text("match the commitment")
    assert session_of(page).game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)

    page.click("#ending-dice-check")  # the game is over: the seed and the engine's check
    expect(page.locator("#dice-check .dice-lines[data-checked='yes']")).to_be_visible()
    shown_commitment, seed_text = shown_hex(page)
    assert shown_commitment == commitment and HEX.match(seed_text)
    seed = bytes.fromhex(seed_text)
    assert hashlib.sha256(seed).hexdigest() == commitment

    for width, height in ((375, 667), (1280, 800)):  # readable and accessible on both
        page.set_viewport_size({"width": width, "height": height})
        fits = "e => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= "
        assert page.eval_on_selector("#dice-check", fits + f"{width}")
        assert not serious_violations(page)

    page.click("#tab-moves")
    with page.expect_download() as download:
        page.click("#export-mat")
    mat_path = tmp_path / "match.mat"
    download.value.save_as(mat_path)
    mat = mat_path.read_text()
    assert f'; [Game 1 Dice Commitment "{commitment}"]' in mat
    assert f'; [Game 1 Dice Seed "{seed_text}"]' in mat

    # The rolls of the record, against the seed: the opening roll is the first throw that
    # is not a tie, and every roll after it the next throw.
    rolls = [a.dice for a in parse_mat(mat).games[0] if a.kind == ROLL and a.dice]
    assert len(rolls) >= 4
    number = 1
    while len(set(throw(seed, number))) == 1:
        number += 1
    expected = [throw(seed, n) for n in range(number, number + len(rolls))]
    assert [sorted(r) for r in rolls] == [sorted(e) for e in expected]
    shown = page.locator("#move-list").inner_text()
    for a, b in expected:  # the move list shows the same rolls
        assert f"{a}{b}:" in shown or f"{b}{a}:" in shown

    verified = subprocess.run(
        [sys.executable, "-m", "game", "dice", "--verify"],
        input=mat,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout == f"ok: 1 games, {number + len(rolls) - 1} rolls\n"
