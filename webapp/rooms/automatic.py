"""The automatic part of a room: the deal, the bots, a pass for a person with nothing to show, and a bot for a
person who is away — planned from the room as committed, decided by bots elsewhere, applied at the table's pace.

A :class:`Plan` is what a room needs at one version: the bot decisions to ask for (each from that seat's view)
and, when a person must act, until when the table waits for them. :meth:`AutomaticPart.next_action` turns the
bots' answers into the action and the moment it is due — the last change plus the pace, however long the bots
took to decide, so the timing of a move reveals nothing about how hard it was to choose.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from webapp.core import autoplay, players

from ..errors import Conflict
from ..runtime.presence import RoomPresence
from . import log
from .cache import LoadedRoom, RoomCache
from .commit import Change, Committer
from .seats import SEATS

BOT_GRACE = 1.0  # seconds past its pace that a table waits for a bot's decision


@dataclass(frozen=True)
class Pace:
    """Seconds: before a bot's move, between two dealt cards, and without a connection until a bot takes over."""

    bot_delay: float
    deal_delay: float
    away_seconds: float


@dataclass(frozen=True)
class Plan:
    """``probe`` is the automatic action as it would be without any bot's answer (``None``: a person must act, or
    nothing is left to do); ``waiting_until``: when the table stops waiting for that person (``None``: it waits
    until something changes)."""

    loaded: LoadedRoom
    asks: tuple[autoplay.Ask, ...] = ()
    bot_levels: tuple[str | None, ...] = (None,) * 4  # per seat: the bot deciding for it now, or None (a person)
    probe: autoplay.Automatic | None = None
    waiting_until: float | None = None

    @property
    def automatic(self) -> bool:
        return self.probe is not None

    @property
    def code(self) -> str:
        return self.loaded.code

    @property
    def version(self) -> int:
        return self.loaded.version


class AutomaticPart:
    def __init__(self, cache: RoomCache, committer: Committer, presence, pace: Pace,
                 clock: Callable[[], float] = time.time) -> None:
        self.cache = cache
        self.committer = committer
        self.presence = presence
        self.pace = pace
        self.clock = clock

    def plan(self, code: str) -> Plan:
        """What the room needs now (``NotFound`` for an unknown room)."""
        loaded = self.cache.load(code)
        match = loaded.match
        if match is None or match.winner is not None or match.hand_over:
            return Plan(loaded)  # not started, between hands, or over: nothing happens by itself
        now = self.clock()
        present = self.presence.room(code)
        levels = tuple(self._bot_level(loaded, present, seat, now) for seat in SEATS)
        asks = tuple(autoplay.asks(match, levels.__getitem__))
        probe = autoplay.automatic_action(match, levels.__getitem__, {}, random.Random(0))
        if probe is not None:
            return Plan(loaded, asks, levels, probe)
        away_in = present.away_in(match.hand.to_act, self.pace.away_seconds, now)
        return Plan(loaded, asks, levels, None, None if away_in == float("inf") else now + away_in)

    def patience(self, plan: Plan) -> float:
        """Until when a step may wait for the bots' answers: the pace after the last change, plus a second for a
        bot's move; a dealing round does not wait (a bot that was late may show after the next round)."""
        probe = plan.probe
        delay = probe.delay(self.pace.deal_delay, self.pace.bot_delay)
        return plan.loaded.row.changed_at + delay + (0.0 if probe.pace == autoplay.DEAL else BOT_GRACE)

    def view(self, plan: Plan, seat: int) -> dict:
        """What the bot deciding for ``seat`` is shown: that seat's view, nothing more."""
        return plan.loaded.match.view(seat)

    def next_action(self, plan: Plan, answers: autoplay.Answers,
                    rng: random.Random) -> tuple[autoplay.Automatic, float] | None:
        """The automatic action from the bots' answers, and when it is due."""
        automatic = autoplay.automatic_action(plan.loaded.match, plan.bot_levels.__getitem__, answers, rng)
        if automatic is None:
            return None
        return automatic, plan.loaded.row.changed_at + automatic.delay(self.pace.deal_delay, self.pace.bot_delay)

    def apply(self, plan: Plan, automatic: autoplay.Automatic) -> bool:
        """Commit the action on the version it was planned for; ``False`` if the room moved on meanwhile."""
        match = plan.loaded.match
        entries = tuple(log.act(match, seat, action) for seat, action in automatic.moves)
        try:
            self.committer.commit(plan.loaded, Change(entries))
        except Conflict:
            return False
        return True

    def _bot_level(self, loaded: LoadedRoom, present: RoomPresence, seat: int, now: float) -> str | None:
        entry = loaded.seats[seat]
        if entry.bot is not None:
            return entry.bot
        if present.away_in(seat, self.pace.away_seconds, now) == 0:
            return players.AWAY_BOT
        return None
