"""The random bot: a uniformly chosen legal action, decided from the view alone."""

from __future__ import annotations

import random

from ..actions import Show
from ..cards import Card
from ..combos import LeadFormat
from ..moves import random_follow, random_lead
from ..phase import Phase
from ..view import SeatView
from .base import Bot
from .knowledge import view_order
from .showing import legal_showings

KITTY_SIZE = 8
SHOW_CHANCE_DEALING = 0.1  # per chance while the cards come in (each draw gives every seat one)
SHOW_CHANCE = 0.3  # when asked to show or pass


class RandomBot(Bot):
    """Any legal action: random showings now and then, a random bury, random leads and follows."""

    name = "random"

    def choose_show(self, view: SeatView, rng: random.Random) -> Show | None:
        chance = SHOW_CHANCE_DEALING if view.phase is Phase.DEALING else SHOW_CHANCE
        if rng.random() >= chance:
            return None
        legal = legal_showings(view)
        return rng.choice(legal) if legal else None

    def choose_bury(self, view: SeatView, rng: random.Random) -> list[Card]:
        return rng.sample(view.hand, KITTY_SIZE)

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        order = view_order(view)
        trick = view.trick
        if trick is not None and trick.plays:
            lead = LeadFormat(trick.plays[0][1], order)
            return random_follow(view.hand, lead, order, rng)
        return random_lead(view.hand, order, rng)
