"""Every game module; importing this package registers them all."""

from referee.games import (
    forty,  # noqa: F401
    twenty_eight,  # noqa: F401
    twenty_nine,  # noqa: F401
)
