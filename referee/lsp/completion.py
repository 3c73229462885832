"""What may be typed at the cursor: the legal actions there, or tag names and values.

The legal actions come from the machinery of ``referee moves``: the record is read up to
the cursor and ``moves_at(..., END)`` replays it as ``referee check`` does and asks the
game's ``legal_actions``. What is typed of an action before the cursor (a seat, ``N
trump``) narrows them to those that go on from it, and the rest of each is offered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from referee.lsp.document import Unit, split_lines
from referee.model.errors import RefereeError
from referee.model.record import Action, Deal, Event, RecordHeader, StreamItem
from referee.notation.writer import TAG_ORDER, format_action
from referee.replay.moves import END, Moves, moves_at

_MARK = re.compile(r"\d+\.\Z")
_TAG_NAME = re.compile(r"\[\s*([A-Za-z0-9_]*)\Z")
_TAG_VALUE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)((?:\s+"(?:[^"\\\n]|\\.)*")*)\s+"([^"]*)\Z')
_VALUE = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_WORDS_TRIED = 4
"""How many words before the cursor may belong to the action being typed (``N exchange
4D >`` is the longest start)."""

TAG_MEANINGS = {
    "Game": "the game of the record (required)",
    "Rules": "a named preset of the game's variant options",
    "Option": 'one variant option over the preset: [Option "name" "value"]',
    "Seats": "every seat, in clockwise order around the table",
    "Teams": 'one value per team, its seats separated by spaces: [Teams "N S" "E W"]',
    "Player": 'who sat where: [Player "N" "Asha"]',
    "Event": "the event (metadata)",
    "Site": "where it was played (metadata)",
    "Date": "when it was played, YYYY.MM.DD (metadata)",
    "Round": "the round (metadata)",
    "Annotator": "who wrote the record (metadata)",
    "View": "the seat the record is written from; other hands are unseen unless shown",
    "Expect": "what a checker should find: valid, illegal, outcome, points, score, case...",
}
"""The notation's tags and what each says (the notation page's table)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One completion: the text to insert, what it is, and its place in the list."""

    label: str
    kind: str
    """"action", "card", "tag", "game", "preset", "option", "value"."""
    detail: str = ""
    order: int = 0


# -- tags ------------------------------------------------------------------------------------


def tag_choices(before: str, header: RecordHeader | None) -> list[Choice] | None:
    """Completions inside a tag (``before`` is the line up to the cursor), or None when the
    cursor is not in one."""
    name = _TAG_NAME.search(before)
    if name is not None:
        tags = list(dict.fromkeys([*TAG_ORDER, *TAG_MEANINGS]))
        return [Choice(tag, "tag", TAG_MEANINGS.get(tag, ""), i) for i, tag in enumerate(tags)]
    value = _TAG_VALUE.search(before)
    if value is None:
        return None
    tag, given = value.group(1), _VALUE.findall(value.group(2) or "")
    from referee.games import find_game, games

    if tag == "Game" and not given:
        return [Choice(name, "game", game.title, i)
                for i, (name, game) in enumerate(
                    (name, game) for game in games() for name in (game.name, *game.aliases))]
    game_tag = header.get("Game") if header is not None else None
    try:
        chosen = [find_game(game_tag.value)] if game_tag is not None else games()
    except KeyError:
        chosen = games()
    if tag == "Rules" and not given:
        presets = {name: preset for game in chosen for name, preset in game.presets.items()}
        return [Choice(name, "preset", preset.description, i)
                for i, (name, preset) in enumerate(presets.items())]
    if tag == "Option":
        specs = {spec.name: spec for game in chosen for spec in game.option_specs}
        if not given:
            return [Choice(name, "option", spec.meaning, i)
                    for i, (name, spec) in enumerate(specs.items())]
        spec = specs.get(given[0])
        if spec is not None and len(given) == 1:
            return [Choice(v, "value", f"{spec.name} (default {spec.show(spec.default)})", i)
                    for i, v in enumerate(option_values(spec))]
    return []


def option_values(spec) -> list[str]:
    """The values an option takes, as a tag writes them (a number range is listed when it
    is short)."""
    if spec.kind == "bool":
        return ["yes", "no"]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.minimum is not None and spec.maximum is not None \
            and spec.maximum - spec.minimum <= 40:
        return [str(n) for n in range(spec.minimum, spec.maximum + 1)]
    return [spec.show(spec.default)]


# -- actions ---------------------------------------------------------------------------------


@dataclass(slots=True)
class AtCursor:
    """The legal actions where the cursor stands and what is typed of one before it."""

    allowed: list[Action]
    typed: str
    """The words of the action being typed (``W``, ``N trump``), '' at an action's start."""
    deal: Deal
    rank_order: str


