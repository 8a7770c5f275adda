"""Reading the rule options of a form: a preset of R10 with single options changed (rooms and scoresheets)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.rules import BOOLEAN_OPTIONS, CHOICES, INTEGER_OPTIONS

OPTION_NAMES = (*CHOICES, *BOOLEAN_OPTIONS, *INTEGER_OPTIONS, "must_play")


def rule_overrides(form: Mapping[str, str]) -> dict[str, str]:
    """The options a form changes from its preset (an option left on "preset" is blank)."""
    return {name: form[name] for name in OPTION_NAMES if form.get(name, "").strip()}
