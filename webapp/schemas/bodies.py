"""Schemas of the JSON bodies: an action, and the scoresheet sync API (README: Sync API).

JSON keeps its types: a list or an object where text or a number belongs is refused here, before any
code sees it (strict mode: no ``"3"`` for 3, no ``true`` for 1). The scoresheet's own shape follows the
engine's dataclasses field by field (their defaults included), so a field the engine gains is a field the
API takes, and what each value means (points, levels, dealers) stays the engine's to check.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from engine import HandEntry, HandResult, Rules, Scoresheet
from engine.cards import RANKS
from engine.rules import BOOLEAN_OPTIONS, CHOICES, INTEGER_OPTIONS
from engine.scoresheet import FORMAT_VERSION
from engine.scoring import DECLARERS, DEFENDERS, SWITCH
from webapp.core.stats import KEPT, HandRecord

from .fields import (
    Cards,
    Count,
    EditToken,
    GameId,
    HandNumber,
    Hands,
    Identifier,
    Moment,
    Name,
    OptionalIdentifier,
    Seat,
    Signed,
    Team,
    Text,
)

Pair = tuple[Count, Count]  # a count per team
Flags = tuple[bool, bool]


class Body(BaseModel):
    """A request body: fields it does not know are ignored (a newer client may send more)."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class Record(BaseModel):
    """A stored thing's plain form (engine ``to_dict``): every key must be one of its fields."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def _engine_shaped(name: str, source: type, types: dict[str, Any], defaults: dict[str, Any] | None = None,
                   required: bool = False) -> type[Record]:
    """A :class:`Record` with ``source``'s dataclass fields, of the given ``types``, with its defaults
    (``defaults`` stands in for those its dataclass makes by a factory), or each one ``required``."""
    fields = {field.name: (types[field.name], ... if required else _default(field, defaults or {}))
              for field in dataclasses.fields(source) if field.init}
    return create_model(name, __base__=Record, **fields)


def _default(field: dataclasses.Field, defaults: dict[str, Any]) -> Any:
    """The dataclass's default for ``field``, else its stand-in; ``...`` (required) without either."""
    return field.default if field.default is not dataclasses.MISSING else defaults.get(field.name, ...)


RulesRecord = _engine_shaped("RulesRecord", Rules, {
    **dict.fromkeys(CHOICES, Text), **dict.fromkeys(BOOLEAN_OPTIONS, bool),
    **dict.fromkeys(INTEGER_OPTIONS, Count), "must_play": tuple[Text, ...] | Text,
})
EntryRecord = _engine_shaped("EntryRecord", HandEntry, {
    "id": Identifier, "trick_points": Count, "defenders_took_last_trick": bool, "kitty_points": Count,
    "last_lead": Text | None, "tractor_pairs": Count, "throw": bool, "dealer": Count | None,
    "trump": Text | None, "failed_throw_cards": Pair, "wrong_follows": Pair, "taken_back": Pair,
    "wrong_card_count": Flags,
})
_SheetFields = _engine_shaped("SheetFields", Scoresheet, {
    "rules": RulesRecord, "team_names": tuple[Name, Name],
    "player_names": tuple[Name, Name, Name, Name] | None, "starting_levels": tuple[Text, Text],
    "first_dealer": Count | None, "entries": Hands[EntryRecord], "removed_ids": Hands[Identifier],
}, {"rules": RulesRecord()})  # Scoresheet's default rules are Rules(): classic, as RulesRecord's defaults


class SheetRecord(_SheetFields):
    version: Count = FORMAT_VERSION

    def scoresheet(self) -> Scoresheet:
        """The engine's sheet (which checks what the values mean: a :class:`~engine.ScoresheetError`)."""
        return Scoresheet.from_dict(self.model_dump(mode="json"))


class ActionBody(Body):
    type: Text
    cards: Text | Cards = ""
    action_id: OptionalIdentifier = None


class SheetUpload(Body):
    sheet: SheetRecord
    client_id: Identifier | None = None
    edit_token: EditToken | None = None
    preset: Text | None = None
    clock_started_at: Moment | None = None


class Redeal(Record):
    """A hand dealt again by "recompute from here" (R9.3): only its dealer changed."""

    id: Identifier
    dealer: Count


class SheetChanges(Body):
    entries: Hands[EntryRecord] = ()
    edits: Hands[EntryRecord] = ()
    redeals: Hands[Redeal] = ()
    deletions: Hands[Identifier] = ()

    def hand_entries(self, name: str) -> list[HandEntry]:
        """``entries`` or ``edits`` as the engine's (which checks what they mean)."""
        return [HandEntry.from_dict(record.model_dump(mode="json")) for record in getattr(self, name)]


class ClockStart(Body):
    started_at: Moment | None = None


Level = Literal[RANKS]  # R9.1: 2 to A
ResultRecord = _engine_shaped("ResultRecord", HandResult, {
    "redeal": Literal[False], "trick_points": Count, "kitty_points": Count, "multiplier": Count,
    "kitty_bonus": Count, "penalty": Signed, "defender_points": Signed, "steps": Count,
    "side": Literal[DECLARERS, SWITCH, DEFENDERS], "dealer": Seat | None, "declarers": Team | None,
    "levels_after": tuple[Level, Level], "next_dealer": Seat | None, "match_winner": Team | None,
}, required=True)  # a finished hand's result (a redeal is dealt again at once: never a record)


class BrowserRecord(Record):
    """One hand of a solo game as the browser keeps it (``HandRecord.to_dict()``)."""

    game: GameId
    hand_number: HandNumber
    seat: Seat
    result: ResultRecord

    def hand_record(self) -> HandRecord:
        return HandRecord.from_dict(self.model_dump())


class BrowserRecords(Body):
    """The hand records a browser keeps, sent for its statistics (static/js/stats.js): at most as many as it
    keeps."""

    records: Annotated[tuple[BrowserRecord, ...], Field(max_length=KEPT)]
