"""What Twenty-Two takes from the record where its replay cannot compute it: after a deal
whose replay stopped, its damage, its markers and who died are unknown (unless its ``result``
line gives them), and every later deal's pack, hand size, stock and damage totals are then
ranges. No finding rests on what the record does not establish: a check that needs it becomes
a note naming it, and a finding is reported only when it holds whatever the unknown facts
are.
"""

from __future__ import annotations

from referee.games.twenty_two.model import DEATH, FIRST_DEAL_SIZE
from referee.games.twenty_two.play import Play22
from referee.games.twenty_two.state import Match22, TwentyTwoState
from referee.model.record import Deal


class FromRecord22(Play22):
    """The pack and the hand size as ranges, who is still in the game, and the notes for what
    could not be checked; ``TwentyTwo`` deals and settles with them."""

    pack_size: int

    def available(self, match: Match22) -> int:
        """Cards left in the pack: markers are out of it. The most there can be when
        the markers of a deal whose damage is unknown are not counted (``available_least``)."""
        markers = len(match.markers) + match.unknown_markers
        return self.pack_size - (markers if self.options.markers_removed else 0)

    def available_least(self, match: Match22, available: int | None = None) -> int:
        """The fewest cards the pack can hold: every marker that may be out of it, out
        (``available``: ``available(match)``, when the caller has it)."""
        slack = match.marker_slack if self.options.markers_removed else 0
        return (self.available(match) if available is None else available) - slack

    def deal_sizes(self, match: Match22) -> tuple[int, int]:
        """The fewest and the most cards each the rule allows: one number unless the pack
        (the cap) depends on markers the record does not establish."""
        nominal = FIRST_DEAL_SIZE if match.deals == 0 else match.nominal
        living = len(match.alive)
        available = self.available(match)
        return (min(nominal, self.available_least(match, available) // living),
                min(nominal, available // living))

    def _note_the_last_deal(self, state: TwentyTwoState, match: Match22) -> None:
        """The last deal was not replayed to its end, so this deal's size (and the markers)
        rest on what its record says; a note names the checks lost."""
        if not match.from_record:
            return
        lost = []
        if match.size_unknown:
            lost.append("the hand size of this deal (the hands are taken as recorded)")
        if match.losers is None:
            lost.append("who deals it (the loser of that deal deals, and he is not known)")
        if match.unknown_markers and self.options.markers_removed:
            lost.append("that no damage marker is dealt or drawn again, in this deal and "
                        "later ones (the card a loser kept is not in the record)")
        could_not = f"; could not check {' nor '.join(lost)}" if lost else ""
        why = ("has cards not seen in its last trick" if match.unseen_last
               else "was not replayed to its end")
        state.notes.append(("22.deal-size", f"deal {match.deals} {why}: "
                            f"{match.from_record}{could_not}"))
        match.from_record = ""
        match.unseen_last = False

    def _check_size(self, state: TwentyTwoState, match: Match22, number: int, least: int,
                    most: int) -> None:
        """22.deal-size: an error only when the hands fit no size the rule allows, whatever
        the markers the record does not establish; a note when they leave a choice."""
        if least <= state.size <= most:
            if least < most:
                cards = self._pack_words(match, least, most)
                state.notes.append(("22.deal-size", f"could not check the hand size of deal "
                                    f"{number} exactly: the pack holds {cards} cards (the "
                                    "damage markers of a deal that was not replayed to its "
                                    f"end are not known), so {least} to {most} each are "
                                    "possible"))
            return
        nominal = FIRST_DEAL_SIZE if match.deals == 0 else match.nominal
        why = ("the first deal" if match.deals == 0
               else f"the last loser took {nominal} damage")
        cards = self._pack_words(match, least, most)
        cap = f", capped: {cards} cards for {len(match.alive)} players" if least < nominal else ""
        should = str(most) if least == most else f"{least} to {most}"
        state.deal_findings.append((
            "22.deal-size",
            f"each player is dealt {state.size} cards; deal {number} should deal "
            f"{should} ({why}{cap})", None))

    def _pack_words(self, match: Match22, least: int, most: int) -> str:
        """The cards the pack holds, in words: a number, or a range when markers are not
        known."""
        return (str(self.available(match)) if least == most
                else f"{self.available_least(match)} to {self.available(match)}")

    @staticmethod
    def _maybe_dead(match: Match22) -> list[str]:
        """Living seats whose damage total is not known and may have reached 22."""
        return [seat for seat in match.alive
                if match.damage[seat] < DEATH <= match.damage[seat]
                + match.damage_slack.get(seat, 0)]

    def _gone_by_the_record(self, match: Match22, deal: Deal) -> tuple[list[str], list[str]]:
        """Who is still in the game, where only the record can say: after a deal whose
        replay did not finish (its deaths are unknown, or rest on its result line), and for
        a seat whose damage total is not known and may have reached 22. Such a living player
        with neither a hand line nor an action in this deal is taken to be out of the game
        (the record deals him nothing). Returns those gone (now out of ``match.alive``) and
        the seats still unsure that the record shows playing on."""
        unsure = list(match.alive) if match.stopped else self._maybe_dead(match)
        if not unsure:
            return [], []
        present = {hand.seat for hand in deal.hands} | {e.action.seat for e in deal.events}
        gone = [seat for seat in unsure if seat not in present]
        if len(gone) >= len(match.alive) - 1:
            return [], []  # a deal with fewer than two players is no evidence
        match.alive = [seat for seat in match.alive if seat not in gone]
        if match.stopped:
            self._markers_of_the_gone(match, gone)
        return gone, [seat for seat in self._maybe_dead(match) if seat in present]

    @staticmethod
    def _markers_of_the_gone(match: Match22, gone: list[str]) -> None:
        """A player who died in the stopped deal lost it and kept a damage marker: count the
        markers its result line leaves out (without one, one loser is counted already)."""
        if match.losers is None:
            extra = min(max(len(gone) - 1, 0), match.marker_slack)
            match.marker_slack -= extra
        else:
            extra = sum(1 for seat in gone if seat not in match.losers)
        match.unknown_markers += extra

    @staticmethod
    def _note_who_is_in(state: TwentyTwoState, match: Match22, gone: list[str],
                        unsure: list[str]) -> None:
        """Notes for the players the record alone keeps in or takes out of the game."""
        last = match.stopped or match.deals

        def totals(seats: list[str]) -> str:
            return ", ".join(f"{seat} {match.damage[seat]} to "
                             f"{match.damage[seat] + match.damage_slack.get(seat, 0)}"
                             for seat in seats)

        if gone:
            who = " and ".join(gone)
            why = ("which was not replayed to its end" if match.stopped
                   else f"and the damage total is not known ({totals(gone)})")
            state.notes.append(("22.dead-player", f"{who} "
                                f"{'has' if len(gone) == 1 else 'have'} no hand line and no "
                                f"action in deal {state.number}: taken to have died in deal "
                                f"{last}, {why}"))
        if unsure:
            who = " and ".join(unsure)
            state.notes.append(("22.dead-player", f"could not check whether {who} died in "
                                f"deal {last}: the damage total is not known "
                                f"({totals(unsure)}, a deal before was not replayed to its "
                                f"end); the record has {who} play on"))

    @staticmethod
    def _totals_from_record(match: Match22, state: TwentyTwoState, change: dict[str, int]
                            ) -> None:
        """A seat whose damage total is not known takes it from the deal's ``result score``
        line, where that total is one the seat can have."""
        for line in state.recorded:
            if line.kind != "score":
                continue
            for seat, total in line.values:
                slack = match.damage_slack.get(seat)
                before = total - change.get(seat, 0)
                if slack is not None and match.damage[seat] <= before <= match.damage[seat] + slack:
                    match.damage[seat] = before
                    del match.damage_slack[seat]
            return
