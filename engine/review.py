"""A finished hand told from start to end, for its review and its export (issue 14).

Once a hand is scored everything about it may be shown (R7.5: the kitty too), so the review holds
all of it: the four hands as dealt (R1.3), the declaring and overturning in order with the kitty each
holder picked up and what it buried (R8), and trick by trick who led, what each seat played (a failed
throw with the cards it tried, R4.4), who won it and its points with the defenders' running total (R6,
R7), and the result (R7.3, R9). It is built by replaying the hand's log (:meth:`HandReview.of`), so it
says exactly what the engine did.

An export is the hand's setup and log (:meth:`engine.Hand.to_dict`) with the rules: enough to replay it
through the engine exactly. :func:`hand_from_export` reads one back, refusing anything else in a sentence.

>>> import random
>>> from engine import Match, Rules
>>> from engine.simulate import play_hand
>>> review = HandReview.of(play_hand(Match(Rules.preset("classic"), seed=3), random.Random(3)))
>>> sum(len(cards) for trick in review.tricks for _, cards in trick.plays), [len(c) for c in review.dealt]
(100, [25, 25, 25, 25])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Bury, Draw, Show
from .cards import Card
from .hand import Hand
from .hand_state import DEALT
from .phase import DEALING, DONE
from .reasons import N_, Reason, Refusal
from .rules import Rules
from .scoring import HandResult, team_of
from .trick import FailedThrow
from .trump import Trump

Cards = tuple[Card, ...]
EXPORT_FORMAT = "shuangsheng-hand"
MATCH_EXPORT_FORMAT = "shuangsheng-match"
EXPORT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the declaring and the kitty (R8), in the order they happened: a showing (``kind``
    ``declare``, ``reinforce`` or ``overturn``; ``drawn``: the cards dealt by then, R8.1), or a ``bury``
    with the kitty its holder had picked up (R8.8, R8.5 炒底)."""

    kind: str
    seat: int
    cards: Cards
    suit: str | None = None  # a showing: the trump it named (None: no-trump)
    picked_up: Cards = ()
    drawn: int = DEALT


@dataclass(frozen=True, slots=True)
class TrickReview:
    """One trick: ``number`` from 1, the plays in order, the winner and its points, and the defenders'
    total once it was won (R7.2, before the kitty and penalties)."""

    number: int
    leader: int
    plays: tuple[tuple[int, Cards], ...]
    failed_throw: FailedThrow | None
    winner: int
    points: int
    defenders_total: int

    def cards_of(self, seat: int) -> Cards:
        return next(cards for played_by, cards in self.plays if played_by == seat)


@dataclass(frozen=True, slots=True)
class HandReview:
    rules: Rules
    hand_number: int
    levels: tuple[str, str]
    dealer: int
    trump: Trump
    dealt: tuple[Cards, Cards, Cards, Cards]  # each seat's 25 cards as dealt, in the final trump's order
    kitty_dealt: Cards  # the 8 cards left after the deal (R1.3)
    kitty: Cards  # the kitty as it was buried last (R8.8), shown at the end (R7.5)
    kitty_card: Card | None  # R8.6: the kitty's third card named the trump
    events: tuple[Event, ...]
    tricks: tuple[TrickReview, ...]
    result: HandResult

    @property
    def declarers(self) -> int:
        return team_of(self.dealer)

    @classmethod
    def of(cls, hand: Hand) -> HandReview:
        """The review of a scored hand (refused while it is in play: nothing is shown before the end)."""
        if hand.phase is not DONE or hand.result is None or hand.result.redeal:
            raise Refusal(Reason("R7.5", N_("a hand is shown in full only once it is over")))
        if hand.position is not None:
            raise Refusal(Reason(None, N_("a hand set up at a position has no deal to show")))
        setup = hand.setup_dict()
        replay = Hand(hand.rules, hand.deck, hand.levels, setup["dealer"], setup["first_drawer"], hand.hand_number)
        dealt: list[Cards] = []
        events: list[Event] = []
        for entry in hand.log:
            action = entry.action
            if isinstance(action, Bury):
                events.append(Event("bury", entry.seat, action.cards, picked_up=replay.kitty_taken))
            replay.apply(entry.seat, action)
            if isinstance(action, Show) and replay.showing is not None:
                events.append(Event(replay.showing.kind, entry.seat, action.cards, replay.showing.suit,
                                    drawn=replay.drawn))
            if isinstance(action, Draw) and replay.phase is not DEALING and not dealt:
                dealt = [tuple(cards) for cards in replay.hands]
        trump, dealer = hand.trump, hand.dealer
        if trump is None or dealer is None:
            raise RuntimeError("a scored hand has its trump and its dealer")
        order = trump.order(hand.rules.twos_trump)
        return cls(hand.rules, hand.hand_number, hand.levels, dealer, trump,
                   (_sorted(dealt[0], order), _sorted(dealt[1], order), _sorted(dealt[2], order),
                    _sorted(dealt[3], order)),
                   hand.deck[DEALT:], tuple(hand.kitty), hand.kitty_card, tuple(events), _tricks(hand, dealer), hand.result)


def _sorted(cards: Cards, order: Any) -> Cards:
    return tuple(order.sorted(cards))


def _tricks(hand: Hand, dealer: int) -> tuple[TrickReview, ...]:
    total = 0
    tricks = []
    for number, trick in enumerate(hand.tricks, start=1):
        winner = trick.winner
        if winner is None:
            raise RuntimeError("a scored hand's tricks are complete")
        if team_of(winner) != team_of(dealer):
            total += trick.points
        tricks.append(TrickReview(number, trick.leader, tuple(trick.plays), trick.failed_throw, winner,
                                  trick.points, total))
    return tuple(tricks)


# ----------------------------------------------------------------------------- exports

def hand_export(hand: Hand, seats: list[str] | None = None) -> dict[str, Any]:
    """A finished hand as JSON: the rules, the deal and the action log (``Hand.to_dict``), the result for a
    reader's convenience, and the seats' names as the table showed them."""
    HandReview.of(hand)  # only a finished hand is exported
    if hand.result is None:
        raise RuntimeError("a finished hand has its result")
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "hand_number": hand.hand_number,
            "seats": seats or [], "hand": hand.to_dict(), "result": hand.result.to_dict()}


def match_export(hands: list[dict[str, Any]], rules: Rules) -> dict[str, Any]:
    """A match's finished hands, each as :func:`hand_export` gives it."""
    return {"format": MATCH_EXPORT_FORMAT, "version": EXPORT_VERSION, "rules": rules.to_dict(), "hands": hands}


def hand_from_export(data: Any) -> Hand:
    """The hand of an export, replayed through the engine (every action checked again); anything that is not
    an exported finished hand is refused with a :class:`Refusal` that says so."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or not isinstance(data.get("hand"), dict):
        raise Refusal(Reason(None, N_("this is not an exported hand (a .json file from a hand's review)")))
    if data.get("version") != EXPORT_VERSION:
        raise Refusal(Reason(None, N_("this hand was exported in a format this version cannot read")))
    try:
        hand = Hand.from_dict(data["hand"])
    except Refusal as refusal:
        raise Refusal(Reason(None, N_("the exported hand does not replay: %(error)s"), error=refusal.reason)) \
            from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise Refusal(Reason(None, N_("the exported hand is damaged: a part of it is missing or malformed"))) \
            from None
    if hand.phase is not DONE or hand.position is not None:
        raise Refusal(Reason(None, N_("the exported hand is not a finished hand")))
    return hand
