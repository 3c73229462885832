"""The replay page's words: each step and each deal said as a sentence, for the page's live
region (a screen reader hears "Trick 3, card 4: East plays the jack of spades; East wins the
trick, 3 points") and for the event list's labels ("trick 3, card 2").

Cards are spoken by name ("the ten of spades"), never by symbol: screen readers read the suit
symbols inconsistently, or not at all.
"""

from __future__ import annotations

from typing import Any

from referee.model.record import Action

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
"""Compass seats said in full; other seats (P1, P2, ...) as written."""

RANK_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
    "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
    "2": "two",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

ACTION_WORDS: dict[str, str] = {
    "bid": "{seat} bids {value}",
    "pass": "{seat} passes",
    "double": "{seat} doubles",
    "redouble": "{seat} redoubles",
    "trump": "{seat} chooses the trump: {trump}",
    "call": "{seat} calls for the trump to be shown",
    "pair": "{seat} declares the pair",
    "single": "{seat} plays a single hand",
    "turnup": "the card turned up is {cards}",
    "rob": "{seat} robs the turned-up card, discarding {cards}",
    "exchange": "{seat} exchanges {cards} for {drawn}",
    "knock": "{seat} knocks",
    "down": "{seat} leads a card face down",
    "stop": "{seat} stops the play",
    "claim": "{seat} claims the remaining tricks",
    "redeal": "{seat} asks for a new deal",
    "hold": "{seat} holds",
    "c-call": "{seat} says C",
    "show": "{seat} shows the hand",
    "play": "{seat} plays {cards}",
}
"""Each action kind as a sentence (the record's action kinds, ``referee.model.lexicon``)."""


def seat_name(seat: str | None) -> str:
    """A seat as said: ``E`` -> "East", ``P2`` -> "P2"."""
    return SEAT_NAMES.get(seat or "", seat or "the table")


def card_name(card: str) -> str:
    """``JS`` -> "the jack of spades"; an unseen card (``??``) -> "an unseen card"."""
    if card[:1] not in RANK_NAMES or card[1:2] not in SUIT_NAMES:
        return "an unseen card"
    return f"the {RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def cards_said(cards: tuple[str, ...] | list[str]) -> str:
    """Several cards as a list in words: "the king of hearts and the king of spades"."""
    names = [card_name(card) for card in cards]
    if not names:
        return "no card"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _trump(action: Action) -> str:
    if action.cards:
        return cards_said(action.cards)
    if isinstance(action.value, str) and action.value in SUIT_NAMES:
        return SUIT_NAMES[action.value]
    return str(action.value)  # "seventh": the seventh card, as the 28 family names it


def action_said(action: Action, face_down: bool = False) -> str:
    """What ``action`` did, as a sentence; ``face_down`` for a card led face down."""
    if action.kind == "play" and face_down:
        return f"{seat_name(action.seat)} leads a card face down"
    template = ACTION_WORDS.get(action.kind, "{seat} " + action.kind)
    text = template.format(seat=seat_name(action.seat), value=action.value,
                           cards=cards_said(action.cards), drawn=cards_said(action.drawn),
                           trump=_trump(action))
    return text[0].upper() + text[1:]


def _laid_face_down(seat: str | None, before: dict[str, Any] | None,
                    step: dict[str, Any]) -> bool:
    """The step hid a card of ``seat`` (the 28 family's trump card): the listener, like
    the table, does not learn which card it is."""
    def count(s: dict[str, Any] | None) -> int:
        return ((s or {}).get("concealed") or {}).get(seat or "", 0)

    return count(step) > count(before)


def step_label(trick: int | None, card: int | None) -> str | None:
    """Where a play lies in the deal: "trick 3, card 2" (None for an event that is no
    play)."""
    if trick is None or card is None:
        return None
    return f"trick {trick}, card {card}"


def step_said(action: Action | None, step: dict[str, Any], dealer: str | None,
              first_hand: str | None, before: dict[str, Any] | None = None) -> str:
    """One step of a deal as the live region says it (``before``: the step before it)."""
    if action is None:
        who = [f"{seat_name(dealer)} deals" if dealer else "",
               f"{seat_name(first_hand)} is first hand" if first_hand else ""]
        return "As dealt" + (": " + ", ".join(filter(None, who)) if any(who) else "") + "."
    face_down = action.kind == "play" and any(
        down and seat == action.seat for seat, _, down in step["middle"])
    text = action_said(action, face_down)
    if action.kind == "trump" and _laid_face_down(action.seat, before, step):
        text = f"{seat_name(action.seat)} lays the trump card face down"
    label = step_label(step.get("trick"), step.get("card"))
    if label:
        text = label[0].upper() + label[1:] + ": " + text
    if step.get("winner"):
        text += f"; {seat_name(step['winner'])} wins the trick"
        points = step.get("points")
        if points is not None:
            text += f", {points} point{'' if points == 1 else 's'}"
    if step.get("replayed") is False:
        text += " (not replayed)"
    return text + "."


def deal_summary(title: str, number: int, count: int, dealer: str | None,
                 result: dict[str, Any] | None, team_names: dict[str, str]) -> str:
    """The replay region's label: the game, the deal and how it ended."""
    text = f"Replay of {title}, deal {number} of {count}"
    if dealer:
        text += f", dealt by {seat_name(dealer)}"
    if result is None:
        return text + ": not scored"
    text += ": " + result_outcome(result, "scored" if result.get("scored") else "not scored")
    points = result.get("points") or {}
    if points:
        text += "; points " + ", ".join(f"{team_names.get(t, t)} {value_words(v)}"
                                        for t, v in points.items())
    return text


def result_outcome(result: dict[str, Any], otherwise: str) -> str:
    """A deal result's outcome as the page says it (its JSON form): its possible outcomes
    when some cards were not seen ("made or failed", and the presumption), else its one
    (``otherwise`` when it has none)."""
    from referee.report.values import PRESUMED, either

    text = (either(result["outcomes"]) if result.get("outcomes")
            else result.get("outcome") or otherwise)
    return f"{text} ({PRESUMED})" if result.get("presumed") else text


def value_words(value: Any, signed: bool = False) -> str:
    """A team's value in a result's JSON form: a number, or (open) its runs (``14-18``)."""
    from referee.report.values import runs

    if isinstance(value, list):
        return runs(value, signed)
    return f"{value:+d}" if signed and isinstance(value, int) and value > 0 else str(value)
