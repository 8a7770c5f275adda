"""What every template may use besides its context: the engine's facts (so no template repeats a rule)
and the shared helpers, for Flask's Jinja (:mod:`webapp.factory`) and the offline app's (:mod:`webapp.offline.pages`).
"""

from __future__ import annotations

from typing import Any

from engine import bots
from engine.cards import BIG_JOKER, RED_SUITS, SUIT_SYMBOLS, TOTAL_POINTS
from engine.hand_state import DEALT, KITTY_SIZE
from engine.scoresheet import MAX_KITTY_POINTS

from .card_faces import card_face, card_faces
from .room_page import bot_level_name
from .stats import KEPT, STORAGE_KEY


def suit_order_text(order: str) -> str:
    """An R8.4 overturn order (suits high to low, e.g. ``SHCD``) as people read it: ``♠ ♥ ♣ ♦``."""
    return " ".join(SUIT_SYMBOLS[suit] for suit in order)


TEMPLATE_GLOBALS: dict[str, Any] = {
    "KITTY_SIZE": KITTY_SIZE,  # R1.3, R8.8: the kitty's cards, buried by its holder
    "CARDS_DEALT": DEALT,  # R1.3: the cards dealt to the seats (the rest is the kitty)
    "TOTAL_POINTS": TOTAL_POINTS,  # R7.1: the points in the two decks
    "MAX_KITTY_POINTS": MAX_KITTY_POINTS,  # the most points the kitty can hold
    "SUIT_SYMBOLS": SUIT_SYMBOLS,  # ♠ ♥ ♦ ♣ by suit letter
    "RED_SUITS": RED_SUITS,
    "BIG_JOKER": BIG_JOKER,  # the two jokers' faces and names differ
    "BOT_LEVELS": bots.LEVELS,
    "STATS_KEY": STORAGE_KEY,  # where a browser keeps its hands' records, and how many (static/js/stats.js)
    "STATS_KEPT": KEPT,
    "bot_level_name": bot_level_name,
    "suit_order_text": suit_order_text,
    "card_face": card_face,
    "card_faces": card_faces,
}
