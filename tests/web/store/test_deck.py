"""The trainer's deck: SM-2 schedule, judging answers, the stored and exported file, progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.analysis.cards import card_record, cards_of
from game.analysis.record_analysis import analyse_record
from game.formats import format_position_id
from game.formats.gnubg_id import read_gnubg_id
from game.formats.mat import parse_mat
from game.web.store import deck as decks
from game.web.store.deck import DAY_MS, WRONG_AGAIN_MS, Deck, Schedule, judge_cube, judge_play

MATCH = Path(__file__).resolve().parents[2] / "data" / "matches" / "gnubg-noisy-5-3.mat"
PRACTICE = Path(__file__).resolve().parents[3] / "game" / "analysis" / "data" / "practice.json"


@pytest.fixture(scope="module")
def records() -> list[dict]:
    analysis = analyse_record(parse_mat(MATCH.read_text()), plies=1)
    return [card_record(card) for card in cards_of(analysis)]


def test_a_wrong_answer_comes_back_before_a_right_one(records):
    deck = Deck().with_cards(records[:2], now=0)
    first, second = (card.id for card in deck.cards)
    deck = deck.answered(first, right=True, now=1000).answered(second, right=False, now=1000)
    assert deck.card(second).due < deck.card(first).due
    assert deck.card(second).due == 1000 + WRONG_AGAIN_MS
    assert deck.card(first).due == 1000 + DAY_MS
    # Ten minutes on, only the wrong one is asked again.
    assert [card.id for card in deck.due(1000 + WRONG_AGAIN_MS)] == [second]
    assert deck.next_card(1000 + WRONG_AGAIN_MS).id == second
    assert {card.id for card in deck.due(1000 + DAY_MS)} == {first, second}


def test_sm2_spaces_right_answers_out_and_a_wrong_one_starts_again():
    schedule, now = Schedule(), 0.0
    intervals = []
    for _ in range(4):
        schedule = schedule.after(True, now)
        intervals.append(schedule.interval)
        now = schedule.due
    assert intervals == [1, 6, 15, 38]  # 6 x 2.5, then 15 x 2.5 rounded up
    assert schedule.ease == pytest.approx(2.5)  # a right answer (grade 4) keeps the ease
    wrong = schedule.after(False, now)
    assert wrong.repetitions == 0 and wrong.due == now + WRONG_AGAIN_MS
    assert wrong.ease == pytest.approx(2.5 - 0.54)
    assert wrong.after(True, now).interval == 1
    lowest = Schedule()
    for _ in range(10):
        lowest = lowest.after(False, 0)
    assert lowest.ease == decks.LOWEST_EASE


def test_cards_from_an_analysis_are_judged_by_their_own_figures(records):
    plays = [r for r in records if r["kind"] == "play"]
    cubes = [r for r in records if r["kind"] != "play"]
    assert plays and cubes and all(decks.valid_record(r) for r in records)
    for record in plays:
        best_id, played = record["plays"][0][1], record["played"]
        assert judge_play(record, best_id)
        played_id = next(row[1] for row in record["plays"] if row[0] == played)
        assert not judge_play(record, played_id)  # the mistake itself is wrong
        # The card's position is the hint's: the best play is a legal play of its dice.
        state = read_gnubg_id(record["gnubg_id"])
        results = {format_position_id(p.position) for p in state.legal_plays()}
        assert best_id in results and played_id in results
    for record in cubes:
        assert judge_cube(record, record["best"]) and not judge_cube(record, record["played"])
    assert judge_cube({"best": "take"}, "beaver") and not judge_cube({"best": "pass"}, "beaver")


def test_the_deck_file_reads_back_merges_and_never_fails(records):
    deck = Deck().with_cards(records, now=5).answered(records[0]["id"], True, now=10)
    assert decks.read_deck(deck.to_text()) == deck
    assert Deck().with_cards(records + records, now=0).cards == Deck().with_cards(records, 0).cards
    for junk in (
        None,
        "",
        "{",
        "[]",
        '{"version": 9}',
        '{"version": 1, "cards": 3}',
        "x" * 5_000_000,
    ):
        assert decks.read_deck(junk) == Deck()
    data = json.loads(deck.to_text())
    data["cards"].append({"card": {"id": 1}})
    data["cards"].append({"card": dict(records[0], id="other"), "schedule": ["x", 1, 2, 3]})
    read = decks.read_deck(json.dumps(data))
    assert len(read.cards) == len(records) + 1 and read.card("other").schedule == Schedule()
    # Importing: new cards join, a known card keeps the more advanced schedule.
    fresh = Deck().with_cards(records[:1], now=0)
    merged = fresh.merged(deck)
    assert merged.card(records[0]["id"]).schedule.repetitions == 1
    assert len(merged.cards) == len(records)
    assert deck.merged(fresh) == deck


def test_progress_counts_cards_learnt_and_answers_by_day(records):
    deck = Deck().with_cards(records[:3], now=0)
    a, b, _ = (card.id for card in deck.cards)
    deck = deck.answered(a, True, 0).answered(a, True, DAY_MS).answered(b, False, DAY_MS)
    found = decks.progress(deck, now=DAY_MS)
    assert (found.cards, found.learnt) == (3, 1)
    assert found.days == ((0, 1, 1), (1, 2, 1))
    assert decks.progress_words(found) == "3 cards, 1 learnt, 1 due now; answers right: 2 of 3"


def test_the_practice_sets_are_cards_of_every_kind_judged_right_by_their_best():
    data = json.loads(PRACTICE.read_text())
    deck = Deck().with_cards(data["cards"], now=0)
    assert len(deck.cards) == len(data["cards"]) >= 30
    sources = {card.data["source"] for card in deck.cards}
    assert sources == {"practice:opening", "practice:bearoff", "practice:race", "practice:cube"}
    for card in deck.cards:
        record = card.data
        state = read_gnubg_id(record["gnubg_id"])
        if record["kind"] == "play":
            assert judge_play(record, record["plays"][0][1])
            assert record["plays"][0][0] == record["best"]
            assert state.dice is not None and len(state.legal_plays()) >= 2
        else:
            assert judge_cube(record, record["best"])
    openings = [c.data for c in deck.cards if c.data["source"] == "practice:opening"]
    assert all(read_gnubg_id(r["gnubg_id"]).position.pip_counts()[1] < 167 for r in openings)


def test_the_quiz_asks_on_the_cards_board_and_judges_by_its_figures(records):
    from game.web.trainer import questions as train

    play_card = next(r for r in records if r["kind"] == "play")
    question = train.ask(play_card)
    assert question.state.phase.value == "move" and question.answers == ()
    assert question.prompt.startswith("Your roll ")
    plays = {format_position_id(p.position): p for p in question.state.legal_plays()}
    best = train.answer_play(play_card, plays[play_card["plays"][0][1]])
    assert best.right and best.words.startswith("<p>Right: ") and "train-plays" in best.words
    assert best.best_play == play_card["plays"][0][1]
    played_id = next(r[1] for r in play_card["plays"] if r[0] == play_card["played"])
    wrong = train.answer_play(play_card, plays[played_id])
    rows = {r[1]: float(r[2]) for r in play_card["plays"]}
    lost = rows[play_card["plays"][0][1]] - rows[played_id]
    assert lost == pytest.approx(play_card["loss"], abs=1e-4)
    assert not wrong.right and f"loses {lost:.3f}" in wrong.words
    assert "After the best play: wins" in wrong.words
    cube_card = next(r for r in records if r["kind"] != "play")
    question = train.ask(cube_card)
    assert cube_card["best"] in question.answers and cube_card["played"] in question.answers
    assert train.answer_cube(cube_card, cube_card["best"]).right
    verdict = train.answer_cube(cube_card, cube_card["played"])
    assert not verdict.right and "Double, take" in verdict.words
