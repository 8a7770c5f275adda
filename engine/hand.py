"""One hand as a state machine: deal, declare, bury, overturn, play, score.

Phases, in order (some are skipped by the rules; :class:`~engine.phase.Phase`):

- ``dealing``: the seat in :attr:`Hand.to_act` draws the next card (R1.3);
  any seat may show at any moment with the cards it has received (R8.1).
- ``declaring``: the last chance before the kitty is picked up; seats answer
  in turn with a showing or a pass until four pass in succession.
- ``burying``: the dealer (or an overturner, R8.5 炒底) holds the kitty and buries 8 (R8.8).
- ``overturning``: the rounds of R8.5 after the bury.
- ``playing``: 25 tricks (R4–R6).
- ``done``: scored (R7, R9), or to be redealt.

Every change goes through :meth:`Hand.apply`, which checks the action first
(:meth:`Hand.verify`, one check per kind of action in :data:`CHECKS`), applies it
(:data:`TRANSITIONS`) and logs it; :meth:`Hand.to_dict` is the setup plus the log, and
:meth:`Hand.from_dict` replays it. The phases before play are :mod:`engine.declaring`,
the candidate and random moves :mod:`engine.moves`, the seat's view :mod:`engine.view`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from . import declaring, moves
from .actions import Action, Bury, Draw, IllegalAction, LogEntry, Pass, Play, Show, decode, encode
from .cards import Card, format_cards, full_deck, parse_cards, points_of
from .combos import LeadFormat
from .follow import follow_error
from .hand_state import DEALT, FULL_DECK, FULL_DECK_TUPLE, SEATS, HandState
from .phase import ANSWERING_PHASES, BURYING, DEALING, DECLARING, DONE, PLAYING, Phase
from .reasons import N_, Reason, Refusal, SeatNumber, Term
from .rules import Rules
from .scoring import HandResult, multiplier_for, settle, team_of, throw_penalty
from .throw import check_throw, lead_error
from .trick import FailedThrow, Trick, plays_points
from .trump import Trump
from .view import MatchSummary, SeatView, seat_view


class Hand(HandState):
    """One hand. Build it with :meth:`deal` (random), from a deck order, or :meth:`at_play` (a position)."""

    def __init__(self, rules: Rules, deck: Sequence[Card | str], levels: tuple[str, str] = ("2", "2"),
                 dealer: int | None = None, first_drawer: int | None = None, hand_number: int = 1) -> None:
        cards = parse_cards(deck)
        if sorted(cards) != FULL_DECK:
            raise Refusal(Reason("R1.2", N_("a deck must hold the 108 cards of two decks, each card twice")))
        if dealer is None and levels[0] != levels[1]:
            raise Refusal(Reason("R9.1", N_("the first hand of a match is played with both teams at one level")))
        self._setup(rules, tuple(cards), (levels[0], levels[1]), dealer, first_drawer, hand_number)

    @classmethod
    def at_play(cls, rules: Rules, trump: Trump, hands: Sequence[Sequence[Card | str]], *, dealer: int,
                leader: int, kitty: Sequence[Card | str] = (), levels: tuple[str, str] | None = None,
                trick_plays: Sequence[tuple[int, Sequence[Card | str]]] = (), trick_points: int = 0,
                penalty: int = 0) -> Hand:
        """A hand in the playing phase from an explicit position (puzzles, tests, bot playouts).

        ``hands`` are the cards each seat holds now; ``trick_plays`` the plays
        already made to the trick ``leader`` led (taken as they are, without a
        throw check); ``trick_points`` what the defenders have taken so far.
        """
        hand = cls.__new__(cls)
        levels = levels or (trump.level, trump.level)
        hand._setup(rules, FULL_DECK_TUPLE, (levels[0], levels[1]), dealer, None, 1)
        hand.hands = [parse_cards(h) for h in hands]
        hand.drawn, hand.kitty = DEALT, parse_cards(kitty)
        order = trump.order(rules.twos_trump)
        hand.trump, hand.order = trump, order
        hand.trick_points, hand.penalty = trick_points, penalty
        trick = Trick(leader)
        hand.phase, hand.turn, hand.trick = PLAYING, leader, trick
        plays = [(seat, tuple(parse_cards(cards))) for seat, cards in trick_plays]
        for seat, cards in plays:
            trick.add(seat, cards, order)
            hand.turn = (seat + 1) % 4
        hand.position = {"trump": trump, "hands": [list(h) for h in hand.hands], "dealer": dealer,
                         "leader": leader, "kitty": list(hand.kitty), "levels": levels, "trick_plays": plays,
                         "trick_points": trick_points, "penalty": penalty}
        return hand

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random, **setup: Any) -> Hand:
        deck = full_deck()
        rng.shuffle(deck)
        return cls(rules, deck, **setup)

    # ----------------------------------------------------------------- checking

    def verify(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``seat`` may take ``action`` now."""
        reason = self._error(seat, action)
        if reason is not None:
            raise IllegalAction(reason, f"seat {seat} may not {_describe(action)}: {reason}")

    def can_apply(self, seat: int, action: Action) -> bool:
        return self._error(seat, action) is None

    def _error(self, seat: int, action: Action) -> Reason | None:
        if seat not in SEATS:
            return Reason(None, N_("there is no seat %(seat)s (seats are 0–3)"), seat=repr(seat))
        if self.phase is DONE:
            return Reason(None, N_("the hand is over"))
        try:
            check = CHECKS[type(action)]
        except KeyError:
            return Reason(None, N_("unknown action %(action)s"), action=repr(action))
        return check(self, seat, action)

    def _play_error(self, seat: int, action: Play) -> Reason | None:
        trick, order, cards = self.trick, self.order, action.cards
        if trick is None or order is None:
            raise RuntimeError("no trick is being played")
        if trick.lead is None:
            return declaring.held_error(self, seat, cards) or lead_error(cards, order)
        return follow_error(self.hands[seat], trick.lead, cards, order)

    # ----------------------------------------------------------------- applying

    def apply(self, seat: int, action: Action) -> LogEntry:
        """Check and apply one action, and return (and log) what it did; on an illegal one raise
        :class:`IllegalAction` and change nothing."""
        self.verify(seat, action)
        # Only a play has more to record than who did what.
        entry = TRANSITIONS[type(action)](self, seat, action) or LogEntry(seat, action)
        self.log.append(entry)
        return entry

    def _draw(self, seat: int, action: Draw) -> None:
        drawer = self.turn
        self.hands[drawer].append(self.deck[self.drawn])
        self.drawn += 1
        self.turn = (drawer + 1) % 4
        if self.drawn == DEALT:
            self.phase, self.turn, self.passes = DECLARING, self.first_drawer, 0

    def _play(self, seat: int, action: Play) -> LogEntry:
        trick = self.trick
        played = self.play_unchecked(seat, action.cards)
        if trick is None or trick.winner is None:
            return LogEntry(seat, action, played)
        return LogEntry(seat, action, played, trick.winner, trick.points)

    def play_unchecked(self, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Play ``cards`` for ``seat`` without checking or logging it, and return the cards played (a failed
        throw's forced cards, R4.4): what :meth:`apply` does with a play it has checked, and what the bots'
        playouts do with the rule bot's plays (legal by construction: the arena counts every bot's illegal
        actions, and tests assert none). Everything else goes through :meth:`apply`, whose log is the hand's
        record."""
        trick, order = self.trick, self.order
        if trick is None or order is None:
            raise RuntimeError("no trick is being played")
        hand = self.hands[seat]
        if trick.lead is None:
            lead = LeadFormat(cards, order)
            if lead.is_throw:  # R4.3: only a throw is checked against the other hands
                others = [self.hands[(seat + k) % 4] for k in (1, 2, 3)]
                checked = check_throw(cards, others, order, self.rules.edge_triple, lead)
                if not checked.ok:
                    # R4.4: the leader plays the forced component; R4.5 charges the failing cards.
                    trick.failed_throw = FailedThrow(cards, checked.failed_cards)
                    self.penalty += throw_penalty(checked.failed_cards, team_of(seat) == self.declarers, self.rules)
                    cards = checked.forced
                    lead = LeadFormat(cards, order)
            trick.lead = lead
        for card in cards:
            hand.remove(card)
        standing = trick.add(seat, cards, order)
        if len(trick.plays) < 4:
            self.turn = (seat + 1) % 4
            return cards
        won_by = trick.winner = trick.plays[standing.best][0]
        trick.points = plays_points(trick.plays)
        if team_of(won_by) != self.declarers:
            self.trick_points += trick.points  # R7.2: defenders keep the points of tricks they win.
        self.tricks.append(trick)
        if hand:
            self.trick = Trick(won_by)
            self.turn = won_by  # R4.1: the winner leads next.
        else:
            self.trick = None
            self._score(trick)
        return cards

    def _score(self, last: Trick) -> None:
        dealer = self.dealer
        if dealer is None or last.winner is None or last.lead is None:
            raise RuntimeError("a hand is scored after its last trick, with a dealer")
        multiplier = 0
        if team_of(last.winner) != team_of(dealer):
            # R7.3/R7.4: the defenders took the last trick: kitty points times the lead's format.
            largest = last.lead.largest
            multiplier = multiplier_for(largest.kind, largest.length, self.rules.kitty_multiplier)
        self._finish(HandResult.settled(settle(self.rules, self.levels, dealer, self.trick_points,
                                               points_of(self.kitty), multiplier, self.penalty)))

    # ----------------------------------------------------------------- what a seat sees and may do

    def view(self, seat: int | None, match: MatchSummary | None = None) -> SeatView:
        """What ``seat`` may know now (``None``: a spectator), with the match around it; see :mod:`engine.view`."""
        return seat_view(self, seat, match)

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now: ``action in hand.legal_actions(seat)`` is :meth:`can_apply`, and
        iterating gives the candidates (see :class:`LegalActions`)."""
        return LegalActions(self, seat)

    # The engine's functions of a hand, as its methods (``hand.random_action(seat, rng)``).
    legal_showings = declaring.legal_showings

    def random_action(self, seat: int, rng: random.Random, show_chance: float = 0.3) -> Action | None:
        """:func:`engine.moves.random_action` (a method by delegation: a compiled function does not bind)."""
        return moves.random_action(self, seat, rng, show_chance)

    # ----------------------------------------------------------------- persistence

    def setup_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "deck": format_cards(self.deck),
            "levels": list(self.levels),
            "dealer": self.setup_dealer,
            "first_drawer": self.first_drawer,
            "hand_number": self.hand_number,
        }

    def to_dict(self) -> dict[str, Any]:
        position = self.position
        setup = {"position": self._position_dict(position)} if position is not None else self.setup_dict()
        return {**setup, "log": [[e.seat, encode(e.action)] for e in self.log]}

    def _position_dict(self, p: dict[str, Any]) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(), "trump": [p["trump"].level, p["trump"].suit],
            "hands": [format_cards(h) for h in p["hands"]], "dealer": p["dealer"], "leader": p["leader"],
            "kitty": format_cards(p["kitty"]), "levels": list(p["levels"]),
            "trick_plays": [[seat, format_cards(cards)] for seat, cards in p["trick_plays"]],
            "trick_points": p["trick_points"], "penalty": p["penalty"],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        if "position" in data:
            position = dict(data["position"])
            rules = Rules.from_dict(position.pop("rules"))
            hand = cls.at_play(rules, Trump(*position.pop("trump")), position.pop("hands"), **position)
        else:
            hand = cls(Rules.from_dict(data["rules"]), parse_cards(data["deck"]), tuple(data["levels"]),
                       data["dealer"], data["first_drawer"], data["hand_number"])
        for seat, action in data["log"]:
            hand.apply(seat, decode(action))
        return hand


