"""Schemas of what arrives as text: HTML forms, query strings and the parameters in a URL's path.

Every value is bounded text here; what it means (a preset, a level, a card, a rule option) is checked by
the engine or the service, which name the rule. A form's fields beyond those named below (the rule
options, a hand's counts) are bounded text too, read by the shared page code (:mod:`webapp.core`); the
path's parameters are all known.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from .fields import Cards, FormNumber, FormSwitch, Identifier, Name, OptionalIdentifier, PlayerName, Text


class Form(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    __pydantic_extra__: dict[str, Text]

    def values(self) -> dict[str, Any]:
        """The fields sent, as the shared page code reads a form (:mod:`webapp.core.sheet_forms`, rule
        options): one left out is left to that code's own default."""
        return self.model_dump(exclude_unset=True)


class SoloForm(Form):
    level: Text = "normal"
    name: PlayerName = ""
    counter: FormSwitch = False  # the card counter (记牌器) at this solo table


class RoomForm(Form):
    """A preset and single options changed (``webapp.core.rule_form``)."""

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


class AutoplayForm(Form):
    on: FormSwitch  # on: 托管; off: the person takes the seat back


class SheetForm(Form):
    """A new sheet (``webapp.core.sheet_forms.sheet_from_form``): the names, then settings and options."""

    team_0: Name = ""
    team_1: Name = ""
    player_0: Name = ""
    player_1: Name = ""
    player_2: Name = ""
    player_3: Name = ""


class HandEntryForm(Form):
    """A hand recorded or fixed (``webapp.core.sheet_forms.entry_from_form``)."""

    entry_id: OptionalIdentifier = None


class UndoForm(Form):
    entry_id: OptionalIdentifier = None


class RoomQuery(Form):
    hint: Text = ""


class ReviewQuery(Form):
    step: Text = ""  # the step of a hand's review shown first (a trick's number, "deal" or "end")


class SayForm(Form):
    phrase: Text  # a quick phrase's or a reaction's key (webapp.core.phrases)


class LanguageQuery(Form):
    next: Text = "/"


class PathParameters(BaseModel):
    """Every parameter any route has in its path (``/r/<code>``, ``/s/<code>/hands/<entry_id>`` …)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    code: Identifier | None = None
    entry_id: Identifier | None = None
    number: int | None = None  # a hand's number (the int converter of the route has read it)
    locale: Text | None = None
    path: Text | None = None  # under /offline/
    filename: Text | None = None  # under /static/
