"""Every game module; importing this package registers them all, in this order."""

from importlib import import_module

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

for _name in GAME_MODULES:
    import_module(f"{__name__}.{_name}")
