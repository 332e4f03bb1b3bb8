"""The suite's settings shared by every folder.

Playwright is needed by tests/browser only (its conftest and tests import it): without it
installed, that folder is not collected and the engine tests run alone
(``python -m pytest -m "not browser"``); the header of the run says so.
"""

from __future__ import annotations

import importlib.util

import pytest


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


PLAYWRIGHT = _installed("playwright")

collect_ignore = [] if PLAYWRIGHT else ["browser"]


def pytest_report_header() -> str | None:
    if PLAYWRIGHT:
        return None
    return "playwright is not installed: tests/browser is not collected (make test-deps)"


@pytest.fixture
def counted(monkeypatch):
    """Counts, in the returned one-item list, every position the bot's searches evaluate
    (through a Scorer or directly)."""
    from game.bot import rolls, search

    seen = [0]

    class CountingScorer(search.Scorer):
        def evaluate(self, position):
            seen[0] += 1
            return super().evaluate(position)

    def counting_evaluate(position, *reckon):
        seen[0] += 1
        return evaluate(position, *reckon)

    evaluate = rolls.evaluate_position
    for module in (rolls, search):
        monkeypatch.setattr(module, "Scorer", CountingScorer)
    monkeypatch.setattr(rolls, "evaluate_position", counting_evaluate)
    return seen
