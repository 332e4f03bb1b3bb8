"""``python -m game COMMAND [options]``: one entry for every command line.

The request commands (``moves``, ``best``, ``cube``, ``hint``, ``rollout``) answer one request
per stdin line; ``replay``, ``selfplay``, ``analyse``, ``cards`` and ``dice`` work on whole
matches. Each lives in its own module of ``game.cli``, whose docstring is its help: ``python -m game
--help`` lists the commands by the first sentence of each, ``python -m game COMMAND --help``
prints that command's whole docstring (both to stdout, exit 0).
"""

from __future__ import annotations

import importlib
import sys
import textwrap
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
FILE_COMMANDS = ("convert",)
HELP = ("-h", "--help")


def command_help(command: str) -> str:
    """What ``python -m game COMMAND --help`` prints: the command module's docstring."""
    text = importlib.import_module(f"game.cli.{command}").__doc__ or ""
    return text.replace("``", "").strip() + "\n"


def commands_help() -> str:
    """What ``python -m game --help`` prints: each command by its docstring's first sentence."""
    lines = ["usage: python -m game COMMAND [options] < input", "", "commands:"]
    for command in (*REQUEST_COMMANDS, *MATCH_COMMANDS, *FILE_COMMANDS):
        first = " ".join(command_help(command).split("\n\n")[0].split())
        lines.append(textwrap.fill(first, 96, initial_indent="  ", subsequent_indent="      "))
    lines += ["", "python -m game COMMAND --help: that command's options and answers."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command, options = (args[0], args[1:]) if args else ("", [])
    if command in (*HELP, "help"):
        sys.stdout.write(commands_help())
        return 0
    known = (*REQUEST_COMMANDS, *MATCH_COMMANDS, *FILE_COMMANDS)
    if command in known and any(option in HELP for option in options):
        sys.stdout.write(command_help(command))
        return 0
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
