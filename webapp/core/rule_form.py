"""Reading and showing the rule options of a form: a preset of R10 with single options changed (rooms and
scoresheets).

The form shows every option with its current value, the preset's until the person changes it, and says which
preset those values were shown for (``options_for``). A value still equal to that preset's is one the person
left alone: choosing another preset gives it the new preset's value (static/js/rule-form.js does so on the
page; without JavaScript the server reads the form the same way).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules import BOOLEAN_OPTIONS, CHOICES, INTEGER_OPTIONS, PRESETS, Rules

OPTION_NAMES = (*CHOICES, *BOOLEAN_OPTIONS, *INTEGER_OPTIONS, "must_play")


def form_values(rules: Rules) -> dict[str, str]:
    """Each option as the form writes it: a choice's name, "on"/"off", a number, levels separated by spaces."""
    values = {}
    for name in OPTION_NAMES:
        value = getattr(rules, name)
        if isinstance(value, bool):
            values[name] = "on" if value else "off"
        elif isinstance(value, tuple):
            values[name] = " ".join(value)
        else:
            values[name] = str(value)
    return values


PRESET_VALUES = {name: form_values(rules) for name, rules in PRESETS.items()}


def rule_overrides(form: Mapping[str, str]) -> dict[str, str]:
    """The options a form changes from the preset its values were shown for.

    A form without ``options_for`` lists only changes: an option left blank keeps the preset's value.
    """
    shown = PRESET_VALUES.get(form.get("options_for", ""))
    if shown is None:
        return {name: form[name] for name in OPTION_NAMES if form.get(name, "").strip()}
    return {name: form[name].strip() for name in OPTION_NAMES if name in form and form[name].strip() != shown[name]}


def rule_form_context(form: Mapping[str, str] | None = None, default_preset: str = "classic") -> dict[str, Any]:
    """What the options part of a form needs: the presets, each one's values, and the values to show now
    (the chosen preset's with the person's changes, when a refused form comes back)."""
    form = form or {}
    preset = form.get("preset", default_preset)
    if preset not in PRESETS:
        preset = default_preset
    values = {**PRESET_VALUES[preset], **rule_overrides(form)}
    return {"presets": PRESETS, "preset": preset, "preset_values": PRESET_VALUES, "option_values": values,
            "choices": CHOICES, "booleans": BOOLEAN_OPTIONS, "integers": INTEGER_OPTIONS}
