"""The rule catalogue of Avinas: the full ids of its generic rules (``GENERIC``) and every
rule with its summary (``RULES``), as `referee games avinas` lists them."""

from __future__ import annotations

from referee.rules.base import GenericRules, Rule, generic_rules

GENERIC = GenericRules(
    turn="avinas.turn",
    not_held="avinas.not-held",
    incomplete="avinas.incomplete",
    deal_over="avinas.deal-over",
    match_over="avinas.match-over",
    trick_number="avinas.trick-number",
    dealer="avinas.dealer",
)
"""The full ids of the generic rules of Avinas."""


def _rules() -> dict[str, Rule]:
    rules = generic_rules(GENERIC)
    own = [
        ("avinas.bid-range", "a bid is a whole number from min_bid (1) to 8"),
        ("avinas.bid-higher", "each bid is higher than the highest bid so far (equal bids are not "
         "allowed)"),
        ("avinas.auction-over", "bids and passes are made only in the auction of a no-sevens game, "
         "each player in turn"),
        ("avinas.auction-open", "no card is played before the auction has ended"),
        ("avinas.false-bid", "a declarer dealt fewer cards than he bid in the trump suit finally "
         "named (trump count or natural count) loses the hand: a scoring outcome, shown with "
         "the deal's result, not a violation"),
        ("avinas.trump-named",
         "in the no-sevens game the declarer's first lead names trumps; after "
         "a queen or jack he names the suit before the next card; no other naming"),
        ("avinas.trump-lead", "the lead to trick 1 is a trump; the leader of trick 2 (every trick "
         "from 2 with trump_lead_every_trick) leads a trump face up if he holds one"),
        ("avinas.face-down", "only the leader of trick 2 (of any trick from 2 with "
         "trump_lead_every_trick) who holds no trump may lead face down"),
        ("avinas.follow-suit",
         "a player follows the effective suit led if he can (queens and jacks "
         "are trumps); otherwise he trumps or discards freely"),
        ("avinas.follow-face-down", "to a face-down lead a player who holds a trump plays one"),
        ("avinas.knock",
         "the declaring side may knock once, before the opening lead, in the sevens "
         "game only (knock_in_nosevens)"),
        ("avinas.counter-knock", "an opponent may knock back once, only after the declaring side "
         "knocked, before the opening lead"),
        ("avinas.stop", "only the declarer of a no-sevens game may stop, at any moment between "
         "tricks (before trick 1 too)"),
        ("avinas.deal-order",
         "the hands in their dealing order show the exposed 4th and 8th cards, "
         "which decide the kind of game, the declarer and trumps (a note where the record "
         "lacks it; an error with deal_order = strict)"),
    ]
    for rule_id, summary in own:
        rules[rule_id] = Rule(rule_id, summary)
    return rules


RULES = _rules()
"""Every rule of Avinas by its full id."""
