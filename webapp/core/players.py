"""The one place the web app asks a bot for a decision: bot seats, away players and the hint button.

Bots (``engine.bots``, issue 4) decide from the seat's view alone, so nothing
hidden can leak into their choices.
"""

from __future__ import annotations

import random

from engine import SeatView, bots
from engine.actions import Action

BOT_LEVELS = bots.LEVELS
AWAY_BOT = "normal"  # plays for a person who is away until they return
MIN_SEARCH_MS = 20  # with less time than this to think, the search bot's rule-bot fallback decides

_bots = {level: bots.get(level) for level in BOT_LEVELS}


def bot(level: str) -> bots.Bot:
    return _bots[level]


def bot_action(level: str, view: SeatView, rng: random.Random) -> Action | None:
    """What the bot of ``level`` does now from ``view``; ``None`` when it has nothing to do."""
    return _bots[level].act(view, rng)


def hint(view: SeatView) -> Action | None:
    """The rule bot's choice for the seat of ``view`` (the hint button)."""
    return bots.hint(view)
