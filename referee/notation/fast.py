"""A reader for the common spelling of TTN, without Lark: the same records, or nothing.

Lark's lexer, its LALR parser and the transformer cost most of a deal's reading time. This
module reads a chunk (referee.notation.chunks) line by line with ``str.split`` and dictionary
look-ups, for the spelling that simulated and hand-written records use: tags, deal lines,
hand lines, runs of plays, bids, passes, doubles, trump choices and seat words, ``rob``,
``down``, ``turnup`` and ``exchange`` events, trick marks, result lines, and comments that end
on the line they start on. It builds exactly the objects the grammar's transformer builds (the
same values, spans, offsets and comments), or returns None at anything else: a comma, a
character other than printable ASCII and tab outside a comment, a brace comment over several
lines, an event cut by a line break or a comment, a number over the digit limit, a ``??``, any
mistake. Lark then reads the chunk, as before, and gives every error message.
tests/test_fast_reader.py checks that both readers agree.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from referee.model.cards import parse_suit
from referee.model.lexicon import (
    CALL_WORDS,
    SEAT_NAME,
    SEAT_WORDS,
    STRING_PATTERN,
    TAG_NAME_PATTERN,
    card_spellings,
    grammar_terminals,
)
from referee.model.limits import MAX_NUMBER_DIGITS, too_many_digits
from referee.model.record import (
    Action,
    Comment,
    Deal,
    DealBody,
    Hand,
    Locator,
    ResultLine,
    Span,
    Tag,
)

_FORMS: dict[str, str] = {text: card for text, card in card_spellings().items()
                          if text.isascii()}
"""Every ASCII spelling of every card -> its canonical form."""
_CANONICAL = frozenset(_FORMS.values())
"""Every card as the model writes it (``KC``, ``TH``): a hand of these needs no look-up."""
_SEAT = re.compile(grammar_terminals()["SEAT"])
_SUIT_LETTERS = frozenset("SHDCshdc")
_ODD = re.compile(r"[^\t\n\x20-\x2b\x2d-\x3a\x3c-\x7a\x7c\x7e]")
"""Anything but tab, line feed and printable ASCII, or a comma, ';', '{' or '}': where the
quick scan of a deal must look closer (a comment) or give up."""
_COMMENT_START = re.compile(r"[{;]")
_DEAL = re.compile(rf"[ \t]*(deal[ \t]+([0-9]+)(?:[ \t]+dealer[ \t]+({SEAT_NAME}))?)[ \t]*")
_RESULT_NUMBER = re.compile(r"[+-]?[0-9]+")
_TAG = re.compile(rf"\[({TAG_NAME_PATTERN})((?:[ \t]+{STRING_PATTERN})*)\]")
_STRING = re.compile(STRING_PATTERN)
_BLANKS = re.compile(r"[ \t\n]*")

_DIGITS = MAX_NUMBER_DIGITS
_new_action = tuple.__new__  # Action(...) without the named tuple's Python frame
_new_span = tuple.__new__  # Span(...) likewise
_new_hand = object.__new__
_GOOD_SEATS: set[str] = set()
"""Words already found to be seats (a record has a few, so this stays small)."""
_PLAIN = frozenset(CALL_WORDS) | frozenset(SEAT_WORDS)
"""Words after a seat that make an action of their own name (``W pass``, ``S call``)."""


class GiveUp(Exception):
    """The text is not in the spelling this reader knows: Lark reads it."""


def _seat(word: str) -> str:
    """``word`` if the grammar reads it as a seat (not a keyword, not spelled like a card)."""
    if word not in _GOOD_SEATS:
        if _SEAT.fullmatch(word) is None:
            raise GiveUp
        if len(_GOOD_SEATS) < 4096:
            _GOOD_SEATS.add(word)
    return word


def _number(text: str) -> int:
    if not text.isdigit() or too_many_digits(text):
        raise GiveUp
    return int(text)


def word_starts(value: str, words: list[str]) -> list[int]:
    """Where each of ``words`` (``value`` split at blanks, in order) starts in ``value``."""
    starts: list[int] = []
    position = 0
    for word in words:
        position = value.find(word, position)
        starts.append(position)
        position += len(word)
    return starts


class _Words:
    """The place of the events of one stretch of a line (a line, or its part between
    comments): its words and where each event's words start (its trick mark included).
    An event's words run to the next event's; ``single`` holds the first and last word of
    the events whose span the grammar draws otherwise (``rob``, ``down``, ``exchange``,
    ``turnup``: without their trick mark). Made from what the reader kept of the stretch
    (``DealBody.places``) when the deal's events are made; offsets are found only when a
    report or a comment asks, as the transformer's runs do.

    ``starts`` a number stands for the common stretch: a trick mark or not (that many
    words, the lead), then events of two words each, so event ``k`` starts at word
    ``lead + 2k`` (the first at word 0, its mark included) and needs no list."""

    __slots__ = ("line", "start", "column", "value", "words", "starts", "single", "_at")

    def __init__(self, line: int, start: int, column: int, value: str,
                 starts: list[int] | int, single: dict[int, tuple[int, int]] | None
                 ) -> None:
        self.line = line
        self.start = start
        self.column = column
        self.value = value
        self.words = value.split()
        self.starts = starts
        self.single = single
        # ``_at`` is set when an offset is asked for (most stretches never are)

    _at: list[int]

    def _word_starts(self) -> list[int]:
        try:
            return self._at
        except AttributeError:
            self._at = word_starts(self.value, self.words)
            return self._at

    def _bounds(self, index: int) -> tuple[int, int]:
        starts = self.starts
        if isinstance(starts, int):  # the lead, before events of two words
            first = starts + 2 * index
            return (first if index else 0), first + 1
        single = self.single
        if single is not None and index in single:
            return single[index]
        last = starts[index + 1] - 1 if index + 1 < len(starts) else len(self.words) - 1
        return starts[index], last

    def offset(self, index: int) -> int:
        return self.start + self._word_starts()[self._bounds(index)[0]]

    def span(self, index: int) -> Span:
        first, last = self._bounds(index)
        at = self._word_starts()
        column = self.column + 1
        return Span(self.line, column + at[first],
                    self.line, column + at[last] + len(self.words[last]))


def _cards(words: list[str], i: int) -> tuple[list[str], int]:
    """The cards from ``words[i]`` on, and the index after them."""
    cards = []
    count = len(words)
    while i < count and words[i] in _FORMS:
        cards.append(_FORMS[words[i]])
        i += 1
    return cards, i


def _single_card(words: list[str], i: int) -> str:
    if i >= len(words) or words[i] not in _FORMS:
        raise GiveUp
    return _FORMS[words[i]]


def _trump(seat: str, words: list[str], i: int) -> Action:
    what = words[i] if i < len(words) else ""
    if what == "seventh":
        return Action(seat, "trump", value="seventh")
    if what in _FORMS:
        return Action(seat, "trump", (_FORMS[what],))
    if what in _SUIT_LETTERS:
        return Action(seat, "trump", value=parse_suit(what))
    raise GiveUp


def _exchange(seat: str, words: list[str], i: int) -> tuple[Action, int, int]:
    """``SEAT exchange CARD... > CARD...`` or ``SEAT exchange none``, its words from ``i``:
    the action, the index after it and the index of its span's last word."""
    if i < len(words) and words[i] == "none":
        # The grammar's span of 'exchange none' is its seat alone (the keywords are
        # anonymous tokens, which the transformer does not see): kept equal.
        return Action(seat, "exchange"), i + 1, i - 2
    given, i = _cards(words, i)
    if not given or i >= len(words) or words[i] != ">":
        raise GiveUp
    drawn, i = _cards(words, i + 1)
    return Action(seat, "exchange", tuple(given), drawn=tuple(drawn)), i, i - 1


