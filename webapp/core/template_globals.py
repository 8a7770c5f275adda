"""What every template may use besides its context: the engine's facts (so no template repeats a rule)
and the shared helpers, for Flask's Jinja (:mod:`webapp.factory`) and the offline app's (:mod:`webapp.offline.pages`).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from engine import bots
from engine.cards import BIG_JOKER, RED_SUITS, SUIT_SYMBOLS, TOTAL_POINTS
from engine.hand_state import DEALT, KITTY_SIZE
from engine.rules import LABELS
from engine.scoresheet import MAX_KITTY_POINTS

from .card_faces import card_face, card_faces
from .room_page import bot_level_name
from .stats import KEPT, STORAGE_KEY
from .translation import gettext as _


def suit_order_text(order: str) -> str:
    """An R8.4 overturn order (suits high to low, e.g. ``SHCD``) as people read it: ``♠ ♥ ♣ ♦``."""
    return " ".join(SUIT_SYMBOLS[suit] for suit in order)


def suit_name(suit: str | None) -> str:
    """A trump suit as the page names it: its symbol, or "no-trump" (R2.2: jokers and level cards only)."""
    return _("no-trump") if suit is None else SUIT_SYMBOLS[suit]


def oob_attr(oob: bool, swap: str = "true") -> Markup:
    """The attribute of a region sent out of band (WebSocket pushes, extra regions of a response); "outerMorph"
    keeps what the person is typing in a form of that region. A function, not a macro: every region of every
    socket's frame calls it, and a macro call costs a template context."""
    return Markup(' hx-swap-oob="%s"') % escape(swap) if oob else Markup()


TEMPLATE_GLOBALS: dict[str, Any] = {
    "KITTY_SIZE": KITTY_SIZE,  # R1.3, R8.8: the kitty's cards, buried by its holder
    "CARDS_DEALT": DEALT,  # R1.3: the cards dealt to the seats (the rest is the kitty)
    "TOTAL_POINTS": TOTAL_POINTS,  # R7.1: the points in the two decks
    "MAX_KITTY_POINTS": MAX_KITTY_POINTS,  # the most points the kitty can hold
    "SUIT_SYMBOLS": SUIT_SYMBOLS,  # ♠ ♥ ♦ ♣ by suit letter
    "RED_SUITS": RED_SUITS,
    "BIG_JOKER": BIG_JOKER,  # the two jokers' faces and names differ
    "BOT_LEVELS": bots.LEVELS,
    "OPTION_LABELS": LABELS,  # what a form calls each rule option (R10)
    "STATS_KEY": STORAGE_KEY,  # where a browser keeps its hands' records, and how many (static/js/stats.js)
    "STATS_KEPT": KEPT,
    "bot_level_name": bot_level_name,
    "suit_order_text": suit_order_text,
    "suit_name": suit_name,
    "oob_attr": oob_attr,
    "card_face": card_face,
    "card_faces": card_faces,
}
