"""A seated person's moves: an action of the hand (draw, show, pass, bury, play), the next hand, and the hint.

The seat is checked before anything else is read from the request; the engine checks the action against the
room as read. An action id is used once per room (the log keeps it, unique): the same move sent again with it is a
double tap and changes nothing; another move with it (other cards, another seat) is refused (409). An action
carrying the id of one of the seat's turns that have gone by (:mod:`.action_ids`) was chosen on a table that has
moved on: it is refused, not applied to a trick the person has not seen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from flask_babel import lazy_gettext as _l

import engine
from webapp.core.room_page import illegal_message

from ..errors import Conflict, Forbidden, Illegal, InvalidRequest
from ..tokens import token_matches
from . import log
from .action_ids import passed_ids
from .cache import LoadedRoom
from .commit import Change, Committer, time_is_up
from .seats import Seat, rows_of


def seat_of(loaded: LoadedRoom, token: str | None) -> int | None:
    """The seat whose token this is (``None``: a spectator)."""
    for index, seat in enumerate(loaded.seats):
        if token_matches(token, seat.token_hash):
            return index
    return None


class Moves:
    def __init__(self, committer: Committer, seen: Callable[[str, int], None], secret: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.committer = committer
        self.seen = seen  # a request from a seat counts as its player being there
        self.secret = secret  # what the pages' action ids are signed with (:mod:`.action_ids`)
        self.clock = clock

    def require_seat(self, loaded: LoadedRoom, token: str | None) -> int:
        seat = seat_of(loaded, token)
        if seat is None:
            raise Forbidden(_l("this browser has no seat at this table (spectators cannot play)"))
        self.seen(loaded.code, seat)
        return seat

    def act(self, code: str, token: str | None, payload: Any, action_id: str | None) -> bool:
        """Apply one action for the token's seat; ``False`` if this action id was already applied."""
        try:
            action = engine.decode(payload)
        except engine.IllegalAction as error:
            # Malformed (an unknown type, bad card names): said in the reader's language, as a refusal is.
            known_type = isinstance(payload, dict) and payload.get("type") in engine.actions.ACTION_TYPES
            raise InvalidRequest(str(illegal_message(error)), "cards" if known_type else "type") from None

        def attempt(loaded: LoadedRoom) -> Change | None:
            seat = self.require_seat(loaded, token)
            if isinstance(action, engine.Draw):
                # The table deals at its own pace (R1.3), the same for every seat: a person does not hurry it.
                raise Illegal(_l("the cards are dealt by the table: there is nothing to draw"))
            if self._repeated(loaded, action_id, (seat, engine.encode(action))):
                return None
            match = _started(loaded)
            if match.winner is not None:
                raise Illegal(_l("the match is over"))
            if action_id is not None and action_id in passed_ids(self.secret, loaded.code, seat, match):
                raise Conflict(_l("the table moved on before this move arrived (it was made for you, or your "
                                  "window closed): nothing was changed"))
            try:
                match.hand.verify(seat, action)
            except engine.IllegalAction as error:
                raise Illegal(str(error), error) from None
            return Change((log.act(match, seat, action, action_id),))

        return self._commit(code, attempt)

    def next_hand(self, code: str, token: str | None, action_id: str | None, after_hand: int | None = None) -> bool:
        """The player pressed 继续 on the hand-end screen: they are ready; once every person at the table is (bots
        and seats on 托管 always are), the next hand is dealt. The table's countdown deals it too (the driver).

        ``after_hand`` is the hand the player saw end: if the next one has begun, pressing too is not an error.
        R9.5: once time is up, no new hand starts: the match ends instead.
        """
        def attempt(loaded: LoadedRoom) -> Change | None:
            seat = self.require_seat(loaded, token)
            if self._repeated(loaded, action_id, (seat, None)):  # logged so when it deals the next hand
                return None
            match = _started(loaded)
            if after_hand is not None and match.hand_number > after_hand:
                return None
            if time_is_up(loaded):
                return Change((log.end_on_time(match),))
            if not match.hand_over:
                raise Illegal(_l("the current hand is not over yet"))
            if match.winner is not None:
                raise Illegal(_l("the match is over"))
            if loaded.seats[seat].ready:
                return None
            seats = list(loaded.seats)
            seats[seat] = replace(seats[seat], ready=True)
            if all(s.ready or not s.human or s.autoplay for s in seats):
                return Change((log.next_hand(match, seat, action_id),), {"seats": rows_of(unready(seats))})
            return Change(columns={"seats": rows_of(seats)})

        return self._commit(code, attempt)

    def autoplay(self, code: str, token: str | None, on: bool) -> bool:
        """托管 on (a bot plays for the person from now on) or off (the person plays again, with a fresh turn
        clock); ``False`` if it already was so."""
        def attempt(loaded: LoadedRoom) -> Change | None:
            seat = self.require_seat(loaded, token)
            if loaded.seats[seat].autoplay == on:
                return None
            seats = list(loaded.seats)
            seats[seat] = replace(seats[seat], autoplay=on)
            return Change(columns={"seats": rows_of(seats), **({} if on else {"acted_at": self.clock()})})

        return self._commit(code, attempt)

    def _repeated(self, loaded: LoadedRoom, action_id: str | None,
                  move: tuple[int, dict[str, Any] | None]) -> bool:
        """This action id was applied already with this ``move`` (the seat and the action as logged): a double
        tap, told apart before the action is checked against a table that it has itself changed. The same id
        with another move (other cards, another seat) is no repeat: it is refused, and the move it was applied
        with stands."""
        if action_id is None:
            return False
        earlier = self.committer.store.action_with_id(loaded.code, action_id)
        if earlier is None:
            return False
        if earlier != move:
            raise Conflict(_l("this action id was already used for another move: nothing was changed"))
        return True

    def _commit(self, code: str, attempt: Callable[[LoadedRoom], Change | None]) -> bool:
        return self.committer.change(code, attempt) is not None


def unready(seats: list[Seat]) -> list[Seat]:
    """The seats with their hand-end 继续 marks cleared (a new hand begins)."""
    return [replace(seat, ready=False) for seat in seats]


def _started(loaded: LoadedRoom) -> engine.Match:
    if loaded.match is None:
        raise Illegal(_l("the game has not started yet"))
    return loaded.match

