"""A card as the page shows it: its corner index (rank and suit; the jokers' in the reader's language — 大王/小王,
in English "JOKER", the big one in colour, as printed cards have it), with ``data-card`` holding its name.

Python rather than a template macro: a page shows a hundred cards and is rendered again after every move, and a
macro call costs many times this; the templates call these two directly (they are template globals). A suited
card's face is the same in every language, so each is made once; a joker's is made in the reader's language.
``size`` is "" (the hand's cards), "mid" (plays on the table) or "mini" (lists of cards in a line).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from markupsafe import Markup

import engine
from engine.cards import BIG_JOKER

from .translation import gettext as _
from .translation import pgettext


def card_face(card: engine.Card, trump_cards: frozenset[int], size: str = "") -> Markup:
    trump = card in trump_cards
    if card.is_joker:
        big = card == BIG_JOKER
        corner = pgettext("the big joker's corner", "JOKER") if big else pgettext("the small joker's corner", "JOKER")
        name = _("Big joker") if big else _("Small joker")
        return Markup('<span class="{}" data-card="{}" aria-label="{}"><span class="index"><b class="rank">{}</b>'
                      '</span></span>').format(_classes(card, trump, size), card, name, corner)
    return _suited_face(card, trump, size)


@cache
def _suited_face(card: engine.Card, trump: bool, size: str) -> Markup:
    ten = " ten" if card.rank == "10" else ""
    return Markup('<span class="{}" data-card="{}"><span class="index"><b class="rank{}">{}</b>'
                  '<i class="suit">{}</i></span></span>').format(_classes(card, trump, size), card, ten, card.rank,
                                                                  card.display[-1])


def _classes(card: engine.Card, trump: bool, size: str) -> str:
    classes = ["card"]
    if size:
        classes.append(size)
    if card.is_red:
        classes.append("red")
    if card.is_joker:
        classes.append("joker")
    if trump:
        classes.append("trump")
    return " ".join(classes)


def card_faces(cards: Iterable[engine.Card], trump_cards: frozenset[int], size: str = "mini") -> Markup:
    # Faces are Markup already: joined as strings (Markup's own join and format escape each piece again).
    return Markup('<span class="cards">' + "".join(card_face(card, trump_cards, size) for card in cards) + "</span>")


