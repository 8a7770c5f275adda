"""The last tricks of one world solved exactly (issue 15, point 3).

Once a seat holds :data:`ENDGAME_CARDS` cards or fewer, the search bot values
its candidates in each sampled world by perfect play of every seat to the end
of the hand (alpha-beta over the remaining tricks, each team maximising its own
payoff, :func:`.outcome.payoff`) instead of by the rule bot's playout. The last
trick decides the kitty (R7.3, R7.4), and the rule bot does not plan for it.

Every play the search tries is legal: leads are the singles, pairs and tractors
held (R3) and, per suit, the whole holding thrown when it stands against the
other hands (R4.3; a throw that would fail is not tried); follows are every
distinct play that :func:`engine.follow.follow_error` accepts (R5).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from ..cards import Card, points_of
from ..combos import LeadFormat
from ..follow import follow_error
from ..moves import lead_candidates
from ..rules import Rules
from ..scoring import HandResult, multiplier_for, settle, team_of, throw_penalty
from ..throw import check_throw
from ..trick import plays_points, trick_winner
from ..trump import Order
from .knowledge import Public
from .outcome import payoff

ENDGAME_CARDS = 3  # the seat to play holds this many cards or fewer: solve the rest exactly

Hands = list[list[Card]]
Plays = list[tuple[int, tuple[Card, ...]]]


class Endgame:
    """The rest of a hand from ``public``'s position, for ``team``, in any world of the hidden cards."""

    def __init__(self, rules: Rules, levels: tuple[str, str], public: Public, team: int) -> None:
        self.rules = rules
        self.levels = levels
        self.order: Order = public.order
        self.dealer = public.dealer
        self.declarers = public.declarers
        self.team = team
        self.leader = public.leader
        self.plays: Plays = list(public.plays)
        self.lead = public.lead
        self.trick_points = public.trick_points
        self.penalty = public.penalty
        self._payoffs: dict[tuple[int, int, int, int], float] = {}

    def value(self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card], first: tuple[int, Sequence[Card]]) -> float:
        """``team``'s payoff when ``first`` (seat, cards: a legal play) is played now and then every seat
        plays perfectly with all hands known."""
        held = [list(h) for h in hands]
        seat, cards = first
        play, penalty, lead = tuple(cards), self.penalty, self.lead
        if lead is None:
            lead = LeadFormat(play, self.order)
            others = [held[(seat + k) % 4] for k in (1, 2, 3)]
            checked = check_throw(play, others, self.order, self.rules.edge_triple, lead)
            if not checked.ok:
                # R4.4, R4.5: in this world the throw fails; the forced component is played, with the penalty.
                play = checked.forced
                penalty += throw_penalty(checked.failed_cards, team_of(seat) == self.declarers, self.rules)
                lead = LeadFormat(play, self.order)
        for card in play:
            held[seat].remove(card)
        return self._after(held, points_of(kitty), self.plays + [(seat, play)], lead, self.trick_points, penalty,
                           -math.inf, math.inf)

    def _after(self, hands: Hands, kitty_points: int, plays: Plays, lead: LeadFormat, points: int, penalty: int,
               alpha: float, beta: float) -> float:
        """The value once ``plays`` were made to the trick in progress."""
        if len(plays) < 4:
            return self._turn(hands, kitty_points, plays, lead, points, penalty, alpha, beta)
        best = trick_winner([p for _, p in plays], self.order, lead)
        winner = plays[best][0]
        if team_of(winner) != self.declarers:
            points += plays_points(plays)
        if hands[winner]:
            return self._turn(hands, kitty_points, [], None, points, penalty, alpha, beta, winner)
        multiplier = 0
        if team_of(winner) != self.declarers:
            multiplier = multiplier_for(lead.largest.kind, lead.largest.length, self.rules.kitty_multiplier)
        return self._final(points, kitty_points, multiplier, penalty)

    def _turn(self, hands: Hands, kitty_points: int, plays: Plays, lead: LeadFormat | None, points: int,
              penalty: int, alpha: float, beta: float, leader: int | None = None) -> float:
        seat = leader if leader is not None else (plays[-1][0] + 1) % 4
        mine = team_of(seat) == self.team
        best = -math.inf if mine else math.inf
        for play in self._choices(hands, seat, lead):
            held = hands[seat]
            rest = list(held)
            for card in play:
                rest.remove(card)
            hands[seat] = rest
            value = self._after(hands, kitty_points, plays + [(seat, play)], lead or LeadFormat(play, self.order),
                                points, penalty, alpha, beta)
            hands[seat] = held
            if mine:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _choices(self, hands: Hands, seat: int, lead: LeadFormat | None) -> list[tuple[Card, ...]]:
        held = hands[seat]
        if lead is None:
            return leads(held, [hands[(seat + k) % 4] for k in (1, 2, 3)], self.order, self.rules.edge_triple)
        return follows(held, lead, self.order)

    def _final(self, points: int, kitty_points: int, multiplier: int, penalty: int) -> float:
        key = (points, kitty_points, multiplier, penalty)
        found = self._payoffs.get(key)
        if found is None:
            settlement = settle(self.rules, self.levels, self.dealer, points, kitty_points, multiplier, penalty)
            found = self._payoffs[key] = payoff(HandResult.settled(settlement), self.team)
        return found


def leads(hand: Sequence[Card], others: Sequence[Sequence[Card]], order: Order,
          edge_triple: bool) -> list[tuple[Card, ...]]:
    """The leads tried: every single, pair and tractor (R3), and each suit's whole holding when it is a
    throw that stands against ``others`` (R4.3)."""
    found = lead_candidates(hand, order)
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(order.suit_of[card], []).append(card)
    for cards in by_suit.values():
        if len(cards) > 1 and tuple(cards) not in found:
            lead = LeadFormat(cards, order)
            if lead.is_throw and check_throw(cards, others, order, edge_triple, lead).ok:
                found.append(tuple(cards))
    return found


def follows(hand: Sequence[Card], lead: LeadFormat, order: Order) -> list[tuple[Card, ...]]:
    """Every distinct legal follow to ``lead`` from ``hand`` (R5)."""
    if lead.size == 1:
        in_suit = sorted({c for c in hand if order.suit_of[c] == lead.suit})
        return [(c,) for c in (in_suit or sorted(set(hand)))]
    found = {play for play in combinations(sorted(hand), lead.size)}
    return [play for play in sorted(found) if follow_error(hand, lead, play, order) is None]
