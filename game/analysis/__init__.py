"""Judging play with the bot: plays and cube decisions priced, records analysed, hints,
dice statistics, self-play."""
