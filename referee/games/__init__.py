"""Every game module; importing this package registers them all."""

import referee.games.twenty_two  # noqa: F401
from referee.games import twenty_eight  # noqa: F401
