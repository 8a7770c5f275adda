"""The public rules API: plain functions over cards, a trump and rules.

Cards may be given as :class:`~engine.cards.Card` values, as names, or as one
string of names; ``rules`` may be omitted (classic) or given as a preset name.

>>> import engine
>>> classic = engine.Rules.preset("classic")
>>> trump = engine.Trump(level="10", suit="S")
>>> engine.is_legal_follow("KH KH 3H 4C", "9H 9H", "KH 3H", trump, classic)
False
>>> engine.trick_winner(["5H", "10D", "10C", "AH"], trump, classic)
1
>>> engine.check_throw("AH KH KH", ["AH 3H", "5C", "6D"], trump, classic).ok
True
>>> engine.kitty_multiplier("QC QC JC JC", trump, classic)
8
"""

from __future__ import annotations

from collections.abc import Iterable

from . import throw, trick
from .cards import Card, parse_cards
from .combos import LeadFormat
from .follow import follow_error
from .rules import Rules
from .scoring import advance, level_outcome, multiplier_for
from .throw import ThrowCheck
from .trump import Order, Trump

CardsLike = str | Iterable[Card | str | int]


def as_cards(cards: CardsLike) -> list[Card]:
    return parse_cards(cards)


def as_rules(rules: Rules | str | None) -> Rules:
    if rules is None:
        return Rules.preset("classic")
    return Rules.preset(rules) if isinstance(rules, str) else rules


def order_for(trump: Trump, rules: Rules | str | None) -> Order:
    return trump.order(as_rules(rules).twos_trump)


def is_legal_follow(hand: CardsLike, lead: CardsLike, play: CardsLike, trump: Trump,
                    rules: Rules | str | None = None) -> bool:
    """R5: may a player holding ``hand`` (before playing) answer ``lead`` with ``play``?"""
    return follow_error_message(hand, lead, play, trump, rules) is None


def follow_error_message(hand: CardsLike, lead: CardsLike, play: CardsLike, trump: Trump,
                         rules: Rules | str | None = None) -> str | None:
    """Like :func:`is_legal_follow`, but the reason (with its clause) when the play is illegal."""
    order = order_for(trump, rules)
    reason = follow_error(as_cards(hand), LeadFormat(as_cards(lead), order), as_cards(play), order)
    return None if reason is None else str(reason)


def trick_winner(plays: Iterable[CardsLike], trump: Trump, rules: Rules | str | None = None) -> int:
    """R6: index of the winning play; ``plays`` are in play order, ``plays[0]`` the lead."""
    return trick.trick_winner([as_cards(p) for p in plays], order_for(trump, rules))


def check_throw(lead: CardsLike, other_hands: Iterable[CardsLike], trump: Trump,
                rules: Rules | str | None = None) -> ThrowCheck:
    """R4.3–R4.6: does the lead stand against the other hands? ``.ok``, ``.forced``, ``.failed_cards``."""
    rules = as_rules(rules)
    return throw.check_throw(as_cards(lead), [as_cards(h) for h in other_hands], order_for(trump, rules),
                             edge_triple=rules.edge_triple)


def kitty_multiplier(winning_play: CardsLike, trump: Trump, rules: Rules | str | None = None,
                     lead: CardsLike | None = None) -> int:
    """R7.4: the kitty multiplier for the last trick's winning play.

    The format is that of the last trick's lead (a ruff is not re-read as a
    bigger structure): pass ``lead`` when the winner is not the lead itself.
    """
    rules = as_rules(rules)
    largest = LeadFormat(as_cards(lead if lead is not None else winning_play),
                         order_for(trump, rules)).largest
    return multiplier_for(largest.kind, largest.length, rules.kitty_multiplier)


__all__ = [
    "advance", "as_cards", "check_throw", "follow_error_message", "is_legal_follow",
    "kitty_multiplier", "level_outcome", "order_for", "trick_winner",
]
