"""Twenty-Five's checks of a partly seen deal (docs/partial-records.md): what the plays of a
deal with cards not seen prove, asked of the model of ``unseen.py`` (a void in a plain suit, a
renege privilege that is a fact of rank, a rob that presumes the ace of trumps was dealt, the
suits a card not seen may have led), the winner of a trick with a card not seen, and the
values a deal leaves open. ``PartialPlay`` is a part of the ruleset (``ruleset.py``); the
functions below it are the card lookups both share.
"""

from __future__ import annotations

from types import SimpleNamespace

from referee.games.twenty_five.cards import PACK, TRUMP_BASE, TrumpData
from referee.games.twenty_five.state import OVER, Match25, TwentyFiveState
from referee.games.twenty_five.unseen import UnseenCards
from referee.model.cards import UNSEEN
from referee.model.seats import Table
from referee.rules.base import DealResult, Exclusion
from referee.rules.recorded import recorded_change
from referee.rules.tricks import highest_wins, in_order, show
from referee.rules.worlds import Fact

TRICKS = 5
TRICK_POINTS = 5


class PartialPlay:
    """The checks and values of a deal with cards not seen, and the renege duty they share
    with the fully seen replay; a part of the Twenty-Five ruleset."""

    opts: SimpleNamespace
    table: Table
    team_of: dict[str, str]
    team_names: tuple[str, ...]
    labels: dict[str, str]
    alone: dict[str, bool]

    def _unseen_eligible(self, state: TwentyFiveState, unseen: UnseenCards, seat: str,
                         data: TrumpData) -> Exclusion | None:
        """A rob while the ace of trumps is not seen: legal only if ``seat`` was dealt it (a
        fact for the rest of the deal, noted when it could have gone either way)."""
        trick = len(state.tricks) + 1 if state.play_started else 0
        presumed = unseen.presume_dealt(seat, data.ace, "25.rob-eligible", trick)
        if not presumed.holds:
            return None
        if presumed.culprits:
            seats = presumed.culprits
            return Exclusion("25.rob-eligible", f"one of {_either(seats)} broke a rule: the "
                             f"cards not seen cannot be placed so that all their plays were "
                             f"legal (here {seat} robs, so he was dealt the ace of trumps "
                             f"{data.ace})", culprits=seats)
        return Exclusion("25.rob-eligible", f"{seat} robs, but he cannot have been dealt the "
                         f"ace of trumps {data.ace} (counting the cards the record shows): "
                         f"only the seat dealt it may rob")

    def _check_unseen_follow(self, state: TwentyFiveState, unseen: UnseenCards, seat: str,
                             card: str) -> Exclusion | None:
        """A play to a trick where the card led or the card played is not seen: whether it
        follows (or reneges lawfully) cannot be checked, unless the seat can hold no card it
        had to play, or no suit led makes every seen card of the trick legal."""
        trick_no = len(state.tricks) + 1
        led = state.trick[0][1]
        if led == UNSEEN:
            unseen.note(seat, "25.follow-suit", trick_no)
            unseen.note(seat, "25.renege", trick_no)
            if card == UNSEEN:
                return None
            follow = (seat, card, unseen.now, frozenset(state.hands[seat]))
            suits = self._suits_led(state, unseen, [*unseen.follows, follow])
            if suits:
                if not unseen.probing:
                    unseen.follows.append(follow)
                return None
            leader = state.trick[0][0]
            followers = [s for s, *_ in unseen.follows]
            if not followers or not self._suits_led(state, unseen, [follow]):
                return Exclusion("25.follow-suit", f"{seat} plays {card} to {leader}'s lead, "
                                 f"not seen: whatever suit was led, he held a card he had to "
                                 f"play instead (one of that suit, or a trump that may not "
                                 f"renege: 25.renege), counting the cards the record shows")
            seats = (*dict.fromkeys(followers), seat)
            return Exclusion("25.follow-suit", f"one of {_either(seats)} broke a rule: "
                             f"whatever suit {leader} led (not seen), one of them held a card "
                             f"he had to play instead (one of that suit, or a trump that may "
                             f"not renege: 25.renege), counting the cards the record shows",
                             culprits=seats)
        data = trumps_of(state)
        if led in data.trumps:
            rule, duty, allowed = "25.renege", self._must_trumps(state, data), data.trumps
        else:
            rule, duty = "25.follow-suit", data.suit_cards[data.suit_of[led]]
            allowed = duty | data.trumps if self.opts.may_trump_when_following else duty
        # legal iff his card is one he may play, or he holds none he had to play after it
        at = unseen.now
        plays = Fact(seat, unseen.model_names(seat, allowed), at, label=seat, only=True,
                     until=at)
        keeps = Fact(seat, unseen.model_names(seat, duty), at + 1, label=seat)
        may_play = unseen.worlds.feasible([plays])
        may_keep = state.hands[seat].isdisjoint(duty) and unseen.worlds.feasible([keeps])
        if not may_play and not may_keep:
            what = ("a trump" if rule == "25.renege" else
                    "a card of the suit led or a trump" if allowed != duty else
                    "a card of the suit led")
            return Exclusion(rule, f"{seat} had to play {what}: whichever card not seen he "
                             f"played, he held one he had to play instead (counting the cards "
                             f"the record shows)")
        if not unseen.probing:
            if not may_keep:
                unseen.worlds.add(plays)
            elif not may_play:
                unseen.worlds.add(keeps)
            if may_keep:
                unseen.note(seat, rule, trick_no)
        return None

    def _suits_led(self, state: TwentyFiveState, unseen: UnseenCards,
                   follows: list[tuple[str, str, int, frozenset[str]]]) -> list[str]:
        """The suits the card not seen that leads the trick may be of, such that every seen
        card of ``follows`` was legal (with the facts presumed so far). A privileged trump is
        taken to outrank the card led: the weakest duty, whatever the trump led."""
        data = trumps_of(state)
        leader, at = unseen.trick_unseen[0]
        may_trump = self.opts.may_trump_when_following
        # the trick's last card: the next lead names its winner, which the card led allows
        pinned = (unseen.next_leader.get(len(state.tricks) + 1)
                  if len(state.trick) + 1 == len(self.table.seats) else None)
        seen = [(seat, card) for seat, card, _, _ in follows]
        if pinned is not None and pinned != leader and pinned not in dict(seen):
            pinned = None  # a card not seen won: nothing to say of the card led
        ordinary = frozenset(c for c in data.trumps
                             if c not in data.privileged or c == state.demoted)
        suits = []
        for suit in "SHDC":
            cards = data.suit_cards[suit]
            duty = ordinary if suit == data.trump else cards
            led = cards
            if pinned is not None:
                led = frozenset(c for c in cards
                                if winner_of(state, [(leader, c), *seen]) == pinned)
            extra = [Fact(leader, unseen.model_names(leader, led), at, only=True, until=at)]
            for seat, card, moment, known in follows:
                if card in cards or (card in data.trumps and (may_trump or suit == data.trump)):
                    continue
                if not known.isdisjoint(duty):
                    break
                extra.append(Fact(seat, unseen.model_names(seat, duty), moment))
            else:
                if unseen.worlds.feasible(extra):
                    suits.append(suit)
        return suits

    def _presume_void(self, state: TwentyFiveState, unseen: UnseenCards, seat: str,
                      cards: frozenset[str], rule: str, duty: str) -> Exclusion | None:
        """The play is legal only if ``seat`` holds none of ``cards`` among his cards not
        seen: None when some placement of the unseen cards allows it (then it is presumed,
        and noted when it could have gone either way), else the finding, on ``seat`` or on
        the seats one of which broke a rule (``duty`` says what was owed)."""
        presumed = unseen.presume_void(seat, cards, rule, len(state.tricks) + 1)
        if not presumed.holds:
            return None
        if presumed.culprits:
            seats = presumed.culprits
            return Exclusion(rule, f"one of {_either(seats)} broke a rule: the cards not seen "
                             f"cannot be placed so that all their plays were legal "
                             f"({duty.replace(seat, 'here ' + seat, 1)})", culprits=seats)
        forced = unseen.forced(seat, cards)
        maybe = in_order(unseen.possible(seat) & cards)
        held = (f"he holds {show(forced)}" if forced else
                f"he holds one of {show(maybe)}" if maybe else
                "the cards not seen cannot all be elsewhere")
        return Exclusion(rule, f"{duty}: {held} (counting the cards the record shows)")

    def _unseen_missed_rob(self, state: TwentyFiveState, unseen: UnseenCards, seat: str
                           ) -> Exclusion | None:
        """With rob_compulsory and the ace of trumps not seen: a seat that lets his deadline
        pass without robbing was not dealt it (the opening lead, with the deadline
        ``before_opening_lead``, passes every seat's)."""
        if not self.opts.rob_compulsory:
            return None
        ace = trumps_of(state).ace
        if self.opts.rob_deadline_holder == "before_opening_lead":
            passing = [] if state.play_started else list(self.table.seats)
        else:
            passing = [] if seat in state.has_played else [seat]
        for other in passing:
            found = self._presume_void(
                state, unseen, other, frozenset((ace,)), "25.must-rob",
                f"{other} must rob ({state.turned}) before "
                + ("the opening lead" if other != seat else "his first play")
                + " if he was dealt the ace of trumps (rob_compulsory)")
            if found is not None:
                return found
        return None

    def _must_trumps(self, state: TwentyFiveState, data: TrumpData) -> frozenset[str]:
        """The trumps that may not renege to the trump led: all but the privileged ones
        ranking above the reference card."""
        bar = strength(state, self._renege_reference(state, data))
        return frozenset(c for c in data.trumps
                         if not (c in data.privileged and c != state.demoted
                                 and strength(state, c) > bar))

    def _renege_reference(self, state: TwentyFiveState, data: TrumpData) -> str:
        """The card a privileged trump is compared with (option renege_reference)."""
        led = state.trick[0][1]
        if self.opts.renege_reference == "led":
            return led
        played = [c for _, c in state.trick if c in data.trumps]  # '??' is no trump
        return max(played, key=lambda c: strength(state, c))

    def _unseen_winner(self, state: TwentyFiveState, unseen: UnseenCards,
                       trick: list[tuple[str, str]], number: int) -> str:
        """The winner of a trick with cards not seen: the seat that leads the next trick, if
        it could have won (a fact on his card); else the best card seen (the winner is then
        open when a card not seen may beat it)."""
        plays = [(seat, card) for seat, card in trick if card != UNSEEN]
        moments = dict(unseen.trick_unseen)
        pinned = unseen.next_leader.get(number)
        if trick[0][1] == UNSEEN:  # the suit led is not seen: any seat may have won
            best = trick[0][0]
            candidates = [seat for seat, _ in trick]
            winner = pinned if pinned in candidates else best
        else:
            best = winner_of(state, plays)
            beating = {seat: self._beating(state, plays, seat) for seat in moments}
            candidates = [best] + [seat for seat, at in moments.items()
                                   if unseen.may_hold(seat, beating[seat], at)]
            winner = best
            # the next lead says he won: his card, not seen, beat every card seen
            if (pinned in moments and pinned != best
                    and unseen.pin(pinned, beating[pinned], moments[pinned])):
                winner = pinned
            elif pinned == best:  # the best card seen won: no card not seen beat it
                for seat, at in moments.items():
                    if not unseen.pin(seat, PACK - beating[seat], at):
                        winner = seat  # his card must have won: the next lead is wrong
                        break
        if pinned is None and len(set(candidates)) > 1:
            unseen.open_tricks.append((number, tuple(dict.fromkeys(candidates))))
        unseen.trick_unseen = []
        return winner

    def _beating(self, state: TwentyFiveState, plays: list[tuple[str, str]], seat: str
                 ) -> frozenset[str]:
        """The cards with which ``seat`` beats every card seen in the trick (``plays``, the
        lead first)."""
        data = trumps_of(state)
        values = data.win_values[data.suit_of[plays[0][1]]]
        demoted = state.demoted
        top = max(TRUMP_BASE if card == demoted else values[card] for _, card in plays)
        played = {card for _, card in plays}
        return frozenset(card for card in PACK if card not in played
                         and (TRUMP_BASE if card == demoted else values[card]) > top)

    def _outcome(self, points: dict[str, int], ended: str | None, score: dict[str, int],
                 tricks: int, over: bool) -> str:
        """The deal's outcome in words."""
        if ended is not None:
            verb = "reaches" if self.alone[ended] else "reach"
            return f"{self.labels[ended]} {verb} {score[ended]} at trick {tricks}: game over"
        taken = ", ".join(f"{self.labels[t]} {p}" for t, p in points.items() if p)
        if over:
            return f"tricks: {taken}"
        return f"incomplete, scored as played ({taken or 'no trick'})"

    def _open_values(self, state: TwentyFiveState, result: DealResult) -> None:
        """The values a partly seen deal leaves open: each team's points over the winners
        of the tricks the record leaves open (a card not seen may have won them), and the
        scores and outcomes they give (``DealResult.point_sets`` and the rest)."""
        unseen = state.unseen
        assert unseen is not None
        result.presumed = bool(unseen.unchecked)
        if not unseen.open_tricks:
            return
        points: dict[str, set[int]] = {team: set() for team in self.team_names}
        scores: dict[str, set[int]] = {team: set() for team in self.team_names}
        outcomes: dict[str, None] = {}
        for choice in unseen.winner_choices():
            winners = [self.team_of[choice.get(t.number, t.winner)] for t in state.tricks]
            taken, ended = self._deal_end(state.start_score, winners)
            score = {team: state.start_score[team] + taken[team] for team in taken}
            for team in self.team_names:
                points[team].add(taken[team])
                scores[team].add(score[team])
            outcomes[self._outcome(taken, ended, score, len(winners),
                                   ended is not None or len(winners) >= TRICKS)] = None
        result.point_sets = {t: tuple(sorted(v)) for t, v in points.items() if len(v) > 1}
        result.game_point_sets = dict(result.point_sets)
        result.score_sets = {t: tuple(sorted(v)) for t, v in scores.items() if len(v) > 1}
        if len(outcomes) > 1:
            result.outcomes = tuple(outcomes)
        result.presumed = True

    def _carried(self, state: TwentyFiveState) -> tuple[dict[str, int], str | None]:
        """What a deal whose last trick a card not seen may have won passes on to the match:
        each team's fewest points over the winners it may have (the trick's points counted to
        nobody), and the team that won the game if it did whoever won the trick."""
        unseen = state.unseen
        assert unseen is not None
        fewest: dict[str, int] = {}
        ends: set[str | None] = set()
        for choice in unseen.winner_choices():
            winners = [self.team_of[choice.get(t.number, t.winner)] for t in state.tricks]
            taken, ended = self._deal_end(state.start_score, winners)
            for team, points in taken.items():
                fewest[team] = min(points, fewest.get(team, points))
            ends.add(ended)
        return fewest, ends.pop() if len(ends) == 1 else None

    def _winners_from_record(self, state: TwentyFiveState, match: Match25) -> bool:
        """A deal whose last tricks a card not seen may have won: the later deals go on from
        the points its result line gives, when the winners of those tricks may give them (the
        deal's open values still list every possibility)."""
        unseen = state.unseen
        assert unseen is not None
        recorded = recorded_change(state.recorded, match.score, match.score)
        if recorded is None:
            return False
        for choice in unseen.winner_choices():
            winners = [self.team_of[choice.get(t.number, t.winner)] for t in state.tricks]
            taken, ended = self._deal_end(state.start_score, winners)
            if all(recorded.get(team, 0) == taken[team] for team in taken):
                state.points, state.ended = taken, ended
                if ended is not None:
                    state.stage = OVER
                return True
        return False

    def _deal_end(self, start: dict[str, int], winners: list[str]
                  ) -> tuple[dict[str, int], str | None]:
        """Each team's points from the teams that won the tricks, in order, and the team that
        won the game in the deal (None: none), as ``_complete_trick`` counts them."""
        opts = self.opts
        taken = {team: 0 for team in self.team_names}
        first = ended = None
        for number, team in enumerate(winners, 1):
            taken[team] += TRICK_POINTS
            if first is None and start[team] + taken[team] >= opts.target:
                first = team
            last = number >= TRICKS
            if last and opts.jink_wins_game and all(t == team for t in winners):
                ended = team
            elif first is not None and (opts.end_mid_deal or last):
                ended = first
            if ended is not None:
                break
        return taken, ended


def trumps_of(state: TwentyFiveState) -> TrumpData:
    """The deal's trump tables: known from the turn-up, which comes before any play or rob is
    judged or carried out."""
    data = state.data
    if data is None:
        raise ValueError("no card is turned up yet")
    return data


def strength(state: TwentyFiveState, card: str) -> int:
    """``card``'s strength within its effective suit (a trump ace demoted for an unrobbed
    ace ranks as the lowest trump)."""
    if card == state.demoted:
        return TRUMP_BASE
    return trumps_of(state).strength[card]


def winner_of(state: TwentyFiveState, plays: list[tuple[str, str]]) -> str:
    """The highest trump, else the highest card of the suit led."""
    data = trumps_of(state)
    values = data.win_values[data.suit_of[plays[0][1]]]
    demoted = state.demoted
    value = values.__getitem__ if demoted is None else (
        lambda card: TRUMP_BASE if card == demoted else values[card])
    return highest_wins(plays, value) or plays[0][0]


def _either(seats: tuple[str, ...]) -> str:
    """"W, S or E"."""
    return ", ".join(seats[:-1]) + " or " + seats[-1]
