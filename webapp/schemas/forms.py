"""Schemas of what arrives as text: HTML forms, query strings and the parameters in a URL's path.

Every value is bounded text here; what it means (a preset, a level, a card) is checked by the engine or
the service, which name the rule. Fields a form does not have are ignored (a page of another version may
send more); the path's parameters are all known.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from webapp.core.rule_form import OPTION_NAMES
from webapp.core.sheet_forms import HAND_FIELDS, SHEET_FIELDS, SHEET_NAME_FIELDS

from .fields import Cards, FormNumber, Identifier, Name, OptionalIdentifier, PlayerName, Text


class Form(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    def values(self) -> dict[str, Any]:
        """The fields sent, as the shared page code reads a form (:mod:`webapp.core.sheet_forms`, rule
        options): one left out is left to that code's own default."""
        return self.model_dump(exclude_unset=True)


def _form(name: str, fields: tuple[str, ...], kind: Any = Text, base: type[Form] = Form) -> type[Form]:
    """A form whose ``fields`` are each ``kind``, blank unless sent."""
    return create_model(name, __base__=base, **{field: (kind, "") for field in fields})


RuleOptionsForm = _form("RuleOptionsForm", OPTION_NAMES)


class SoloForm(Form):
    level: Text = "normal"
    name: PlayerName = ""


class RoomForm(RuleOptionsForm):
    preset: Text = "classic"
    level: Text = "normal"


class JoinForm(Form):
    seat: FormNumber = None
    name: PlayerName = ""


class BotsForm(Form):
    level: Text = "normal"


class ActionForm(Form):
    type: Text
    cards: Cards = []
    action_id: OptionalIdentifier = None


class NextHandForm(Form):
    hand: FormNumber = None  # the hand the player saw end
    action_id: OptionalIdentifier = None


SheetSettingsForm = _form("SheetSettingsForm", SHEET_FIELDS, base=RuleOptionsForm)
SheetForm = _form("SheetForm", SHEET_NAME_FIELDS, Name, SheetSettingsForm)
HandFields = _form("HandFields", HAND_FIELDS)


class HandEntryForm(HandFields):
    entry_id: OptionalIdentifier = None


class UndoForm(Form):
    entry_id: OptionalIdentifier = None


class RoomQuery(Form):
    hint: Text = ""


class LanguageQuery(Form):
    next: Text = "/"


class PathParameters(Form):
    """Every parameter any route has in its path (``/r/<code>``, ``/s/<code>/hands/<entry_id>`` …)."""

    model_config = ConfigDict(extra="forbid")

    code: Identifier | None = None
    entry_id: Identifier | None = None
    locale: Text | None = None
    path: Text | None = None  # under /offline/
    filename: Text | None = None  # under /static/