def _rare(words: list[str], i: int, index: int, single: dict[int, tuple[int, int]]
          ) -> tuple[Action, int]:
    """An event whose first word (the seat, or ``turnup``) is at ``i``, other than a play or
    a word after a seat seen before: the action and the index after it. The grammar reads
    ``rob``, ``down``, ``exchange`` and ``turnup`` one token at a time: their span starts at
    the seat (or ``turnup``), after the trick mark (its first and last word go in
    ``single``, at the event's ``index``)."""
    seat = words[i]
    if seat == "turnup":
        action, end, last = Action(None, "turnup", (_single_card(words, i + 1),)), i + 2, i + 1
    else:
        _seat(seat)
        arg = words[i + 1] if i + 1 < len(words) else ""
        if arg in _FORMS or arg in _PLAIN:
            return _common(seat, arg, words, i + 2)
        if arg[:1].isdigit():
            return _new_action(Action, (seat, "bid", (), _number(arg), ())), i + 2
        if arg == "trump":
            return _trump(seat, words, i + 2), i + 3
        if arg == "rob" or arg == "down":
            action, end, last = Action(seat, arg, (_single_card(words, i + 2),)), i + 3, i + 2
        elif arg == "exchange":
            action, end, last = _exchange(seat, words, i + 2)
        else:
            raise GiveUp
    single[index] = (i, last)
    return action, end


