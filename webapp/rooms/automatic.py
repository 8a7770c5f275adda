"""The automatic part of a room: the deal, the bots, the end of a person's window to show, a bot for a person
who is away or on 托管 or whose turn clock ran out, and the next hand once everyone is ready — planned from the
room as committed, decided by bots elsewhere, applied at the table's pace.

A :class:`Plan` is what a room needs at one version: the bot decisions to ask for (each from that seat's view),
the automatic action as it would be without them, and otherwise until when the table waits for a person.
:meth:`AutomaticPart.next_action` turns the bots' answers into the action and the moment it is due — the last
action plus the pace, however long the bots took to decide, so the timing of a move reveals nothing about how
hard it was to choose.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.phase import ANSWERING_PHASES, Phase
from webapp.core import autoplay, players
from webapp.core.autoplay import Pace

from ..errors import Conflict
from ..runtime.presence import RoomPresence
from . import log
from .cache import LoadedRoom, RoomCache
from .commit import Change, Committer, time_is_up
from .moves import unready
from .seats import SEATS, rows_of

BOT_GRACE = 1.0  # seconds past its pace that a table waits for a bot's decision
CLOCKED_PHASES = (Phase.BURYING, Phase.PLAYING)  # a person's turn clock runs (declaring has its window)


@dataclass(frozen=True)
class Plan:
    """``probe`` is the automatic action as it would be without any bot's answer (``None``: a person must act, or
    nothing is left to do); ``waiting_until``: when the table stops waiting for that person (``None``: it waits
    until something changes); ``takeover``: the seat whose turn clock ran out (it goes on 托管 with this move);
    ``next_hand_at``: between hands, when the next one starts by itself."""

    loaded: LoadedRoom
    pace: Pace
    asks: tuple[autoplay.Ask, ...] = ()
    bot_levels: tuple[str | None, ...] = (None,) * 4  # per seat: the bot deciding for it now, or None (a person)
    probe: autoplay.Automatic | None = None
    waiting_until: float | None = None
    takeover: int | None = None
    next_hand_at: float | None = None

    @property
    def automatic(self) -> bool:
        return self.probe is not None

    @property
    def code(self) -> str:
        return self.loaded.code

    @property
    def version(self) -> int:
        return self.loaded.version


def turn_deadline(loaded: LoadedRoom, pace: Pace) -> float | None:
    """When the person to act loses their move: their window to show or pass closes (declaring, overturning:
    a pass), or their turn clock runs out (burying, playing: a bot plays it); ``None``: no limit, or no person."""
    match = loaded.match
    if match is None or match.winner is not None or match.hand_over:
        return None
    hand = match.hand
    seat = loaded.seats[hand.to_act]
    if not seat.human or seat.autoplay:
        return None
    if hand.phase in ANSWERING_PHASES:
        return loaded.row.acted_at + pace.show_window
    if hand.phase in CLOCKED_PHASES and loaded.settings.turn_seconds:
        return loaded.row.acted_at + loaded.settings.turn_seconds
    return None


def ready_deadline(loaded: LoadedRoom) -> float | None:
    """Between hands, when the table's countdown deals the next one (``None``: it waits for everyone)."""
    match = loaded.match
    countdown = loaded.settings.ready_seconds
    if match is None or match.winner is not None or not match.hand_over or not countdown:
        return None
    return loaded.row.acted_at + countdown


