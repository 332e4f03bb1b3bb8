"""The page in the player's language: one catalog a language (``locale/``), the chosen one
loaded by ``lang.js`` before Python starts, and ``_()`` for every message shown."""
