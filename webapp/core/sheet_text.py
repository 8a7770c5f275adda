"""The scorekeeper's messages in the reader's language.

The engine explains a refused change in English, naming the field and the rule clause
(:class:`~engine.ScoresheetError`). The messages a person can meet at the table are
translated here by their shape; any other keeps the engine's words after the field's name.
"""

from __future__ import annotations

import re
from typing import Protocol

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

# (the engine's wording, its translation); the named groups carry the values over, and a
# ``seat_index`` (the engine counts seats from 0) becomes the ``seat`` people count from 1.
MESSAGES = (
    (r"must be a multiple of 5 \(R9\.2\); got (?P<value>.+)", _l("must be a multiple of 5 (R9.2); got %(value)s")),
    (r"must be a whole number from (?P<low>\d+) to (?P<high>\d+); got (?P<value>.+)",
     _l("must be a whole number from %(low)s to %(high)s; got %(value)s")),
    (r"must be a whole number; got (?P<value>.+)", _l("must be a whole number; got %(value)s")),
    (r"trick points and kitty points add up to at most (?P<total>\d+) \(R7\.1\); got (?P<value>.+)",
     _l("trick points and kitty points add up to at most %(total)s (R7.1); got %(value)s")),
    (r"the format of the last trick's lead sets the kitty multiplier \(R7\.4\)",
     _l("choose the format of the last trick's lead: it sets the kitty multiplier (R7.4)")),
    (r"a throw needs its largest component \(R7\.4\)",
     _l("for a throw, choose its largest component: it sets the kitty multiplier (R7.4)")),
    (r"is only recorded when the defenders took the last trick \(R7\.3\)",
     _l("counts only when the defenders took the last trick (R7.3)")),
    (r"the match is over: (?P<team>.+) won \((?P<clause>R[\d.]+)\); no more hands can be recorded",
     _l("the match is over: %(team)s won (%(clause)s); no more hands can be recorded")),
    (r"the match ended after hand (?P<number>\d+) \((?P<team>.+) won, (?P<clause>R[\d.]+)\); no hand can follow",
     _l("the match would end after hand %(number)s (%(team)s won, %(clause)s), but later hands are recorded")),
    (r"nobody is scheduled to deal this hand: the first declaration decides \(R8\.3\); say who dealt",
     _l("nobody is scheduled to deal this hand: the first declaration decides (R8.3); choose who dealt")),
    (r"seat (?P<seat_index>\d) deals this hand \(R9\.3\).*",
     _l("seat %(seat)s deals this hand (R9.3); another seat deals only when the opponents declare first (R8.7)")),
    (r"these rules charge no throw penalty.*", _l("these rules charge no throw penalty (R4.5)")),
    (r"these rules have no physical-game penalties.*", _l("these rules have no physical-game penalties (R11)")),
    (r"there is no hand to undo", _l("there is no hand to undo")),
    (r"no hand with id .* on this sheet", _l("this hand is no longer on the sheet")),
    (r"the first declaration decides the dealer only when both teams start at one level.*",
     _l("the first declaration decides the dealer only when both teams start at the same level (R9.1); "
        "choose the first dealer")),
    (r"each must be a non-empty text of at most (?P<high>\d+) characters.*",
     _l("each needs a name of at most %(high)s characters")),
    (r"each must be a text of at most (?P<high>\d+) characters.*", _l("at most %(high)s characters each")),
)


class FieldError(Protocol):
    """A refused change that names its field and hand: the engine's ScoresheetError or the server's wrapper."""

    field: str
    hand: int | None


def input_error_message(error: FieldError) -> str:
    """``Hand 3 · Kitty points: must be a multiple of 5 (R9.2); got 33`` in the reader's language."""
    detail = str(error).split(f"{error.field}: ", 1)[-1]
    for pattern, translation in MESSAGES:
        found = re.fullmatch(pattern, detail)
        if found:
            values = found.groupdict()
            if "seat_index" in values:
                values["seat"] = int(values.pop("seat_index")) + 1
            detail = translation % values if values else str(translation)
            break
    label = FIELD_LABELS.get(error.field, error.field)
    text = f"{label}: {detail}"
    return f"{_('Hand %(number)s', number=error.hand)} · {text}" if error.hand else text
