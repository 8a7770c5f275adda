"""What one hand is made of: its state, and the few steps every phase shares.

A :class:`~engine.hand.Hand` is this state with its actions. The modules that act on it each
take a ``HandState`` and import nothing that imports them: :mod:`engine.declaring` (declaring,
reinforcing, overturning and burying, R8), :mod:`engine.moves` (candidate and random moves) and
:mod:`engine.view` (what one seat may know); :mod:`engine.hand` puts them together.
"""

from __future__ import annotations

from typing import Any

from .actions import LogEntry
from .cards import Card, full_deck
from .phase import DEALING, DONE, PLAYING, Phase
from .rules import Rules
from .scoring import HandResult, team_of
from .showings import Showing
from .trick import Trick
from .trump import Order, Trump

HAND_SIZE, KITTY_SIZE, DEALT = 25, 8, 100  # R1.3: 25 cards each, 8 in the kitty
FULL_DECK = full_deck()  # in index order, as sorted() leaves a deck
FULL_DECK_TUPLE = tuple(FULL_DECK)
SEATS = (0, 1, 2, 3)


class HandState:
    """The state of one hand (build a :class:`~engine.hand.Hand`, which is this with its actions)."""

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
        self.turn = self.first_drawer  # whose action the phase waits for (see to_act)
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
        if self.dealer is None:
            return self.levels[0]
        if self.opponents_may_declare and self.showing is None:
            return self.levels[(self.dealer + 1) % 2]
        return self.levels[team_of(self.dealer)]

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

    # ----------------------------------------------------------------- steps every phase shares

    def _start_play(self) -> None:
        if self.dealer is None:
            raise RuntimeError("play starts once the dealer is known")
        self.phase = PLAYING
        self.turn = self.dealer  # R4.1: the dealer leads the first trick.
        self.trick = Trick(self.dealer)

    def _finish(self, result: HandResult) -> None:
        self.result = result
        self.phase = DONE
