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
from engine.coach import Moment, explain
from engine.counter import card_count

from .clock import Clock, clock_text
from .phrases import PHRASES, REACTIONS, Said
from .stats import HandRecord, match_recap
from .translation import gettext as _

# The regions of the room page, each in templates/partials/<name>.html with that id.
REGIONS = ("lobby", "status", "table", "actions", "hand", "score", "phrases")

# Where each seat sits on screen, relative to the viewer (R1.1: play goes to the next seat, 下家).
POSITIONS = ("bottom", "right", "top", "left")

UNTIMED = Clock(0, None)
COUNTED_PHASES = (engine.Phase.PLAYING, engine.Phase.DONE)  # the card counter counts the plays

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
    autoplay: bool = False  # 托管: a bot plays for the person until they take it back
    ready: bool = False  # pressed 继续 on the hand-end screen
    offline_for: float | None = None  # a person's seat without a connection: for this many seconds


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
    # Seconds left: the seat to act's window or turn clock, and the hand-end screen's countdown (None: none).
    turn_left: float | None = None
    next_hand_left: float | None = None
    card_counter: bool = False  # the table's 记牌器 is on (issue 14)
    phrases: bool = False  # this browser may send quick phrases to the table
    said: tuple[Said, ...] = ()  # the phrases said lately, shown by their seats
    moments: tuple[Moment, ...] = ()  # the coach's moments of this seat in the hand just over
    # The page keeps this seat's result of each hand in the browser (a solo game on the server, issue 14).
    result_in_browser: bool = False


def region_keys(snapshot: Snapshot, clock_up: bool) -> dict[str, tuple]:
    """For the regions that do not change with every move, everything their HTML depends on besides the
    language: while it stays the same they need not be rendered again (the lobby once the game has started, the
    scoreboard between hands, a player's hand and buttons while the others play, the phrases while nobody speaks)."""
    keys: dict[str, tuple] = {"phrases": (snapshot.my_seat, snapshot.phrases, snapshot.said)}
    if snapshot.started:
        keys["lobby"] = ("started",)
    view = snapshot.view
    if view is None or view.match is None:
        return keys
    me, summary = snapshot.my_seat, view.match
    seats = tuple((s.name, s.bot, s.taken, s.autoplay, s.ready) for s in snapshot.seats)
    keys["score"] = (me, seats, summary.levels, summary.hand_number, len(summary.history), summary.winner,
                     summary.ended_by)
    keys["hand"] = (me, view.hand, view.trump, view.level)
    if view.phase == engine.Phase.DEALING:
        # While dealing, the table shows no trick and no hand sizes (the status line counts the cards dealt), so a
        # dealt round leaves it as it was: only who is there, the dealer and a showing change it.
        presence = tuple((s.online, s.covered_by_bot, s.offline_for is not None) for s in snapshot.seats)
        redeal = bool(summary.history) and summary.history[-1].redeal
        keys["table"] = (me, seats, presence, view.hand_number, view.dealer, view.to_act, view.level, view.showing,
                         view.kitty_card, redeal, snapshot.turn_left is None)
    keys["actions"] = (me, seats, view.phase, view.to_act, view.hand_number, tuple(snapshot.legal_showings),
                       view.show_kind, snapshot.turn_key, summary.winner, clock_up)
    return keys


def room_context(snapshot: Snapshot, selected: tuple[str, ...] = (), message: str | None = None, *,
                 url_for: UrlFor, action_id: str) -> dict[str, Any]:
    """The variables of the room page and its partials; ``selected`` cards start checked (the hint)."""
    view = snapshot.view
    trumps = trump_cards(view) if view else frozenset()
    return {
        "clock_remaining": snapshot.clock.remaining_seconds(datetime.now(UTC)),
        "clock_text": clock_text,
        "snap": snapshot,
        "v": view,
        "me": snapshot.my_seat,
        "hand_groups": hand_groups(view.hand, selected, trumps) if view else [],
        "message": message,
        "trump_cards": trumps,
        "shown": shown_trick(view) if view else None,
        "previous": last_trick(view) if view else None,
        "counter": card_count(view) if view and snapshot.card_counter and view.phase in COUNTED_PHASES else None,
        "recap": match_recap(view.match.history, view.rules) if view and view.match and view.match.winner
        is not None else None,
        "phrase_list": PHRASES if snapshot.phrases else {},
        "reactions": REACTIONS if snapshot.phrases else {},
        "action_id": action_id,
        "hand_record": hand_record(snapshot),
        "share_url": url_for("rooms.room", code=snapshot.code, _external=True),
        "url_for": url_for,  # the templates' own addresses too (the server's live regions remember theirs)
        **table_names(snapshot),
    }


def hand_record(snapshot: Snapshot) -> HandRecord | None:
    """This seat's record of the hand just over, for the page to keep in the browser when it keeps them: only the
    hand's result, public by then (R7, R9), and the seat."""
    view, seat = snapshot.view, snapshot.my_seat
    if not snapshot.result_in_browser or seat is None or view is None or view.result is None or view.result.redeal:
        return None
    return HandRecord(snapshot.code, view.hand_number, seat, view.result)


def table_names(snapshot: Snapshot) -> dict[str, Any]:
    """How the viewer's page names and places the seats and teams (the room page and a hand's review)."""
    return {
        "position": lambda seat: POSITIONS[(seat - (snapshot.my_seat or 0)) % 4],
        "seat_name": lambda seat: seat_name(snapshot, seat),
        "team_name": lambda team: team_name(snapshot, team),
        "teams": teams_in_order(snapshot),
        "team_class": lambda seat: team_class(snapshot, seat),
    }


