"""Training the bot's networks: the teacher's data, the bear-off table, the networks."""
