"""The two floors the full check is measured against: what reading and refereeing a deal costs
at the least, in plain Python.

- ``json_floor``: ``json.loads`` of each deal of the JSON form (one a line) and the minimal
  replay below;
- ``split_floor``: a regular-expression/``str.split`` tokenizer of the TTN text (the common
  spelling only: no comments, no quoted braces) and the same minimal replay.

The minimal replay is Twenty-Eight without its finer rules: the auction's bids rise, the
trump card is laid, each play comes from the seat's hand, following suit when it can; the
trick goes to the highest trump (once a call has shown the trump) or the highest card of the
suit led, and its points to the winner's side. What breaks these rules is counted, not
refused: the variants (a single hand, the exposure rules) are left out, so some legal actions
are counted too. It returns the points of each side, so a floor cannot
skip its work. It is a yardstick, not a referee: it checks far less than ``referee check``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

SEATS = ("N", "E", "S", "W")
_NEXT = {"N": "W", "W": "S", "S": "E", "E": "N"}  # play goes anticlockwise
_ORDER = "789QKTAJ"  # Twenty-Eight's ranks, low to high
_POINTS = {"J": 3, "9": 2, "A": 1, "T": 1}
SUIT = {r + s: s for r in _ORDER for s in "SHDC"}
POWER = {r + s: _ORDER.index(r) for r in _ORDER for s in "SHDC"}
POINTS = {r + s: _POINTS.get(r, 0) for r in _ORDER for s in "SHDC"}

Event = tuple[str, str, object]
"""(seat, action, argument): a bid's number, the trump card, a played card, or None."""


def minimal_replay(hands: dict[str, list[str]], events: list[Event]) -> tuple[int, int, int]:
    """Points won by N-S and E-W, and the number of actions the minimal rules refuse."""
    held = {seat: set(cards) for seat, cards in hands.items()}
    high = 0
    trump_suit = ""
    leader = turn = ""
    led = ""
    best_card = ""
    best_seat = ""
    trick_points = 0
    played = 0
    trump_open = False
    trump_card = trump_seat = ""
    out_of_turn = refused = 0
    points = {"N": 0, "E": 0, "S": 0, "W": 0}
    for seat, action, arg in events:
        if action == "play":
            card: str = arg  # type: ignore[assignment]
            if played == 0:
                leader = turn = turn or seat
                led = SUIT[card]
                best_card, best_seat = card, seat
            out_of_turn += seat != turn
            hand = held[seat]
            suit = SUIT[card]
            refused += card not in hand or (suit != led and any(SUIT[c] == led for c in hand))
            hand.discard(card)
            if played:
                best_suit = SUIT[best_card]
                if (suit == best_suit and POWER[card] > POWER[best_card]) or (
                    trump_open and suit == trump_suit and best_suit != trump_suit
                ):
                    best_card, best_seat = card, seat
            trick_points += POINTS[card]
            played += 1
            turn = _NEXT[seat]
            if played == 4:
                points[best_seat] += trick_points
                turn = best_seat
                played = trick_points = 0
        elif action == "bid":
            refused += arg <= high  # type: ignore[operator]
            high = arg  # type: ignore[assignment]
        elif action == "trump" and isinstance(arg, str) and arg in SUIT:
            trump_suit = SUIT[arg]
            trump_card, trump_seat = arg, seat
            held[seat].discard(arg)  # face down: not in the hand until it is shown
        elif action == "call" and not trump_open:
            trump_open = True
            if trump_card:
                held[trump_seat].add(trump_card)
    del leader
    return points["N"] + points["S"], points["E"] + points["W"], out_of_turn + refused


# -- JSON form --------------------------------------------------------------------------------


def json_floor(jsonl: Path) -> int:
    """json.loads every deal line and replay it; the number of deals."""
    count = 0
    with jsonl.open(encoding="utf-8") as lines:
        for line in lines:
            deal = json.loads(line)
            hands = {seat: [c for part in rounds for c in part]
                     for seat, rounds in deal["hands"].items()}
            events: list[Event] = []
            for event in deal["events"]:
                cards = event.get("cards")
                events.append((event.get("seat"), event["action"],
                               cards[0] if cards else event.get("value")))
            minimal_replay(hands, events)
            count += 1
    return count


# -- TTN text ---------------------------------------------------------------------------------

_DEAL = re.compile(r"^deal ", re.MULTILINE)


def split_deals(text: str) -> Iterator[tuple[dict[str, list[str]], list[Event]]]:
    """Each deal of a TTN file written in the common spelling, as hands and events."""
    for chunk in _DEAL.split(text)[1:]:
        hands: dict[str, list[str]] = {}
        events: list[Event] = []
        for line in chunk.split("\n")[1:]:
            if not line or line[0] == "[" or line.startswith("result"):
                continue
            if ":" in line:
                seat, cards = line.split(":", 1)
                hands[seat] = cards.replace("|", " ").split()
                continue
            words = line.split()
            i = 0
            while i < len(words):
                word = words[i]
                if word[-1] == ".":
                    i += 1
                    continue
                arg = words[i + 1]
                i += 2
                if arg == "trump":
                    events.append((word, "trump", words[i]))
                    i += 1
                elif arg in SUIT:
                    events.append((word, "play", arg))
                elif arg.isdigit():
                    events.append((word, "bid", int(arg)))
                else:
                    events.append((word, arg, None))
        yield hands, events


def split_floor(ttn: Path) -> int:
    """Tokenize the TTN file with str.split and replay each deal; the number of deals."""
    count = 0
    for hands, events in split_deals(ttn.read_text(encoding="utf-8")):
        minimal_replay(hands, events)
        count += 1
    return count
