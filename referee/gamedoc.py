"""What ``referee games`` prints: the list of games, and one game's presets, options and
rule ids."""

from __future__ import annotations

from collections.abc import Iterable

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
    """A game's title, aliases, presets, options (default, values, meaning) and rules."""
    out = [f"{ruleset.name}: {ruleset.title}"]
    if ruleset.aliases:
        out.append(f"aliases: {', '.join(ruleset.aliases)}")
    if ruleset.source:
        out.append(f"source: {ruleset.source}")
    specs = {spec.name: spec for spec in ruleset.option_specs}
    out += ["", "presets ([Rules \"NAME\"])"]
    for preset in ruleset.presets.values():
        out.append(f"  {preset.name}: {preset.description}" if preset.description
                   else f"  {preset.name}")
        if preset.values:
            shown = ", ".join(
                f"{name}={specs[name].show(value) if name in specs else value}"
                for name, value in preset.values.items()
            )
            out.append(f"      {shown}")
    out += ["", "options ([Option \"NAME\" \"VALUE\"]): default; values; meaning"]
    if not ruleset.option_specs:
        out.append("  none")
    for spec in ruleset.option_specs:
        out.append(f"  {spec.name} = {spec.show(spec.default)}  ({spec.valid_values()})")
        out.append(f"      {spec.meaning}")
        if spec.rules:
            out.append(f"      changes: {', '.join(spec.rules)}")
    out += ["", "rules: id, digest section, summary"]
    rules = list(ruleset.rules.values())
    width = max((len(rule.id) for rule in rules), default=0)
    section_width = max((len(rule.section) for rule in rules), default=0)
    for rule in rules:
        out.append(f"  {rule.id.ljust(width)}  {rule.section.ljust(section_width)}  "
                   f"{rule.summary}".rstrip())
    return "\n".join(out) + "\n"
