"""The suite's settings shared by every folder.

Playwright is needed by tests/browser only (its conftest and tests import it): without it
installed, that folder is not collected and the engine tests run alone
(``python -m pytest -m "not browser"``); the header of the run says so.
"""

from __future__ import annotations

import importlib.util


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
