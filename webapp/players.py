"""The one place the web app asks a bot for a decision (bot seats, away players, the hint button).

Uses ``engine.bots`` when it is installed; until then a legal random stopgap
computed from the seat's own view only (RULES.md R5 via ``engine.follow``),
never from another seat's cards.
"""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.combos import LeadFormat
from engine.declaring import candidate_showings
from engine.follow import random_follow
from engine.suggest import random_lead

try:
    from engine import bots as engine_bots
except ImportError:  # engine/bots has not landed yet
    engine_bots = None

BOT_LEVELS = ("easy", "normal", "hard")
HINT_BOT = "rule"  # issue 4: the hint button shows the rule bot's choice
AWAY_BOT = "normal"


def bot_action(level: str, view: dict[str, Any], rng: random.Random) -> engine.actions.Action | None:
    """What the bot of ``level`` does now from ``view``; ``None`` when it has nothing to do."""
    if engine_bots is not None:
        return engine_bots.get(level).act(view, rng)
    return _stopgap_action(view, rng)


def hint(view: dict[str, Any]) -> engine.actions.Action | None:
    """A legal suggestion for the seat of ``view`` (bury or play)."""
    if engine_bots is not None:
        return engine_bots.get(HINT_BOT).hint(view)
    return _stopgap_action(view, random.Random(0))


def _order(view: dict[str, Any]) -> engine.trump.Order:
    trump = view["trump"] or {"level": view["level"], "suit": None}
    return engine.Trump(trump["level"], trump["suit"]).order(view["rules"].twos_trump)


def _stopgap_action(view: dict[str, Any], rng: random.Random) -> engine.actions.Action | None:
    seat, phase, hand = view["seat"], view["phase"], view["hand"]
    my_turn = view["to_act"] == seat
    if phase in ("dealing", "declaring") and view["showing"] is None:
        # Declare with the first showing held, so the first hand is not redealt forever (R8.3).
        showings = candidate_showings(hand, view["level"], view["rules"])
        if showings:
            return engine.Show(showings[0])
    if not my_turn:
        return None
    if phase == "dealing":
        return engine.Draw()
    if phase in ("declaring", "overturning"):
        return engine.Pass()
    order = _order(view)
    if phase == "burying":
        cheapest = sorted(hand, key=lambda c: (order.is_trump[c], c.points, order.step_of[c]))
        return engine.Bury(tuple(cheapest[:8]))
    if phase == "playing":
        trick = view["trick"]
        if not trick["plays"]:
            return engine.Play(tuple(random_lead(hand, order, rng, throw_chance=0)))
        lead = LeadFormat(trick["plays"][0][1], order)
        return engine.Play(tuple(random_follow(hand, lead, order, rng)))
    return None
