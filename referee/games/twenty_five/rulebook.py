"""The rule catalogue of Twenty-Five: the full ids of its generic rules (``GENERIC``) and
every rule with its summary (``RULES``), as `referee games twenty-five` lists them."""

from __future__ import annotations

from referee.rules.base import GenericRules, Rule, generic_rules

GENERIC = GenericRules(
    turn="25.turn",
    not_held="25.not-held",
    incomplete="25.incomplete",
    deal_over="25.deal-over",
    match_over="25.match-over",
    trick_number="25.trick-number",
    dealer="25.dealer",
)
"""The full ids of the generic rules of Twenty-Five."""


def _rules() -> dict[str, Rule]:
    rules = generic_rules(GENERIC)
    own = [
        ("25.turnup", "the dealer turns up one card of the stock, before anything else is done; "
         "its suit is trumps"),
        ("25.rob-eligible", "only the dealer (turned-up ace) or the player dealt the ace of the "
         "trump suit may rob; the A of hearts counts only when hearts are trumps"),
        ("25.rob-deadline", "the robber robs before his own first play to trick 1 (the dealer "
         "before the opening lead with rob_deadline_dealer = before_opening_lead)"),
        ("25.rob-once", "at most one rob in a deal"),
        ("25.rob-discard", "the robber discards a card of his hand, not the turned-up card "
         "(discarding the trump ace is legal, with a note)"),
        ("25.must-rob", "with rob_compulsory the eligible player must rob before the deadline"),
        ("25.follow-suit", "to a plain-suit lead a player who holds that suit must follow suit or "
         "trump (follow only, with may_trump_when_following = no)"),
        ("25.renege", "to a trump lead a player must play a trump if he holds one that is not "
         "privileged: the 5 and J of trumps and the A of hearts may renege when they outrank "
         "the led card"),
        ("25.game-end", "the game ends the moment a side reaches 25, in the middle of a deal "
         "too: nothing is recorded after that"),
    ]
    for rule_id, summary in own:
        rules[rule_id] = Rule(rule_id, summary)
    return rules


RULES = _rules()
"""Every rule of Twenty-Five by its full id."""
