"""Tags a record lacks, given on the command line or in the settings: ``check --game 28
--rules pagat --option min_bid=16`` referees records written without those tags.

A record's own tags always win: a default only fills a tag the record does not have (an
option the record sets itself keeps the record's value).

A tag added here says where it was given (``GivenTag.given_by``), so that a name that fits
some games but not a record's game is reported as given by ``--option`` (or ``--rules``), not
as written in the record. (Names no game knows are refused earlier, by ``check_options``.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from referee.model.record import GivenTag, RecordHeader

HeaderDefaults = Callable[[RecordHeader], None]
FLAGS = {"game": "--game", "rules": "--rules"}


def given_by(sources: Mapping[str, str] | None, key: str) -> str:
    """Where the default ``key`` ("game", "rules" or an option name) was given."""
    return (sources or {}).get(key) or FLAGS.get(key, "--option")


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
                    options: Mapping[str, str] | None = None,
                    sources: Mapping[str, str] | None = None) -> HeaderDefaults | None:
    """A function that adds the missing tags to a record's header, or None if nothing is set;
    ``sources`` says where each was given (the default: its command-line flag)."""
    if not (game or rules or options):
        return None
    chosen = dict(options or {})

    def fill(header: RecordHeader) -> None:
        span = header.span
        if game and header.get("Game") is None:
            header.tags.insert(0, GivenTag("Game", [game], span,
                                           given_by=given_by(sources, "game")))
        if rules and header.get("Rules") is None:
            header.tags.append(GivenTag("Rules", [rules], span,
                                        given_by=given_by(sources, "rules")))
        own = {tag.values[0] for tag in header.get_all("Option") if tag.values}
        header.tags.extend(GivenTag("Option", [name, value], span,
                                    given_by=given_by(sources, name))
                           for name, value in chosen.items() if name not in own)

    return fill
