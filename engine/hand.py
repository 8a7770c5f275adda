"""One hand as a state machine: deal, declare, bury, overturn, play, score.

Phases, in order (some are skipped by the rules):

- ``dealing``: the seat in :attr:`Hand.to_act` draws the next card (R1.3);
  any seat may show at any moment with the cards it has received (R8.1).
- ``declaring``: the last chance before the kitty is picked up; seats answer
  in turn with a showing or a pass until four pass in succession.
- ``burying``: the dealer (or an overturner, R8.5 炒底) holds the kitty and buries 8 (R8.8).
- ``overturning``: the rounds of R8.5 after the bury.
- ``playing``: 25 tricks (R4–R6).
- ``done``: scored (R7, R9), or to be redealt.

Every change goes through :meth:`Hand.apply`, which checks the action first
(:meth:`Hand.verify`) and logs it; :meth:`Hand.to_dict` is the setup plus the
log, and :meth:`Hand.from_dict` replays it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Action, Bury, Draw, IllegalAction, LogEntry, Pass, Play, Show, decode, encode
from .cards import Card, format_cards, full_deck, parse_cards, points_of
from .combos import LeadFormat
from .declaring import SMALL_JOKERS_TIER, Showing, candidate_showings, read_showing
from .follow import follow_error, missing_cards, not_held, random_follow
from .phase import (
    ANSWERING_PHASES,
    BURYING,
    DEALING,
    DECLARING,
    DONE,
    OVERTURNING,
    PLAYING,
    SHOWING_PHASES,
    Phase,
)
from .reasons import N_, Reason, Term
from .rules import Rules
from .scoring import HandResult, multiplier_for, settle, team_of, throw_penalty
from .suggest import lead_candidates, random_lead
from .throw import check, lead_error
from .trick import FailedThrow, Trick, winner
from .trump import Order, Trump
from .view import MatchSummary, SeatView, seat_view

HAND_SIZE, KITTY_SIZE, DEALT = 25, 8, 100
FULL_DECK = full_deck()  # in index order, as sorted() leaves a deck
FULL_DECK_TUPLE = tuple(FULL_DECK)


class Hand:
    """The state of one hand. Build it with :meth:`deal` (random) or directly from a deck order."""

    def __init__(self, rules: Rules, deck: Sequence[Card | str], levels: tuple[str, str] = ("2", "2"),
                 dealer: int | None = None, first_drawer: int | None = None, hand_number: int = 1) -> None:
        deck = parse_cards(deck)
        if sorted(deck) != FULL_DECK:
            raise ValueError("a deck must hold the 108 cards of two decks, each card twice (R1.2)")
        if dealer is None and levels[0] != levels[1]:
            raise ValueError("R9.1: the first hand of a match is played with both teams at one level")
        self._setup(rules, tuple(deck), tuple(levels), dealer, first_drawer, hand_number)

    def _setup(self, rules: Rules, deck: tuple[Card, ...], levels: tuple[str, str], dealer: int | None,
               first_drawer: int | None, hand_number: int) -> None:
        self.position: dict[str, Any] | None = None  # the at_play() arguments, for to_dict()
        self.rules = rules
        self.deck = deck
        self.setup_dealer = dealer
        self.levels = levels
        self.dealer = dealer
        self.first_hand = dealer is None  # R8.3: the first hand of a match has no dealer yet.
        self.first_drawer = (dealer if dealer is not None else 0) if first_drawer is None else first_drawer
        self.hand_number = hand_number
        self.phase: Phase = DEALING
        self.hands: list[list[Card]] = [[], [], [], []]
        self.drawn = 0
        self.showing: Showing | None = None
        self.showings: list[Showing] = []
        self.turn = self.first_drawer  # whose action the phase waits for
        self.passes = 0
        self.opponents_may_declare = False  # R8.7 dealer_team_first, after the dealer's team could not
        self.round_left = 0  # R8.5 after_bury_no_trump: seats still to speak in the no-trump round
        self.kitty_card: Card | None = None  # R8.6: the kitty's third card, when it named the trump
        self.kitty: list[Card] = list(deck[DEALT:])
        self.kitty_holder: int | None = None
        self.kitty_taken: tuple[Card, ...] = ()  # what the current holder picked up
        self.buried_by: dict[int, tuple[Card, ...]] = {}
        self.kitty_burier: int | None = None  # who put the current kitty down (public)
        self.trump: Trump | None = None
        self.order: Order | None = None
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.trick_points = 0
        self.penalty = 0
        self.result: HandResult | None = None
        self.log: list[LogEntry] = []

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
        levels = tuple(levels or (trump.level, trump.level))
        hand._setup(rules, FULL_DECK_TUPLE, levels, dealer, None, 1)
        hand.hands = [parse_cards(h) for h in hands]
        hand.drawn, hand.kitty = DEALT, parse_cards(kitty)
        hand.trump, hand.order = trump, trump.order(rules.twos_trump)
        hand.trick_points, hand.penalty = trick_points, penalty
        hand.phase, hand.turn, hand.trick = PLAYING, leader, Trick(leader)
        plays = [(seat, tuple(parse_cards(cards))) for seat, cards in trick_plays]
        for seat, cards in plays:
            if not hand.trick.plays:
                hand.trick.lead = LeadFormat(cards, hand.order)
            hand.trick.plays.append((seat, cards))
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

    # ----------------------------------------------------------------- who and what

    @property
    def declarers(self) -> int | None:
        """The declaring team (R1.4), once there is a dealer."""
        return None if self.dealer is None else team_of(self.dealer)

    @property
    def level(self) -> str:
        """The level rank being played (R2.1): the dealer team's level.

        Before the first hand has a dealer both teams are at the same level; in
        R8.7's opponents' window, the opponents would declare at their own level.
        """
        if self.opponents_may_declare and self.showing is None:
            return self.levels[(self.dealer + 1) % 2]
        return self.levels[0 if self.dealer is None else team_of(self.dealer)]

    @property
    def to_act(self) -> int | None:
        """The seat the game waits for (others may still show while dealing)."""
        return None if self.phase is DONE else self.turn

    @property
    def trump_from_kitty(self) -> bool:
        """R8.6: nobody declared and the kitty's third card named the trump."""
        return self.kitty_card is not None

    def provisional_trump(self) -> Trump | None:
        """The trump as it stands now: the current showing while dealing, else the final trump."""
        if self.trump is not None:
            return self.trump
        return None if self.showing is None else Trump(self.level, self.showing.suit)

    # ----------------------------------------------------------------- checking

    def verify(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``seat`` may take ``action`` now."""
        reason = self._error(seat, action)
        if reason is not None:
            raise IllegalAction(reason, f"seat {seat} may not {_describe(action)}: {reason}")

    def can_apply(self, seat: int, action: Action) -> bool:
        return self._error(seat, action) is None

    def _error(self, seat: int, action: Action) -> Reason | None:
        if seat not in (0, 1, 2, 3):
            return Reason(None, N_("there is no seat %(seat)s (seats are 0–3)"), seat=repr(seat))
        if self.phase is DONE:
            return Reason(None, N_("the hand is over"))
        kind = type(action)
        if kind is Show:
            return self._show_error(seat, action.cards)
        if seat != self.turn:
            return Reason("R1.1", N_("it is seat %(seat)s's turn (%(phase)s)"), seat=self.turn,
                          phase=Term(self.phase))
        if kind is Play:
            if self.phase is not PLAYING:
                return Reason(None, N_("no card can be played while %(phase)s"), phase=Term(self.phase))
            return self._play_error(seat, action.cards)
        if kind is Draw:
            return None if self.phase is DEALING else Reason(None, N_("no card to draw while %(phase)s"),
                                                               phase=Term(self.phase))
        if kind is Pass:
            if self.phase in ANSWERING_PHASES:
                return None
            return Reason(None, N_("nothing to pass while %(phase)s"), phase=Term(self.phase))
        if kind is Bury:
            if self.phase is not BURYING:
                return Reason(None, N_("nothing to bury while %(phase)s"), phase=Term(self.phase))
            if len(action.cards) != KITTY_SIZE:
                return Reason("R8.8", N_("bury exactly %(count)s cards (you chose %(chosen)s)"),
                              count=KITTY_SIZE, chosen=len(action.cards))
            return _missing(self.hands[seat], action.cards)
        return Reason(None, N_("unknown action %(action)s"), action=repr(action))

    def _show_error(self, seat: int, cards: tuple[Card, ...]) -> Reason | None:
        if self.phase not in SHOWING_PHASES:
            return Reason("R8.5", N_("no showing is possible while %(phase)s"), phase=Term(self.phase))
        if self.phase is not DEALING and seat != self.turn:
            return Reason(None, N_("it is seat %(seat)s's turn to show or pass"), seat=self.turn)
        missing = _missing(self.hands[seat], cards)
        if missing:
            return missing
        read = read_showing(cards, self.level, self.rules)
        if isinstance(read, Reason):
            return read
        suit, strength = read
        current = self.showing
        joker_pair = strength[0] >= SMALL_JOKERS_TIER
        if self.phase is OVERTURNING and self.rules.overturn_timing == "after_bury_no_trump" and not joker_pair:
            return Reason("R8.5", N_("in the no-trump round only a pair of identical jokers can overturn"))
        if joker_pair and self.rules.declare_with == "joker_and_level" and self.phase is not OVERTURNING:
            return Reason("R8.4", N_("when declaring with a joker, jokers alone overturn only in the no-trump round "
                                     "of later hands"))
        if current is None:
            if joker_pair:
                return Reason("R8.1", N_("jokers alone cannot declare"))
            if self.dealer is not None and not self.first_hand and self.rules.who_may_declare == "dealer_team_first":
                if team_of(seat) != team_of(self.dealer) and not self.opponents_may_declare:
                    return Reason("R8.7", N_("only the dealer's team may declare until they pass"))
                if team_of(seat) == team_of(self.dealer) and self.opponents_may_declare:
                    return Reason("R8.7", N_("the dealer's team passed; now only the opponents may declare"))
            return None
        if seat == current.seat:
            # R8.4 reinforce: the standing declarer adds the second identical level card.
            if (self.phase is not OVERTURNING and strength[0] > current.strength[0] and suit == current.suit
                    and not joker_pair and set(current.cards) <= set(cards)):
                return None
            return Reason("R8.4", N_("you may not overturn your own showing (you may only reinforce it while "
                                     "dealing)"))
        if not self.rules.overturn_back and seat == self.showings[0].seat:
            return Reason("R8.4", N_("in these rules the first declarer may not overturn again"))
        if strength <= current.strength:
            return Reason("R8.4", N_("an overturn must be stronger than the showing %(cards)s"),
                          cards=format_cards(current.cards))
        return None

    def _play_error(self, seat: int, cards: tuple[Card, ...]) -> Reason | None:
        trick = self.trick
        if not trick.plays:
            missing = _missing(self.hands[seat], cards)
            return missing or lead_error(cards, self.order)
        return follow_error(self.hands[seat], trick.lead, cards, self.order)

    # ----------------------------------------------------------------- applying

    def apply(self, seat: int, action: Action) -> None:
        """Check and apply one action; on an illegal one raise :class:`IllegalAction` and change nothing."""
        self.verify(seat, action)
        self.log.append(LogEntry(seat, action))
        kind = type(action)
        if kind is Play:
            self._play(seat, action.cards)
        elif kind is Draw:
            self._draw()
        elif kind is Show:
            self._show(seat, action.cards)
        elif kind is Pass:
            self._pass()
        else:
            self._bury(seat, action.cards)

    def _draw(self) -> None:
        self.hands[self.turn].append(self.deck[self.drawn])
        self.drawn += 1
        self.turn = (self.turn + 1) % 4
        if self.drawn == DEALT:
            self.phase, self.turn, self.passes = DECLARING, self.first_drawer, 0

    def _show(self, seat: int, cards: tuple[Card, ...]) -> None:
        suit, strength = read_showing(cards, self.level, self.rules)
        current = self.showing
        kind = "declare" if current is None else "reinforce" if current.seat == seat else "overturn"
        if current is None and self.opponents_may_declare:
            self.dealer = seat  # R8.7: the declaring opponent becomes dealer, at their own level.
        self.showing = Showing(seat, cards, suit, strength, kind)
        self.showings.append(self.showing)
        if self.phase is DECLARING:
            self.passes, self.turn = 0, (seat + 1) % 4
        elif self.phase is OVERTURNING:
            self.trump = Trump(self.level, suit)
            self.order = self.trump.order(self.rules.twos_trump)
            if self.rules.overturn_timing == "after_bury_no_trump":
                self._next_in_no_trump_round()
            else:
                # R8.5 炒底: the overturner takes up the kitty and buries anew.
                self._take_kitty(seat)

    def _pass(self) -> None:
        self.passes += 1
        if self.phase is DECLARING:
            if self.passes == 4:
                self._close_declaring()
            else:
                self.turn = (self.turn + 1) % 4
        elif self.rules.overturn_timing == "after_bury_no_trump":
            self._next_in_no_trump_round()
        else:
            self._next_overturner()

    def _close_declaring(self) -> None:
        if self.showing is None:
            later = not self.first_hand
            if later and self.rules.who_may_declare == "dealer_team_first" and not self.opponents_may_declare:
                # R8.7: the dealer's team could not declare; the opponents may.
                self.opponents_may_declare, self.passes = True, 0
                self.turn = (self.dealer + 1) % 4
                return
            if later and self.rules.no_declaration == "kitty_third_card":
                # R8.6: the kitty's third card names the trump; a joker there means no-trump.
                self.kitty_card = self.kitty[2]
                self.trump = Trump(self.level, self.kitty_card.suit)
            else:
                self._finish(HandResult(redeal=True, dealer=self.dealer, levels_after=self.levels,
                                        next_dealer=self.dealer))
                return
        else:
            if self.first_hand:
                self.dealer = self.showing.seat  # R8.3/R8.5: first hand, the last showing's player deals.
            self.trump = Trump(self.level, self.showing.suit)
        self.order = self.trump.order(self.rules.twos_trump)
        self._take_kitty(self.dealer)

    def _take_kitty(self, seat: int) -> None:
        self.hands[seat].extend(self.kitty)
        self.kitty_taken = tuple(self.kitty)
        self.kitty = []
        self.kitty_holder = seat
        self.phase, self.turn = BURYING, seat

    def _bury(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.kitty = list(cards)
        self.kitty_holder = None
        self.kitty_taken = ()
        self.buried_by[seat] = cards
        self.kitty_burier = seat
        later = not self.first_hand and not self.trump_from_kitty  # R8.5: no overturn after a kitty trump
        timing = self.rules.overturn_timing
        if later and timing == "after_bury" and self.showing is not None:
            self.phase, self.passes, self.turn = OVERTURNING, 0, seat
            self._next_overturner()
        elif later and timing == "after_bury_no_trump":
            self.phase, self.round_left, self.turn = OVERTURNING, 4, self.dealer
            self._next_in_no_trump_round()
        else:
            self._start_play()

    def _next_overturner(self) -> None:
        """R8.5 炒底: from the next seat round, skipping the standing showing's player,
        until everyone else has passed in succession."""
        if self.passes >= 3:
            self._start_play()
            return
        self.turn = (self.turn + 1) % 4
        if self.turn == self.showing.seat:
            self.turn = (self.turn + 1) % 4

    def _next_in_no_trump_round(self) -> None:
        """R8.5 after_bury_no_trump: one round, the dealer's next player through the dealer."""
        if self.round_left == 0:
            self._start_play()
            return
        self.round_left -= 1
        self.turn = (self.turn + 1) % 4

    def _start_play(self) -> None:
        self.phase = PLAYING
        self.turn = self.dealer  # R4.1: the dealer leads the first trick.
        self.trick = Trick(self.dealer)

    def _play(self, seat: int, cards: tuple[Card, ...]) -> None:
        trick, hand, order = self.trick, self.hands[seat], self.order
        if not trick.plays:
            others = [self.hands[(seat + k) % 4] for k in (1, 2, 3)]
            lead = LeadFormat(cards, order)
            checked = check(cards, others, order, self.rules.edge_triple, lead)
            if not checked.ok:
                # R4.4: the leader plays the forced component; R4.5 charges the failing cards.
                trick.failed_throw = FailedThrow(cards, checked.failed_cards)
                self.penalty += throw_penalty(checked.failed_cards, team_of(seat) == self.declarers, self.rules)
                cards = checked.forced
                lead = LeadFormat(cards, order)
            trick.lead = lead
        for card in cards:
            hand.remove(card)
        trick.plays.append((seat, tuple(cards)))
        if len(trick.plays) < 4:
            self.turn = (seat + 1) % 4
            return
        best = winner([p for _, p in trick.plays], order, trick.lead)
        trick.winner = trick.plays[best][0]
        trick.points = sum(points_of(p) for _, p in trick.plays)
        if team_of(trick.winner) != self.declarers:
            self.trick_points += trick.points  # R7.2: defenders keep the points of tricks they win.
        self.tricks.append(trick)
        if hand:
            self.trick = Trick(trick.winner)
            self.turn = trick.winner  # R4.1: the winner leads next.
        else:
            self.trick = None
            self._score()

    def _score(self) -> None:
        last = self.tricks[-1]
        multiplier = 0
        if team_of(last.winner) != self.declarers:
            # R7.3/R7.4: the defenders took the last trick: kitty points times the lead's format.
            largest = last.lead.largest
            multiplier = multiplier_for(largest.kind, largest.length, self.rules.kitty_multiplier)
        self._finish(HandResult.settled(settle(self.rules, self.levels, self.dealer, self.trick_points,
                                               points_of(self.kitty), multiplier, self.penalty)))

    def _finish(self, result: HandResult) -> None:
        self.result = result
        self.phase = DONE
        self.turn = None

    def view(self, seat: int | None, match: MatchSummary | None = None) -> SeatView:
        """What ``seat`` may know now (``None``: a spectator), with the match around it; see :mod:`engine.view`."""
        return seat_view(self, seat, match)

    # ----------------------------------------------------------------- choices

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now.

        Complete while dealing, declaring and overturning. To bury or play the
        choice is combinatorial, so the list holds candidates only: every single,
        pair and tractor that can be led, or one legal follow; any other choice
        is checked by :meth:`verify`.
        """
        if self.phase is DONE:
            return []
        actions: list[Action] = []
        if seat == self.turn and self.phase is DEALING:
            actions.append(Draw())
        if seat == self.turn and self.phase in ANSWERING_PHASES:
            actions.append(Pass())
        if self.phase in SHOWING_PHASES:
            actions += [s for s in self.legal_showings(seat)]
        elif seat == self.turn and self.phase is BURYING:
            actions.append(Bury(tuple(sorted(self.hands[seat], key=self._bury_preference)[:KITTY_SIZE])))
        elif seat == self.turn and self.phase is PLAYING:
            actions += self._play_candidates(seat)
        return actions

    def _bury_preference(self, card: Card) -> tuple[int, int, int]:
        """Cheapest to bury first: plain cards before trumps, no points, low."""
        return (self.order.is_trump[card], card.points, self.order.step_of[card])

    def legal_showings(self, seat: int) -> list[Show]:
        return [Show(cards) for cards in candidate_showings(self.hands[seat], self.level, self.rules)
                if self._show_error(seat, tuple(sorted(cards))) is None]

    def _play_candidates(self, seat: int) -> list[Play]:
        hand = self.hands[seat]
        if not self.trick.plays:
            return [Play(cards) for cards in lead_candidates(hand, self.order)]
        return [Play(tuple(random_follow(hand, self.trick.lead, self.order, random.Random(0))))]

    def random_action(self, seat: int, rng: random.Random, show_chance: float = 0.3) -> Action | None:
        """A random legal action for ``seat`` (the simulator's random player), ``None`` if it has none."""
        if self.phase is PLAYING and seat == self.turn:
            hand = self.hands[seat]
            if self.trick.plays:
                return Play(tuple(random_follow(hand, self.trick.lead, self.order, rng)))
            return Play(tuple(random_lead(hand, self.order, rng)))
        if self.phase is BURYING and seat == self.turn:
            return Bury(tuple(rng.sample(self.hands[seat], KITTY_SIZE)))
        if self._may_want_to_show(seat) and rng.random() < show_chance:
            showings = self.legal_showings(seat)
            if showings:
                return rng.choice(showings)
        if seat != self.turn:
            return None
        return Draw() if self.phase is DEALING else Pass()

    def _may_want_to_show(self, seat: int) -> bool:
        """While dealing, a seat's showings change when it receives a level card or a joker (R8.1);
        checking only then keeps the random player cheap."""
        if self.phase is not DEALING:
            return True
        held = self.hands[seat]
        return bool(held) and (held[-1].is_joker or held[-1].rank == self.level)

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
        setup = {"position": self._position_dict()} if self.position is not None else self.setup_dict()
        return {**setup, "log": [[e.seat, encode(e.action)] for e in self.log]}

    def _position_dict(self) -> dict[str, Any]:
        p = self.position
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


def _missing(hand: Sequence[int], cards: Sequence[int]) -> Reason | None:
    missing = missing_cards(hand, cards)
    return not_held(missing) if missing else None


def _describe(action: Action) -> str:
    cards = getattr(action, "cards", None)
    return action.type + (f" {format_cards(cards)}" if cards else "")
