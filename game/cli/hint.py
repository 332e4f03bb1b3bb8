"""``python -m game hint [--plies 1|2]``: for each ``PID:MID`` (or XGID) line, the ranked plays
of its roll or its cube hint (``game.analysis.hint``), each answer closed by a blank line."""

from __future__ import annotations

from game.analysis.hint import hint_lines
from game.analysis.judgement import STRONGEST
from game.cli.lines import Answer
from game.engine.text import quoted


def read_plies(options: list[str], default: int = STRONGEST) -> int:
    """``[--plies 1|2]``."""
    if not options:
        return default
    if len(options) == 2 and options[0] == "--plies" and options[1] in ("1", "2"):
        return int(options[1])
    raise ValueError(f"expected [--plies 1|2], got {quoted(' '.join(options))}")


def answerer(options: list[str]) -> Answer:
    """For ``python -m game hint [--plies 1|2]``: answers end with a blank line (errors too)."""
    plies = read_plies(options)

    def answer(request: str) -> str:
        return "\n".join(hint_lines(request, plies))

    answer.block = True  # type: ignore[attr-defined]
    return answer