def _common(seat: str, arg: str, words: list[str], i: int) -> tuple[Action, int]:
    """A play (``arg`` a card, maybe more cards after it) or an action named ``arg``."""
    card = _FORMS.get(arg)
    if card is None:
        return _new_action(Action, (seat, arg, (), None, ())), i
    if i < len(words) and words[i] in _FORMS:  # several cards of one play (22)
        more, i = _cards(words, i)
        return _new_action(Action, (seat, "play", (card, *more), None, ())), i
    return _new_action(Action, (seat, "play", (card,), None, ())), i


_PAIRS: dict[tuple[str, str], Action] = {}
"""(seat, word) -> the action of an event of those two words (a play of one card, a call
or a seat word, a bid), for the seats and words seen before: a stretch of such events is
read with one look-up each. A card never reads as a seat, so a stretch whose words are
such pairs throughout holds nothing else (a play of several cards, a call that shows a
card, ``rob`` and the rest leave a pair that is not one)."""
_PAIRS_HELD = 1 << 14


_MARKS: dict[str, int] = {}
"""Trick marks seen before (``3.``) -> their number."""


def _mark(word: str) -> int | None:
    """The number of the trick mark ``word`` (None if it is not one the pairs may follow:
    the stretch is then read event by event, which refuses it or reads it as Lark does)."""
    digits = word[:-1]
    if not digits.isdigit() or len(digits) > _DIGITS:
        return None
    number = int(digits)
    if len(_MARKS) < _PAIRS_HELD:
        _MARKS[word] = number
    return number


_PIECES: dict[str, Action] = {}
"""A pair as the writer spells it, its two words one blank apart (``W AS``, ``S call``) ->
its action, for the pairs seen before (``_PAIRS``): a line of such pieces two blanks apart,
after a trick mark or not, is read with a split and a look-up a piece."""
_MARK_FIRST = frozenset("0123456789")


def _learn(line: str) -> None:
    """Remember the pieces of ``line``, a stretch of known pairs (``_PIECES``)."""
    if len(_PIECES) >= _PAIRS_HELD:
        return
    if line[0] in _MARK_FIRST:
        line = line.partition(" ")[2]
    for piece in line.split("  "):
        pair = tuple(piece.split(" "))
        if len(pair) == 2 and pair in _PAIRS:
            _PIECES[piece] = _PAIRS[pair]


def _events(body: DealBody, number: int, offset: int, column: int, value: str,
            words: list[str]) -> bool:
    """The events of one stretch of a line (``value``, its ``words``, at line ``number``,
    ``offset`` in the chunk and ``column`` in its line), added to ``body``: a stretch of
    known pairs (a trick mark, then seats and their card, call, seat word or bid) at once
    (True), any other by ``_stretch_events`` (False)."""
    mark = _MARKS.get(words[0])
    if mark is None and words[0][-1] == ".":
        mark = _mark(words[0])
    lead = 0 if mark is None else 1
    if len(words) > lead and (len(words) - lead) % 2 == 0:
        pairs = _PAIRS
        rest = iter(words)
        if lead:
            next(rest)
        try:
            actions = [pairs[pair] for pair in zip(rest, rest, strict=True)]
        except KeyError:
            pass
        else:
            first = body.add((number, offset, column, value, lead, None), actions)
            if mark is not None:
                body.marks[first] = mark
            return True
    _stretch_events(body, number, offset, column, value, words)
    return False


_Stretch = tuple[list[Action], list[tuple[int, int]], list[int],
                 dict[int, tuple[int, int]] | None]
