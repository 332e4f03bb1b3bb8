"""Backgammon: the rules engine, formats and bot (pure Python), and the web page (game.web)."""
