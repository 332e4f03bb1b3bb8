"""``python -m game --help`` and ``python -m game COMMAND --help``: the commands and each one's
options from its module's docstring, on stdout, exit 0 (not a refusal)."""

from __future__ import annotations

import importlib

import pytest

from game.cli.main import FILE_COMMANDS, MATCH_COMMANDS, REQUEST_COMMANDS, main

COMMANDS = (*REQUEST_COMMANDS, *MATCH_COMMANDS, *FILE_COMMANDS)


@pytest.mark.parametrize("asked", ["--help", "-h", "help"])
def test_the_help_lists_every_command_by_its_synopsis(asked, capsys):
    assert main([asked]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    listed = [
        line.split()[3].rstrip(":")
        for line in out.splitlines()
        if line.startswith("  python -m game ")
    ]
    assert listed == list(COMMANDS)
    assert "[--level NAME]" in out  # best's synopsis, as its docstring gives it


@pytest.mark.parametrize("command", COMMANDS)
def test_a_commands_help_is_its_docstring(command, capsys):
    assert main([command, "--help"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    doc = importlib.import_module(f"game.cli.{command}").__doc__
    assert doc is not None
    assert out.startswith(f"python -m game {command}")
    # every paragraph of the docstring is there, without its reStructuredText quotes
    assert out.strip() == doc.replace("``", "").strip()


def test_help_among_other_options_still_answers_with_the_help(capsys):
    assert main(["rollout", "--trials", "36", "-h"]) == 0
    assert "--variance-reduction" in capsys.readouterr().out


def test_an_unknown_command_asking_for_help_is_still_refused(capsys):
    assert main(["bogus", "--help"]) == 2
    assert capsys.readouterr().err.startswith("error: no command 'bogus'")
