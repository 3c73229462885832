"""What ``referee games`` prints: the list of games, and one game's page (written by
``referee.catalogue.rule_help``, which also explains single rules)."""

from __future__ import annotations

from collections.abc import Iterable

from referee.catalogue.rule_help import render_game_text
from referee.rules.base import Ruleset


def render_games(rulesets: Iterable[type[Ruleset]]) -> str:
    """One line per game: name, aliases, title, presets."""
    rows = [
        (r.name, ", ".join(r.aliases), r.title, ", ".join(r.presets))
        for r in rulesets
    ]
    if not rows:
        return "no games are registered\n"
    header = ("game", "aliases", "title", "presets")
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(3)]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True))
        + "  " + row[3]
        for row in (header, *rows)
    ]
    lines.append("")
    lines.append("referee games GAME shows a game's presets, options and rule ids.")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def render_game(ruleset: type[Ruleset]) -> str:
    """A game's aliases, presets, options (default, values, meaning), rules and sources."""
    return render_game_text(ruleset)