Slot = tuple[engine.Card, bool]  # a card of the hand, and whether it starts selected


def hand_groups(hand: Sequence[engine.Card], selected: tuple[str, ...], trumps: frozenset[int]) -> list[list[Slot]]:
    """The hand (already in display order) in runs of one suit for play (R2.7), trumps as one suit, each card
    with whether it starts selected (the hint; duplicates are counted). The page lays out a run on one row."""
    wanted = Counter(selected)
    groups: list[list[Slot]] = []
    previous: str | None = None
    for card in hand:
        checked = wanted[str(card)] > 0
        wanted[str(card)] -= checked
        suit = "trump" if card in trumps else card.suit
        if suit != previous:
            groups.append([])
            previous = suit
        groups[-1].append((card, checked))
    return groups


@dataclass(frozen=True)
class FailedThrow:
    """R4.4: what a leader tried to throw, and the part that could be beaten, which alone was played."""

    tried: list[engine.Card]
    played: list[engine.Card]


@dataclass(frozen=True)
class ShownTrick:
    """The trick on the table: the one in play, or between tricks the one just finished, until the next lead."""

    number: int  # 1 for the hand's first trick: with the hand number, it names each play (a new one arrives)
    plays: dict[int, list[engine.Card]]
    leader: int  # 首家
    winning: int | None  # who wins it so far (R6), the winner once it is complete
    complete: bool
    points: int
    failed_throw: FailedThrow | None


def shown_trick(view: engine.SeatView) -> ShownTrick | None:
    """The trick the table shows (public plays only), ``None`` before the first lead."""
    current, done = view.trick, view.tricks
    if current and current.plays:
        trick, number = current, len(done) + 1
    elif done:
        trick, number = done[-1], len(done)
    else:
        return None
    plays = {seat: list(cards) for seat, cards in trick.plays}
    complete = trick.winner is not None
    winning = trick.winner if complete else _winning_so_far(trick, view)
    failed = trick.failed_throw
    return ShownTrick(number, plays, trick.leader, winning, complete, trick.points,
                      FailedThrow(list(failed.cards), plays[trick.leader]) if failed else None)


def _winning_so_far(trick: engine.view.TrickView, view: engine.SeatView) -> int:
    plays = trick.plays
    return plays[engine.trick_winner([cards for _, cards in plays], view.trump, view.rules)][0]


def last_trick(view: engine.SeatView) -> engine.view.TrickView | None:
    """The trick before the one on the table (the "last trick" panel)."""
    current, done = view.trick, view.tricks
    if current and current.plays:
        return done[-1] if done else None
    return done[-2] if len(done) > 1 else None


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


def teams_in_order(snapshot: Snapshot) -> tuple[int, int]:
    """The teams as every list shows them: the viewer's own (我方) first; for a spectator seats 1 & 3 first."""
    mine = (snapshot.my_seat or 0) % 2
    return mine, 1 - mine


def team_class(snapshot: Snapshot, seat: int) -> str:
    """The colour of a seat's team: "us" and "them" for a seated player, "team-a"/"team-b" for a spectator."""
    if snapshot.my_seat is None:
        return "team-a" if seat % 2 == 0 else "team-b"
    return "us" if seat % 2 == snapshot.my_seat % 2 else "them"


def bot_level_name(level: str) -> str:
    return {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}[level]


def trump_cards(view: engine.SeatView) -> frozenset[int]:
    return trumps_of(view.trump or engine.Trump(view.level, None), view.rules)


def trumps_of(trump: engine.Trump, rules: engine.Rules) -> frozenset[int]:
    """The trump cards (R2.2, R2.6), which the cards' faces mark."""
    order = trump.order(rules.twos_trump)
    return frozenset(card for card in range(KINDS) if order.is_trump[card])


@dataclass(frozen=True)
class Refusal:
    """A refused action as the player reads it: one sentence saying what to do, and the clause it comes from
    (shown out of the way, as a link to the rules page)."""

    text: str
    clause: str | None = None
    kind = "error"  # how the message region shows it

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Advice(Refusal):
    """The hint explained (issue 14): the duty that applies and why these cards, in the message region."""

    kind = "advice"


def hint_advice(view: engine.SeatView, action: engine.actions.Action | None) -> Advice | None:
    """The coach's words on the hint's ``action`` for ``view`` (``None``: nothing to say)."""
    reasons = explain(view, action)
    if not reasons:
        return None
    return Advice(" ".join(sentence(reason.translated(_)) for reason in reasons), reasons[0].clause)


def illegal_message(refusal: engine.IllegalAction | str) -> Refusal:
    """A refused action in the reader's language.

    The engine's :class:`~engine.reasons.Reason` carries the clause and a message template with
    its values, so the whole sentence is translated; other refusals are shown as they are.
    """
    reason = getattr(refusal, "reason", None)
    if reason is None:
        return Refusal(sentence(str(refusal)))
    return Refusal(sentence(reason.translated(_)), reason.clause)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter, and a full stop ("。" after Chinese)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?。！？" else text + ("。" if _is_chinese(text[-1]) else ".")


def _is_chinese(character: str) -> bool:
    return "\u4e00" <= character <= "\u9fff" or character in "）」』"
