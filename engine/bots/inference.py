"""How likely a sampled world is, given what the other seats did (issue 15, point 1).

The sampler (:mod:`.sampling`) deals the unseen cards consistently with the hard
facts (voids, cards shown); this module weighs a dealt world by a model of
play: the rule bot's policy. Replaying the hand with the world's cards, every
play of another seat (a lead, a follow, a throw tried, R4.4) and every pass on
the showing that stands (R8.4, R8.5) is compared with what the rule bot would have
done in that seat, from what that seat knew then; each decision the model does
not predict multiplies the world's likelihood by :data:`EPSILON` (people and the
search bot do not always play the rule bot's choice). So a seat that did not feed
points to a winning partner is taken not to have held them, one that played low
to have held nothing lower, one that passed not to have held a showing the rule
bot would have made.

:class:`Inference` is built once per decision from the seat's view (the public
state before each of those decisions); :meth:`Inference.surprises` counts the
unpredicted decisions in one world, and :class:`WorldFilter` keeps only the worlds
near the likeliest seen so far, weighted (log-weight: surprises × log ε).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..cards import Card
from ..declaring import legal_showings
from ..hand_state import FULL_DECK_TUPLE, HandState
from ..phase import DECLARING, OVERTURNING, Phase
from ..showings import showing_kinds
from ..view import SeatView, seat_view
from .knowledge import Knowledge, Public, view_order
from .rule import rule_play
from .sampling import World, sample_world
from .showing import choose_show
from .weights import ISSUE4, Weights

EPSILON = 0.5  # likelihood factor of a decision the rule bot would not have made
LOG_EPSILON = math.log(EPSILON)
SLACK = 2  # worlds more than this many surprises above the likeliest seen are not played out
PILOT = 8  # worlds weighed before the race starts
# The other seats' latest plays weighed: older ones cost as much and tell about cards since played. Replaying
# 12 took a fifth of a play decision's CPU; 6 take half that and, though a little less calibrated, play better
# head to head (bots README).
RECENT = 6


@dataclass(frozen=True)
class PastPlay:
    """A play of another seat: who, the public record just before it, what it chose (the whole throw it
    tried, R4.4), and every card it has played from then on (with its hand now, its hand then)."""

    seat: int
    public: Public
    chosen: tuple[Card, ...]
    since: tuple[Card, ...]


@dataclass(frozen=True)
class PastPass:
    """Another seat passed on the showing that stands in ``phase`` (R8.4, R8.5) with the cards it holds now
    plus those it has played (it never took the kitty up)."""

    seat: int
    phase: Phase


class Inference:
    """The other seats' decisions in a hand in play, to check worlds against (built from the view alone);
    the model is the rule bot with ``weights``."""

    def __init__(self, view: SeatView, k: Knowledge, weights: Weights = ISSUE4) -> None:
        if view.seat is None or view.dealer is None:
            raise ValueError("inference needs a seat's view of a hand in play")
        self.weights = weights
        self.burier = view.dealer if view.kitty_burier is None else view.kitty_burier
        self.plays = _past_plays(view, k.public)[:RECENT]
        self.passes = _past_passes(view)
        # One what-if state per pass, its seat's cards set per world (most worlds give it no showing at all).
        self.answering = [_answering_state(view, answer.seat, answer.phase) for answer in self.passes]
        self.played = [list(cards) for cards in k.public.played_by]
        # Whether a seat could have shown at all depends on its copies of the showing kinds alone (R8.1–R8.4),
        # and most worlds repeat a few of those holdings: each pass's answers, by holding.
        self.kinds = [showing_kinds(state.level) for state in self.answering]
        self.could_show: list[dict[tuple[int, ...], bool]] = [{} for _ in self.passes]

    def surprises(self, world: World, limit: int) -> int:
        """How many of the other seats' decisions the rule bot would not have made with the world's cards
        (counting stops past ``limit``)."""
        hands, kitty = world
        count = 0
        for past in self.plays:
            then = list(hands[past.seat]) + list(past.since)
            k = Knowledge(past.seat, past.public, past.public.order.sorted(then),
                          kitty if past.seat == self.burier else ())
            if sorted(rule_play(k, self.weights)) != sorted(past.chosen):
                count += 1
                if count > limit:
                    return count
        for answer, state, kinds, could_show in zip(self.passes, self.answering, self.kinds, self.could_show):
            seat = answer.seat
            held = list(hands[seat]) + self.played[seat]
            holding = tuple(held.count(c) for c in kinds)
            state.hands[seat] = held
            could = could_show.get(holding)
            if could is None:
                could = could_show[holding] = bool(legal_showings(state, seat))
            if could and choose_show(seat_view(state, seat)) is not None:
                count += 1
                if count > limit:
                    return count
        return count


def _past_plays(view: SeatView, public: Public) -> list[PastPlay]:
    """The other seats' plays, latest first, with the public record before each (replayed from the view)."""
    replay = Public(view.rules, public.order, public.dealer, [25, 25, 25, 25])
    for showing in view.showings:
        replay.note_held(showing.seat, showing.cards)
    tricks = view.tricks if view.trick is None else (*view.tricks, view.trick)
    found: list[tuple[int, Public, tuple[Card, ...]]] = []
    for trick in tricks:
        failed = trick.failed_throw
        for i, (seat, cards) in enumerate(trick.plays):
            tried = failed.cards if failed and i == 0 else None
            if seat != view.seat:
                found.append((seat, replay.copy(), tried or cards))
            replay.observe(seat, cards, tried)
    since: list[list[Card]] = [[], [], [], []]
    plays: list[PastPlay] = []
    actual = [cards for trick in tricks for seat, cards in trick.plays if seat != view.seat]
    for (seat, before, chosen), cards in zip(reversed(found), reversed(actual)):
        since[seat] = list(cards) + since[seat]
        plays.append(PastPlay(seat, before, chosen, tuple(since[seat])))
    return plays


