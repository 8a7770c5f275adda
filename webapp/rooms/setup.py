"""Setting a room up: create it (a preset of R10 with single-option overrides), a solo game, taking a seat,
the host's bots and the start."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import replace

from flask_babel import lazy_gettext as _l

import engine

from ..errors import BadRequest, Forbidden
from ..models import Room, utcnow
from ..tokens import new_room_code, new_token, token_hash, token_matches
from .cache import LoadedRoom
from .commit import Change, Committer
from .seats import Seat, bot_level, player_name, rows_of, seat_index
from .settings import TableSettings
from .store import RoomStore


class RoomSetup:
    def __init__(self, store: RoomStore, committer: Committer, seat_of: Callable[[LoadedRoom, str | None], int | None],
                 seen: Callable[[str, int], None], clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.committer = committer
        self.seat_of = seat_of
        self.seen = seen  # a new seat counts as its player being there until their page connects
        self.clock = clock

    def create_room(self, preset: str, options: dict[str, str], level: str,
                    settings: TableSettings | None = None) -> tuple[str, str]:
        """A new room; returns (room code, host token)."""
        try:
            rules = engine.Rules.preset(preset).with_options(options)
        except ValueError as error:
            raise BadRequest(str(error)) from None
        host_token = new_token()
        code = new_room_code()
        self.store.insert(Room(code=code, preset=preset, rules=rules.to_dict(), bot_level=bot_level(level),
                               host_token_hash=token_hash(host_token), seats=rows_of([Seat()] * 4),
                               settings=(settings or TableSettings()).to_dict(), changed_at=self.clock()))
        return code, host_token

    def create_solo(self, level: str, name: str, player: str | None = None, card_counter: bool = False
                    ) -> tuple[str, str]:
        """Seat 0 for the player (``player``: the browser's player token), three bots, dealing at once; returns
        (code, seat token)."""
        level = bot_level(level)
        token = new_token()
        code = new_room_code()
        seats = [Seat.person(player_name(name, 0), token_hash(token), _hash(player))] + [Seat.robot(level)] * 3
        rules = engine.Rules.preset("classic")
        now = self.clock()
        self.store.insert(Room(code=code, solo=True, preset="classic", rules=rules.to_dict(), bot_level=level,
                               seats=rows_of(seats), started_at=utcnow(), match_state=new_match(rules).to_dict(),
                               settings=replace(TableSettings.solo(), card_counter=card_counter).to_dict(),
                               changed_at=now, acted_at=now, due_at=now))
        self.seen(code, 0)
        self.committer.notifier.publish(code, 0)
        return code, token

    def join(self, code: str, seat: object, name: str, token: str | None, player: str | None = None) -> str:
        """Take a free seat before the start (``player``: the browser's player token); returns the new seat
        token."""
        new = new_token()

        def take(loaded: LoadedRoom) -> Change:
            if self.seat_of(loaded, token) is not None:
                raise BadRequest(_l("you already have a seat at this table"))
            if loaded.match is not None:
                raise BadRequest(_l("the game has started; you can watch"))
            index = seat_index(seat)
            if loaded.seats[index].taken:
                raise BadRequest(_l("that seat is taken; pick another"))
            seats = list(loaded.seats)
            seats[index] = Seat.person(player_name(name, index), token_hash(new), _hash(player))
            return Change(columns={"seats": rows_of(seats)})

        joined = self.committer.change(code, take)
        self.seen(code, self.seat_of(joined, new))
        return new

    def leave(self, code: str, token: str | None) -> None:
        """A person leaves: before the start their seat is free again; once the game has begun it stays theirs
        (a bot plays for it while they are away)."""
        def free(loaded: LoadedRoom) -> Change | None:
            seat = self.seat_of(loaded, token)
            if seat is None or loaded.match is not None:
                return None
            seats = list(loaded.seats)
            seats[seat] = Seat()
            return Change(columns={"seats": rows_of(seats)})

        self.committer.change(code, free)

    def fill_with_bots(self, code: str, host_token: str | None, level: str) -> None:
        level = bot_level(level)

        def fill(loaded: LoadedRoom) -> Change:
            _require_host(loaded, host_token)
            return Change(columns={"seats": rows_of([s if s.taken else Seat.robot(level) for s in loaded.seats])})

        self.committer.change(code, fill)

    def start(self, code: str, host_token: str | None) -> None:
        def start(loaded: LoadedRoom) -> Change:
            _require_host(loaded, host_token)
            if not all(seat.taken for seat in loaded.seats):
                raise BadRequest(_l("fill every seat (with friends or bots) before starting"))
            return Change(columns={"match_state": new_match(loaded.rules).to_dict(), "base_actions": 0,
                                   "started_at": utcnow(), "due_at": self.clock()})

        self.committer.change(code, start)


def _hash(token: str | None) -> str | None:
    return None if token is None else token_hash(token)


def _require_host(loaded: LoadedRoom, host_token: str | None) -> None:
    if not token_matches(host_token, loaded.row.host_token_hash):
        raise Forbidden(_l("only the host who created the room may do that"))
    if loaded.match is not None:
        raise BadRequest(_l("the game has already started"))


def new_match(rules: engine.Rules) -> engine.Match:
    # The seed decides every deal; it never leaves the server (views do not contain it).
    return engine.Match(rules, seed=secrets.token_hex(16))