"""A stretch as ``_read_stretch`` reads it: its actions, the (index, number) of its trick
marks, where its events start and its single spans (``_Words``)."""
_STRETCHES: dict[str, _Stretch] = {}
"""A short stretch that is not all pairs (``W trump 7H``, a play of several cards...) ->
what ``_read_stretch`` reads of it, which depends on its text alone: such a line comes
again and again (a trump choice in every deal)."""
_STRETCHES_HELD = 1 << 12
_STRETCH_CHARS = 64


def _stretch_events(body: DealBody, number: int, offset: int, column: int, value: str,
                    words: list[str]) -> None:
    """The events of a stretch that is not all known pairs (as ``_read_stretch`` reads
    them; the short ones remembered)."""
    known = _STRETCHES.get(value)
    if known is None:
        known = _read_stretch(words)
        if len(value) <= _STRETCH_CHARS and len(_STRETCHES) < _STRETCHES_HELD:
            _STRETCHES[value] = known
    _add_stretch(body, (number, offset, column, value), known)


def _add_stretch(body: DealBody, where: tuple[int, int, int, str], known: _Stretch) -> None:
    """Add to ``body`` the events of the stretch at ``where`` (its line, offset, column and
    text) as ``_read_stretch`` read them (``known``)."""
    actions, marked, starts, single = known
    first = body.add((*where, starts, single), actions)
    for index, mark in marked:
        body.marks[first + index] = mark


def _read_stretch(words: list[str]) -> _Stretch:
    """The actions and trick marks of a stretch of ``words``, read one event at a time: the
    common ones (a seat seen before, then a card, a call or a seat word) here, the rest by
    ``_rare``; and where each event starts (its first word, and the first and last word of
    those whose span is drawn otherwise: ``_Words``)."""
    starts: list[int] = []
    single: dict[int, tuple[int, int]] = {}
    actions: list[Action] = []
    marked: list[tuple[int, int]] = []
    count = len(words)
    forms, plain, seats, pairs = _FORMS, _PLAIN, _GOOD_SEATS, _PAIRS
    i = 0
    while i < count:
        first = i
        mark = None
        seat = words[i]
        if seat[-1] == ".":
            if i + 1 == count:
                raise GiveUp
            digits = seat[:-1]
            mark = int(digits) if digits.isdigit() and len(digits) <= _DIGITS else _number(digits)
            i += 1
            seat = words[i]
        arg = words[i + 1] if seat in seats and i + 1 < count else ""
        card = forms.get(arg)
        if card is not None:
            i += 2
            if i < count and words[i] in forms:  # several cards of one play (22)
                action, i = _common(seat, arg, words, i)
            else:
                action = _new_action(Action, (seat, "play", (card,), None, ()))
                if len(pairs) < _PAIRS_HELD:
                    pairs[seat, arg] = action
        elif arg in plain:
            action = _new_action(Action, (seat, arg, (), None, ()))
            if len(pairs) < _PAIRS_HELD:
                pairs[seat, arg] = action
            i += 2
        elif arg.isdigit() and len(arg) <= _DIGITS:
            action = _new_action(Action, (seat, "bid", (), int(arg), ()))
            if len(pairs) < _PAIRS_HELD:
                pairs[seat, arg] = action
            i += 2
        else:
            action, i = _rare(words, i, len(starts), single)
        if mark is not None:
            marked.append((len(actions), mark))
        actions.append(action)
        starts.append(first)
    return actions, marked, starts, single or None