def read_to(text: str, hook: Callable[[RecordHeader], None] | None = None
            ) -> tuple[Moves, Deal, str] | None:
    """``moves --at end`` of ``text`` (a record up to the cursor), the deal it stops in and
    the game's rank order; None if it cannot be read or stops outside a deal."""
    from referee.games import find_game
    from referee.notation.parser import iter_items

    seen: dict[str, StreamItem] = {}

    def tapped(items: Iterable[StreamItem]) -> Iterator[StreamItem]:
        for item in items:
            if isinstance(item, RecordHeader) and hook is not None:
                hook(item)
            seen["deal" if isinstance(item, Deal) else "header"] = item
            yield item

    try:
        moves = moves_at(tapped(iter_items(text)), END)
        game = find_game(moves.game)
    except (RefereeError, KeyError):
        return None
    deal = seen.get("deal")
    if not isinstance(deal, Deal):
        return None
    return moves, deal, game.rank_order


def own_header(header: RecordHeader, hook: Callable[[RecordHeader], None] | None
               ) -> RecordHeader:
    """``header`` with what the settings add to it, as a copy: the parsed items are shared
    by requests of documents whose folders may have other settings."""
    if hook is None:
        return header
    copy = replace(header, tags=list(header.tags))
    hook(copy)
    return copy


@lru_cache(maxsize=16)
def parsed(text: str) -> tuple[StreamItem, ...] | None:
    """The items of a record's text, None if it does not read (kept for the next request
    on the same text: completion, hover and hints ask about one text many times)."""
    from referee.notation.parser import iter_items

    try:
        return tuple(iter_items(text))
    except RefereeError:
        return None


def replayed_to(text: str, line: int, column: int,
                hook: Callable[[RecordHeader], None] | None = None
                ) -> tuple[Any, Deal, Event | None, Any] | None:
    """The record ``text`` (whole, as written) replayed as ``referee moves`` replays it, up
    to the first event of the cursor's deal that ends after ``line``:``column`` (the event
    being written there, or the next): the game, the deal, that event and the state before
    it. None if the record cannot be read or the cursor is in no deal's events."""
    from referee.replay.replay import MatchReplay

    items = parsed(text)
    if items is None:
        return None
    headers = [item for item in items if isinstance(item, RecordHeader)]
    deals = [item for item in items if isinstance(item, Deal)]
    if len(headers) != 1 or not deals:
        return None
    inside = [deal for deal in deals if deal.span.line <= line]
    if not inside:
        return None
    deal = inside[-1]
    header = own_header(headers[0], hook)
    try:
        replay = MatchReplay(header)
        for earlier in deals[:deals.index(deal)]:
            replay.replay_deal(earlier)
        where = (line, column)
        if deal.hands and (deal.hands[-1].span.end_line,
                           deal.hands[-1].span.end_column) > where:
            return None  # in the deal line or the hand lines
        state, event = replay.state_before(
            deal, lambda event, _: (event.span.end_line, event.span.end_column) > where)
    except RefereeError:
        return None
    return replay.ruleset, deal, event, state


