"""Reading the scorekeeper's forms (plain HTML forms: they work without JavaScript).

A form sends text; these turn it into the engine's values (:class:`~engine.Scoresheet` settings, a
:class:`~engine.HandEntry`) and back, and leave every rule check to the engine. A field that is not
even a number is refused here, with a reason as the engine gives one (a :class:`~engine.ScoresheetError`).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import HandEntry, Rules, Scoresheet, ScoresheetError
from engine.cards import RANKS
from engine.form_text import switch, whole_number
from engine.reasons import N_, Reason, Refusal

from .rule_form import rule_overrides

TEAMS = (0, 1)
SEATS = range(4)
# Per-team counts and flags of a hand (R4.5, R11): fields named <name>_0 and <name>_1.
TEAM_COUNTS = ("failed_throw_cards", "wrong_follows", "taken_back")
TEAM_FLAGS = ("wrong_card_count",)
CHECKED = "on"


def sheet_from_form(form: Mapping[str, str], default_teams: tuple[str, str]) -> tuple[Scoresheet, str]:
    """A new sheet and the name of the preset it started from (R10), from the create form.

    A team left unnamed gets its default name: one tap less at the table.
    """
    preset = form.get("preset", "classic")
    try:
        rules = Rules.preset(preset).with_options(rule_overrides(form))
    except Refusal as error:
        raise ScoresheetError("rules", error.reason) from None
    players = tuple(form.get(f"player_{seat}", "") for seat in SEATS)
    dealer = form.get("first_dealer", "")
    sheet = Scoresheet(
        rules=rules,
        team_names=tuple(form.get(f"team_{team}", "").strip() or default_teams[team] for team in TEAMS),
        player_names=players if any(name.strip() for name in players) else None,
        starting_levels=tuple(form.get(f"level_{team}", "2") for team in TEAMS),
        first_dealer=_whole("first_dealer", dealer) if dealer else None,
    )
    return sheet, preset


def entry_from_form(form: Mapping[str, str], entry_id: str) -> HandEntry:
    """One hand from the record (or edit) form.

    The kitty's fields count only when the defenders took the last trick (R7.3), and the tractor's
    length only for a tractor: the form keeps them while hidden, so a change of mind sends them anyway.
    """
    took_last = _ticked(form, "defenders_took_last_trick")
    last_lead = (form.get("last_lead") or None) if took_last else None
    dealer = form.get("dealer", "")
    return HandEntry(
        id=entry_id,
        trick_points=_whole("trick_points", form.get("trick_points", "")),
        defenders_took_last_trick=took_last,
        kitty_points=_whole("kitty_points", form.get("kitty_points", "")) if took_last else 0,
        last_lead=last_lead,
        tractor_pairs=_whole("tractor_pairs", form.get("tractor_pairs", "")) if last_lead == "tractor" else 0,
        throw=took_last and _ticked(form, "throw"),
        dealer=_whole("dealer", dealer) if dealer else None,
        trump=form.get("trump") or None,
        **{name: tuple(_whole(name, form.get(f"{name}_{team}", "")) for team in TEAMS) for name in TEAM_COUNTS},
        **{name: tuple(_ticked(form, f"{name}_{team}") for team in TEAMS) for name in TEAM_FLAGS},
    )


def entry_form_values(entry: HandEntry) -> dict[str, str]:
    """The form's fields showing ``entry`` (to edit it): the inverse of :func:`entry_from_form`."""
    values = {
        "trick_points": str(entry.trick_points),
        "defenders_took_last_trick": CHECKED if entry.defenders_took_last_trick else "",
        "kitty_points": str(entry.kitty_points),
        "last_lead": entry.last_lead or "",
        "tractor_pairs": str(entry.tractor_pairs or 2),
        "throw": CHECKED if entry.throw else "",
        "dealer": "" if entry.dealer is None else str(entry.dealer),
        "trump": entry.trump or "",
    }
    for name in TEAM_COUNTS:
        values.update({f"{name}_{team}": str(getattr(entry, name)[team]) for team in TEAMS})
    for name in TEAM_FLAGS:
        values.update({f"{name}_{team}": CHECKED if getattr(entry, name)[team] else "" for team in TEAMS})
    return values


def new_sheet_defaults() -> dict[str, str]:
    return {"preset": "classic", "level_0": RANKS[0], "level_1": RANKS[0], "first_dealer": ""}


def _whole(name: str, text: str) -> int:
    """A whole number typed in a form field (blank: 0)."""
    text = (text or "").strip()
    if not text:
        return 0
    try:
        return whole_number(text)
    except ValueError:
        raise ScoresheetError(name, Reason(None, N_("must be a whole number; got %(value)s"),
                                           value=repr(text))) from None


def _ticked(form: Mapping[str, str], name: str) -> bool:
    """A checkbox: ticked sends ``on``, unticked sends nothing."""
    try:
        return switch(form.get(name, ""))
    except ValueError:
        raise ScoresheetError(name, Reason(None, N_("must be on or off; got %(value)s"),
                                           value=repr(form[name]))) from None
