"""What one seat knows during play: its own cards and everything public (card tracking).

A :class:`Knowledge` is built from a view (:meth:`Knowledge.from_view`) and
never from the hidden state: cards played, suits each seat has shown to be
void in (R5.2, R5.4), suits a seat has shown to hold no pair in (R5.3), cards
a seat is known to hold (showings, R8; the rest of a failed throw, R4.4),
and the kitty this seat buried itself (R8.8).

The public part (:class:`Public`) is shared: Monte Carlo playouts keep one
``Public`` and four ``Knowledge`` objects up to date with :meth:`Public.observe`
instead of building views, so the rule bot plays the playouts from exactly
the kind of information it has at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARD_POINTS, KINDS, Card
from ..combos import LeadFormat, pair_steps
from ..phase import Phase
from ..rules import Rules
from ..scoring import team_of
from ..trick import Standing, standing_after
from ..trump import TRUMP_SUIT, Order, Trump
from ..view import SeatView

SUITS_FOR_PLAY = 5


def kinds_by_suit(order: Order) -> list[list[int]]:
    """The card kinds of each suit for play, highest step first."""
    by_suit: list[list[int]] = [[] for _ in range(SUITS_FOR_PLAY)]
    for card in range(KINDS):
        by_suit[order.suit_of[card]].append(card)
    for kinds in by_suit:
        kinds.sort(key=lambda c: -order.step_of[c])
    return by_suit


_KINDS_BY_SUIT: dict[int, list[list[int]]] = {}


def suit_kinds(order: Order) -> list[list[int]]:
    """:func:`kinds_by_suit`, computed once per order table (orders live for the whole run,
    being cached by :meth:`engine.trump.Trump.order`, so their ids are stable keys)."""
    key = id(order)
    found = _KINDS_BY_SUIT.get(key)
    if found is None:
        found = _KINDS_BY_SUIT[key] = kinds_by_suit(order)
    return found


def view_order(view: SeatView) -> Order:
    """The card order (R2) of the trump a view shows (final once play starts)."""
    trump = view.trump or Trump(view.level, None)
    return trump.order(view.rules.twos_trump)


class Public:
    """Everything all four seats have seen during play, kept up to date play by play."""

    __slots__ = (
        "dealer",
        "declarers",
        "hand_sizes",
        "held",
        "lead",
        "leader",
        "no_pairs",
        "order",
        "penalty",
        "played",
        "played_by",
        "plays",
        "rules",
        "standing",
        "table",
        "trick_points",
        "void",
    )

    def __init__(self, rules: Rules, order: Order, dealer: int, hand_sizes: Sequence[int]) -> None:
        self.rules = rules
        self.order = order
        self.dealer = dealer
        self.declarers = team_of(dealer)
        self.played = [0] * KINDS
        self.played_by: list[list[Card]] = [[], [], [], []]
        self.void = [[False] * SUITS_FOR_PLAY for _ in range(4)]
        self.no_pairs = [[False] * SUITS_FOR_PLAY for _ in range(4)]
        self.held: list[dict[int, int]] = [{}, {}, {}, {}]  # cards a seat is known to hold
        self.leader = dealer
        self.plays: list[tuple[int, tuple[Card, ...]]] = []
        self.lead: LeadFormat | None = None
        self.standing: Standing | None = None  # who is winning the trick in progress (R6)
        self.table = 0  # the points played to it (R7)
        self.trick_points = 0  # the defenders' points so far (R7.2)
        self.penalty = 0  # R4.5, signed for the defenders
        self.hand_sizes = list(hand_sizes)

    def copy(self) -> Public:
        other = Public(self.rules, self.order, self.dealer, self.hand_sizes)
        other.played = list(self.played)
        other.played_by = [list(p) for p in self.played_by]
        other.void = [list(v) for v in self.void]
        other.no_pairs = [list(v) for v in self.no_pairs]
        other.held = [dict(h) for h in self.held]
        other.leader, other.plays, other.lead = self.leader, list(self.plays), self.lead
        other.standing, other.table = self.standing, self.table
        other.trick_points, other.penalty = self.trick_points, self.penalty
        return other

    def note_held(self, seat: int, cards: Sequence[int]) -> None:
        """``seat`` showed these cards (a showing, or the rest of a failed throw): it holds them."""
        counts: dict[int, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        held = self.held[seat]
        for c, n in counts.items():
            held[c] = max(held.get(c, 0), n)

    def observe(self, seat: int, cards: Sequence[Card], tried: Sequence[Card] | None = None) -> None:
        """Record one play (``tried``: the whole failed throw it came from, R4.4)."""
        order = self.order
        if not self.plays:
            self.lead = LeadFormat(cards, order)
            self.leader = seat
        else:
            self._infer_from_follow(seat, cards)
        self.standing = standing_after(self.standing, cards, len(self.plays), self.current_lead(), order)
        held = self.held[seat]
        self.played_by[seat] += cards
        for c in cards:
            self.played[c] += 1
            if held.get(c):
                held[c] -= 1
        if tried is not None:
            rest = list(tried)
            for c in cards:
                rest.remove(c)
            self.note_held(seat, rest)
        self.hand_sizes[seat] -= len(cards)
        self.table += sum(CARD_POINTS[c] for c in cards)
        self.plays.append((seat, tuple(cards)))
        if len(self.plays) == 4:
            self._close_trick()

    def current_lead(self) -> LeadFormat:
        """The lead of the trick in progress (what a follow answers)."""
        if self.lead is None:
            raise ValueError("no trick is in progress: there is no lead to follow")
        return self.lead

    def current_standing(self) -> Standing:
        """Who is winning the trick in progress so far (R6)."""
        if self.standing is None:
            raise ValueError("no trick is in progress: nobody is winning one")
        return self.standing

    def _infer_from_follow(self, seat: int, cards: Sequence[Card]) -> None:
        lead, suit_of = self.current_lead(), self.order.suit_of
        in_suit = [c for c in cards if suit_of[c] == lead.suit]
        if len(in_suit) < lead.size:
            self.void[seat][lead.suit] = True  # R5.2/R5.4: all of the suit was played
        elif lead.pair_slots and len(pair_steps(in_suit, self.order)) < lead.pair_slots:
            self.no_pairs[seat][lead.suit] = True  # R5.3: pairs held must be played

    def _close_trick(self) -> None:
        won_by = self.plays[self.current_standing().best][0]
        if team_of(won_by) != self.declarers:
            self.trick_points += self.table
        self.leader, self.plays, self.lead, self.standing, self.table = won_by, [], None, None, 0

    # ------------------------------------------------------------- the current trick

    def trick_winner(self) -> int | None:
        """Seat whose play currently wins the trick (``None`` before the lead)."""
        if not self.plays:
            return None
        return self.plays[self.current_standing().best][0]

    def table_points(self) -> int:
        return self.table


class Knowledge:
    """One seat's knowledge: the shared :class:`Public` part plus its own cards."""

    __slots__ = ("hand", "known_kitty", "mine", "public", "seat")

    def __init__(self, seat: int, public: Public, hand: Sequence[Card],
                 known_kitty: Sequence[int] = ()) -> None:
        self.seat = seat
        self.public = public
        self.hand = list(hand)
        self.mine = [0] * KINDS
        for c in hand:
            self.mine[c] += 1
        # R7.5/R8.8: the cards this seat buried are in the kitty, out of every hand.
        self.known_kitty = [0] * KINDS
        for card in known_kitty:
            self.known_kitty[card] += 1

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        """The knowledge of ``view.seat`` during play, from its view alone."""
        if view.seat is None or view.dealer is None:
            raise ValueError("card tracking needs a seat's view of a hand in play")
        public = Public(view.rules, view_order(view), view.dealer, [25, 25, 25, 25])
        for showing in view.showings:
            public.note_held(showing.seat, showing.cards)
        tricks = view.tricks if view.trick is None else (*view.tricks, view.trick)
        for trick in tricks:
            failed = trick.failed_throw
            for i, (seat, cards) in enumerate(trick.plays):
                public.observe(seat, cards, failed.cards if failed and i == 0 else None)
        # The view's own counts are authoritative (its totals include R4.5 penalties).
        public.trick_points, public.penalty = view.trick_points, view.penalty
        public.hand_sizes = list(view.hand_sizes)
        # R8.5 炒底: the cards this seat buried are the kitty only while it lies buried: an overturner takes it up
        # (burying is under way), may bury some of them again, and this seat may take them up once more.
        buried_now = view.kitty_burier == view.seat and view.phase is not Phase.BURYING
        known_kitty = view.buried or () if buried_now else ()
        return cls(view.seat, public, view.hand, known_kitty)

    # ------------------------------------------------------------- own cards

    def remove(self, cards: Sequence[Card]) -> None:
        for c in cards:
            self.hand.remove(c)
            self.mine[c] -= 1

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def declaring(self) -> bool:
        return self.team == self.public.declarers

    # ------------------------------------------------------------- the unseen cards

    def unseen(self, card: int) -> int:
        """Copies of ``card`` that may be in another seat's hand (or the kitty)."""
        return 2 - self.public.played[card] - self.mine[card] - self.known_kitty[card]

    def unseen_cards(self, suit: int) -> list[int]:
        """The unseen cards of one suit for play (as card indices), with multiplicity."""
        played, mine, kitty = self.public.played, self.mine, self.known_kitty
        cards: list[int] = []
        for c in suit_kinds(self.public.order)[suit]:
            n = 2 - played[c] - mine[c] - kitty[c]
            if n == 2:
                cards += (c, c)
            elif n == 1:
                cards.append(c)
        return cards

    def any_unseen(self, suit: int) -> bool:
        """Might any other seat (or the kitty) hold a card of ``suit``?"""
        played, mine, kitty = self.public.played, self.mine, self.known_kitty
        return any(played[c] + mine[c] + kitty[c] < 2 for c in suit_kinds(self.public.order)[suit])

    def others_may_hold(self, suit: int) -> list[int]:
        """Other seats not known to be void in ``suit``."""
        void = self.public.void
        return [s for s in range(4) if s != self.seat and not void[s][suit]]

    def higher_single_out(self, suit: int, step: int) -> bool:
        """Might another seat hold a card of ``suit`` above ``step``?"""
        step_of = self.public.order.step_of
        for c in suit_kinds(self.public.order)[suit]:
            if step_of[c] <= step:
                return False
            if self.unseen(c):
                return True
        return False

    def higher_pair_out(self, suit: int, step: int) -> bool:
        """Might another seat hold a pair of ``suit`` above ``step`` (R4.3)?"""
        holders = [s for s in self.others_may_hold(suit) if not self.public.no_pairs[s][suit]]
        if not holders:
            return False
        step_of = self.public.order.step_of
        for c in suit_kinds(self.public.order)[suit]:
            if step_of[c] <= step:
                return False
            if self.unseen(c) == 2:
                return True
        return False

    def masters(self) -> frozenset[int]:
        """The cards held that no unseen card outranks in their suit for play (R6.1): each wins a trick of
        its suit led as a single, whoever holds what is left."""
        suit_of, step_of = self.public.order.suit_of, self.public.order.step_of
        return frozenset(c for c in set(self.hand) if not self.higher_single_out(suit_of[c], step_of[c]))

    def ruff_threat(self, suit: int, seats: Sequence[int]) -> bool:
        """Is one of ``seats`` known to be void in the plain ``suit`` while it may still hold trumps?"""
        void = self.public.void
        return suit != TRUMP_SUIT and any(void[s][suit] and not void[s][TRUMP_SUIT] for s in seats)

    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)