def _past_passes(view: SeatView) -> list[PastPass]:
    """The passes on the showing that stands: in the window after the deal unless that showing was made after
    the bury (R8.5), and in the after-bury round; only seats that never held the kitty."""
    showing, timing = view.showing, view.rules.overturn_timing
    after_bury_round = (not view.first_hand and view.kitty_card is None
                        and (timing == "after_bury_no_trump" or (timing == "after_bury" and showing is not None)))
    # R8.5 炒底: an overturner after the bury takes the kitty up and buries anew, as the dealer did.
    reburied = timing == "after_bury" and view.kitty_burier not in (None, view.dealer)
    takers = {view.dealer, view.kitty_burier}
    if reburied:
        takers |= {s.seat for s in view.showings if s.kind == "overturn"}
    made_after_bury = reburied and showing is not None and showing.seat == view.kitty_burier
    found = []
    for seat in range(4):
        if seat == view.seat or seat in takers:
            continue
        if not made_after_bury:
            found.append(PastPass(seat, DECLARING))
        # The 炒底 rounds skip the standing showing's player; the no-trump round asks every seat.
        if after_bury_round and not (timing == "after_bury" and showing is not None and seat == showing.seat):
            found.append(PastPass(seat, OVERTURNING))
    return found


def _answering_state(view: SeatView, seat: int, phase: Phase) -> HandState:
    """The moment ``seat`` answered in ``phase`` on the showing that stands, its cards to be set (a what-if
    state of the engine, so the showings it could have made are the engine's own check, and its
    :func:`~engine.view.seat_view` what it saw)."""
    state = HandState()
    state._setup(view.rules, FULL_DECK_TUPLE, view.levels, view.dealer, None, view.hand_number)
    state.phase, state.turn = phase, seat
    state.drawn = 100
    state.showing, state.showings = view.showing, list(view.showings)
    if phase is OVERTURNING:
        state.trump, state.order = view.trump, view_order(view)
        state.kitty_burier = view.kitty_burier
        state.round_left = 1
    return state


class WorldFilter:
    """Draws worlds for a race, each with its log-weight, dropping those far less likely than the best seen.

    With inference, the first draw looks at :data:`PILOT` worlds before the race plays any out, so the
    threshold starts near the likeliest worlds instead of at the first one (whose playouts would be
    wasted once likelier worlds came); the pilot's worlds within the threshold are the race's first.
    The pilot is part of the decision's budget: past ``deadline`` (``perf_counter`` seconds) it stops
    after one world, so a slow machine cuts it short instead of overrunning the clock.
    """

    def __init__(self, k: Knowledge, inference: Inference | None, rng: random.Random,
                 deadline: float | None = None) -> None:
        self.k = k
        self.inference = inference
        self.rng = rng
        self.deadline = deadline
        self.fewest: int | None = None  # the fewest surprises of any world drawn so far
        self.pilot: list[tuple[World, int]] | None = None

    def draw(self) -> tuple[World, float] | None:
        if self.inference is None:
            return sample_world(self.k, self.rng), 0.0
        if self.pilot is None:
            self.pilot = self._pilot()
        while self.pilot:
            world, surprises = self.pilot.pop(0)
            if self.fewest is not None and surprises <= self.fewest + SLACK:
                return world, surprises * LOG_EPSILON
        drawn = self._weighed()
        return None if drawn is None else (drawn[0], drawn[1] * LOG_EPSILON)

    def _pilot(self) -> list[tuple[World, int]]:
        weighed = []
        for n in range(PILOT):
            if n and self.deadline is not None and time.perf_counter() > self.deadline:
                break
            drawn = self._weighed()
            if drawn is not None:
                weighed.append(drawn)
        return weighed

    def _weighed(self) -> tuple[World, int] | None:
        """A world and its surprises, or ``None`` if they are more than ``SLACK`` above the fewest seen."""
        world = sample_world(self.k, self.rng)
        if self.inference is None:
            raise ValueError("only an inferring filter weighs worlds")
        limit = 10**6 if self.fewest is None else self.fewest + SLACK
        surprises = self.inference.surprises(world, limit)
        if surprises > limit:
            return None
        if self.fewest is None or surprises < self.fewest:
            self.fewest = surprises
        return world, surprises