class AutomaticPart:
    def __init__(self, cache: RoomCache, committer: Committer, presence, pace: Pace,
                 clock: Callable[[], float] = time.time) -> None:
        self.cache = cache
        self.committer = committer
        self.presence = presence
        self.pace = pace
        self.clock = clock

    def pace_of(self, loaded: LoadedRoom) -> Pace:
        """The app's pace with this table's deal speed."""
        return dataclasses.replace(self.pace, deal_delay=self.pace.deal_delay * loaded.settings.deal_factor)

    def set_due(self, loaded: LoadedRoom, due_at: float | None) -> None:
        """When the room next needs a look, as planned on ``loaded``: for any driver that may take it over."""
        self.committer.store.set_due(loaded.code, loaded.version, due_at)
        self.cache.written(loaded.code, loaded.version, due_at=due_at)

    def plan(self, code: str, known_version: int | None = None) -> Plan:
        """What the room needs now (``NotFound`` for an unknown room). ``known_version``: the newest version
        this process has heard of, so a cached room that new needs no read of the database."""
        loaded = self.cache.load(code) if known_version is None else self.cache.at_least(code, known_version)
        pace = self.pace_of(loaded)
        match = loaded.match
        if match is None or match.winner is not None:
            return Plan(loaded, pace)  # not started, or over: nothing happens by itself
        now = self.clock()
        present = self.presence.room(code)
        levels = [self._bot_level(loaded, present, seat, now) for seat in SEATS]
        if match.hand_over:
            # A table where no person's page is open plays out the hand it was in and stops there: nobody is
            # there to see the next one (and an abandoned table on 托管 must not play on for ever). A return, or
            # a 继续, goes on.
            someone_here = any(loaded.seats[seat].human and seat in present.online for seat in SEATS)
            return Plan(loaded, pace, next_hand_at=self._next_hand_at(loaded, levels, pace) if someone_here else None)
        plan = self._automatic(loaded, pace, levels)
        if plan.automatic:
            return plan
        seat = match.hand.to_act
        deadlines = [now + present.away_in(seat, pace.away_seconds, now)]
        clock = turn_deadline(loaded, pace)
        if clock is not None:
            if now >= clock:
                # The turn clock ran out: the bot plays this move, and the seat is on 托管 from now on.
                levels[seat] = players.AWAY_BOT
                return dataclasses.replace(self._automatic(loaded, pace, levels), takeover=seat)
            deadlines.append(clock)
        waiting = min(deadlines)
        return dataclasses.replace(plan, waiting_until=None if waiting == float("inf") else waiting)

    def _automatic(self, loaded: LoadedRoom, pace: Pace, levels: list[str | None]) -> Plan:
        match = loaded.match
        bot_levels = tuple(levels)
        asks = tuple(autoplay.asks(match, bot_levels.__getitem__))
        probe = autoplay.automatic_action(match, bot_levels.__getitem__, {}, random.Random(0))
        return Plan(loaded, pace, asks, bot_levels, probe)

    def _next_hand_at(self, loaded: LoadedRoom, levels: list[str | None], pace: Pace) -> float | None:
        """When the next hand starts by itself: at once (a bots' pace) when every seat is ready — bots and seats a
        bot plays for always are —, else when the table's countdown runs out (``None``: it waits for everyone)."""
        ready = all(seat.ready or levels[index] is not None for index, seat in enumerate(loaded.seats))
        if ready:
            return loaded.row.acted_at + pace.bot_delay
        return ready_deadline(loaded)

    def patience(self, plan: Plan) -> float:
        """Until when a step may wait for the bots' answers: the pace after the last action, plus a second for a
        bot's move; a dealing round does not wait (a bot that was late may show after the next round)."""
        probe = plan.probe
        delay = probe.delay(plan.pace)
        return plan.loaded.row.acted_at + delay + (0.0 if probe.pace == autoplay.DEAL else BOT_GRACE)

    def view(self, plan: Plan, seat: int):
        """What the bot deciding for ``seat`` is shown: that seat's view, nothing more."""
        return plan.loaded.match.view(seat)

    def next_action(self, plan: Plan, answers: autoplay.Answers, rng: random.Random,
                    now: float | None = None) -> tuple[autoplay.Automatic, float] | None:
        """The automatic action from the bots' answers, and when it is due; past that (``now``), a deal that
        fell behind catches up."""
        match = plan.loaded.match
        automatic = autoplay.automatic_action(match, plan.bot_levels.__getitem__, answers, rng)
        if automatic is None:
            return None
        due = plan.loaded.row.acted_at + automatic.delay(plan.pace)
        if now is not None and now > due:
            automatic = autoplay.caught_up(match, automatic, now - due, plan.pace)
        return automatic, due

    def apply(self, plan: Plan, automatic: autoplay.Automatic) -> bool:
        """Commit the action on the version it was planned for; ``False`` if the room moved on meanwhile."""
        match = plan.loaded.match
        entries = tuple(log.act(match, seat, action) for seat, action in automatic.moves)
        columns = {}
        if plan.takeover is not None:
            seats = list(plan.loaded.seats)
            seats[plan.takeover] = dataclasses.replace(seats[plan.takeover], autoplay=True)
            columns["seats"] = rows_of(seats)
        return self._commit(plan, Change(entries, columns))

    def deal_next_hand(self, plan: Plan) -> bool:
        """Between hands, once everyone is ready or the countdown ran out: the next hand (R9.5: or the end)."""
        loaded = plan.loaded
        entry = log.end_on_time(loaded.match) if time_is_up(loaded) else log.next_hand(loaded.match, None)
        return self._commit(plan, Change((entry,), {"seats": rows_of(unready(list(loaded.seats)))}))

    def _commit(self, plan: Plan, change: Change) -> bool:
        try:
            self.committer.commit(plan.loaded, change)
        except Conflict:
            return False
        return True

    def _bot_level(self, loaded: LoadedRoom, present: RoomPresence, seat: int, now: float) -> str | None:
        entry = loaded.seats[seat]
        if entry.bot is not None:
            return entry.bot
        if entry.autoplay or present.away_in(seat, self.pace.away_seconds, now) == 0:
            return players.AWAY_BOT
        return None