class LegalActions:
    """The actions one seat may take now, after python-chess's ``board.legal_moves``.

    ``action in legal`` is the engine's own check (:meth:`Hand.can_apply`). Iterating gives the
    candidates, lazily (:func:`engine.moves.candidates`): complete while dealing, declaring and
    overturning; to bury or play the choice is combinatorial, so only the cheapest bury, every
    single, pair and tractor that can be led, or one legal follow. Empty (false) when the seat has
    nothing to do now.
    """

    __slots__ = ("hand", "seat")

    def __init__(self, hand: Hand, seat: int) -> None:
        self.hand = hand
        self.seat = seat

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self.hand.can_apply(self.seat, action)

    def __iter__(self) -> Iterator[Action]:
        return moves.candidates(self.hand, self.seat)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __repr__(self) -> str:
        return f"<LegalActions of seat {self.seat}: {', '.join(_describe(a) for a in self)}>"


# ----------------------------------------------------------------- one check and one transition per action

Check = Callable[[Hand, int, Any], "Reason | None"]


def _on_turn(phases: frozenset[Phase], refusal: str, then: Check | None = None) -> Check:
    """The check of an action only the seat to act may take (R1.1), and only in ``phases``; ``then``: its own."""

    def check(hand: Hand, seat: int, action: Any) -> Reason | None:
        if seat != hand.turn:
            return Reason("R1.1", N_("it is seat %(seat)s's turn (%(phase)s)"), seat=SeatNumber(hand.turn),
                          phase=Term(hand.phase))
        if hand.phase not in phases:
            return Reason(None, refusal, phase=Term(hand.phase))
        return None if then is None else then(hand, seat, action)

    return check


# Any seat may show while dealing (R8.1); every other action is the seat to act's.
CHECKS: dict[type, Check] = {
    Show: lambda hand, seat, action: declaring.show_error(hand, seat, action.cards),
    Draw: _on_turn(frozenset({DEALING}), N_("no card to draw while %(phase)s")),
    Pass: _on_turn(ANSWERING_PHASES, N_("nothing to pass while %(phase)s")),
    Bury: _on_turn(frozenset({BURYING}), N_("nothing to bury while %(phase)s"), declaring.bury_error),
    Play: _on_turn(frozenset({PLAYING}), N_("no card can be played while %(phase)s"), Hand._play_error),
}
TRANSITIONS: dict[type, Callable[[Hand, int, Any], LogEntry | None]] = {
    Draw: Hand._draw,
    Show: declaring.show,
    Pass: declaring.pass_turn,
    Bury: declaring.bury,
    Play: Hand._play,
}


def _describe(action: Action) -> str:
    cards = getattr(action, "cards", None)
    return action.type + (f" {format_cards(cards)}" if cards else "")
