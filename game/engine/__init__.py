"""The rules of backgammon: positions, plays, dice, the cube and match, the game as states,
and its record."""
