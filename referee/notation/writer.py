"""The canonical TTN writer.

Tags in the order of docs/notation.md ("Tags"), then unknown tags in file order; one deal line;
hand lines in seating order; the auction on one line (in games of five or more seats, a line
per round of calls from the first speaker); one line per trick, opened by its mark;
other events on lines of their own; every comment where it was attached; cards as rank
letter + suit letter. A ``;`` comment ends its line, so what follows it starts a new one.
The writer knows no game: where a game writes an action its own way (the 28 family's
seventh-card choice as the card), the caller hands it the game's ``Spelling``; without one,
every action is written as the record holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from referee.model.record import (
    AUCTION_KINDS,
    Action,
    Comment,
    Deal,
    Event,
    Record,
    RecordHeader,
    ResultLine,
    StreamItem,
    Tag,
)

ROUND_LINES_FROM = 5
"""Games of this many seats or more write the auction a line per round of calls (a
six-player auction on one line runs past any reader's width)."""

TAG_ORDER = ("Game", "Rules", "Option", "Seats", "Teams", "Player", "Event", "Site", "Date",
             "Round", "Annotator", "View", "Expect")
_TRICK_KINDS = frozenset({"play", "call", "down"})
_SEP = "  "

Spelling = Callable[[Deal, Action], Action]
"""How a game writes an action of a deal where the notation reads it two ways
(``Ruleset.spelled_action``)."""


def format_action(action: Action) -> str:
    """An action as the record writes it: ``W JH``, ``S 16``, ``N trump 9S``, ``turnup 7C``."""
    kind = action.kind
    if kind == "play":
        body = " ".join(action.cards)
    elif kind == "bid":
        body = str(action.value)
    elif kind == "trump":
        body = "trump " + (action.cards[0] if action.cards else str(action.value))
    elif kind in ("rob", "down"):
        body = f"{kind} {action.cards[0]}"
    elif kind == "exchange":
        # an empty draw (an exchange beyond an empty stock) ends at the arrow: "exchange 4D >"
        body = (" ".join(("exchange", *action.cards, ">", *action.drawn))
                if action.cards or action.drawn else "exchange none")
    elif kind == "turnup":
        return f"turnup {action.cards[0]}"
    elif kind == "call" and action.cards:  # the trump card the call shows: "S call 8H"
        body = f"call {action.cards[0]}"
    else:
        body = kind
    return f"{action.seat} {body}"


def format_result(line: ResultLine) -> str:
    pairs = " ".join(f"{team} {value}" for team, value in line.values)
    return f"result score {pairs}" if line.kind == "score" else f"result {pairs}"


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _with_comments(text: str, comments: list[Comment], start: int = 0) -> tuple[str, bool]:
    """``text`` followed by its comments; True if a comment now ends the line.

    A comment written on a line of its own stays on a line of its own (and what follows
    it starts a new line); a comment after text keeps its column when the line is still
    shorter, so comments aligned in a column stay aligned. ``start`` is the width of what
    the line holds before ``text``.
    """
    ends_line = False
    for comment in comments:
        if text and (ends_line or comment.own_line):
            separator = "\n"
        elif text:
            newline = text.rfind("\n")
            width = len(text) - newline - 1 + (start if newline < 0 else 0)
            separator = " " * max(1, comment.column - 1 - width)
        else:
            separator = ""
        text += separator + comment.render()
        ends_line = comment.kind == "line" or comment.own_line
    return text, ends_line


def sorted_tags(tags: list[Tag]) -> list[Tag]:
    known = [t for name in TAG_ORDER for t in tags if t.name == name]
    return known + [t for t in tags if t.name not in TAG_ORDER]


def write_header(header: RecordHeader) -> str:
    lines = [_with_comments("", header.comments)[0]] if header.comments else []
    for tag in sorted_tags(header.tags):
        text = "[" + " ".join([tag.name, *(_quote(v) for v in tag.values)]) + "]"
        lines.append(_with_comments(text, tag.comments)[0])
    return "\n".join(lines) + "\n"


def seat_order(header: RecordHeader | None) -> list[str] | None:
    """Seats in seating order from the Seats tag (None when the tag is absent)."""
    if header is None:
        return None
    tag = header.get("Seats")
    if tag is None:
        return None
    return [word for value in tag.values for word in value.split()]


def write_deal(deal: Deal, seats: list[str] | None = None,
               spelling: Spelling | None = None) -> str:
    """One deal in canonical text (hands ordered by ``seats``, default N E S W; each action
    as ``spelling`` writes it, default as the deal holds it)."""
    head = f"deal {deal.number}" + (f" dealer {deal.dealer}" if deal.dealer else "")
    # Comments written before the deal line (between deals) stay in front of it.
    before = [c for c in deal.comments if c.before]
    lines = [_with_comments("", before)[0]] if before else []
    lines.append(_with_comments(head, [c for c in deal.comments if not c.before])[0])
    order = seats or ["N", "E", "S", "W"]
    rank = {seat: i for i, seat in enumerate(order)}
    hands = sorted(deal.hands, key=lambda h: rank.get(h.seat, len(rank)))
    for hand in hands:
        text = f"{hand.seat}: " + " | ".join(" ".join(r) for r in hand.rounds)
        lines.append(_with_comments(text, hand.comments)[0])
    current: list[str] = []
    current_kind: str | None = None
    count = len(seats) if seats else _seats_seen(deal)
    rounds = _AuctionRounds(count) if count >= ROUND_LINES_FROM else None
    for item in deal.items:
        if isinstance(item, ResultLine):
            kind, text = "result", format_result(item)
        else:
            kind = _line_kind(item)
            action = item.action if spelling is None else spelling(deal, item.action)
            text = format_action(action)
            if item.trick is not None:
                text = f"{item.trick}. {text}"
        new_round = rounds is not None and rounds.opens_round(item, kind)
        starts_line = (
            current_kind is None
            or kind != current_kind
            or kind in ("other", "result")
            or (isinstance(item, Event) and item.trick is not None)
            or new_round
        )
        if starts_line and current:
            lines.append(_SEP.join(current))
            current = []
        start = len(_SEP.join(current)) + len(_SEP) if current else 0
        text, ends_line = _with_comments(text, item.comments, start)
        current.append(text)
        current_kind = kind
        if ends_line:
            lines.append(_SEP.join(current))
            current, current_kind = [], "continued-" + kind
    if current:
        lines.append(_SEP.join(current))
    return "\n".join(lines) + "\n"


def _seats_seen(deal: Deal) -> int:
    """How many seats a deal shows (its hands and its calls), where its seats are not given."""
    seen: set[str | None] = {hand.seat for hand in deal.hands}
    seen.update(item.action.seat for item in deal.items
                if isinstance(item, Event) and item.action.kind in AUCTION_KINDS)
    return len(seen)


class _AuctionRounds:
    """Where a round of calls starts, in games of many seats: at the first speaker's next
    call, or after as many calls as there are seats (a seat that no longer speaks)."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.first: str | None = None  # the first speaker of the auction being written
        self.calls = 0  # calls of the current round so far

    def opens_round(self, item: Event | ResultLine, kind: str) -> bool:
        """True if ``item`` (of line kind ``kind``) is a call that opens a new round."""
        if kind != "auction" or not isinstance(item, Event):
            self.first = None  # the auction ends (a second round starts afresh)
            return False
        seat = item.action.seat
        if self.first is None:
            self.first, self.calls = seat, 1
            return False
        if seat == self.first or self.calls == self.seats:
            self.calls = 1
            return True
        self.calls += 1
        return False


def _line_kind(event: Event) -> str:
    kind = event.action.kind
    if kind in AUCTION_KINDS:
        return "auction"
    if kind in _TRICK_KINDS:
        return "trick"
    return "other"


SeatsOf = Callable[[RecordHeader], "list[str] | None"]
"""A record's seats in seating order, from its header (None: not known)."""
SpellingOf = Callable[[RecordHeader], "Spelling | None"]
"""A record's game's ``Spelling``, from its header (None: as the record holds it)."""


def as_held(header: RecordHeader) -> Spelling | None:
    """No game's spelling: every action is written as the record holds it."""
    return None


def write_items(items: Iterable[StreamItem], seats_of: SeatsOf = seat_order,
                spelling_of: SpellingOf = as_held) -> Iterator[str]:
    """Canonical text, one chunk per header or deal, blank lines between them (``seats_of``:
    the seats of each record; the writer knows no game, so the caller that does gives a
    game's default seats, which decide the hand lines' order and the auction's layout, and
    ``spelling_of`` its way of writing an action)."""
    seats: list[str] | None = None
    spelling: Spelling | None = None
    first = True
    for item in items:
        if isinstance(item, RecordHeader):
            seats, spelling = seats_of(item), spelling_of(item)
            yield ("" if first else "\n") + write_header(item)
        else:
            yield "\n" + write_deal(item, seats, spelling)
        first = False


def dumps(records: Iterable[Record], seats_of: SeatsOf = seat_order,
          spelling_of: SpellingOf = as_held) -> str:
    """Every record as canonical TTN text (``seats_of``, ``spelling_of``: see
    ``write_items``)."""
    def items() -> Iterator[StreamItem]:
        for record in records:
            yield record.header
            yield from record.deals

    return "".join(write_items(items(), seats_of, spelling_of))
