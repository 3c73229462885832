"""The player's reference of each game for the docs (``python -m referee.catalogue.docs_pages``).

Each page of docs/games/ ends with a block written from the referee's own tables, so that it
cannot drift from what is enforced: the public sources, the cards (order and points), the
presets, every option (every interpretation choice the sources leave open, with its default
and values), every rule with its id, and the words of the score sheet. The block lies between
two marker lines; ``python -m referee.catalogue.docs_pages`` rewrites it in every page, and a test
checks that the pages are up to date. What a page says of its game is the game's own class
data (``Ruleset.sources``, ``cards_text``, ``sheet_labels``, ``sheet_meanings``,
``outcome_words``): this module names no game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

BEGIN = "<!-- reference: written by `python -m referee.catalogue.docs_pages`; do not edit below -->"
END = "<!-- end of reference -->"

SCORE_COLUMNS = (
    (("deal", "dealer"), "deal, dealer", "the deal's number and who dealt it"),
    (("bidder", "bid", "target"), "bidder, bid, target",
     "who won the auction, the bid, and what the bidding side needed (the bid, changed by a "
     "pair); `-` where the deal had no contract"),
    (("points",), "points", "the card points each side took in the deal"),
    (("made",), "made", "`yes` if the bidding side reached its target, `no` if not; "
     "`yes (penalty)` or `no (penalty)` where a misplay penalty, not the cards, decided it"),
    (("game points",), "game points", "what the deal added to each side's score"),
    (("score",), "score", "the running match score after the deal"),
    (("outcome",), "outcome", "what decided the deal, in words"),
)
"""The score sheet's columns: (the keys of ``Ruleset.sheet_labels``, the heading, meaning)."""

_CONTRACT_WORDS = (
    "- **made** / **failed**: the bidding side did / did not reach its target.",
    "- **misplay by SEAT**: an illegal play by that seat decided the deal (see the option "
    "`misplay_penalty` where the game has it).",
)
_COMMON_WORDS = (
    "- **disputed**: the record has a rule finding in this deal, or the referee could not "
    "replay all of it; the figures are the referee's reading, to be settled at the table.",
    "- **not scored**: the deal counts for nothing (annulled, redealt, or incomplete); said "
    "once, with the reason (`not scored: the deal is incomplete`).",
    "- **annulled** / **cancelled** / **redeal**: the deal was thrown in, as the rules allow.",
    "- **not settled**: the deal could not be replayed far enough to compute a result.",
    "- **N findings**: how many rule findings `referee check` reports in the deal.",
)


def score_words(ruleset: Any) -> str:
    """The score sheet's columns and outcome words, in the game's own terms."""
    labels = ruleset.sheet_labels
    meanings = ruleset.sheet_meanings
    rows = []
    for keys, heading, meaning in SCORE_COLUMNS:
        shown = [labels.get(key, key) for key in keys]
        if not any(shown):
            continue  # a column the game's sheet leaves out
        title = ", ".join(label for label in shown if label) if keys[0] in labels else heading
        rows.append(f"| {title} | {meanings.get(keys[0], meaning)} |")
    contract = labels.get("bidder", "bidder") != ""
    words = (*(_CONTRACT_WORDS if contract else ruleset.outcome_words),
             *_COMMON_WORDS)
    if contract:
        words += ("- **annulled** / **cancelled** / **redeal**: the deal was thrown in, as "
                  "the rules allow.",)
    return "\n".join([
        "`referee score FILE` prints the score sheet of each match, one row per deal:",
        "",
        "| column | meaning |",
        "| --- | --- |",
        *rows,
        "",
        "Words in the outcome column:",
        "",
        *words,
    ])


