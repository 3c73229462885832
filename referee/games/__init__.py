"""Every game module, in the order they register (``referee.rules.registry`` imports them
when a game is first looked up: only as far as the game it needs, so a check of a
Twenty-Eight record does not load every game)."""

GAME_MODULES = (
    "twenty_eight",
    "twenty_nine",
    "forty",
    "fifty_six",
    "twenty_five",
    "avinas",
    "twenty_two",
)
"""The order ``referee games`` lists them in: the 28 family first, then the others."""