class _DealReader:
    """Reads the deals of a chunk, one stretch of a line at a time."""

    def __init__(self, keep_comments: bool) -> None:
        self.keep_comments = keep_comments
        self.deals: list[Deal] = []
        self.items: list[tuple[int, Any]] = []
        self.comments: list[tuple[int, Comment]] = []
        self.deal: Deal | None = None
        self.body: DealBody | None = None
        """The events of ``deal``, read into compact form (``Deal.items`` makes the events
        when first asked for: a check asks only for those it reports on)."""
        self.hands_open = False
        self.placed = True
        """Whether the offsets of deals, hands and result lines are kept (for the comments:
        a chunk without comments needs none)."""

    def read(self, text: str, first_line: int, plain: bool = False) -> None:
        # (of the odd characters a plain text may hold only a comma: a search of the whole
        # text for the others costs more than reading a deal's hands)
        if ("," in text) if plain else (_ODD.search(text) is not None):
            offset = 0
            for number, line in enumerate(text.split("\n"), first_line):
                self.cut(line, offset, number)
                offset += len(line) + 1
            return
        self.read_plain(text, first_line)

    def read_plain(self, text: str, first_line: int) -> None:
        """``read`` of a text without comments or odd characters."""
        offset = 0
        self.placed = False  # no comment: ';', '{' and '}' are odd
        body = self.body
        if body is not None:
            actions, places, marks = body.actions, body.places, body.marks
        known = _PIECES.__getitem__
        stretches = _STRETCHES
        hands_open = self.hands_open
        for number, line in enumerate(text.split("\n"), first_line):
            if not line:
                offset += 1
                continue
            # The common lines, read here at once: runs of known pairs two blanks apart (as
            # the writer spells them) after a trick mark or not, hands, deal and result
            # lines; any other by ``stretch`` or ``_events``.
            pieces = None  # a run of pieces two blanks apart, after a trick mark or not
            if line[0] in _MARK_FIRST:  # a trick mark (a seat starts with a letter)
                head, _, rest = line.partition(" ")
                mark = _MARKS.get(head)
                if mark is not None:
                    pieces, lead = rest.split("  "), 1
            elif ":" in line:
                # a hand line (a stretch with a colon is one or nothing this reader reads:
                # a seat never is 'deal' or 'result', nor holds a blank)
                if not hands_open:
                    raise GiveUp
                self.hand_line(self.deal, line, offset, number, 0)  # type: ignore[arg-type]
                offset += len(line) + 1
                continue
            elif body is not None:
                pieces, lead, mark = line.split("  "), 0, None
                if len(pieces) == 1:  # a line of one piece: a stretch read before (a trump
                    pieces = None     # choice), a result line, or another
                    stretch = stretches.get(line)
                    if stretch is not None:
                        _add_stretch(body, (number, offset, 0, line), stretch)
                        hands_open = False
                        offset += len(line) + 1
                        continue
                    if line.startswith("result "):
                        self.result_line(body, line, None, offset, number, 0)
                        hands_open = False
                        offset += len(line) + 1
                        continue
            if pieces is not None and body is not None:
                first = len(actions)
                try:  # (added in place: most lines are such runs)
                    actions.extend(map(known, pieces))
                except KeyError:  # a piece not read before: the line is read otherwise
                    del actions[first:]
                else:
                    places.append((first, number, offset, 0, line, lead, None))
                    if mark is not None:
                        marks[first] = mark
                    hands_open = False
                    offset += len(line) + 1
                    continue
            if line.startswith("deal "):
                self.deal_line(line, offset, number, 0)
                hands_open = True
            else:
                hands_open = self.other_line(line, offset, number, hands_open)
            if self.body is not body:  # a new deal
                body = self.body
                assert body is not None
                actions, places, marks = body.actions, body.places, body.marks
            offset += len(line) + 1
        self.hands_open = hands_open

    def other_line(self, line: str, offset: int, number: int, hands_open: bool) -> bool:
        """A line ``read_plain`` does not read itself (``hands_open``: whether a hand line
        may come here): a run of events of another spelling, read by ``_events``, or any
        other line, by ``stretch``. Whether a hand line may follow."""
        words = line.split()
        body = self.body
        if (words and body is not None and ":" not in line and words[0] != "result"
                and words[0] != "deal"):
            if _events(body, number, offset, 0, line, words):
                _learn(line)
            return False
        self.hands_open = hands_open
        self.stretch(line, offset, number, 0, words)
        return self.hands_open

    def cut(self, line: str, offset: int, number: int) -> None:
        """A line holding comments (or characters to give up at): its stretches between the
        comments, and the comments."""
        start = 0
        while True:
            found = _COMMENT_START.search(line, start)
            end = len(line) if found is None else found.start()
            if end > start:
                part = line[start:end]
                if _ODD.search(part):
                    raise GiveUp
                self.stretch(part, offset + start, number, start)
            if found is None:
                return
            if line[end] == ";":
                self.comment(offset + end, Comment(line[end + 1:], "line"))
                return
            close = line.find("}", end)
            if close < 0:  # a brace comment over several lines
                raise GiveUp
            self.comment(offset + end, Comment(line[end + 1:close], "brace"))
            start = close + 1

    def comment(self, offset: int, comment: Comment) -> None:
        if self.keep_comments:
            self.comments.append((offset, comment))

    def stretch(self, value: str, offset: int, number: int, column: int,
                words: list[str] | None = None) -> None:
        """One stretch of a line (``words``: its words, if split already)."""
        if words is None:
            words = value.split()
        if not words:
            return
        head = words[0]
        if head == "deal":
            self.deal_line(value, offset, number, column)
            return
        deal, body = self.deal, self.body
        if deal is None or body is None:
            raise GiveUp
        if head == "result":
            self.hands_open = False
            self.result_line(body, value, words, offset, number, column)
        elif ":" in value:
            if not self.hands_open:
                raise GiveUp
            self.hand_line(deal, value, offset, number, column)
        else:
            self.hands_open = False
            _events(body, number, offset, column, value, words)

    def deal_line(self, value: str, offset: int, number: int, column: int) -> None:
        found = _DEAL.fullmatch(value)
        if found is None:
            raise GiveUp
        _, digits, dealer = found.groups()
        if len(digits) > _DIGITS:
            raise GiveUp
        if dealer is not None and dealer not in _GOOD_SEATS:
            _seat(dealer)
        start, end = found.span(1)
        body = DealBody(_Words)
        deal = Deal.compact(int(digits), dealer, _new_span(
            Span, (number, column + start + 1, number, column + end + 1)), body)
        if self.placed:
            self.items.append((offset + start, deal))
        self.deals.append(deal)
        self.deal = deal
        self.body = body
        self.hands_open = True

    def hand_line(self, deal: Deal, value: str, offset: int, number: int, column: int
                  ) -> None:
        words = value.split()
        head = words[0]
        seat = head[:-1]
        rounds = None
        if head[-1] == ":" and seat in _GOOD_SEATS:  # 'N:', then its cards: the common way
            words[0] = "|"  # (so that one look-up sees every other word)
            if _HAND_WORDS.issuperset(words):
                bars = words.count("|")
                if bars == 2:
                    bar = words.index("|", 1)
                    rounds = [words[1:bar], words[bar + 1:]]
                elif bars == 1 and len(words) > 1:
                    rounds = [words[1:]]
        if rounds is None:  # spelled otherwise, or not a hand
            colon = value.index(":")
            seat = value[:colon].strip()  # blanks around the seat only (a clean stretch)
            if seat not in _GOOD_SEATS:
                _seat(seat)
            rounds = _rounds(value[colon + 1:])
        start = 0 if value.startswith(seat) else value.index(seat)
        hand = _new_hand(Hand)  # Hand(...) without the dataclass's constructor: four a deal
        hand.seat = seat
        hand.rounds = rounds
        hand.span = _new_span(Span, (number, column + start + 1,
                                     number, column + len(value.rstrip()) + 1))
        hand.comments = []
        if self.placed:
            self.items.append((offset + start, hand))
        deal.hands.append(hand)

    def result_line(self, body: DealBody, value: str, words: list[str] | None, offset: int,
                    number: int, column: int) -> None:
        """A result line (``words``: its words, if split already)."""
        known = _RESULTS.get(value)
        if known is None:
            known = _result(value.split() if words is None else words)
            if len(value) <= _STRETCH_CHARS and len(_RESULTS) < _STRETCHES_HELD:
                _RESULTS[value] = known
        kind, values = known
        start = value.index("result")
        end = len(value.rstrip())
        line = ResultLine(kind, values,
                          _new_span(Span, (number, column + start + 1, number, column + end + 1)))
        if self.placed:
            self.items.append((offset + start, line))
        body.results.append((len(body.actions), line))