def reference_block(ruleset: Any) -> str:
    """The generated reference of one game, between the markers."""
    out = [BEGIN, "", "## Reference", ""]
    sources = ruleset.sources
    if sources:
        out += ["### Sources", ""]
        out += [f"- [{title}]({address})" for title, address in sources]
        out.append("")
    cards = ruleset.cards_text
    if cards:
        out += ["### Cards", "", cards, ""]
    specs = {spec.name: spec for spec in ruleset.option_specs}
    out += ["### Presets", "", "Chosen with `[Rules \"NAME\"]` (or `referee check --rules "
            "NAME` for records without the tag).", "", "| preset | what it is | settings |",
            "| --- | --- | --- |"]
    for preset in ruleset.presets.values():
        settings = ", ".join(
            f"`{name} = {specs[name].show(value) if name in specs else value}`"
            for name, value in preset.values.items()) or "the defaults"
        out.append(f"| `{preset.name}` | {_cell(preset.description)} | "
                   f"{settings} |")
    out += ["", "### Options", "",
            "Every point the sources leave open or disagree on is an option, set with "
            "`[Option \"NAME\" \"VALUE\"]` (or `referee check --option NAME=VALUE`).", ""]
    if ruleset.option_specs:
        out += ["| option | default | values | meaning | rules it changes |",
                "| --- | --- | --- | --- | --- |"]
        for spec in ruleset.option_specs:
            rules = ", ".join(f"`{rule}`" for rule in spec.rules)
            out.append(f"| `{spec.name}` | `{spec.show(spec.default)}` | "
                       f"{_cell(spec.valid_values())} | {_cell(spec.meaning)} | "
                       f"{rules} |")
    else:
        out.append("This game has no options.")
    out += ["", "### Rules", "",
            "Each finding names the rule it breaks; `referee rule ID` prints the same "
            "explanation.", "", "| id | the rule |", "| --- | --- |"]
    out += [f"| `{rule.id}` | {_cell(rule.summary)} |"
            for rule in ruleset.rules.values()]
    out += ["", "### The score sheet", "", score_words(ruleset), "", END]
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def page_path(docs: Path, game: str) -> Path:
    return docs / "games" / f"{game}.md"


def updated_page(text: str, block: str) -> str:
    """``text`` with its reference block replaced by ``block`` (appended if it has none)."""
    if BEGIN in text:
        head = text[:text.index(BEGIN)]
        tail = text[text.index(END) + len(END):].lstrip("\n") if END in text else ""
        return head + block + (("\n" + tail) if tail else "")
    return text.rstrip("\n") + "\n\n" + block


def rule_ids_page() -> str:
    """docs/rule-ids.md: every id a report can show, game by game, then the record's and the
    input's ids."""
    from referee.catalogue.lookups import INPUT_IDS, RECORD_IDS
    from referee.games import games

    out = ["# Rule ids", "",
           "Every finding and every error names an id. The ids of a game start with its "
           "prefix (`28.`, `25.`, ...); `referee rule ID` explains one, `referee rule --list` "
           "lists them all. This page is written by `python -m referee.catalogue.docs_pages`.", ""]
    for game in games():
        out += [f"## {game.title}", "", f"[The rules of {game.title}](games/{game.name}.md).",
                "", "| id | the rule |", "| --- | --- |"]
        out += [f"| `{rule.id}` | {_cell(rule.summary)} |"
                for rule in game.rules.values()]
        out.append("")
    out += ["## The record, in every game", "",
            "Findings (exit code 1) and notes about the record itself.", "",
            "| id | meaning |", "| --- | --- |"]
    out += [f"| `{code}` | {_cell(text)} |" for code, text in RECORD_IDS.items()]
    out += ["", "## Unreadable input", "",
            "The file cannot be read as records: exit code 2, with the place and a caret.", "",
            "| id | meaning |", "| --- | --- |"]
    out += [f"| `{code}` | {_cell(text)} |" for code, text in INPUT_IDS.items()]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Rewrite the reference block of every game page under ``docs`` (default: ./docs)."""
    from referee.games import games

    args = sys.argv[1:] if argv is None else argv
    docs = Path(args[0]) if args else Path("docs")
    for game in games():
        path = page_path(docs, game.name)
        text = path.read_text(encoding="utf-8") if path.exists() else f"# {game.title}\n"
        path.write_text(updated_page(text, reference_block(game)), encoding="utf-8")
    (docs / "rule-ids.md").write_text(rule_ids_page(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
