"""The rollout in the Hint panel: each candidate's equity ± standard error and five chances,
updated as the trials come in, and the words of its progress.

    >>> rows = [{"label": "8/5 6/5", "trials": 72, "equity": 0.151, "standard_error": 0.021,
    ...          "chances": (0.55, 0.16, 0.01, 0.12, 0.005), "jsd": None}]
    >>> "+0.151 ± 0.021" in rollout_html(rows, "rolled out: 72 trials", "72 trials, seed 1")
    True
    >>> progress_words(0.5, 648, 1296)
    'Rolling out: 648 of 1,296 trials (50%)'

    >>> "rolled out: 1,296 trials" in kept_html({"trials": 1296, "settings": "", "rows": rows})
    True

Pure functions of plain data (``RolloutJob.rows`` as dicts): the controller
(game/web/table/rollouts.py) puts the HTML in ``#rollout-body``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from game.engine.notation import in_board_numbers
from game.web.board import hint_words as said
from game.web.board.hint_panel import signed
from game.web.board.words import rolled_out


def rollout_html(rows: list[dict[str, Any]], summary: str, settings: str, own: bool = True) -> str:
    """The candidates' figures, best first, with the trials so far and the settings; each
    play in the numbers the board draws (``own``: the mover's, else the other side's)."""
    if not rows:
        return f'<p class="hint-note">{escape(said.no_trials())}</p>'
    heads = "".join(f'<th scope="col">{escape(head)}</th>' for head in said.rollout_heads())
    lines = [
        f'<p class="hint-note" data-rollout-summary="true">{escape(summary)}</p>',
        f'<table class="rollout-table"><thead><tr>{heads}</tr></thead><tbody>',
    ]
    for row in rows:
        chances = "".join(f"<td>{100 * value:.1f}%</td>" for value in row["chances"])
        jsd = escape(said.best_words()) if row["jsd"] is None else f"{row['jsd']:.2f}"
        label = in_board_numbers(str(row["label"]), own)
        lines.append(
            f'<tr data-rollout-row="true"><th scope="row">{escape(label)}</th>'
            f'<td data-equity="{row["equity"]:.4f}">{signed(row["equity"])} ± '
            f"{row['standard_error']:.3f}</td>{chances}<td>{jsd}</td></tr>"
        )
    lines.append("</tbody></table>")
    lines.append(f'<p class="hint-note">{escape(settings)}</p>')
    return "".join(lines)


def kept_html(record: dict[str, Any], own: bool = True) -> str:
    """A rollout kept in this browser (game/web/store/rollouts.py), shown again with its
    position: "rolled out: 1,296 trials" and the figures (``own``: as ``rollout_html``)."""
    trials = rolled_out(int(record["trials"]))
    return rollout_html(record["rows"], trials, record["settings"], own)


def progress_words(progress: float, done: int, total: int) -> str:
    """What the progress bar says beside it."""
    return said.rolling_out_words(done, total, round(100 * progress))
