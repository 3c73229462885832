"""The files a command reads: glob patterns expanded, folders walked, exclusions applied.

``referee check 'samples/**/revoke*.ttn'`` works even where the shell does not expand the
pattern (Windows, or a quoted pattern in CI). An exclusion is a path (a file or a folder and
everything under it) or a pattern matched against every part of a path, as in .gitignore:
``drafts`` or ``*.tmp.ttn`` anywhere.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from fnmatch import fnmatch
from pathlib import PurePath

from referee.pipeline.checking import STDIN, sorted_paths

_GLOB_CHARS = frozenset("*?[")


def expand_globs(paths: Iterable[str]) -> list[str]:
    """Each path as given, except that a pattern that is not itself a file becomes the paths
    it matches (sorted); a pattern matching nothing is kept, for the reader to report."""
    expanded: list[str] = []
    for path in paths:
        if path != STDIN and _GLOB_CHARS & set(path) and not os.path.exists(path):
            found = sorted(glob.glob(path, recursive=True))
            expanded.extend(found or [path])
        else:
            expanded.append(path)
    return expanded


def is_excluded(path: str, exclude: Iterable[str]) -> bool:
    """True if ``path`` is, or lies under, an excluded path, or a part of it matches an
    excluded pattern."""
    if path == STDIN:
        return False
    parts = PurePath(path).parts
    normal = os.path.normpath(path)
    for pattern in exclude:
        stripped = os.path.normpath(pattern.rstrip("/"))
        if normal == stripped or normal.startswith(stripped + os.sep):
            return True
        if fnmatch(normal, stripped) or any(fnmatch(part, stripped) for part in parts):
            return True
    return False


def files_to_read(paths: Iterable[str], exclude: Iterable[str] = (),
                  notes: list[str] | None = None) -> list[str]:
    """The files named, globbed and walked (``check.sorted_paths``, which tells ``notes``
    of folder links), minus the excluded."""
    excluded = list(exclude)
    return [p for p in sorted_paths(expand_globs(paths), notes) if not is_excluded(p, excluded)]
