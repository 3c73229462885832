"""The engine's core: the game data the family's games override, the table, small helpers and the
match."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import SimpleNamespace

from referee.games.twenty_eight.hooks import Hooks
from referee.games.twenty_eight.options import MINUS_KINGS_QUEENS, REFUSED, bid_range
from referee.games.twenty_eight.pack import pack_data
from referee.games.twenty_eight.rulebook import FamilyIds
from referee.games.twenty_eight.scoring import (
    CARD_POINTS_28,
    RANK_ORDER_28,
    match_winner,
)
from referee.games.twenty_eight.state import (
    AUCTION,
    OVER,
    TRUMP,
    Match28,
    TwentyEightState,
)
from referee.model.cards import UNSEEN, make_pack
from referee.model.errors import RecordError
from referee.model.seats import Table, team_label
from referee.rules.base import (
    Effect,
    Exclusion,
    Ruleset,
    located,
)
from referee.rules.options import OptionValue
from referee.rules.tricks import FollowSuit

_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


class Engine28(Ruleset[Match28, TwentyEightState]):
    """What every phase of the 28-family engine shares: the game data, the tables made once
    per match, small helpers and the match (each phase is a subclass, and ``TwentyEight``
    joins them)."""

    hooks: Hooks
    next_seat: dict[str, str]
    """Where the phases ask each other, and where the variants that are on take part
    (variant.py); wired by ``TwentyEight``."""

    # -- game data: the family's other games override these ---------------------------------
    rank_order: str = RANK_ORDER_28
    card_point_table: dict[str, int] = dict(CARD_POINTS_28)
    deal_rounds: tuple[int, ...] = (4, 4)
    seventh_position: tuple[int, int] | None = (1, 2)  # round 2, third card
    partner_raise_floor: int = 20
    high_bid_from: int = 21
    seat_count: int = 4
    team_size: int = 2
    copies: int = 1
    """Copies of each card in the pack (Fifty-Six: 2, a double pack)."""
    equal_ranks: tuple[str, ...] = ()
    """Groups of ranks of equal strength, highest written first (Forty: "J3"); of two equal
    cards in a trick the one played first wins."""
    indicator_ranks: str = "2345"
    """The spare cards that can show trumps; a 2 is no trumps with
    no_trump_two."""
    refused_options: Mapping[str, tuple[OptionValue | None, str]] = REFUSED
    rule_ids: FamilyIds
    """This game's id of each of the family's rules (``rulebook.family_ids``)."""
    """Option values this game cannot honour (``options.REFUSED``): the family's variants
    that belong to some of its games only."""

    def __init__(self, options, table: Table) -> None:
        super().__init__(options, table)
        if options.kings_queens_minus_one:  # every K and Q -1: the pack totals 20
            self.card_point_table = {**self.card_point_table, **MINUS_KINGS_QUEENS}
        pack = pack_data(self.rank_order, tuple(sorted(self.card_point_table.items())),
                          self.equal_ranks)
        self.card_set = pack.cards
        """The distinct cards of the pack, for membership tests."""
        self.follow = FollowSuit(self.rule_id("28.follow-suit"), show_cards=self._show)
        """The duty to follow the suit led (28.follow-suit), in the family's words."""
        self.pack = tuple(make_pack(self.rank_order, self.copies))
        """Every card of the pack, copies included (what ``referee simulate`` deals)."""
        self.jack_total = sum(1 for card in self.pack if card[0] == "J")
        self.hand_size = sum(self.deal_rounds)
        self.round_sizes = list(self.deal_rounds)
        self.tricks_per_deal = self.hand_size
        self.strength = pack.strength
        self.power = pack.power
        self.card_points = pack.card_points
        self.point_cards = pack.point_cards
        self.suit_cards = pack.suit_cards
        self.direction = options.direction
        self.spare = options.trump_indicator == "spare"
        self.last_wins = options.equal_cards == "last_wins"
        """Of two equal cards in a trick the later wins (option ``equal_cards``)."""
        self.tie = int(self.last_wins)
        """What a card adds to its power against the best before it in a trick: 1 when the
        later of equal cards wins, else 0 (a card must then be higher to win)."""
        self.trick_points = {**pack.card_points, UNSEEN: 0}
        """Card -> its points, a card not seen (``??``) 0: what a completed trick counts."""
        # no trumps: the rank order reversed in every suit, points unchanged
        top = max(pack.power.values())
        self.power_nt = {card: top + 1 - power for card, power in pack.power.items()}
        self.total_points = (pack.total_points * self.copies + options.last_trick_bonus)
        # What the replay asks for at every action, computed once: the options as plain
        # attributes (``Options`` resolves names by a Python-level ``__getattr__``), the turn
        # order, partners and teams as dicts.
        self.opts = SimpleNamespace(**options.as_dict())
        self.opts.min_bid, self.opts.max_bid = bid_range(options, self.option_specs)
        seats = table.seats
        self.players = len(seats)
        self.next_seat = {seat: table.next(seat, self.direction) for seat in seats}
        self.partners = {seat: table.partners(seat) for seat in seats}
        self.team_of = {seat: table.team_of(seat) for seat in seats}
        self.team_names = table.team_names
        self.team_seats = {"".join(team): team for team in table.teams}

    @classmethod
    def check_table(cls, table, options, header) -> None:
        n, size = cls.seat_count, cls.team_size
        teams = table.teams
        # partners face each other (4 players) or sit alternately (6): every n // size seats
        places = [sorted(table.index(seat) for seat in team) for team in teams]
        alternate = all(b - a == n // size for p in places for a, b in zip(p, p[1:], strict=False))
        if len(table.seats) != n or len(teams) != n // size or any(
                len(t) != size for t in teams) or not alternate:
            how = "facing each other" if size == 2 else "sitting alternately"
            raise RecordError(
                "record.seats",
                f"{cls.title} is played by {n} players in two partnerships of {size}, "
                f"partners {how}",
            )
        cls.check_options(options, header)

    @classmethod
    def check_options(cls, options, header) -> None:
        """Refuse an option value the referee cannot honour (never ignore it): ``REFUSED``,
        and combinations whose rules contradict each other."""
        problems = []
        for name, (value, why) in cls.refused_options.items():
            chosen = options[name]
            default = next(s.default for s in cls.option_specs if s.name == name)
            if (value is None and chosen != default) or (value is not None and chosen == value):
                shown = "yes" if chosen is True else chosen
                problems.append((name, f"option '{name}' = {shown} is not supported: {why}"))
        never = options["void_if_trump_never_called"]
        spare = options["trump_indicator"] == "spare"
        if never == "forced_trick8" and spare:
            problems.append(("void_if_trump_never_called", "void_if_trump_never_called = "
                             "forced_trick8 needs trump_indicator = own_card (a spare "
                             "indicator leaves no face-down card to force)"))
        if never == "play_on" and not spare:
            problems.append(("void_if_trump_never_called", "void_if_trump_never_called = "
                             "play_on needs trump_indicator = spare (with an own card the "
                             "bidder's last card lies face down)"))
        if options["no_trump_two"] and not spare:
            problems.append(("no_trump_two", "no_trump_two needs trump_indicator = spare "
                             "(the 2 is a spare indicator card)"))
        if options["high_bid_two"] and options["score_table"] != "flat":
            problems.append(("high_bid_two", "high_bid_two and score_table both set the "
                             "stake of a deal: choose one"))
        if options["auction_style"] == "duel" and options["auction_end"] == "single_round":
            problems.append(("auction_style", "auction_style = duel has its own end (three "
                             "players dropped out): auction_end = single_round cannot apply"))
        if options["c_call"] and options["high_bid_two"]:
            problems.append(("c_call", "c_call cannot be played with high_bid_two: 'C' is not "
                             "said in the automatic-double version"))
        if options["seventh_card"] and cls.seventh_position is None:
            problems.append(("seventh_card", f"{cls.title} deals no seventh card "
                             f"(seventh_card = no)"))
        low, high = bid_range(options, cls.option_specs)
        if low > high:
            problems.append(("min_bid", f"min_bid is above max_bid ({low} > {high})"))
        if options["second_bid_min"] and options["second_round"] != "off":
            problems.append(("second_bid_min", "second_bid_min and second_round are two "
                             "readings of the same rule (\"a second bid must be 30 or "
                             "more\"): choose one"))
        if problems:
            name, message = problems[0]
            tag = next((t for t in header.get_all("Option") if t.values[0] == name), None)
            error = RecordError("record.option", message)
            raise located(error, tag) if tag is not None else error

    # -- what every phase may do or ask ---------------------------------------------------
    def _annul(self, state: TwentyEightState, reason: str) -> None:
        """Throw the deal in (a redeal, everybody passing, a cancellation: 28.thrown-in): what the
        record holds after it is not judged; unless the misplay penalty scores it (an
        offence before), it is not scored and the same dealer deals again."""
        state.annulled = reason
        state.disregard = True
        state.stage = OVER
        state.turn = None

    def _open_auction_message(self, state: TwentyEightState) -> str:
        need = self.hooks.auction_need(state)
        return f"the auction is not over: {need}"

    def _stage_blocks_play(self, state: TwentyEightState, seat: str) -> Exclusion | None:
        if state.stage == AUCTION:
            return self._excl("28.auction-open", f"{seat} cannot play: the auction is not over "
                              f"({self.hooks.auction_need(state)})", Effect.STOPS)
        if state.stage == TRUMP:
            return self._excl("28.turn", f"{seat} cannot play: the bidder {state.bidder} has not "
                              f"chosen trumps", Effect.STOPS)
        return None

    def _forced_trick8(self, state: TwentyEightState, seat: str) -> bool:
        return (self.opts.void_if_trump_never_called == "forced_trick8"
                and seat == state.bidder and not state.revealed
                and len(state.tricks) == self.tricks_per_deal - 1)

    def _next(self, seat: str, steps: int = 1) -> str:
        if steps == 1:
            return self.next_seat[seat]
        return self.table.next(seat, self.direction, steps)

    def team(self, seat: str) -> str:
        """The team ``seat`` plays for."""
        return self.team_of[seat]

    def _label(self, team: str) -> str:
        """'N-S' for team NS, 'P1-P3-P5' for P1P3P5: the partnership, for messages."""
        return "-".join(self.team_seats.get(team, (team,)))

    def _side(self, seat: str) -> str:
        """'N-S' for seat N: the partnership, for messages."""
        return self._label(self.team(seat))

    def _sorted(self, cards: Iterable[str]) -> list[str]:
        order = self.rank_order
        return sorted(cards, key=lambda c: ("SHDC".index(c[1]), order.index(c[0])))

    def _show(self, cards: Iterable[str]) -> str:
        return " ".join(self._sorted(cards))

    def _pts(self, card: str) -> int:
        return self.card_point_table.get(card[0], 0)

    def _first_batch_words(self) -> str:
        """The size of the first batch in words: "four" (28, 29, 56) or "three" (Forty); the
        rules' "first four" is always the first batch."""
        size = self.deal_rounds[0]
        return _NUMBER_WORDS.get(size, str(size))

    def rule_id(self, rule: str) -> str:
        """This game's id of a family rule, written in the code with Twenty-Eight's id so
        that ``grep 28.follow-suit`` finds where it is checked: "40.follow-suit" in Forty,
        from Forty's table of ids (``rule_ids``)."""
        try:
            return self.rule_ids[rule]
        except KeyError:
            raise ValueError(f"'{rule}' is not a rule of the 28 family, written "
                             f"'28.NAME'") from None

    def _excl(self, rule: str, message: str, effect: Effect = Effect.STANDS) -> Exclusion:
        """``rule`` (written "28.NAME") is broken: ``message`` says how, ``effect`` what
        follows."""
        return Exclusion(self.rule_id(rule), message, effect)

    def new_match(self) -> Match28:
        return Match28(score={team: 0 for team in self.team_names})

    def is_match_over(self, match: Match28) -> bool:
        return self._winner(match) is not None

    def _winner(self, match: Match28) -> str | None:
        return match_winner(match.score, self.opts.game_target, self.team_names)

    def match_result(self, match: Match28) -> str:
        winner = self._winner(match)
        shown = " ".join(f"{team_label(self.team_seats.get(team, (team,)))} {value}"
                         for team, value in match.score.items())
        if winner is None:
            return f"match not over: {shown}"
        own = match.score[winner]
        if own >= self.opts.game_target:
            return f"{self._label(winner)} win (+{own})"
        loser = next(t for t in match.score if t != winner)
        return f"{self._label(winner)} win ({self._label(loser)} {match.score[loser]})"
