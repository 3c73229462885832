"""Hover: a finding's rule and what it required; a card of a trick, the trick so far and
who wins it (as the record goes on) with the running card points after it; a seat, its hand; a tag,
what its game, preset or option means."""

from __future__ import annotations

import re
from contextlib import suppress

from referee.lsp.completion import TAG_MEANINGS, parsed
from referee.lsp.document import Problem, Unit, split_lines
from referee.lsp.walk import Moment, RecordWalk, walk_record
from referee.model.lexicon import CARD_SPELLINGS
from referee.model.record import Deal, RecordHeader

_WORD = re.compile(r"[^\s\[\]{};\"]+")
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)((?:\s+"(?:[^"\\\n]|\\.)*")*)\s*\]?')
_VALUE = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def word_at(text: str, column: int) -> tuple[str, int] | None:
    """The word of ``text`` under ``column`` (1-based) and its first column."""
    for match in _WORD.finditer(text):
        if match.start() < column <= match.end():
            return match.group(0), match.start() + 1
    return None


def finding_hover(problems: list[Problem]) -> str | None:
    """The rules and messages of the problems under the cursor."""
    if not problems:
        return None
    from referee.catalogue.rule_help import explain_rule

    parts = []
    for problem in problems:
        text = f"**{problem.code}** ({problem.severity}): {problem.message}"
        if problem.alternatives:
            text += "\n\nlegal here: " + ", ".join(f"`{a}`" for a in problem.alternatives)
        with suppress(KeyError):  # not a rule: a syntax error, a setting, an Expect tag
            text += "\n\n```text\n" + explain_rule(problem.code).rstrip() + "\n```"
        parts.append(text)
    return "\n\n---\n\n".join(parts)


def hover_text(unit: Unit, line: int, column: int, hook=None) -> str | None:
    """What to show for the word at ``line``:``column`` of the record ``unit``."""
    lines = split_lines(unit.text)
    index = line - unit.first_line
    if not 0 <= index < len(lines):
        return None
    text = lines[index]
    tag = _tag_hover(text, column, unit)
    if tag is not None:
        return tag
    found = word_at(text, column)
    if found is None:
        return None
    word, _ = found
    walk = walk_record(unit.text, hook)
    if walk is None:
        return None
    moment = walk.moment_at(index + 1, column)
    if moment is not None:
        card = CARD_SPELLINGS.get(word)
        if card is not None and card in moment.event.action.cards:
            return _card_hover(walk, moment, card)
        if word == moment.event.action.seat:
            return _seat_hover(walk, moment.event.action.seat, moment.before,
                               f"before this {moment.event.action.kind}")
    hand_seat = re.match(r"\s*([A-Za-z][\w-]*)\s*:", text)
    if hand_seat and word.rstrip(":") == hand_seat.group(1):
        deal = _deal_at(unit, index + 1)
        hand = next((h for h in deal.hands if h.seat == hand_seat.group(1)), None) \
            if deal else None
        if hand is not None:
            return _seat_hover(walk, hand.seat, {hand.seat: hand.cards}, "as dealt")
    return None


def _deal_at(unit: Unit, line: int) -> Deal | None:
    items = parsed(unit.text) or ()
    deals = [i for i in items if isinstance(i, Deal) and i.span.line <= line]
    return deals[-1] if deals else None


def _cards(cards, rank_order: str) -> str:
    from referee.model.cards import sort_cards

    order = rank_order or "AKQJT98765432"
    return " ".join(sort_cards(cards, order)) if cards else "none"


def _seat_hover(walk: RecordWalk, seat: str, hands, when: str) -> str | None:
    cards = hands.get(seat)
    if cards is None:
        return f"**{seat}**: hand not known"
    return f"**{seat}**, {when}: {_cards(cards, walk.rank_order)} ({len(cards)} cards)"


def _card_hover(walk: RecordWalk, moment: Moment, card: str) -> str:
    seat = moment.event.action.seat
    lines = [f"**{seat} {card}**" + (f", trick {moment.trick}" if moment.trick else "")]
    if moment.on_table:
        played = "  ".join(f"{s} {' '.join(c)}" for s, c in moment.on_table)
        lines.append(f"the trick so far: {played}")
    ends = moment.completed or _completion_of(walk, moment)
    for trick in ends:
        text = f"trick {trick.number}: {trick.winner} wins"
        if trick.running:
            labels = walk.team_labels
            running = " ".join(f"{labels.get(t, t)} {v}" for t, v in trick.running.items())
            text += f" {trick.points} card points; running: {running}"
        lines.append(text)
    return "\n\n".join(lines)


def _completion_of(walk: RecordWalk, moment: Moment) -> tuple:
    """The trick of ``moment`` as the record completes it later (who wins it), if it does."""
    for deal in walk.deals:
        at = next((i for i, m in enumerate(deal.moments) if m is moment), None)
        if at is None:
            continue
        for later in deal.moments[at:]:
            done = [t for t in later.completed if t.number == moment.trick]
            if done:
                return tuple(done)
    return ()


def _tag_hover(text: str, column: int, unit: Unit) -> str | None:
    match = _TAG.match(text)
    if match is None or not match.start() < column <= match.end():
        return None
    from referee.games import find_game, games

    name = match.group(1)
    values = _VALUE.findall(match.group(2) or "")
    items = parsed(unit.text) or ()
    header = next((i for i in items if isinstance(i, RecordHeader)), None)
    game_tag = header.get("Game") if header is not None else None
    try:
        chosen = [find_game(game_tag.value)] if game_tag else games()
    except KeyError:
        chosen = games()
    if name == "Game" and values:
        try:
            game = find_game(values[0])
        except KeyError:
            return f"**Game**: {TAG_MEANINGS['Game']}; '{values[0]}' is no game"
        return (f"**{game.title}** ({game.name}): presets "
                f"{', '.join(game.presets)}; `referee games {game.name}` has its rules")
    if name == "Rules" and values:
        for game in chosen:
            preset = game.presets.get(values[0])
            if preset is not None:
                set_ = ", ".join(f"{k} = {v}" for k, v in preset.values.items()) or \
                    "the game's defaults"
                return f"**preset {preset.name}** ({game.name}): {preset.description}\n\n{set_}"
    if name == "Option" and values:
        for game in chosen:
            spec = next((s for s in game.option_specs if s.name == values[0]), None)
            if spec is not None:
                rules = f"\n\nrules it changes: {', '.join(spec.rules)}" if spec.rules else ""
                return (f"**option {spec.name}** ({game.name}): {spec.meaning}\n\nvalues: "
                        f"{spec.valid_values()}; default {spec.show(spec.default)}{rules}")
    meaning = TAG_MEANINGS.get(name)
    return f"**{name}**: {meaning}" if meaning else None
