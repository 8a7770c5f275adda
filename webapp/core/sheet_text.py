"""The scorekeeper's messages in the reader's language.

The engine explains a refused change with the field it names and a
:class:`~engine.reasons.Reason` (the rule clause, the message template and its values,
:class:`~engine.ScoresheetError`): the field gets its label here and the reason is translated whole.
"""

from __future__ import annotations

from typing import Protocol

from engine.reasons import Reason

from .translation import gettext as _
from .translation import lazy_gettext as _l

FIELD_LABELS = {
    "trick_points": _l("Defenders' points from tricks"),
    "kitty_points": _l("Kitty points (底分)"),
    "last_lead": _l("Last trick's lead"),
    "tractor_pairs": _l("Pairs in the tractor"),
    "throw": _l("Throw (甩牌)"),
    "defenders_took_last_trick": _l("Defenders took the last trick"),
    "dealer": _l("Dealer (庄家)"),
    "trump": _l("Trump"),
    "failed_throw_cards": _l("Failed throw cards (R4.5)"),
    "wrong_follows": _l("Wrong follows (R11)"),
    "taken_back": _l("Cards taken back (R11)"),
    "wrong_card_count": _l("Wrong card count (R11)"),
    "team_names": _l("Team names"),
    "player_names": _l("Player names"),
    "starting_levels": _l("Starting levels"),
    "first_dealer": _l("First dealer"),
    "rules": _l("Rules"),
    "entries": _l("Hands"),
    "id": _l("Hand"),
}

class FieldError(Protocol):
    """A refused change that names its field and hand: the engine's ScoresheetError or the server's wrapper."""

    field: str
    hand: int | None
    reason: Reason


def input_error_message(error: FieldError) -> str:
    """``Hand 3 · Kitty points: must be a multiple of 5 (R9.2); got 33`` in the reader's language."""
    label = FIELD_LABELS.get(error.field, error.field)
    text = f"{label}: {error.reason.translated(_)}"
    return f"{_('Hand %(number)s', number=error.hand)} · {text}" if error.hand else text
