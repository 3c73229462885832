"""Hypothesis profiles for the fuzz suite.

The normal run uses ``default``: a fixed seed (derandomized) and a small budget, so the suite
takes seconds and gives the same result every time. ``long`` runs as long as asked::

    pytest tests/fuzz --hypothesis-profile=long                     # 20,000 examples a test
    pytest tests/fuzz --hypothesis-profile=long --hypothesis-seed=7  # another part of the space

For millions of inputs use the driver (tests/fuzz/driver.py), which skips Hypothesis' own
bookkeeping.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("default", max_examples=60, derandomize=True, deadline=None,
                          suppress_health_check=_QUIET, database=None)
settings.register_profile("long", max_examples=20_000, deadline=None,
                          suppress_health_check=_QUIET)
# The plugin loads a profile named on the command line before this file is read: keep it.
if getattr(settings, "_current_profile", "default") == "default":
    settings.load_profile("default")
