"""The rule bot (Normal) and its random-ish variant (Easy).

Every decision is a heuristic over the seat's :class:`~.knowledge.Knowledge`:
showings by trump length (:mod:`.showing`), the bury (:mod:`.burying`),
leads (:mod:`.leading`) and follows (:mod:`.following`).
"""

from __future__ import annotations

import random

from ..actions import Action, Show
from ..cards import Card
from ..view import SeatView
from .base import Bot
from .burying import choose_bury
from .following import choose_follow
from .knowledge import Knowledge, view_order
from .leading import choose_lead
from .random_bot import RandomBot
from .showing import choose_show
from .weights import ISSUE4, Weights


def rule_play(k: Knowledge, weights: Weights = ISSUE4) -> list[Card]:
    """The rule bot's play from a seat's knowledge, weighing cards by ``weights``: a lead or a follow."""
    lead = k.public.lead
    if lead is None:
        return choose_lead(k, weights)
    if lead.size == len(k.hand):
        return list(k.hand)  # R5.1: the last cards, no choice
    return choose_follow(k, weights)


class RuleBot(Bot):
    """Heuristic player with card tracking (issue 4 "rule"); deterministic: ``rng`` is unused. It plays with
    ``weights`` (:mod:`.weights`; Normal has issue 4's)."""

    name = "rule"

    def __init__(self, weights: Weights = ISSUE4) -> None:
        self.weights = weights

    def choose_show(self, view: SeatView, rng: random.Random) -> Show | None:
        return choose_show(view)

    def choose_bury(self, view: SeatView, rng: random.Random) -> list[Card]:
        return choose_bury(view.hand, view_order(view))

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        return rule_play(Knowledge.from_view(view), self.weights)


def hint(view: SeatView) -> Action | None:
    """The action suggested to a person in this seat (the hint button): the rule bot's choice (issue 4)."""
    return RuleBot().act(view, random.Random(0))


class EasyBot(RuleBot):
    """The rule bot that now and then makes a random legal choice instead (issue 4 "easy")."""

    name = "easy"

    def __init__(self, blunder_rate: float = 0.3) -> None:
        super().__init__()
        self.blunder_rate = blunder_rate
        self.random = RandomBot()

    def choose_show(self, view: SeatView, rng: random.Random) -> Show | None:
        if rng.random() < self.blunder_rate:
            return self.random.choose_show(view, rng)
        return super().choose_show(view, rng)

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        if rng.random() < self.blunder_rate:
            return self.random.choose_play(view, rng)
        return super().choose_play(view, rng)
