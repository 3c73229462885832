"""Every game module; importing this package registers them all, in this order."""

from referee.games import (  # noqa: F401 - imported to register
    twenty_eight,
    twenty_five,
    avinas,
    twenty_two,
)
