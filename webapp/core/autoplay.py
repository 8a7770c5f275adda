"""What a table does by itself between the players' own moves: the deal card by card, the bots' actions,
and a pass for a player who has nothing to show. The server's driver and the offline solo game both ask
here, then apply the action at their own pace.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import engine
from engine.actions import Action
from engine.phase import ANSWERING_PHASES

from . import players

SEATS = range(4)
DEAL, BOT = "deal", "bot"  # the pace an automatic action goes at: the dealing pace or the bots' pace

# The bot level that decides for a seat now; None: a person does.
BotLevelOf = Callable[[int], "str | None"]


@dataclass(frozen=True)
class Automatic:
    seat: int
    action: Action
    pace: str  # DEAL or BOT


def automatic_action(match: engine.Match, bot_level_of: BotLevelOf, rng: random.Random) -> Automatic | None:
    """The next action nobody needs to choose, for a match whose hand is not over; ``None``: a person must act."""
    hand = match.hand
    if hand.phase is engine.Phase.DEALING:
        # R8.1: bots may show at any moment of the deal; every drawer draws at the dealing pace.
        for seat in SEATS:
            level = bot_level_of(seat)
            if level and seat != hand.to_act:
                action = players.bot_action(level, match.view(seat), rng)
                if isinstance(action, engine.Show) and hand.can_apply(seat, action):
                    return Automatic(seat, action, DEAL)
        seat = hand.to_act
        level = bot_level_of(seat)
        action = players.bot_action(level, match.view(seat), rng) if level else None
        return _applicable(match, seat, action or engine.Draw(), DEAL, rng)
    seat = hand.to_act
    level = bot_level_of(seat)
    if level:
        action = players.bot_action(level, match.view(seat), rng)
        return _applicable(match, seat, action or hand.random_action(seat, rng, show_chance=0), BOT, rng)
    if hand.phase in ANSWERING_PHASES and not hand.legal_showings(seat):
        # Nothing to show: pass for the player, at the bots' pace so the speed reveals nothing.
        return Automatic(seat, engine.Pass(), BOT)
    return None


def _applicable(match: engine.Match, seat: int, action: Action, pace: str, rng: random.Random) -> Automatic:
    """A bot's proposal the engine refuses is replaced by the engine's own random player's."""
    if not match.hand.can_apply(seat, action):
        action = match.hand.random_action(seat, rng, show_chance=0)
    return Automatic(seat, action, pace)