def at_cursor(unit: Unit, line: int, column: int,
              hook: Callable[[RecordHeader], None] | None = None) -> AtCursor | None:
    """The legal actions at ``line``:``column`` (of the document) in the record ``unit``.

    The record is read up to the cursor without the word being typed; where that does not
    read (a seat written, its action not yet), up to one to four words earlier, and those
    words are what is typed of the action.
    """
    lines = split_lines(unit.text)
    index = line - unit.first_line
    if not 0 <= index < len(lines):
        return None
    before = "\n".join(lines[:index] + [lines[index][:column - 1]])
    cut = len(before)
    while cut and not before[cut - 1].isspace():
        cut -= 1  # the word being typed: the client matches it against the choices
    current = lines[index][:column - 1]
    if ";" in current or current.count("{") > current.count("}"):
        return None  # in a comment
    whole = _in_whole_record(unit, line, column - (len(before) - cut), hook)
    if whole is not None:
        return whole
    head = before[:cut]
    typed: list[str] = []
    for _ in range(_WORDS_TRIED + 1):
        read = read_to(head, hook)
        if read is not None:
            moves, deal, ranks = read
            shown = [w for w in typed if not _MARK.match(w)]
            return AtCursor(moves.allowed, " ".join(shown), deal, ranks)
        stripped = head.rstrip()
        space = max(stripped.rfind(" "), stripped.rfind("\t"), stripped.rfind("\n"))
        if not stripped:
            return None
        typed.insert(0, stripped[space + 1:])
        head = stripped[:space + 1]
    return None


def _in_whole_record(unit: Unit, line: int, column: int,
                     hook: Callable[[RecordHeader], None] | None) -> AtCursor | None:
    """The legal actions at ``line``:``column`` (the start of the word being typed) when the
    record reads as it stands: its later events and its hands are all known (a game whose
    hands are inferred from the plays needs them)."""
    found = replayed_to(unit.text, line - unit.first_line + 1, column, hook)
    if found is None:
        return None
    ruleset, deal, event, state = found
    typed = ""
    if event is not None:
        span = event.span
        if (span.line, span.column) < (line - unit.first_line + 1, column):
            lines = split_lines(unit.text)
            text = lines[span.line - 1][span.column - 1:column - 1] \
                if span.line == line - unit.first_line + 1 else ""
            typed = " ".join(w for w in text.split() if not _MARK.match(w))
    allowed = ruleset.legal_actions(state).allowed
    return AtCursor(allowed, typed, deal, ruleset.rank_order)


def action_choices(found: AtCursor) -> list[Choice]:
    """The legal actions that go on from what is typed, the rest of each, in a player's
    order: calls and bids first as the game lists them, then cards by suit as the seat's
    hand line writes them, ranks in the game's order."""
    prefix = found.typed + " " if found.typed else ""
    choices: list[Choice] = []
    for action in found.allowed:
        text = format_action(action)
        if prefix and not text.startswith(prefix):
            continue
        rest = text[len(prefix):]
        if not rest:
            continue
        kind = "card" if action.kind == "play" else "action"
        choices.append(Choice(rest, kind, text if prefix else "", 0))
    order = player_order(found.allowed, found.deal, found.rank_order)
    ranked = {format_action(a)[len(prefix):]: i for i, a in enumerate(order)}
    return sorted((Choice(c.label, c.kind, c.detail, ranked.get(c.label, 0)) for c in choices),
                  key=lambda c: c.order)


def player_order(actions: list[Action], deal: Deal, rank_order: str) -> list[Action]:
    """``actions`` as a player would read them: every action but a card play in the order
    given, then the plays, by suit in the order of the seat's hand line, by rank."""
    others = [a for a in actions if a.kind != "play" or len(a.cards) != 1]
    plays = [a for a in actions if a.kind == "play" and len(a.cards) == 1]

    def suits_of(seat: str | None) -> str:
        hand = next((h for h in deal.hands if h.seat == seat), None)
        written = "".join(dict.fromkeys(c[1] for c in hand.cards)) if hand else ""
        return written + "".join(s for s in "SHDC" if s not in written)

    def key(action: Action) -> tuple[str, int, int]:
        card = action.cards[0]
        suits = suits_of(action.seat)
        rank = rank_order.find(card[0])
        return (action.seat or "", suits.find(card[1]) % 5, rank if rank >= 0 else 99)

    return others + sorted(plays, key=key)
