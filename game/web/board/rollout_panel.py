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
    >>> cube = {"no_double_cubeless": 0.151, "double_take_cubeless": 0.302, "double_pass": 1.0,
    ...         "no_double": 0.17, "double_take": 0.12, "action": "no-double", "response": "take"}
    >>> "No double \u00b7 Take" in cube_html(cube)
    True

A rollout of the position before the roll also gives the cube's three answers (``cube``:
``game.analysis.rollout.decision.RolloutCube`` as a dict): cubeless (the rolled-out equity,
twice it, 1) and cubeful money (the rolled-out chances through the bot's cube model, centred
cube; or, ``rolled``, a cubeful rollout's no double and double/take), as ``python -m game
rollout --export`` writes them. A cubeful rollout's rows have a cubeful column.

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
from game.web.language.catalog import _


def rollout_html(
    rows: list[dict[str, Any]],
    summary: str,
    settings: str,
    own: bool = True,
    cube: dict[str, Any] | None = None,
) -> str:
    """The candidates' figures, best first, with the trials so far and the settings; each
    play in the numbers the board draws (``own``: the mover's, else the other side's); the
    cube's answers for a rollout of the position before the roll."""
    if not rows:
        return f'<p class="hint-note">{escape(said.no_trials())}</p>'
    cubeful = any(row.get("cubeful") is not None for row in rows)
    names = said.rollout_heads()
    if cubeful:  # a cubeful rollout: its cubeful equity beside the cubeless one
        names = (*names[:2], said.cubeful_head(), *names[2:])
    heads = "".join(f'<th scope="col">{escape(head)}</th>' for head in names)
    lines = [
        f'<p class="hint-note" data-rollout-summary="true">{escape(summary)}</p>',
        f'<table class="rollout-table"><thead><tr>{heads}</tr></thead><tbody>',
    ]
    for row in rows:
        chances = "".join(f"<td>{100 * value:.1f}%</td>" for value in row["chances"])
        jsd = escape(said.best_words()) if row["jsd"] is None else f"{row['jsd']:.2f}"
        label = said.candidate_words(in_board_numbers(str(row["label"]), own))
        cell = ""
        if cubeful:
            value, error = row.get("cubeful"), row.get("cubeful_error")
            cell = (
                "<td></td>"
                if value is None or error is None
                else f'<td data-cubeful="{value:.4f}">{signed(value)} ± {error:.3f}</td>'
            )
        lines.append(
            f'<tr data-rollout-row="true"><th scope="row">{escape(label)}</th>'
            f'<td data-equity="{row["equity"]:.4f}">{signed(row["equity"])} ± '
            f"{row['standard_error']:.3f}</td>{cell}{chances}<td>{jsd}</td></tr>"
        )
    lines.append("</tbody></table>")
    if cube is not None:
        lines.append(cube_html(cube))
    lines.append(f'<p class="hint-note">{escape(settings)}</p>')
    return "".join(lines)


def cube_html(cube: dict[str, Any]) -> str:
    """The cube's three answers from the rollout, cubeless and cubeful money, and the
    advice from the cubeful figures."""
    actions = {"no-double": _("No double"), "double": _("Double")}
    actions["too-good"] = _("Too good to double")
    responses = {"take": _("Take"), "pass": _("Pass"), "beaver": _("Beaver")}
    action = actions.get(str(cube["action"]), str(cube["action"]))
    response = responses.get(str(cube["response"]), str(cube["response"]))
    advice = _("{action} \u00b7 {response}", action=action, response=response)
    lines = [
        (_("No double"), "no_double_cubeless", "no_double"),
        (_("Double, take"), "double_take_cubeless", "double_take"),
        (_("Double, pass"), "double_pass", "double_pass"),
    ]
    rows = "".join(
        f'<tr><th scope="row">{escape(words)}</th><td>{signed(float(cube[cubeless]))}</td>'
        f'<td data-cubeful="{float(cube[cubeful]):.4f}">{signed(float(cube[cubeful]))}</td></tr>'
        for words, cubeless, cubeful in lines
    )
    head = (
        f'<tr><td></td><th scope="col">{escape(_("Cubeless"))}</th>'
        f'<th scope="col">{escape(_("Cubeful money"))}</th></tr>'
    )
    note = _("The cube, centred: cubeful from the rolled-out chances by the bot's cube model.")
    if cube.get("rolled"):
        note = _(
            "Cubeful: no double and double/take rolled out with the cube in play, the same dice."
        )
    return (
        f'<p class="hint-advice" data-rollout-cube="true">{escape(advice)}</p>'
        f'<table class="hint-cube">{head}{rows}</table>'
        f'<p class="hint-note">{escape(note)}</p>'
    )


def kept_html(record: dict[str, Any], own: bool = True) -> str:
    """A rollout kept in this browser (game/web/store/rollouts.py), shown again with its
    position: "rolled out: 1,296 trials" and the figures (``own``: as ``rollout_html``)."""
    from game.analysis.rollout.settings import RolloutSettings

    trials = rolled_out(int(record["trials"]))
    plan = record.get("plan")
    settings = said_settings(RolloutSettings.from_dict(plan)) if plan else record["settings"]
    return rollout_html(record["rows"], trials, settings, own, record.get("cube"))


def progress_words(progress: float, done: int, total: int) -> str:
    """What the progress bar says beside it."""
    return said.rolling_out_words(done, total, round(100 * progress))


def said_settings(settings: Any) -> str:
    """A ``RolloutSettings`` in the reader's words (``hint_words.settings_words``)."""
    return said.settings_words(
        settings.trials,
        settings.seed,
        settings.truncate,
        settings.level,
        settings.variance_reduction,
        getattr(settings, "cubeful", False),
    )
