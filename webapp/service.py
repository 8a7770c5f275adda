"""The room service: load → the engine validates and applies → commit (version check) → notify → drive.

Every change to a room happens here, under that room's lock. Nothing is
announced before it is committed; the hub then wakes each subscriber, which
renders its own seat's view. The automatic part of the game (dealing the cards
one by one, bots, passes for players who cannot show, a bot for an away player)
is :meth:`RoomService.advance`, called by the driver.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from flask_babel import lazy_gettext as _l

import engine
from webapp.core import autoplay, players
from webapp.core.clock import Clock
from webapp.core.room_page import SeatInfo, Snapshot

from .errors import BadRequest, Forbidden, Illegal, NotFound
from .hub import Hub
from .models import Room, utcnow
from .presence import Presence
from .store import RoomStore, Table
from .tokens import new_room_code, new_token, token_hash, token_matches

SEATS = range(4)
RECENT_ACTION_IDS = 64
NAME_LENGTH = 20


class RoomService:
    def __init__(self, store: RoomStore, hub: Hub, presence: Presence, config: dict[str, Any]) -> None:
        self.store = store
        self.hub = hub
        self.presence = presence
        self.bot_delay = config["BOT_DELAY_MS"] / 1000
        self.deal_delay = config["DEAL_DELAY_MS"] / 1000
        self.driver = None  # set by the app factory (see webapp.driver)
        self._locks: dict[str, threading.Lock] = defaultdict(threading.Lock)
        self._locks_lock = threading.Lock()
        self._last_change: dict[str, float] = {}
        self._plans: dict[str, tuple[tuple, tuple]] = {}  # room → (version and who bots play, plan)
        self._rng = random.Random(secrets.randbits(64))

    def lock(self, code: str) -> threading.Lock:
        with self._locks_lock:
            return self._locks[code]

    # ------------------------------------------------------------------ creating and joining

    def create_room(self, preset: str, options: dict[str, str], bot_level: str) -> tuple[str, str]:
        """A new room with rules from a preset of R10 plus single-option overrides.

        Returns (room code, host token).
        """
        try:
            rules = engine.Rules.preset(preset).with_options(options)
        except ValueError as error:
            raise BadRequest(str(error)) from None
        host_token = new_token()
        code = new_room_code()
        self.store.create(Room(code=code, preset=preset, rules=rules.to_dict(), bot_level=_level(bot_level),
                               host_token_hash=token_hash(host_token), seats=[_empty_seat() for _ in SEATS]))
        return code, host_token

    def create_solo(self, bot_level: str, name: str) -> tuple[str, str]:
        """Seat 0 for the player, three bots, dealing at once; returns (code, seat token)."""
        level = _level(bot_level)
        token = new_token()
        code = new_room_code()
        seats = [{"name": _name(name, 0), "token_hash": token_hash(token), "bot": None}]
        seats += [{"name": None, "token_hash": None, "bot": level} for _ in range(3)]
        room = Room(code=code, solo=True, preset="classic", rules=engine.Rules.preset("classic").to_dict(),
                    bot_level=level, seats=seats, started_at=utcnow())
        room.match_state = _new_match(room).to_dict()
        self.store.create(room)
        self.presence.seen(code, 0)  # counts as present until the page's WebSocket connects
        self._changed(code)
        return code, token

    def join(self, code: str, seat: Any, name: str, token: str | None) -> str:
        """Take a free seat before the start; returns the new seat token."""
        with self.lock(code):
            table = self.store.load(code)
            if self.seat_of(table, token) is not None:
                raise BadRequest(_l("you already have a seat at this table"))
            if table.match is not None:
                raise BadRequest(_l("the game has started; you can watch"))
            index = _seat_index(seat)
            if _taken(table.room.seats[index]):
                raise BadRequest(_l("that seat is taken; pick another"))
            token = new_token()
            seats = list(table.room.seats)
            seats[index] = {"name": _name(name, index), "token_hash": token_hash(token), "bot": None}
            table.room.seats = seats
            self._commit(table)
        self.presence.seen(code, index)
        self._changed(code)
        return token

    def fill_with_bots(self, code: str, host_token: str | None, bot_level: str) -> None:
        with self.lock(code):
            table = self._host_table(code, host_token)
            level = _level(bot_level)
            table.room.seats = [s if _taken(s) else {"name": None, "token_hash": None, "bot": level}
                                for s in table.room.seats]
            self._commit(table)
        self._changed(code)

    def start(self, code: str, host_token: str | None) -> None:
        with self.lock(code):
            table = self._host_table(code, host_token)
            if not all(_taken(s) for s in table.room.seats):
                raise BadRequest(_l("fill every seat (with friends or bots) before starting"))
            table.match = _new_match(table.room)
            table.room.started_at = utcnow()
            self._commit(table)
        self._changed(code)

    def _host_table(self, code: str, host_token: str | None) -> Table:
        table = self.store.load(code)
        if not token_matches(host_token, table.room.host_token_hash):
            raise Forbidden(_l("only the host who created the room may do that"))
        if table.match is not None:
            raise BadRequest(_l("the game has already started"))
        return table

    # ------------------------------------------------------------------ playing

    def act(self, code: str, token: str | None, payload: Any, action_id: str | None) -> bool:
        """Apply one action for the token's seat.

        ``False`` if this action id was already applied (a double tap).
        """
        try:
            action = engine.decode(payload)
        except engine.IllegalAction as error:
            raise BadRequest(str(error)) from None  # malformed: unknown type, bad card names
        return self._move(code, token, action_id, lambda match, seat: match.apply(seat, action))

    def next_hand(self, code: str, token: str | None, action_id: str | None,
                  after_hand: int | None = None) -> bool:
        """Deal the next hand once the current one is scored (any seated player may).

        ``after_hand`` is the hand the player saw end: if another player already dealt the next one,
        pressing "Next hand" too is not an error.
        """
        def deal(match: engine.Match, _seat: int) -> bool:
            if after_hand is not None and match.hand_number > after_hand:
                return False
            match.next_hand()
            return True

        return self._move(code, token, action_id, deal)

    def _move(self, code: str, token: str | None, action_id: str | None,
              move: Callable[[engine.Match, int], bool | None]) -> bool:
        """A seated player's move under the room lock: ``move`` changes the match (the engine checks it),
        then commit and tell. ``False``: nothing to do (a repeated action id, or ``move`` said so)."""
        with self.lock(code):
            table = self.store.load(code)
            seat = self._require_seat(table, token)
            if action_id and action_id in table.room.recent_action_ids:
                return False
            if table.match is None:
                raise Illegal(_l("the game has not started yet"))
            try:
                # R9.5: once time is up, no new hand starts; whatever was pressed, the match ends.
                if not self._end_if_time_is_up(table) and move(table.match, seat) is False:
                    return False
                self._end_if_time_is_up(table)
            except engine.IllegalAction as error:
                raise Illegal(str(error), error) from None
            self._remember(table, action_id)
            self._commit(table)
        self._changed(code)
        return True

    def _end_if_time_is_up(self, table: Table) -> bool:
        """R9.5: a timed match whose time is up ends once the hand in play is over. True if it just did."""
        match = table.match
        if match.winner is not None or not match.hand_over:
            return False
        if not Clock(match.rules.time_limit_minutes, table.room.started_at).is_up(utcnow()):
            return False
        match.end_on_time()
        return True

    def hint(self, code: str, token: str | None) -> engine.actions.Action | None:
        """The bot's suggestion for this seat, from its own view (bury or play), if it is its turn."""
        with self.lock(code):
            table = self.store.load(code)
            seat = self._require_seat(table, token)
            if table.match is None or table.match.hand.to_act != seat:
                return None
            if table.match.hand.phase not in ("burying", "playing"):
                return None
            view = table.match.view(seat)
        return players.hint(view)

    def snapshot(self, code: str, token: str | None, host_token: str | None = None) -> Snapshot:
        with self.lock(code):
            table = self.store.load(code)
            seat = self.seat_of(table, token)
            if seat is not None:
                self.presence.seen(code, seat)  # opening the page counts as being there
            match = table.match
            view = match.view(seat) if match is not None else None
            showings = match.hand.legal_showings(seat) if match is not None and seat is not None else []
            turn_key = _turn_key(match, seat)
        room = table.room
        rules = engine.Rules.from_dict(room.rules)
        return Snapshot(
            code=code, version=room.version, solo=room.solo, preset=room.preset, rules=rules,
            started=match is not None,
            seats=[self._seat_info(code, i, s) for i, s in enumerate(room.seats)], my_seat=seat,
            is_host=token_matches(host_token, room.host_token_hash), view=view, legal_showings=showings,
            turn_key=turn_key, clock=Clock(rules.time_limit_minutes, room.started_at),
        )

    def _seat_info(self, code: str, index: int, seat: dict[str, Any]) -> SeatInfo:
        human = seat["token_hash"] is not None
        online = human and self.presence.is_online(code, index)
        return SeatInfo(index, seat["name"], seat["bot"], _taken(seat), online,
                        human and self.presence.away_in(code, index) == 0)

    def seat_of(self, table: Table, token: str | None) -> int | None:
        for index, seat in enumerate(table.room.seats):
            if token_matches(token, seat["token_hash"]):
                return index
        return None

    def _require_seat(self, table: Table, token: str | None) -> int:
        seat = self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_l("this browser has no seat at this table (spectators cannot play)"))
        self.presence.seen(table.room.code, seat)
        return seat

    # ------------------------------------------------------------------ the automatic part

    def advance(self, code: str) -> float | None:
        """Take the next automatic action if it is due.

        Returns seconds until the next check, ``None`` if the room waits for a connected person.
        """
        with self.lock(code):
            try:
                table = self.store.load(code)
            except NotFound:
                return None
            match = table.match
            if match is None or match.winner is not None or match.hand_over:
                return None
            planned = self._planned_action(table)
            if planned is None:
                return None
            seat, action, due = planned
            wait = due - time.monotonic()
            if wait > 0 or action is None:
                return max(wait, 0.001)
            match.apply(seat, action)
            self._end_if_time_is_up(table)
            self._commit(table)
        self._changed(code)
        return 0.0

    def _planned_action(self, table: Table) -> tuple[int, engine.actions.Action | None, float] | None:
        """The plan for this version of the room, decided once: a bot's choice is made right after the
        last change and applied when due, so how long it took to decide does not show in when it
        lands (no timing leak while BOT_DELAY_MS exceeds the thinking time)."""
        code = table.room.code
        key = (table.room.version, tuple(self._bot_controls(table, seat) for seat in SEATS))
        cached = self._plans.get(code)
        if cached is not None and cached[0] == key:
            return cached[1]
        planned = self._plan(table)
        if planned is not None and planned[1] is not None:
            self._plans[code] = (key, planned)
        return planned

    def _plan(self, table: Table) -> tuple[int, engine.actions.Action | None, float] | None:
        """(seat, action, when) of the next automatic action, on the monotonic clock.

        ``action`` is ``None`` when the game waits for a human: ``when`` is then the
        moment they would count as away. ``None`` altogether: waiting for a connected human.
        """
        code, match = table.room.code, table.match
        since = self._last_change.get(code, 0.0)
        planned = autoplay.automatic_action(match, lambda seat: self._bot_level_now(table, seat), self._rng)
        if planned is not None:
            pace = self.deal_delay if planned.pace == autoplay.DEAL else self.bot_delay
            return planned.seat, planned.action, since + pace
        seat = match.hand.to_act
        away_in = self.presence.away_in(code, seat)
        if away_in == float("inf"):
            return None
        return seat, None, time.monotonic() + away_in

    def _bot_level_now(self, table: Table, seat: int) -> str | None:
        """The bot playing ``seat`` now: its own, or the away bot for a person who is away.

        ``None``: the person plays.
        """
        return self._bot_level(table, seat) if self._bot_controls(table, seat) else None

    def _bot_controls(self, table: Table, seat: int) -> bool:
        entry = table.room.seats[seat]
        return entry["bot"] is not None or self.presence.away_in(table.room.code, seat) == 0

    def _bot_level(self, table: Table, seat: int) -> str:
        return table.room.seats[seat]["bot"] or players.AWAY_BOT

    # ------------------------------------------------------------------ committing

    def _commit(self, table: Table) -> None:
        try:
            self.store.save(table)
        except Exception:
            self.store.forget(table.room.code)  # the cached match holds the change that was not saved
            raise
        self._last_change[table.room.code] = time.monotonic()

    def _remember(self, table: Table, action_id: str | None) -> None:
        if action_id:
            table.room.recent_action_ids = (table.room.recent_action_ids + [action_id])[-RECENT_ACTION_IDS:]

    def _changed(self, code: str) -> None:
        """After a commit: tell the subscribers, then let the driver take any automatic action."""
        self.hub.publish(code)
        if self.driver is not None:
            self.driver.poke(code)

    def presence_changed(self, code: str) -> None:
        """A browser came or went: the table shows who is online, and the driver re-checks away seats."""
        self._changed(code)


