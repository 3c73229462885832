"""Keys that survive a reformat: a record's identity and a deal's key, digests of what the
record says (tags, hands, actions), never of where it says it (lines, comments, trick marks).

Digests, not Python's ``hash``: that is salted per process, and keys made by ``--jobs`` or
cluster workers must agree with those made here.
"""

from __future__ import annotations

from hashlib import blake2b

from referee.model.record import Deal, RecordHeader
from referee.report.model import MatchReport

DIGEST_BYTES = 10
"""80 bits: a chance collision among a billion deals is about one in a million."""


def _digest(value: object) -> str:
    return blake2b(repr(value).encode("utf-8"), digest_size=DIGEST_BYTES).hexdigest()


def record_identity(header: RecordHeader, first: Deal | None) -> str:
    """A record's identity: its tags (names and values, in order) and its first deal's
    hands (seat and cards, in the order written)."""
    tags = tuple((tag.name, tuple(tag.values)) for tag in header.tags)
    hands = () if first is None else tuple((hand.seat, tuple(hand.cards))
                                           for hand in first.hands)
    return _digest((tags, hands))


def deal_key(deal: Deal) -> str:
    """A deal's key: its dealer, hands and actions (comments, trick marks, result lines and
    the deal's number aside)."""
    hands = tuple(sorted((hand.seat, tuple(sorted(hand.cards))) for hand in deal.hands))
    actions = tuple(deal.actions)  # (a deal read in compact form makes no event for this)
    return _digest((deal.dealer, hands, actions))


class RecordKeys:
    """The keys of one record, gathered as its items are read."""

    __slots__ = ("header", "identity", "deal_keys")

    def __init__(self, header: RecordHeader) -> None:
        self.header = header
        self.identity = ""
        self.deal_keys: list[tuple[str, int]] = []

    def add(self, deal: Deal) -> None:
        if not self.deal_keys:
            self.identity = record_identity(self.header, deal)
        self.deal_keys.append((deal_key(deal), deal.span.line))

    def set_on(self, match: MatchReport) -> None:
        """Give ``match`` (this record's report) its identity and its deals their keys."""
        match.identity = self.identity or record_identity(self.header, None)
        for report, (key, line) in zip(match.deals, self.deal_keys, strict=False):
            report.key, report.line = key, line
