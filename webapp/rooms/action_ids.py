"""The id a seat's page gives its next action, and the ids of the seat's turns that have gone by.

The page's id is derived from the seat's own moves in the hand (not random, not the room's version), so a double
tap sends the same id twice and the commit applies it once; while the others act the id, and so the regions'
HTML, stays the same. A move made *for* the seat (its turn clock ran out, 托管, an away seat's bot, the closing
of its window to show) carries no id: a tap the person made on the table before that move arrives with the id of
a turn that has gone by, and is refused rather than applied to a trick the person never saw.
"""

from __future__ import annotations

import hashlib
import hmac

import engine


def turn_key(match: engine.Match | None, seat: int | None) -> str:
    """The hand, the deal, and how many moves the seat has made in it (its own draws aside)."""
    if match is None or seat is None:
        return ""
    return _key(match, _moves(match, seat))


def action_id(secret: str, code: str, seat: int | None, key: str) -> str:
    """The id of the action a seat's page offers at ``key`` (:func:`turn_key`)."""
    message = f"{code}:{seat}:{key}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:16]


def passed_ids(secret: str, code: str, seat: int, match: engine.Match) -> set[str]:
    """The ids the seat's page was given earlier in this deal of the hand: each turn since made, by the person
    (then the id is in the log: a repeat) or for them (then it is a tap on a table that has moved on)."""
    return {action_id(secret, code, seat, _key(match, moves)) for moves in range(_moves(match, seat))}


def _moves(match: engine.Match, seat: int) -> int:
    return sum(1 for entry in match.hand.log if entry.seat == seat and not isinstance(entry.action, engine.Draw))


def _key(match: engine.Match, moves: int) -> str:
    return f"{match.hand_number}.{match.deal_number}.{moves}"