def _turn_key(match: engine.Match | None, seat: int | None) -> str:
    """The hand, the deal, and how many moves the seat has made in it (its own draws aside)."""
    if match is None or seat is None:
        return ""
    moves = sum(1 for entry in match.hand.log
                if entry.seat == seat and not isinstance(entry.action, engine.Draw))
    return f"{match.hand_number}.{match.deal_number}.{moves}"


def _new_match(room: Room) -> engine.Match:
    # The seed decides every deal; it never leaves the server (views do not contain it).
    return engine.Match(engine.Rules.from_dict(room.rules), seed=secrets.token_hex(16))


def _empty_seat() -> dict[str, Any]:
    return {"name": None, "token_hash": None, "bot": None}


def _taken(seat: dict[str, Any]) -> bool:
    return seat["token_hash"] is not None or seat["bot"] is not None


def _level(level: str) -> str:
    if level not in players.BOT_LEVELS:
        raise BadRequest(_l("bot strength must be easy, normal or hard"))
    return level


def _seat_index(seat: Any) -> int:
    try:
        index = int(seat)
    except (TypeError, ValueError):
        raise BadRequest(_l("pick a seat")) from None
    if index not in SEATS:
        raise BadRequest(_l("there are four seats, 1 to 4"))
    return index


def _name(name: str | None, seat: int) -> str:
    name = " ".join((name or "").split())[:NAME_LENGTH]
    return name or str(_l("Player %(number)s", number=seat + 1))
