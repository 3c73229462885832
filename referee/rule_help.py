"""What a player reads about the rules: ``referee rule ID``, ``referee games GAME``, the docs.

The game modules describe their options, presets and rules for the people who maintain them,
with references to the working notes the rules were settled in ("README decision 2", digest
sections such as "A4.2", "seed 000"). A player has none of those notes, so everything shown
here is passed through ``public_text``, which drops those references and names the public
source instead; the public sources of each game are listed as links.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

SOURCES: dict[str, tuple[tuple[str, str], ...]] = {
    "twenty-eight": (
        ("pagat.com: Twenty-Eight", "https://www.pagat.com/jass/28.html"),
        ("Wikipedia: Twenty-eight (card game)",
         "https://en.wikipedia.org/wiki/Twenty-eight_(card_game)"),
    ),
    "twenty-nine": (
        ("pagat.com: Twenty-Nine", "https://www.pagat.com/jass/29.html"),
        ("Wikipedia: Twenty-eight (card game), the 29 variant",
         "https://en.wikipedia.org/wiki/Twenty-eight_(card_game)"),
    ),
    "forty": (
        ("Wikipedia: Twenty-eight (card game), the Forty variant",
         "https://en.wikipedia.org/wiki/Twenty-eight_(card_game)"),
        ("pagat.com: Twenty-Eight and its relatives", "https://www.pagat.com/jass/28.html"),
    ),
    "fifty-six": (
        ("Wikipedia: Twenty-eight (card game), the Fifty-Six variant",
         "https://en.wikipedia.org/wiki/Twenty-eight_(card_game)"),
        ("pagat.com: Twenty-Eight and its relatives", "https://www.pagat.com/jass/28.html"),
    ),
    "twenty-five": (
        ("gamerules.com: Twenty-Five", "https://gamerules.com/rules/twenty-five-25/"),
        ("Wikipedia: Twenty-five (card game)",
         "https://en.wikipedia.org/wiki/Twenty-five_(card_game)"),
        ("pagat.com: the Spoil Five group", "https://www.pagat.com/spoil5/"),
    ),
    "avinas": (
        ("gamerules.com: Avinas", "https://gamerules.com/rules/avinas/"),
    ),
    "twenty-two": (
        ("gamerules.com: Twenty-Two", "https://gamerules.com/rules/twenty-two/"),
        ("pagat.com: Twenty-Two", "https://www.pagat.com/last/22.html"),
    ),
}
"""The public pages each game's rules were taken from, as (title, address)."""

_SEEDS = {
    "000": "Wikipedia", "001": "pagat.com and gamerules.com", "002": "gamerules.com",
    "003": "gamerules.com", "004": "gamerules.com",
}
_SOURCE_CODES = {
    "S0": "Wikipedia", "WP-old": "older Wikipedia texts", "S2": "gamerules.com's Twenty-Nine",
    "P29": "pagat.com's Twenty-Nine", "R29": "a Twenty-Nine rules site", "ZL": "zlevellabs.com",
    "EB1911": "the 1911 Encyclopaedia Britannica",
}
_SECTION = (r"(?:[AB]|AV|TF|TT|T22|T|D|L)-?[A-Z]?\d+(?:\.\d+)*(?:\([a-z0-9]+\)\d*)*"
            r"(?:-[A-Z]*\d+(?:\.\d+)*)?")
