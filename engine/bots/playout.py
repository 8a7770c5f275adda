"""Play a sampled position to the end with the rule bot in every seat (for the search bot).

The position goes through :meth:`engine.Hand.at_play`, and the engine judges
every play (throws included: a throw that fails in the sample fails here,
R4.4) without checking it: the rule bot plays only legal cards. Each seat
decides from its own :class:`~.knowledge.Knowledge`, kept up to date play by
play: the playout's players know what they would know at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import tried_throw
from ..cards import Card
from ..hand import Hand
from ..phase import DONE
from ..rules import Rules
from ..scoring import HandResult
from ..trump import Trump
from .knowledge import Knowledge, Public
from .rule import rule_play
from .weights import ISSUE4, Weights


def playout(rules: Rules, trump: Trump, public: Public, hands: Sequence[Sequence[Card]],
            kitty: Sequence[Card], levels: tuple[str, str], first: tuple[int, Sequence[Card]],
            weights: Weights = ISSUE4) -> HandResult:
    """Play ``first`` (seat, cards), then the rest of the hand by the rule bot (with ``weights``); the
    hand's result."""
    hand = Hand.at_play(rules, trump, hands, dealer=public.dealer, leader=public.leader, kitty=kitty,
                        levels=levels, trick_plays=public.plays, trick_points=public.trick_points,
                        penalty=public.penalty)
    shared = public.copy()
    # The dealer buried the kitty (R8.8), so in the sample it knows the kitty's cards.
    seats = [Knowledge(s, shared, hands[s], kitty if s == public.dealer else ()) for s in range(4)]
    seat, cards = first
    while True:
        # The rule bot's plays are legal, so they skip the engine's check (most of a play's cost in a playout).
        tried = tuple(cards)
        played = hand.play_unchecked(seat, tried)
        # What the play did (a failed throw's forced cards, R4.4) is all the table learns from it.
        shared.observe(seat, played, tried_throw(tried, played))
        seats[seat].remove(played)
        if hand.phase is DONE and hand.result is not None:
            return hand.result
        seat = hand.turn
        cards = rule_play(seats[seat], weights)
