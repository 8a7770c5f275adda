"""The rule options of the room and scoresheet forms (issue 12): every option shows its current value and what
it does, each preset is described, clause numbers stay on the rules page, and the form is read as the person
left it (the options they did not touch follow the chosen preset, with or without JavaScript)."""

from __future__ import annotations

import re

import pytest

import engine
from engine.rules import CLAUSES, LABELS
from webapp.core.rule_form import OPTION_NAMES, PRESET_VALUES, form_values, rule_overrides

from .conftest import code_from, rooms_of

CLASSIC = PRESET_VALUES["classic"]


def test_every_option_has_the_label_the_form_shows_and_its_refusals_say():
    assert set(LABELS) == set(CLAUSES) == set(OPTION_NAMES)


@pytest.mark.parametrize(("form", "overrides"), [
    # Shown for classic, nothing touched: no change.
    ({"preset": "classic", "options_for": "classic", **CLASSIC}, {}),
    # One option changed.
    ({"preset": "classic", "options_for": "classic", **CLASSIC, "kitty_multiplier": "doubling"},
     {"kitty_multiplier": "doubling"}),
    # Beijing chosen without JavaScript: the untouched classic values do not override it; the change does.
    ({"preset": "beijing", "options_for": "classic", **CLASSIC, "twos_trump": "on"}, {"twos_trump": "on"}),
    # Emptying Beijing's must-play levels is a change (to none).
    ({"preset": "beijing", "options_for": "beijing", **PRESET_VALUES["beijing"], "must_play": ""},
     {"must_play": ""}),
    # A form that lists only its changes (no options_for): blank keeps the preset's value.
    ({"preset": "classic", "twos_trump": "on", "match_end": ""}, {"twos_trump": "on"}),
    # A form with some options only (the scorekeeper's): the others are not read.
    ({"preset": "classic", "options_for": "classic", "level_table": "beijing"}, {"level_table": "beijing"}),
])
def test_the_options_a_form_changes(form, overrides):
    assert rule_overrides(form) == overrides


def test_form_values_are_what_the_rules_hold():
    for name, rules in engine.PRESETS.items():
        assert rules.with_options(form_values(rules)) == rules, name


def test_the_new_room_form_shows_every_value_and_what_each_option_and_preset_is(client):
    html = client.get("/rooms/new").get_data(as_text=True)
    for preset in engine.PRESETS:
        assert f'name="preset" value="{preset}"' in html
    # Four described presets, each with where it comes from.
    assert html.count('class="source"') == len(engine.PRESETS)
    options = re.findall(r'<div class="option[^"]*" data-option="(\w+)">(.*?)</div>', html, re.DOTALL)
    options = [(name, field) for name, field in options if name in OPTION_NAMES]  # (the table's own settings follow)
    assert [name for name, _ in options] == list(OPTION_NAMES)
    for name, field in options:
        assert re.search(r'<p class="what">[^<]{20,}</p>', field), f"{name} has no sentence"
        shown = re.search(r'<option value="([^"]*)" selected>', field) or re.search(r'value="([^"]*)"', field.split("<input", 1)[-1])
        assert shown and shown.group(1) == CLASSIC[name], name
    # Clause numbers are for the rules page, not the form.
    form = html.split('<form', 1)[1]
    assert not re.search(r"\bR\d+(\.\d+)?\b", re.sub(r'href="[^"]*"', "", form))
    assert "a match lasts 90 minutes" in html  # the competition's time limit is said before the room exists


def test_a_room_created_after_switching_presets_without_javascript_has_the_chosen_preset(client, app):
    form = {"preset": "beijing", "options_for": "classic", "level": "normal", **CLASSIC}
    code = code_from(client.post("/rooms", data=form))
    rules = engine.Rules.from_dict(rooms_of(app).store.row(code).rules)
    assert rules == engine.Rules.preset("beijing")


def test_a_refused_form_comes_back_as_it_was_typed(client):
    form = {"preset": "competition", "options_for": "competition", "level": "hard",
            **PRESET_VALUES["competition"], "throw_penalty_per_card": "lots", "twos_trump": "on"}
    response = client.post("/rooms", data=form)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'value="competition" checked' in html and 'value="lots"' in html
    assert '<option value="on" selected>' in html.split('data-option="twos_trump"')[1].split("</div>")[0]
    assert '<option value="hard" selected>' in html


def test_the_lobby_says_what_changed_in_words(client):
    code = code_from(client.post("/rooms", data={"preset": "classic", "options_for": "classic", "level": "normal",
                                                 **CLASSIC, "time_limit_minutes": "45"}))
    html = client.get(f"/r/{code}").get_data(as_text=True)
    assert "Time limit: 45 minutes" in html
