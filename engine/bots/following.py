"""The rule bot's follows (R5, R6): win tricks with points cheaply, feed a partner who wins,
give nothing away otherwise, keep pairs and tractors.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARD_POINTS, Card
from ..combos import split_pairs
from ..follow import Duty, follow_duty
from ..moves import lead_candidates
from ..scoring import team_of
from ..trick import standing_after
from ..trump import TRUMP_SUIT
from .knowledge import Knowledge
from .picking import Preference, feed_value, keep_value, pick_follow, pick_structured
from .weights import ISSUE4, Weights

# Winning a trick is worth a card this much dearer than the cheapest follow, even with no points in it
# (the lead passes to our side).
WIN_ANYWAY_COST = 14
RISKY_WIN_STAKE = 15  # points on the table worth a win that a later opponent might still beat


def can_be_beaten(k: Knowledge, play: Sequence[int], later: Sequence[int]) -> bool:
    """Might an opponent still to play beat ``play`` if it were the trick's best (R6)?

    Judged from the unseen cards and the voids shown: an opponent not void in the led
    suit may hold a higher unit of the lead's format; one void in a plain suit may ruff.
    """
    public = k.public
    opponents = [s for s in later if team_of(s) != k.team]
    if not opponents:
        return False
    lead, order = public.current_lead(), public.order
    suit = lead.suit
    ruffed = suit != TRUMP_SUIT and order.is_trump[play[0]]
    key = lead.key(play, order)
    # With no unseen card of the led suit left, every other seat is void in it.
    all_void = not k.any_unseen(suit)
    for seat in opponents:
        void = all_void or public.void[seat][suit]
        may_ruff = suit != TRUMP_SUIT and void and not public.void[seat][TRUMP_SUIT]
        if ruffed:
            if may_ruff and _higher_unit_out(k, TRUMP_SUIT, key, lead.pair_slots > 0):
                return True
        elif lead.is_throw:
            if may_ruff:
                return True  # R6.4: a standing throw falls only to a ruff
        elif may_ruff or (not void and _higher_unit_out(k, suit, key, lead.pair_slots > 0)):
            return True
    return False


def _higher_unit_out(k: Knowledge, suit: int, step: int | None, pairs: bool) -> bool:
    if step is None:
        raise ValueError("only a play of the lead's format can be the trick's best (R6.1)")
    return k.higher_pair_out(suit, step) if pairs else k.higher_single_out(suit, step)


def winning_plays(k: Knowledge, prefer: Preference, duty: Duty | None = None) -> list[tuple[Card, ...]]:
    """Legal plays that would win the trick now (R6), cheapest first by ``prefer``."""
    public = k.public
    lead, order, plays = public.current_lead(), public.order, public.plays
    hand, size = k.hand, lead.size
    duty = duty or follow_duty(hand, lead, order)
    best = [p for _, p in plays]
    best_is_ruff = lead.suit != TRUMP_SUIT and any(
        all(order.is_trump[c] for c in p) for p in best[1:])
    if duty.in_suit and not duty.must_play_all:
        if lead.is_throw or best_is_ruff:
            return []  # R6.4: a throw is not beaten in its suit; a ruffed trick not by the led suit
        options = _units(duty.in_suit, size, lead.pair_slots, k)
    elif not duty.in_suit and lead.suit != TRUMP_SUIT:
        trumps = [c for c in hand if order.is_trump[c]]
        if len(trumps) < size:
            return []
        if lead.is_throw:
            # R6.2: a ruff of a throw holds the lead's tractors and pairs; try it low, then high.
            options = [tuple(p) for p in (
                pick_structured(trumps, lead.tractor_lengths, lead.pair_slots, size, order, prefer),
                pick_structured(trumps, lead.tractor_lengths, lead.pair_slots, size, order, prefer, True),
            ) if p is not None]
        else:
            options = _units(trumps, size, lead.pair_slots, k)
    else:
        return []
    if size == 1:
        # A single wins only above the best card of the suit that decides (R6.1): cheap pre-filter.
        suit_of, step_of = order.suit_of, order.step_of
        contest = TRUMP_SUIT if best_is_ruff else lead.suit
        top = max(step_of[p[0]] for p in best if suit_of[p[0]] == contest)
        options = [p for p in options if (suit_of[p[0]] == contest and step_of[p[0]] > top)
                   or (not best_is_ruff and suit_of[p[0]] == TRUMP_SUIT != lead.suit)]
    index = len(plays)
    standing = public.current_standing()
    wins = [p for p in options if standing_after(standing, p, index, lead, order).best == index]
    wins.sort(key=lambda p: sum((prefer(c) for c in p), 0.0))
    return wins


def _units(cards: Sequence[Card], size: int, pair_slots: int, k: Knowledge) -> list[tuple[Card, ...]]:
    """The single, pair or tractor units of ``size`` cards among ``cards`` (a non-throw lead's format)."""
    if size == 1:
        return [(c,) for c in set(cards)]
    if size == 2 and pair_slots == 1:
        return [(c, c) for c in split_pairs(cards)[0]]
    return [t for t in lead_candidates(cards, k.public.order) if len(t) == size and size > 2]


def _cheapest_win(safe: list[tuple[Card, ...]], keep: Preference, weights: Weights) -> tuple[Card, ...]:
    """The safe win (cheapest first by ``keep``) that costs least once its points, which it takes, are
    weighed by ``weights.win_feed``."""
    feed = weights.win_feed
    if not feed:
        return safe[0]
    return min(safe, key=lambda w: sum((keep(c) - feed * CARD_POINTS[c] for c in w), 0.0))


def choose_follow(k: Knowledge, weights: Weights = ISSUE4) -> list[Card]:
    """The rule bot's follow to the current trick."""
    public = k.public
    lead, order = public.current_lead(), public.order
    keep = keep_value(order, k.mine, weights, k.masters() if weights.master_premium else frozenset())
    duty = follow_duty(k.hand, lead, order)
    low = pick_follow(k.hand, lead, order, keep, duty)
    later = [(k.seat + i) % 4 for i in range(1, 4 - len(public.plays))]
    best_seat = public.trick_winner()
    if best_seat is None:
        raise ValueError("a follow answers a trick that has been led")
    best_play = next(p for s, p in public.plays if s == best_seat)
    stake = public.table_points()
    if team_of(best_seat) == k.team:
        if not can_be_beaten(k, best_play, later):
            return pick_follow(k.hand, lead, order, feed_value(order, k.mine, weights), duty)
        safe = [w for w in winning_plays(k, keep, duty) if not can_be_beaten(k, w, later)]
        if safe and stake >= 10:
            return list(_cheapest_win(safe, keep, weights))
        return low
    wins = winning_plays(k, keep, duty)
    if not wins:
        return low
    safe = [w for w in wins if not can_be_beaten(k, w, later)]
    if safe:
        cheapest = _cheapest_win(safe, keep, weights)
        # Sums of float keep values start at 0.0: compiled (engine.compiled), a sum starting at 0 is an int.
        extra = sum((keep(c) for c in cheapest), 0.0) - sum((keep(c) for c in low), 0.0)
        if stake + sum(CARD_POINTS[c] for c in cheapest) > 0 or extra < WIN_ANYWAY_COST:
            return list(cheapest)
        return low
    if stake >= RISKY_WIN_STAKE:
        return list(wins[-1])  # the strongest win, the hardest to beat
    return low
