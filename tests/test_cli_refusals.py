"""Every command refuses a wrong command line as it refuses a file: ``error: ...`` first, the
input quoted short, exit 2 (issue 49)."""

from __future__ import annotations

import pytest

from game.cli.main import main

LONG = "x" * 1000


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["bogus"],
        [LONG],
        ["dice"],
        ["dice", "--x"],
        ["dice", LONG],
        ["replay", LONG],
        ["convert", LONG],
        ["selfplay", "--x"],
        ["selfplay", "--length", LONG, "--seed", "1"],
        ["selfplay", "--length", "99", "--seed", "1"],
        ["best", LONG],
        ["analyse", LONG],
    ],
    ids=lambda argv: " ".join(argv)[:20] or "no command",
)
def test_a_wrong_command_line_is_refused_with_error_first(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as leaving:  # argparse's way out
        code = leaving.code
    assert code == 2
    said = capsys.readouterr().err
    assert said.startswith("error: "), said
    assert LONG[:80] not in said  # a long argument is quoted short
