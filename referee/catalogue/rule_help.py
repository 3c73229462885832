"""What a player reads about the rules: ``referee rule ID``, ``referee games GAME``, the docs.

The rule, option and preset texts of the games are written for players: they explain the
rules in words (tests/test_code_citations.py keeps references to notes a reader does not have
out of referee/); the public sources of each game (its ``Ruleset.sources``) are listed as links.
Everything said about a game is read from its ruleset: this module names no game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_KINDS = {
    "input": "unreadable input (the file, the notation or the record), not a rule of a game; "
             "exit code 2",
    "record": "a finding about the record itself, in every game",
}


def docs_page(game: str) -> str:
    """The docs page of a game's rules, relative to the docs folder."""
    return f"games/{game}.md"


def explain_rule(rule_id: str) -> str:
    """``referee rule ID``: the id, its game, what it requires, the options that change it."""
    from referee.catalogue.lookups import all_rules, suggest
    from referee.games import games

    entries = all_rules()
    entry = entries.get(rule_id)
    if entry is None:
        named = matching_rules(rule_id, entries)
        if len(named) == 1:
            return explain_rule(named[0])
        if named:
            return (f"'{rule_id}' is not a whole rule id; the ids it matches (referee rule ID "
                    "explains one):\n"
                    + "\n".join(_rows((entries[key].id, entries[key].summary)
                                      for key in named)) + "\n")
        prefix = rule_id.partition(".")[0]
        own = [key for key in entries if key.partition(".")[0] == prefix]
        hint = suggest(rule_id, own) if "." in rule_id else ""
        raise KeyError(f"unknown rule id '{rule_id}'{hint or suggest(rule_id, entries)} "
                       "(referee rule --list shows them all)")
    lines = [f"{entry.id}: {entry.summary}"]
    if entry.game in _KINDS:
        lines.append(f"kind: {_KINDS[entry.game]}")
        return "\n".join(lines) + "\n"
    game = next(g for g in games() if g.name == entry.game)
    lines.append(f"game: {game.title} ({game.name})")
    changing = [spec for spec in game.option_specs if rule_id in spec.rules]
    if changing:
        lines.append("options that change it:")
        lines.extend(f"  {spec.name} = {spec.show(spec.default)} ({spec.valid_values()}): "
                     f"{spec.meaning}" for spec in changing)
    lines.append(f"more: referee games {game.name}; docs/{docs_page(game.name)}")
    for title, address in game.sources:
        lines.append(f"source: {title} <{address}>")
    return "\n".join(lines) + "\n"


def matching_rules(name: str, entries: Iterable[str]) -> list[str]:
    """The ids a name without its game stands for: those whose name after the game's prefix
    is ``name`` (``follow-suit``: ``28.follow-suit``, ``29.follow-suit``, ...), else those
    whose name holds it as a word (``follow``); none for a name with a dot."""
    if "." in name or not name:
        return []
    names = {key: key.partition(".")[2] for key in entries}
    exact = [key for key, rest in names.items() if rest == name]
    if exact:
        return exact
    return [key for key, rest in names.items() if name in rest.split("-")]


def list_rules() -> str:
    """Every id, game by game, then the ids of unreadable input."""
    from referee.catalogue.lookups import INPUT_IDS, RECORD_IDS
    from referee.games import games

    out: list[str] = []
    for game in games():
        out.append(f"{game.title} ({game.name})")
        out.extend(_rows((rule.id, rule.summary) for rule in game.rules.values()))
        out.append("")
    out.append("The record, in every game")
    out.extend(_rows(RECORD_IDS.items()))
    out.append("")
    out.append("Unreadable input (exit code 2)")
    out.extend(_rows(INPUT_IDS.items()))
    return "\n".join(out) + "\n"


def _rows(pairs: Iterable[tuple[str, str]]) -> list[str]:
    rows = list(pairs)
    width = max((len(key) for key, _ in rows), default=0)
    return [f"  {key.ljust(width)}  {text}" for key, text in rows]


def render_game_text(ruleset: Any) -> str:
    """``referee games GAME``: presets, options (default, values, meaning), rules and sources,
    in the words a player reads."""
    out = [f"{ruleset.name}: {ruleset.title}"]
    if ruleset.aliases:
        out.append(f"aliases: {', '.join(ruleset.aliases)}")
    specs = {spec.name: spec for spec in ruleset.option_specs}
    out += ["", "presets ([Rules \"NAME\"])"]
    for preset in ruleset.presets.values():
        described = preset.description
        out.append(f"  {preset.name}: {described}" if described else f"  {preset.name}")
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
    out += ["", "rules: id, what it requires (referee rule ID explains one)"]
    out.extend(_rows((rule.id, rule.summary) for rule in ruleset.rules.values()))
    sources = ruleset.sources
    if sources:
        out += ["", "sources"]
        out.extend(f"  {title}: {address}" for title, address in sources)
    return "\n".join(line.rstrip() for line in out) + "\n"