_CLEANUPS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement) for pattern, replacement in (
        # "(README decision 2)", "(decision 4)", "README decision 5's note"
        (r"\s*\((?:the rules )?(?:README )?decisions? \d+(?:[-,] ?\d+)*\)", ""),
        (r"(?:README )?decisions? \d+(?:[-,] ?\d+)*'s ", "the referee's "),
        (r",? ?(?:README )?decisions? \d+(?:[-,] ?\d+)*", ""),
        # section references: "(A7.4)", "(A7.4, losses ...)", "A7.5: six players"
        (rf"\s*\({_SECTION}(?:,\s*{_SECTION})*\)", ""),
        (rf"\(({_SECTION})(?:,\s*{_SECTION})*,\s*", "("),
        (rf"^{_SECTION}(?:,\s*{_SECTION})*:\s*", ""),
        # "seed 000's 40 paragraph", "seed 003 (gamerules.com)", "seed 002:"
        (r"seed (\d{3})'s ", lambda m: _SEEDS.get(m.group(1), "the source") + "'s "),
        (r"seed \d{3} \(([^)]*)\)", r"\1"),
        (r"seed (\d{3})", lambda m: _SEEDS.get(m.group(1), "the source")),
        (r"\b(S0|WP-old|S2|P29|R29|ZL|EB1911)\b( no\. \d+)?",
         lambda m: _SOURCE_CODES[m.group(1)]),
        (r"\s*\(C\d+(?:,\s*C\d+)*\)", ""),
        (r"(?<![\d.])\b\d\.\d+ (`*[a-z_]+`*)", r"option \1"),
        (r"the digest's defaults", "the referee's defaults"),
        (r"the digest", "the referee"),
        (r"\s+([,;:)])", r"\1"),
        (r"\(\s*\)", ""),
    )
)
_INTERNAL = re.compile(rf"spec/|/work/|\bdigest\b|\bdecision \d|\bseed \d{{3}}|\b{_SECTION}\b"
                       # the users' texts the rules were taken from: "the seed", "the Twenty-Two
                       # rules text"; a section of a working note, "3.9 C5" ("--seed" passes)
                       r"|(?<!-)\bthe seeds?\b|\brules text\b|\b\d\.\d+ C\d+\b"
                       r"|\b(?:S0|WP-old|S2|P29|R29|ZL|EB1911)\b|\(C\d+"
                       r"|(?<![\d.])\b\d\.\d+ [a-z_`]"
                       # the annulment rules' shorthand "(R3)", "R1 redeal", "A6.6 R6"
                       r"|\bR[1-6]\b"
                       # edge-case numbers "28-02", "29-33" (bid ranges such as 28-56 pass)
                       r"|\b2[89]-[0-4]\d\b"
                       # the ambiguity notes "10.1" .. "10.26"
                       r"|(?<![\d.])\b10\.\d{1,2}\b(?![\d.])")


_KINDS = {
    "input": "unreadable input (the file, the notation or the record), not a rule of a game; "
             "exit code 2",
    "record": "a finding about the record itself, in every game",
}


def public_text(text: str) -> str:
    """``text`` without references to notes a player does not have."""
    for pattern, replacement in _CLEANUPS:
        text = pattern.sub(replacement, text)
    return text.strip()


def internal_references(text: str) -> list[str]:
    """The references to internal notes left in ``text`` (for tests of what users read)."""
    return [match.group(0) for match in _INTERNAL.finditer(text)]


def sources_of(game: str) -> tuple[tuple[str, str], ...]:
    """The public sources of ``game`` (its registry name), as (title, address)."""
    return SOURCES.get(game, ())


def docs_page(game: str) -> str:
    """The docs page of a game's rules, relative to the docs folder."""
    return f"games/{game}.md"


def explain_rule(rule_id: str) -> str:
    """``referee rule ID``: the id, its game, what it requires, the options that change it."""
    from referee.lookups import all_rules, suggest
    from referee.rules.registry import games

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
    lines = [f"{entry.id}: {public_text(entry.summary)}"]
    if entry.game in _KINDS:
        lines.append(f"kind: {_KINDS[entry.game]}")
        return "\n".join(lines) + "\n"
    game = next(g for g in games() if g.name == entry.game)
    lines.append(f"game: {game.title} ({game.name})")
    changing = [spec for spec in game.option_specs if rule_id in spec.rules]
    if changing:
        lines.append("options that change it:")
        lines.extend(f"  {spec.name} = {spec.show(spec.default)} ({spec.valid_values()}): "
                     f"{public_text(spec.meaning)}" for spec in changing)
    lines.append(f"more: referee games {game.name}; docs/{docs_page(game.name)}")
    for title, address in sources_of(game.name):
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
    from referee.lookups import INPUT_IDS, RECORD_IDS
    from referee.rules.registry import games

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
    return [f"  {key.ljust(width)}  {public_text(text)}" for key, text in rows]


def render_game_text(ruleset: Any) -> str:
    """``referee games GAME``: presets, options (default, values, meaning), rules and sources,
    in the words a player reads."""
    out = [f"{ruleset.name}: {ruleset.title}"]
    if ruleset.aliases:
        out.append(f"aliases: {', '.join(ruleset.aliases)}")
    specs = {spec.name: spec for spec in ruleset.option_specs}
    out += ["", "presets ([Rules \"NAME\"])"]
    for preset in ruleset.presets.values():
        described = public_text(preset.description)
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
        out.append(f"      {public_text(spec.meaning)}")
        if spec.rules:
            out.append(f"      changes: {', '.join(spec.rules)}")
    out += ["", "rules: id, what it requires (referee rule ID explains one)"]
    out.extend(_rows((rule.id, rule.summary) for rule in ruleset.rules.values()))
    sources = sources_of(ruleset.name)
    if sources:
        out += ["", "sources"]
        out.extend(f"  {title}: {address}" for title, address in sources)
    return "\n".join(line.rstrip() for line in out) + "\n"
