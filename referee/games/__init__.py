"""Every game module; importing this package registers them all."""

from referee.games import (
    avinas,  # noqa: F401
    twenty_eight,  # noqa: F401
)
