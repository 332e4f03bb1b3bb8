"""Checks beyond the tests: the soak, screenshots, comparisons with gnubg, level ratings."""