_HAND_WORDS = _CANONICAL | {"|"}
"""The words of a hand line after its colon that need no look-up."""


def _rounds(text: str) -> list[list[str]]:
    """The rounds of cards of a hand line after its colon (``text``), each card in its
    canonical form."""
    parts = text.split("|")
    try:
        rounds = [list(map(_FORMS.__getitem__, part.split())) for part in parts]
    except KeyError:  # not a card
        raise GiveUp from None
    if not rounds[0] and len(parts) == 1:  # no card and no '|'
        raise GiveUp
    return rounds


_RESULTS: dict[str, tuple[Literal["points", "score"], tuple[tuple[str, int], ...]]] = {}
"""A result line read before (``result NS 17 EW 11`` comes again and again) -> its kind and
values (immutable)."""


def _result(words: list[str]) -> tuple[Literal["points", "score"], tuple[tuple[str, int], ...]]:
    """The kind and values of a result line of ``words``."""
    scored = len(words) > 1 and words[1] == "score"
    kind: Literal["points", "score"] = "score" if scored else "points"
    pairs = words[2:] if kind == "score" else words[1:]
    if not pairs or len(pairs) % 2:
        raise GiveUp
    values = []
    for seat, text in zip(pairs[::2], pairs[1::2], strict=True):
        if _RESULT_NUMBER.fullmatch(text) is None or too_many_digits(text):
            raise GiveUp
        values.append((_seat(seat), int(text)))
    return kind, tuple(values)


