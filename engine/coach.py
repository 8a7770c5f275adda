"""The coach (issue 14): the hint in plain words, and after a hand the moments a seat's play cost the most.

:func:`explain` says, in one or two sentences, the duty the rules put on a bury or a play now (must follow
suit, must play a pair, may ruff, R5, R8.8) and why the suggested cards do well (the partner is winning: give
points; nobody can beat this lead: cash it…), judged from the seat's view alone. Each sentence is a
:class:`~engine.reasons.Reason`, so it is shown in the reader's language.

After a hand, :func:`decisions` gives a seat's plays with the view it had when it made each one, and
:func:`assess` asks the search bot (:mod:`engine.bots.evaluate`) whether another play was clearly better;
:func:`top_moments` keeps the few that cost the most. A moment is decided from the seat's view at that moment
alone, so it reveals nothing that seat did not know then.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .actions import Action, Bury, Play
from .bots.evaluate import Comparison, alternatives, compare
from .bots.knowledge import Knowledge
from .cards import CARD_POINTS, Card, format_cards, parse_cards
from .combos import PAIR, SINGLE, LeadFormat
from .follow import follow_duty, suit_label
from .hand import Hand
from .hand_state import KITTY_SIZE
from .phase import BURYING, PLAYING
from .reasons import N_, Reason
from .scoring import team_of
from .trick import trick_winner
from .trump import TRUMP_SUIT, Order
from .view import SeatView

MOMENTS = 3  # shown to a player after a hand
CLEAR_GAIN = 0.15  # levels (the search bot's payoff): about 12 points, or one level in seven hands
CONFIDENCE = 1.0  # standard errors by which the better play must still beat the played one


# ----------------------------------------------------------------------------- the hint, explained

def explain(view: SeatView, action: Action | None) -> tuple[Reason, ...]:
    """Why ``action`` (the hint's bury or play) suits ``view``: the duty that applies, then the reason."""
    if isinstance(action, Bury) and view.phase is BURYING:
        return (Reason("R8.8", N_("Bury %(count)s cards in the kitty's place."), count=KITTY_SIZE),
                Reason("R7.3", N_("Keep trumps, aces and pairs, make a suit short or empty to ruff it later, and "
                                  "bury few points: if the defenders win the last trick, the kitty counts for "
                                  "them several times over.")))
    if not isinstance(action, Play) or view.phase is not PLAYING or view.trump is None:
        return ()
    order = view.trump.order(view.rules.twos_trump)
    trick = view.trick
    if trick is None or not trick.plays:
        return (Reason("R4.2", N_("You lead: a single, a pair, a tractor or a throw, all of one suit.")),
                _why_lead(view, action.cards, order))
    lead = LeadFormat(trick.plays[0][1], order)
    return _duty(view, lead, order), _why_follow(view, lead, action.cards, order)


def _duty(view: SeatView, lead: LeadFormat, order: Order) -> Reason:
    suit, size = lead.suit, lead.size
    label = suit_label(suit)
    duty = follow_duty(view.hand, lead, order)
    held = len(duty.in_suit)
    if not held:
        if suit == TRUMP_SUIT:
            return Reason("R5.4", N_("Trumps were led and you have none: play any %(count)s card(s)."), count=size)
        return Reason("R5.5", N_("You have no %(suit)s: ruff with trumps (毙) or discard (垫) any %(count)s "
                                 "card(s)."), suit=label, count=size)
    if duty.must_play_all:
        return Reason("R5.2", N_("You hold %(held)s card(s) of %(suit)s: play all of them, and fill up with any "
                                 "other cards."), held=held, suit=label)
    if duty.tractor_pairs:
        return Reason("R5.3", N_("A tractor was led and you hold a %(suit)s tractor: you must play it."),
                      suit=label)
    if duty.pairs:
        return Reason("R5.3", N_("Pairs were led and you hold pairs of %(suit)s: you must play %(count)s pair(s)."),
                      suit=label, count=duty.pairs)
    return Reason("R5.2", N_("Follow %(suit)s: play %(count)s card(s) of it."), suit=label, count=size)


def _why_follow(view: SeatView, lead: LeadFormat, cards: Sequence[Card], order: Order) -> Reason:
    seat, trick = view.seat, view.trick
    if seat is None or trick is None:
        raise ValueError("a follow is a seated player's, to a trick in play")
    plays = [played for _, played in trick.plays]
    winning = trick.plays[trick_winner(plays, order, lead)][0]
    stake = sum(CARD_POINTS[c] for p in plays for c in p) + sum(CARD_POINTS[c] for c in cards)
    mine = sum(CARD_POINTS[c] for c in cards)
    takes = trick_winner([*plays, list(cards)], order, lead) == len(plays)
    if team_of(winning) == team_of(seat) and not takes:
        if mine:
            return Reason("R7.2", N_("Your partner is winning this trick: give them points (%(points)s)."),
                          points=mine)
        return Reason("R7.2", N_("Your partner is winning this trick: play low and keep your strong cards."))
    if takes:
        ruff = lead.suit != TRUMP_SUIT and all(order.is_trump[c] for c in cards)
        if ruff:
            return Reason("R5.5", N_("Ruff (毙): your trumps take the trick and its %(points)s points."),
                          points=stake)
        if stake:
            return Reason("R6.1", N_("This wins the trick and its %(points)s points."), points=stake)
        return Reason("R4.1", N_("This wins the trick, so you lead the next one."))
    if mine:
        return Reason("R6.1", N_("You cannot win this trick: these are the cheapest cards you may play."))
    return Reason("R6.1", N_("You cannot win this trick: play low and keep your points."))


def _why_lead(view: SeatView, cards: Sequence[Card], order: Order) -> Reason:
    lead = LeadFormat(cards, order)
    k = Knowledge.from_view(view)
    largest = lead.largest
    beaten = (k.higher_single_out(lead.suit, largest.top) if largest.kind == SINGLE
              else k.higher_pair_out(lead.suit, largest.top))
    safe = not beaten and not k.ruff_threat(lead.suit, k.opponents())
    if lead.is_throw:
        return Reason("R4.3", N_("A throw (甩牌) that should stand: nobody can beat any part of it with the cards "
                                 "still out."))
    if safe and largest.kind > PAIR:
        return Reason("R3.3", N_("Lead the tractor while nobody can beat it: it takes the trick and draws out "
                                 "pairs."))
    if safe:
        return Reason("R6.1", N_("Nobody can beat this with the cards still out: it takes the trick."))
    if lead.suit == TRUMP_SUIT:
        return Reason("R5.4", N_("Lead trumps (吊主): everyone must follow with trumps, which draws them out."))
    if k.public.void[k.partner][lead.suit]:
        return Reason("R5.5", N_("Your partner has no %(suit)s left and may ruff this."), suit=suit_label(lead.suit))
    return Reason("R4.2", N_("A low lead costs little and shows your partner where you stand."))


# ----------------------------------------------------------------------------- after the hand

@dataclass(frozen=True, slots=True)
class Decision:
    """One play of a seat in a finished hand: the view it had (``view``), what it played, in which trick."""

    trick: int
    view: SeatView
    played: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Moment:
    """A play the search bot rated clearly worse than another, with the estimated difference for the seat's
    team: ``levels`` (the level swing, R9.2) and ``points`` (the defenders' total, R7), over ``samples`` deals."""

    trick: int
    played: tuple[Card, ...]
    better: tuple[Card, ...]
    gain: float
    levels: float
    points: float
    samples: int

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "played": format_cards(self.played), "better": format_cards(self.better)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Moment:
        return cls(data["trick"], tuple(parse_cards(data["played"])), tuple(parse_cards(data["better"])),
                   data["gain"], data["levels"], data["points"], data["samples"])


def decisions(hand: Hand, seat: int) -> list[Decision]:
    """The plays of ``seat`` in the finished ``hand`` that were a choice (the search bot would weigh more than
    one play), each with the view the seat had then, replayed from the hand's log."""
    setup = hand.setup_dict()
    replay = Hand(hand.rules, hand.deck, hand.levels, setup["dealer"], setup["first_drawer"], hand.hand_number)
    found = []
    for entry in hand.log:
        if entry.seat == seat and isinstance(entry.action, Play):
            view = replay.view(seat)
            if alternatives(view, entry.action.cards):
                found.append(Decision(len(replay.tricks) + 1, view, entry.action.cards))
        replay.apply(entry.seat, entry.action)
    return found


def assess(view: SeatView, played: Sequence[Card], trick: int, rng: random.Random, max_samples: int,
           budget_ms: float | None) -> Moment | None:
    """The moment this play was, if the search bot found another clearly better (``None`` otherwise)."""
    found: Comparison | None = compare(view, played, rng, max_samples, budget_ms)
    if found is None or found.gain - CONFIDENCE * found.error < CLEAR_GAIN:
        return None
    return Moment(trick, found.played, found.better, found.gain, found.levels, found.points, found.samples)


def top_moments(moments: Sequence[Moment | None], count: int = MOMENTS) -> list[Moment]:
    """The ``count`` moments that cost the most, in the order they happened."""
    costly = sorted((m for m in moments if m is not None), key=lambda m: -m.gain)[:count]
    return sorted(costly, key=lambda m: m.trick)

