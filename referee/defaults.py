"""Tags a record lacks, given on the command line or in the settings: ``check --game 28
--rules pagat --option min_bid=16`` referees records written without those tags.

A record's own tags always win: a default only fills a tag the record does not have (an
option the record sets itself keeps the record's value).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from referee.record import RecordHeader, Tag

HeaderDefaults = Callable[[RecordHeader], None]


def parse_assignments(words: list[str], flag: str = "--option") -> dict[str, str]:
    """``NAME=VALUE`` words as a mapping; ``ValueError`` naming the word that is not one."""
    found: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"{flag} takes NAME=VALUE, not '{word}'")
        found[name.strip()] = value.strip()
    return found


def header_defaults(game: str | None = None, rules: str | None = None,
                    options: Mapping[str, str] | None = None) -> HeaderDefaults | None:
    """A function that adds the missing tags to a record's header, or None if nothing is set."""
    if not (game or rules or options):
        return None
    chosen = dict(options or {})

    def fill(header: RecordHeader) -> None:
        span = header.span
        if game and header.get("Game") is None:
            header.tags.insert(0, Tag("Game", [game], span))
        if rules and header.get("Rules") is None:
            header.tags.append(Tag("Rules", [rules], span))
        own = {tag.values[0] for tag in header.get_all("Option") if tag.values}
        header.tags.extend(Tag("Option", [name, value], span)
                           for name, value in chosen.items() if name not in own)

    return fill
