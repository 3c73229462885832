"""Every game module; importing this package registers them all."""

from referee.games import avinas as avinas  # noqa: F401
from referee.games import twenty_eight  # noqa: F401
