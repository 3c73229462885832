"""A progress bar on standard error for long ``referee check`` runs on a terminal.

::

    [##########--------------]  12/30 files  4,812 deals  0:07

It appears only once a run has taken ``DELAY`` seconds (short runs stay quiet), is redrawn
at most every ``INTERVAL`` seconds, and is erased before anything else is printed on the
terminal and at the end, so it never mixes with the report.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import IO

DELAY = 0.5
"""Seconds before the bar first shows."""

INTERVAL = 0.1
"""Seconds between two redraws."""

WIDTH = 24
"""Characters of the bar itself."""


class Progress:
    """Files and deals done out of ``total`` files, drawn on ``stream`` (a terminal)."""

    def __init__(
        self,
        stream: IO[str],
        total: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.total = total
        self.files = 0
        self.deals = 0
        self.clock = clock
        self.start = clock()
        self.drawn_at: float | None = None
        self.width = 0

    def deal(self) -> None:
        """One more deal read (called for every deal: keep it cheap)."""
        self.deals += 1
        if self.deals % 64 == 0:
            self.tick()

    def file_done(self) -> None:
        """One more file checked."""
        self.files += 1
        self.tick()

    def tick(self) -> None:
        """Redraw if the run is long enough and the last drawing is old enough."""
        now = self.clock()
        if now - self.start < DELAY:
            return
        if self.drawn_at is not None and now - self.drawn_at < INTERVAL:
            return
        self.draw(now)

    def line(self, now: float) -> str:
        """The text of the bar."""
        done = self.files / self.total if self.total else 1.0
        filled = round(WIDTH * done)
        seconds = int(now - self.start)
        return (f"[{'#' * filled}{'-' * (WIDTH - filled)}]  {self.files}/{self.total} files  "
                f"{self.deals:,} deals  {seconds // 60}:{seconds % 60:02d}")

    def draw(self, now: float) -> None:
        text = self.line(now)
        # Pad over a longer previous line; a carriage return keeps it on one terminal line.
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)
        self.drawn_at = now

    def clear(self) -> None:
        """Erase the bar (before other output and at the end); it comes back at the next tick."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
            self.drawn_at = None
