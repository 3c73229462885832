"""Every game module; importing this package registers them all."""

from referee.games import (
    fifty_six,  # noqa: F401
    forty,  # noqa: F401
    twenty_eight,  # noqa: F401
    twenty_nine,  # noqa: F401
)
