"""Benchmarks: scripts that print figures (the bot, the cube, the page, the analysis)."""
