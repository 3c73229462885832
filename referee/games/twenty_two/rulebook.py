"""The rule catalogue of Twenty-Two: the full ids of its generic rules (``GENERIC``), every
rule with its summary (``RULES``), as `referee games twenty-two` lists them, and its words for
an unfinished deal (``INCOMPLETE``)."""

from __future__ import annotations

from referee.rules.base import GenericRules, Rule, generic_rules
from referee.rules.tricks import IncompleteWords

GENERIC = GenericRules(
    turn="22.turn",
    not_held="22.not-held",
    incomplete="22.incomplete",
    deal_over="22.deal-over",
    match_over="22.match-over",
    trick_number="22.trick-number",
    dealer="22.dealer",
)
"""The full ids of the generic rules of Twenty-Two."""


def _rules() -> dict[str, Rule]:
    rules = generic_rules(GENERIC)
    own = [
        ("22.dead-player", "a dead player is dealt no cards and takes no turns"),
        ("22.deal-size", "each living player is dealt 7 cards in the first deal, then the previous "
         "loser's damage, capped at floor(available cards / living players)"),
        ("22.exchange-first", "the exchange round, each living player once from the leader while "
         "the stock lasts, comes before the first lead"),
        ("22.exchange-once", "a player exchanges (or declines) only once in a deal"),
        ("22.exchange-stock", "no more cards are exchanged than the stock holds, and none once it "
         "is empty"),
        ("22.exchange-draw", "an exchange draws as many cards as it discards, from the stock (not "
         "a card held, played or kept as a damage marker)"),
        ("22.exchange-discards", "discarded cards never return to the stock"),
        ("22.lead-equal", "cards led together are of equal rank"),
        ("22.lead-keep", "the leader keeps at least one card (except in the last trick)"),
        ("22.follow-count", "every other player plays as many cards as were led"),
        ("22.follow", "a follower's cards dominate the bar (sorted element-wise) or are the "
         "follower's lowest cards"),
        ("22.ace-lead", "after a lead of aces the followers play their lowest cards "
         "(ace_lead_forces_lowest)"),
    ]
    rules.update({rule_id: Rule(rule_id, summary) for rule_id, summary in own})
    return rules


RULES = _rules()
"""Every rule of Twenty-Two by its full id."""

INCOMPLETE = IncompleteWords(tricks="the deal is not over: {turn} must lead to trick {trick}")
"""Twenty-Two's words for an unfinished play (the number of tricks varies)."""
