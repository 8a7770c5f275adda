"""Moves to choose from: the candidates :meth:`Hand.legal_actions <engine.hand.Hand.legal_actions>`
lists, and the random player's choices (the simulator's, the random bot's, the arena's fallback).

Any set of cards of one suit for play may be led (R4.2), and burying is a choice of 8 of 33, so these
are choices, never complete lists: legality is a check (:meth:`Hand.verify <engine.hand.Hand.verify>`).
A random follow is built legal from the follower's duty (R5.2, R5.3), without enumerating plays.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from .actions import Action, Bury, Draw, Pass, Play
from .cards import Card
from .combos import LeadFormat, split_pairs, tractor_placement
from .declaring import legal_showings
from .follow import Duty, follow_duty
from .hand_state import KITTY_SIZE, HandState
from .phase import ANSWERING_PHASES, BURYING, DEALING, PLAYING, SHOWING_PHASES
from .trump import Order


def candidates(hand: HandState, seat: int) -> Iterator[Action]:
    """The actions ``seat`` may take now, lazily: every draw, pass and showing; to bury, the cheapest 8;
    to lead, every single, pair and tractor; to follow, one legal follow."""
    if hand.to_act is None:
        return
    mine = seat == hand.turn
    if mine and hand.phase is DEALING:
        yield Draw()
    if mine and hand.phase in ANSWERING_PHASES:
        yield Pass()
    if hand.phase in SHOWING_PHASES:
        yield from legal_showings(hand, seat)
    elif mine and hand.phase is BURYING and hand.order is not None:
        order = hand.order  # cheapest to bury first: plain cards before trumps, no points, low
        cheapest = sorted(hand.hands[seat], key=lambda c: (order.is_trump[c], c.points, order.step_of[c]))
        yield Bury(tuple(cheapest[:KITTY_SIZE]))
    elif mine and hand.phase is PLAYING and hand.trick is not None and hand.order is not None:
        held, order, lead = hand.hands[seat], hand.order, hand.trick.lead
        if lead is None:
            yield from (Play(cards) for cards in lead_candidates(held, order))
        else:
            yield Play(tuple(random_follow(held, lead, order, random.Random(0))))


def random_action(hand: HandState, seat: int, rng: random.Random, show_chance: float = 0.3) -> Action | None:
    """A random legal action for ``seat`` (the simulator's random player), ``None`` if it has none."""
    mine = seat == hand.turn
    if mine and hand.phase is PLAYING and hand.trick is not None and hand.order is not None:
        held, lead = hand.hands[seat], hand.trick.lead
        if lead is not None:
            return Play(tuple(random_follow(held, lead, hand.order, rng)))
        return Play(tuple(random_lead(held, hand.order, rng)))
    if mine and hand.phase is BURYING:
        return Bury(tuple(rng.sample(hand.hands[seat], KITTY_SIZE)))
    if _may_want_to_show(hand, seat) and rng.random() < show_chance:
        showings = legal_showings(hand, seat)
        if showings:
            return rng.choice(showings)
    if not mine:
        return None
    return Draw() if hand.phase is DEALING else Pass()


def _may_want_to_show(hand: HandState, seat: int) -> bool:
    """While dealing, a seat's showings change when it receives a level card or a joker (R8.1);
    checking only then keeps the random player cheap."""
    if hand.phase is not DEALING:
        return True
    held = hand.hands[seat]
    return bool(held) and (held[-1].is_joker or held[-1].rank == hand.level)


# ----------------------------------------------------------------- leads (R4.2)

def lead_candidates(hand: Sequence[Card], order: Order) -> list[tuple[Card, ...]]:
    """Every distinct single, pair and tractor in ``hand`` (R3.1–R3.3)."""
    step_of, suit_of = order.step_of, order.suit_of
    leads: list[tuple[Card, ...]] = [(c,) for c in sorted(set(hand))]
    pairs = split_pairs(hand)[0]
    leads += [(c, c) for c in pairs]
    by_suit_step: dict[tuple[int, int], Card] = {}
    for card in sorted(pairs):
        by_suit_step.setdefault((suit_of[card], step_of[card]), card)
    for (suit, bottom), card in by_suit_step.items():
        tractor = [card, card]
        step = bottom + 1
        while (suit, step) in by_suit_step:
            above = by_suit_step[(suit, step)]
            tractor += [above, above]
            leads.append(tuple(tractor))
            step += 1
    return leads


def random_lead(hand: Sequence[Card], order: Order, rng: random.Random, throw_chance: float = 0.1) -> list[Card]:
    """A random lead: a random card, often with its pair and the tractor above it; sometimes a
    random throw attempt of its suit (to exercise R4.3)."""
    card = rng.choice(hand)
    suit_of = order.suit_of
    if rng.random() < throw_chance:
        in_suit = [c for c in hand if suit_of[c] == suit_of[card]]
        return rng.sample(in_suit, rng.randint(1, min(4, len(in_suit))))
    if hand.count(card) < 2 or rng.random() < 0.3:
        return [card]
    lead = [card, card]
    step_of, step, suit = order.step_of, order.step_of[card], suit_of[card]
    while rng.random() < 0.7:
        above = [c for c in hand if suit_of[c] == suit and step_of[c] == step + 1 and hand.count(c) == 2]
        if not above:
            break
        lead += [above[0], above[0]]
        step += 1
    return lead


# ----------------------------------------------------------------- follows (R5)

def random_follow(hand: Sequence[Card], lead: LeadFormat, order: Order, rng: random.Random) -> list[Card]:
    """A legal follow chosen at random: the duty first (random tractors and pairs), then random cards."""
    n = lead.size
    if n == 1:
        in_suit = [c for c in hand if order.suit_of[c] == lead.suit]
        return [rng.choice(in_suit or hand)]
    duty = follow_duty(hand, lead, order)
    if duty.must_play_all:
        others = [c for c in hand if order.suit_of[c] != lead.suit]
        return duty.in_suit + rng.sample(others, n - len(duty.in_suit))
    chosen = structured_part(duty, lead, order, rng)
    rest = list(duty.in_suit)
    for c in chosen:
        rest.remove(c)
    return chosen + rng.sample(rest, n - len(chosen))


def structured_part(duty: Duty, lead: LeadFormat, order: Order, rng: random.Random) -> list[Card]:
    """Cards meeting the pair and tractor duty (R5.3), chosen at random among equal options."""
    if duty.pairs == 0:
        return []
    step_of = order.step_of
    pairs_by_step: dict[int, list[Card]] = {}
    pair_cards = split_pairs(duty.in_suit)[0]
    rng.shuffle(pair_cards)
    for card in pair_cards:
        pairs_by_step.setdefault(step_of[card], []).append(card)
    chosen: list[Card] = []
    if duty.tractor_pairs:
        starts = list(pairs_by_step)
        rng.shuffle(starts)
        counts = {s: len(cs) for s, cs in pairs_by_step.items()}
        _, placement = tractor_placement(counts, lead.tractor_lengths, starts)
        for bottom, length in placement:
            for step in range(bottom, bottom + length):
                card = pairs_by_step[step].pop()
                chosen += [card, card]
    remaining = [card for cs in pairs_by_step.values() for card in cs]
    for card in rng.sample(remaining, duty.pairs - len(chosen) // 2):
        chosen += [card, card]
    return chosen
