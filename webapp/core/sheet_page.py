"""What the scoresheet page's templates are given (``templates/sheet.html`` and one partial per region),
for the server and the offline scorekeeper alike.

The regions in :data:`LIVE_REGIONS` look the same to every viewer but for the scorekeeper's edit
controls; the WebSocket pushes them after each change. The form (:data:`FORM_REGION`) is the
scorekeeper's alone and only ever comes back from their own requests: a push must never wipe a
hand they are typing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from engine import Scoresheet, team_of
from engine.cards import RANKS
from engine.scoresheet import new_entry_id

from .clock import Clock, clock_text
from .room_page import UrlFor
from .rule_form import rule_form_context
from .sheet_chart import level_chart
from .sheet_forms import new_sheet_defaults
from .translation import gettext as _

LIVE_REGIONS = ("sheet_board", "sheet_clock", "sheet_history", "sheet_chart")
FORM_REGION = "sheet_form"
TRUMP_CHOICES = ("", "S", "H", "C", "D", "NT")  # "": not recorded (the trump is optional)
LEAD_FORMATS = ("single", "pair", "tractor")
# The options that change a scoresheet's arithmetic (the others only matter while dealing and playing).
SHEET_OPTIONS = ("kitty_multiplier", "level_table", "match_end", "must_play", "throw_penalty_per_card",
                 "physical_penalties", "who_may_declare", "time_limit_minutes")


class ShownSheet(Protocol):
    """A sheet as a page shows it: the server's stored one or the offline app's local one."""

    @property
    def code(self) -> str: ...

    @property
    def version(self) -> int: ...

    @property
    def sheet(self) -> Scoresheet: ...

    @property
    def clock(self) -> Clock: ...


def new_sheet_context(form: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The variables of the new-sheet form (``form``: what was typed, when it comes back with a message)."""
    form = form or new_sheet_defaults()
    return {**rule_form_context(form), "only": SHEET_OPTIONS, "levels": RANKS, "form": form}


@dataclass(frozen=True)
class HandForm:
    """What the record (or edit) form shows: which hand, who dealt it, who may be named instead, with which
    values."""

    entry_id: str
    number: int
    editing: bool
    dealer: int | None  # the dealer the form records: the scheduled one, or the fixed hand's own
    scheduled_dealer: int | None  # R9.3 (None: the declaration decides, R8.3 / R11 re-contest)
    dealer_choices: tuple[int, ...]  # seats to pick from; empty: ``dealer`` deals
    level: str | None  # the level the dealer's team plays (R2.1)
    values: Mapping[str, str] = field(default_factory=dict)
    dealer_follows: bool = True  # False: a fixed hand's dealer no longer follows from the results before it

    @property
    def declarers(self) -> int | None:
        return None if self.dealer is None else team_of(self.dealer)


def dealer_choices(sheet: Scoresheet, scheduled: int | None) -> tuple[int, ...]:
    """Seats a hand's form offers as its dealer (the engine decides which are allowed)."""
    if scheduled is None:
        return (0, 1, 2, 3)  # R8.3: the first declaration decides; R11: a re-contested hand
    if sheet.rules.who_may_declare == "dealer_team_first":
        return (scheduled, (scheduled + 1) % 4, (scheduled + 3) % 4)  # R8.7: the opponents may declare
    return ()


def new_hand_form(loaded: ShownSheet, values: Mapping[str, str] | None = None,
                  entry_id: str | None = None) -> HandForm | None:
    """The form for the next hand (``None`` once the match is over); ``entry_id`` keeps a retried form's id."""
    state = loaded.sheet.state
    if state.over:
        return None
    return HandForm(entry_id or new_entry_id(), state.hand_number, False, state.dealer, state.dealer,
                    dealer_choices(loaded.sheet, state.dealer), state.level, values or {})


def edit_hand_form(loaded: ShownSheet, entry_id: str, values: Mapping[str, str]) -> HandForm | None:
    """The form to fix hand ``entry_id``, dealt as it was; ``None`` if it is no longer on the sheet."""
    sheet = loaded.sheet
    hand = next((hand for hand in sheet.compute().hands if hand.entry_id == entry_id), None)
    if hand is None:
        return None
    choices = dealer_choices(sheet, hand.scheduled_dealer)
    if choices and hand.dealer not in choices:
        choices = (*choices, hand.dealer)  # a dealer that no longer follows stays on offer: it dealt
    return HandForm(entry_id, hand.number, True, hand.dealer, hand.scheduled_dealer, choices, hand.level, values,
                    hand.dealer_follows)


def sheet_context(loaded: ShownSheet, can_edit: bool, form: HandForm | None = None,
                  message: str | None = None, *, url_for: UrlFor) -> dict[str, Any]:
    """The variables of the sheet page and its partials (``can_edit``: the scorekeeper's controls too)."""
    sheet = loaded.sheet
    tally = sheet.compute()
    clock = loaded.clock
    remaining = clock.remaining_seconds(datetime.now(UTC))
    if form is None and can_edit:
        form = new_hand_form(loaded)
    return {
        "s": loaded,
        "sheet": sheet,
        "rules": sheet.rules,
        "state": tally.state,
        "hands": list(zip(tally.hands, sheet.entries)),
        "last": tally.hands[-1] if tally.hands else None,
        "can_edit": can_edit,
        "form": form,
        "message": message,
        "clock": clock,
        "remaining": remaining,
        "clock_text": clock_text,
        "time_up_winner": sheet.time_up_winner(),
        "chart": level_chart(sheet),
        "trump_choices": TRUMP_CHOICES,
        "lead_formats": LEAD_FORMATS,
        "team_name": lambda team: sheet.team_names[team],
        "seat_name": lambda seat: seat_name(sheet, seat),
        "share_url": url_for("sheets.sheet_page", code=loaded.code, _external=True),
    }


def seat_name(sheet: Scoresheet, seat: int) -> str:
    name = sheet.player_names[seat] if sheet.player_names else ""
    return name or _("Seat %(number)s", number=seat + 1)
