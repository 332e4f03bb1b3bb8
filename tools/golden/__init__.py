"""Golden files for the tests, written by GNU Backgammon or by the project's own code."""
