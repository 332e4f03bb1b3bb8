"""``python -m game COMMAND``: the command lines, one module per command."""
