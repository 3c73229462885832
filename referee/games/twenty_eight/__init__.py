"""Twenty-Eight (28): the rules referee, and the base of the 28 family (29, 40, 56).

Sources: the Wikipedia article "Twenty-eight (card game", machine-translated),
restated in /work/shared/spec/rules/twenty-eight-and-twenty-nine.md ("the digest"): section 1,
Part A, the option table (section 8), edge cases 28-01..28-43 (9A), ambiguities (10)
and the appendix pseudo-code; plus the decisions and errata of rules/README.md.

Behaviour is driven by options and class data (rank order, point table, hand size), never by
the game's name, so the family's other games can be subclasses or presets.

Presets: ``standard`` (Wikipedia, digest defaults, free partner raise), ``pagat``
(partner raise 20+, ``forced_trick8``), ``west-bengal`` (minimum 16, West Bengal pair),
``kerala`` (clockwise, no raise over one's partner).

Interpretations chosen where the sources leave a choice, with the option that
changes each one:

1. The auction ends after three consecutive passes that follow the last bid, or at once after
   a bid of the maximum; a pass is not final (10.2). Option ``auction_end``.
2. Raising over one's partner's standing bid is free in ``standard``;
   ``pagat`` asks for 20 or more (10.6). Option ``partner_raise``.
3. Trump: the bidder lays a card of his first four face down; it is outside his hand until
   exposed (1.6). The "seventh card" is the third card of his second batch, and it is
   itself the face-down card (10.8): ``trump CARD`` naming it (not one of his first
   four) is the seventh-card choice, as is ``trump seventh``. Option ``seventh_card``.
4. A void player may call (optional) and must then trump if able; the bidder exposing for
   himself may play any trump (A4.3(c)-(e)). Options ``trump_call_mandatory``,
   ``caller_must_trump``, ``self_reveal_card``.
5. Trump-suit cards played to the revealing trick before the call do not count (10.9), except when the suit led is the trump suit: then every card of it counts (README
   erratum on 28-18/28-24). Option ``pre_reveal_trumps_count``.
6. The undertrump ban binds every later player of the trick; a player holding only lower
   trumps must play one; the caller's duty to trump is not limited by it (10.10).
   Option ``no_undertrump``.
7. No call in seven tricks: the deal is void and the turn to deal moves on (10.11); a
   recorded trick 8 is reported (28.void-deal). Under ``forced_trick8`` the face-down card is
   exposed at the bidder's turn in trick 8, before he plays it, so it counts as a trump
   (10.25); an explicit call or simply playing the card are both accepted.
   Option ``void_if_trump_never_called``.
8. Pair: the revealing trick counts as won after the reveal; the declaration is allowed at
   any moment while the conditions hold; the target is clamped to [min_bid, max_bid]
   (10.14, 10.15). Options ``pair_enabled``, ``pair_value``, ``pair_clamp``;
   ``pair_scale = west_bengal`` bars the bidding side's pair below a bid of 19 and lowers 19 by
   3 (A5.6; the opponents' pair stays +4, as recommended there).
9. Double and redouble are said after the trump choice and before the second batch, the
   redouble only directly after the double (10.24); in the record: bids, trump,
   double, redouble, then a single hand or the first lead. Options ``double_allowed``,
   ``redouble_allowed``. With ``high_bid_two`` a bid of 21+ is worth 2, doubled 4, and
   cannot be redoubled (28-36).
10. Single hand: any player, after the full deal (after the double window) and before the
    lead; forbidden with a hand certain to win every trick (scoring28.is_sure_winner_hand,
    exact); no trumps, the face-down card returns to the bidder, doubles are discarded, the
    declarer leads and his partner's cards stay out of play (three-card tricks); the record
    may stop at the first lost trick (28.single-hand). If several declare, the first plays it:
    a later declaration before the lead is superseded (a note). Option ``single_hand``.
11. Misplay: the first offender of the deal decides: a member of the bidding side loses the
    contract, a defender makes it for the bidders (10.22). Option
    ``misplay_penalty``.
12. Under-half rule: measured against the adjusted target, strictly less than half,
    multiplying the double (10.17). Option ``under_half_double_loss``.
13. The deal passes in the turn direction; a deal thrown in and not scored (R1 redeal, R3
    eight pointless cards, everybody passing, R2) is dealt again by the same dealer; a void
    deal, and a deal thrown in that the misplay penalty scores, move on (10.11). A stated dealer that differs is reported (28.dealer).
14. Illegal actions are carried out where the state stays well defined:
    an illegal bid stands as made (its bidder holds the bid at that level, whether or not it
    raises, and the auction goes on); an illegal pass stands; illegal doubles, redoubles and
    calls take effect; an illegal pair declaration does not (it changes no target: 29-18,
    29-22 "illegal / no effect", 28-32, so a later legal one still counts); a trump choice
    while the auction is open closes it on the standing bid.
    Not carried out: calls after the auction ended and a single hand declared after the lead
    or before the full deal (all ignored). These stop the replay of the deal (fatal): a card
    not held, a card after the deal ended, the face-down card played before it is exposed,
    a suit named where a card must be laid (or a seventh card that does not exist; also by
    the high bidder of an auction still open), any illegal redeal claim.
15. With ``opening_bid_forced = no`` a deal in which all four pass is thrown in (no score,
    same dealer).
16. Hands: a missing hand line is inferred from the seat's plays plus the card
    of its ``trump CARD``; the deal order is then unknown and each check that needs it is
    named in one ``28.deal-order`` note per deal. ``trump seventh`` cannot be judged without
    the bidder's hand line and is a record error (``record.deal-order``); with a hand line
    in one round of eight, the seventh card listed is taken, with a note.
17. Playing the face-down card before it is exposed (outside ``forced_trick8``'s trick 8) is
    reported under 28.call (the call must come first) and stops the replay: the card is not
    in his hand until exposed. A single hand declared before the full deal (in
    the auction, before the trump choice) is reported and has no effect: the auction goes on
    as recorded and the deal is still checked (decision 4; a show at the wrong moment has no
    effect either, decision 12).
18. The misplay penalty scores against the contract standing when the replay
    stopped (or at the end): the standing high bid even if the auction never ended, the
    doubles said by then; with no bid yet the offender's side loses the lowest stake (a lost
    bid of min_bid: 1 in 28). It comes before a void or annulled deal, and the deal it scores
    is a scored deal.
19. The options of the whole family (section 8) are declared here with 28's defaults; the
    other games pass their own defaults to ``_options``. Values the referee cannot honour are
    declared but refused with ``record.option`` (each game's ``refused_options``):
    ``auction_style = duel`` outside Twenty-Nine, and in Forty and
    Fifty-Six "C" and the show (variants of the four-player games). Contradictory combinations
    are refused too (``forced_trick8`` with the spare indicator, ``play_on`` or
    ``no_trump_two`` with an own card, ``high_bid_two`` with a score table or with
    ``c_call``). The "double or halve" pair remark (10.16) is not implemented.
20. ``pass_final``: a seat that passed is skipped; the auction ends when every other seat has
    passed after the last bid. ``dealer_forced_bid``: when everybody before the dealer passed
    he must bid (``exact``: the minimum), and that bid ends the auction (10.21).
21. The spare indicator: ``trump SUIT`` or ``trump 3C`` (a spare 2-5 card);
    the bidder keeps his cards; the seventh card names the suit and stays in hand; with
    ``no_trump_two`` a 2 declares no trumps: ranks reversed, points kept, no call, no pair.
22. ``last_trick_bonus`` is added to the last trick's points. ``cot`` doubles a
    made contract won with every trick (``made_and_lost``: also a loss with none, 10.18).
    ``double_cap`` bounds the multiplier (2: no redouble; 1: no double). ``score_table``
    picks a row of SCORE_TABLES by bid; Forty's table pays a loss to the opponents.
    ``misplay_penalty = double_to_opponents`` doubles the penalty (40 paragraph of S0).
23. Pair options (10.14): ``pair_trick_requirement`` (after_reveal; any_trick; s0_variant:
    the opponents need no trick, the bidding side any trick), ``pair_window`` (any_time;
    after_win: right after a trick won by the declarer's side, before the next lead),
    ``pair_min_bid`` (the bidding side's lowest bid for a pair).
24. Annulments, all ending the deal like a redeal or everybody passing
    (28.thrown-in: what the record holds after it is not judged, with one note at the first
    action passed over) and, unless the penalty scores it, keeping the dealer:
    ``annul_eight_zero`` (R3), ``annul_fh_and_next_pointless`` (R2: first hand, whose first
    four is pointless, chooses not to bid, and the next player's first four is pointless too;
    the option lets such a first hand pass, and a bid by him cancels nothing; the digest's
    default is off, R1 covering first hand: he must bid or demand a redeal),
    ``redeal_first_two_pointless`` (P29: either of
    them), ``annul_other`` (R4: all the Jacks or a whole hand of one suit at the deal; the
    bidder's opponents holding no trump, at the reveal). R3 and R4 on whole hands take effect
    when the second batch is dealt ("checked after the second batch"): the auction, the
    trump choice and the doubles are refereed first, so that an offender there is penalised
    (decision 8: the penalty comes before an annulment); a record may stop anywhere before
    the second batch.
25. ``dummy`` changes no rule the referee checks (the partner's cards are public); it is
    accepted so that records can state it.
26. Class data for the relatives: ``seat_count``/``team_size`` (Forty and Fifty-Six: six
    players, alternating teams of three), ``equal_ranks`` (40: J and 3 equal, the first
    played wins), ``copies`` (56: a double pack; hands are multisets, and a bidder holding
    the second copy of his face-down card plays it as an ordinary card).
27. The seed variants, each an option off by default and a
    phase module of its own: "C" (``c_call``, c_call.py: ``c-call``, stake 6, A7.2) and the
    single-hand show (``single_hand_show``, show.py: ``show``, A7.3), the second bidding
    round (``second_round = minN``, second_round.py: bids and passes after the trump choice,
    A3.6) and the duel auction (``auction_style = duel``, Twenty-Nine only, duel.py: ``hold``).
    Each module's header gives its rules and the choices made where the sources are silent.
"""

from referee.games.twenty_eight.options import _options, _rules
from referee.games.twenty_eight.pack import MultiHand
from referee.games.twenty_eight.ruleset import TwentyEight
from referee.games.twenty_eight.state import Match28, TwentyEightState

__all__ = ["Match28", "MultiHand", "TwentyEight", "TwentyEightState", "_options", "_rules"]
