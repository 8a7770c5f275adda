"""What the room page's templates are given (``templates/room.html`` and one partial per region), for the
server and the offline solo game alike: a :class:`Snapshot` of the table as one seat may see it, and the
names, hand and messages derived from it. Rendering (Flask's or the offline app's Jinja) is the caller's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import engine
from engine.cards import KINDS

from .clock import Clock, clock_text
from .translation import gettext as _
from .translation import lazy_gettext as _l

# The regions of the room page, each in templates/partials/<name>.html with that id.
REGIONS = ("lobby", "status", "table", "actions", "hand", "score")

# Where each seat sits on screen, relative to the viewer (R1.1: play goes to the next seat, 下家).
POSITIONS = ("bottom", "right", "top", "left")

CLAUSE_TITLES = {
    "R1.1": _l("Play goes round in turn"),
    "R4.2": _l("A lead must be one suit"),
    "R4.3": _l("Throw (甩牌) check"),
    "R5.1": _l("Play as many cards as the lead"),
    "R5.2": _l("Follow suit"),
    "R5.3": _l("Pairs and tractors must be followed"),
    "R5.4": _l("Trumps must follow a trump lead"),
    "R8.1": _l("Declaring needs a level card"),
    "R8.2": _l("What a declaration shows"),
    "R8.4": _l("Overturning must be stronger"),
    "R8.5": _l("When overturning is allowed"),
    "R8.7": _l("Who may declare"),
    "R8.8": _l("Bury exactly 8 cards"),
    "R9.4": _l("The match is over"),
}

UNTIMED = Clock(0, None)

# ``url_for(endpoint, **values)``: Flask's on the server, the offline app's own routes in the browser.
UrlFor = Callable[..., str]


@dataclass(frozen=True)
class SeatInfo:
    index: int
    name: str | None
    bot: str | None
    taken: bool
    online: bool
    covered_by_bot: bool  # a human seat that is away: a bot plays for it


@dataclass
class Snapshot:
    """Everything one browser may be shown, read under the room lock (rendering happens outside it)."""

    code: str
    version: int
    solo: bool
    preset: str
    rules: engine.Rules
    started: bool
    seats: list[SeatInfo]
    my_seat: int | None
    is_host: bool
    view: engine.SeatView | None
    legal_showings: list[engine.Show] = field(default_factory=list)
    # Changes exactly when this seat's own next move is a new one (see webapp.render.action_id): the
    # regions stay byte-identical while others act, so a button is not replaced under a finger.
    turn_key: str = ""
    clock: Clock = UNTIMED  # R9.5: a timed match's clock


def room_context(snapshot: Snapshot, selected: tuple[str, ...] = (), message: str | None = None, *,
                 url_for: UrlFor, action_id: str) -> dict[str, Any]:
    """The variables of the room page and its partials; ``selected`` cards start checked (the hint)."""
    view = snapshot.view
    return {
        "clock_remaining": snapshot.clock.remaining_seconds(datetime.now(UTC)),
        "clock_text": clock_text,
        "snap": snapshot,
        "v": view,
        "me": snapshot.my_seat,
        "hand_slots": hand_slots(view.hand, selected) if view else [],
        "message": message,
        "trump_cards": trump_cards(view) if view else frozenset(),
        "action_id": action_id,
        "share_url": url_for("rooms.room", code=snapshot.code, _external=True),
        "position": lambda seat: POSITIONS[(seat - (snapshot.my_seat or 0)) % 4],
        "seat_name": lambda seat: seat_name(snapshot, seat),
        "team_name": lambda team: team_name(snapshot, team),
    }


def hand_slots(hand: Sequence[engine.Card], selected: tuple[str, ...]) -> list[tuple[engine.Card, bool]]:
    """Each card of the hand with whether it starts selected (the hint); duplicates are counted."""
    wanted = Counter(selected)
    slots = []
    for card in hand:
        checked = wanted[str(card)] > 0
        wanted[str(card)] -= checked
        slots.append((card, checked))
    return slots


def seat_name(snapshot: Snapshot, seat: int) -> str:
    """How the viewer calls a seat: "You" for their own, else the player's name or "Bot n"."""
    info = snapshot.seats[seat]
    if seat == snapshot.my_seat and snapshot.started:
        return _("You")
    if info.name:
        return info.name
    if info.bot:
        return _("Bot %(number)s", number=seat + 1)
    return _("empty seat")


def team_name(snapshot: Snapshot, team: int) -> str:
    """R1.1 teams: seats 1+3 and 2+4 (0+2 and 1+3 inside); "us" and "them" for a seated player."""
    if snapshot.my_seat is None:
        return _("Seats 1 & 3") if team == 0 else _("Seats 2 & 4")
    return _("Us") if team == snapshot.my_seat % 2 else _("Them")


def bot_level_name(level: str) -> str:
    return {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}[level]


def trump_cards(view: engine.SeatView) -> frozenset[int]:
    order = (view.trump or engine.Trump(view.level, None)).order(view.rules.twos_trump)
    return frozenset(card for card in range(KINDS) if order.is_trump[card])


def illegal_message(refusal: engine.IllegalAction | str) -> str:
    """A refused action in the reader's language: the clause, its title, and why.

    The engine's :class:`~engine.reasons.Reason` carries the clause and a message template with
    its values, so the whole sentence is translated; other refusals are shown as they are.
    """
    reason = getattr(refusal, "reason", None)
    if reason is None:
        return str(refusal)
    detail = reason.translated(_)
    title = CLAUSE_TITLES.get(reason.clause)
    if title:
        return f"{reason.clause} {title} — {detail}"
    return f"{reason.clause}: {detail}" if reason.clause else detail