def read_deals(text: str, first_line: int, keep_comments: bool = True, plain: bool = False
               ) -> tuple[list[Deal], list[tuple[int, Any]], list[tuple[int, Comment]]] | None:
    """The deals of a chunk of deals starting at line ``first_line``, the (offset, item) of
    each deal, hand and result line, and the (offset, comment) of each comment; or None if
    the text is not in the spelling this reader knows. ``plain``: the text is known to hold
    printable ASCII, tabs and line feeds only, and no comment (``Chunk.plain``)."""
    reader = _DealReader(keep_comments)
    try:
        reader.read(text, first_line, plain)
    except GiveUp:
        return None
    if not reader.deals:
        return None
    return reader.deals, reader.items, reader.comments


_SECTIONS: dict[str, list[tuple[str, tuple[str, ...], int, int, int, int, int]]] = {}
"""A tag section without comments read before (a file of many matches repeats its few
sections) -> each tag's name, values, span (its lines counted from the section's first)
and offset."""
_SECTIONS_HELD = 256
_SECTION_CHARS = 4096


def read_tags(text: str, first_line: int, keep_comments: bool = True, plain: bool = False
              ) -> tuple[list[Tag], list[tuple[int, Any]], list[tuple[int, Comment]]] | None:
    """The tags of a tag section (as ``read_deals``: items, comments, ``plain`` not needed),
    or None."""
    known = _SECTIONS.get(text)
    if known is None:
        read = _read_tags(text, first_line, keep_comments)
        if (read is not None and len(text) <= _SECTION_CHARS and "{" not in text
                and ";" not in text and len(_SECTIONS) < _SECTIONS_HELD):
            _SECTIONS[text] = [
                (tag.name, tuple(tag.values), tag.span.line - first_line, tag.span.column,
                 tag.span.end_line - first_line, tag.span.end_column, position)
                for position, tag in read[1]]
        return read
    tags: list[Tag] = []
    items: list[tuple[int, Any]] = []
    for name, values, line, column, end_line, end_column, position in known:
        tag = Tag(name, list(values), _new_span(
            Span, (first_line + line, column, first_line + end_line, end_column)))
        tags.append(tag)
        items.append((position, tag))
    return tags, items, []


def _read_tags(text: str, first_line: int, keep_comments: bool
               ) -> tuple[list[Tag], list[tuple[int, Any]], list[tuple[int, Comment]]] | None:
    """``read_tags`` of a section not read before."""
    locator = Locator(text, first_line)
    tags: list[Tag] = []
    items: list[tuple[int, Any]] = []
    comments: list[tuple[int, Comment]] = []
    position = 0
    size = len(text)
    while True:
        # the pattern matches the empty string too, so it never fails (None)
        position = _BLANKS.match(text, position).end()  # type: ignore[union-attr]
        if position >= size:
            return tags, items, comments
        char = text[position]
        if char == "[":
            found = _TAG.match(text, position)
            if found is None:
                return None
            values = [_unquote(value[1:-1]) for value in _STRING.findall(found[2])]
            end = found.end()
            tag = Tag(found[1], values, locator.span(position, end - position))
            tags.append(tag)
            items.append((position, tag))
        elif char == "{" or char == ";":
            end = text.find("}" if char == "{" else "\n", position)
            if end < 0:
                if char == "{":
                    return None
                end = size
            if keep_comments:
                kind: Literal["brace", "line"] = "brace" if char == "{" else "line"
                comments.append((position, Comment(text[position + 1:end], kind)))
            end += char == "{"
        else:
            return None
        position = end


def _unquote(body: str) -> str:
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body
