"""``python -m game COMMAND [options]``: one entry for every command line.

The request commands (``moves``, ``best``, ``cube``, ``hint``, ``rollout``) answer one request
per stdin line; ``replay``, ``selfplay``, ``analyse``, ``cards`` and ``dice`` work on whole
matches. Each lives in its own module of ``game.cli``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from game.cli.lines import Answer, request_lines, serve
from game.engine.text import quoted


def _request_commands() -> dict[str, Callable[[list[str]], Answer]]:
    # Imported on demand: `moves` must not pay for loading the bot.
    from game.cli import best, cube, hint, moves, rollout

    return {
        "moves": moves.answerer,
        "best": best.answerer,
        "cube": cube.answerer,
        "hint": hint.answerer,
        "rollout": rollout.answerer,
    }


REQUEST_COMMANDS = ("moves", "best", "cube", "hint", "rollout")
MATCH_COMMANDS = ("replay", "selfplay", "analyse", "cards", "dice")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command, options = (args[0], args[1:]) if args else ("", [])
    if command == "replay":
        from game.cli import replay

        return replay.main(options)
    if command == "convert":
        from game.cli import convert

        return convert.main(options)
    if command == "selfplay":
        from game.cli import selfplay

        return selfplay.main(options)
    if command == "dice":
        from game.cli import dice

        return dice.main(options)
    if command == "analyse":
        from game.cli import analyse

        return analyse.main(options)
    if command == "cards":
        from game.cli import cards

        return cards.main(options)
    if command not in REQUEST_COMMANDS:
        names = "|".join([*REQUEST_COMMANDS, *MATCH_COMMANDS])
        said = f"no command {quoted(command)}" if command else "a command is needed"
        sys.stderr.write(f"error: {said}\nusage: python -m game {{{names}}} [options] < requests\n")
        return 2
    try:
        answer = _request_commands()[command](options)
    except ValueError as error:
        sys.stderr.write(f"error: {command}: {error}\n")
        return 2
    return serve(answer, request_lines(sys.stdin), sys.stdout)
