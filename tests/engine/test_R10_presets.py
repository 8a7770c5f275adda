"""R10: presets, and every option settable on its own."""

import dataclasses

import pytest

from engine import Rules

EXPECTED = {
    "classic": dict(declare_with="level_card", overturn_order="SHCD", overturn_timing="after_bury",
                    no_declaration="kitty_third_card", who_may_declare="anyone", kitty_multiplier="pairs",
                    throw_penalty_per_card=0, level_table="classic", match_end="pass_a", must_play=(),
                    twos_trump=False, edge_triple=False),
    "qq_super": dict(declare_with="level_card", overturn_order="SHCD", overturn_timing="after_bury",
                     no_declaration="kitty_third_card", who_may_declare="anyone", kitty_multiplier="pairs",
                     throw_penalty_per_card=0, level_table="qq_super", match_end="cycle", must_play=(),
                     twos_trump=False, edge_triple=False),
    "competition": dict(declare_with="joker_and_level", overturn_timing="after_bury_no_trump",
                        no_declaration="redeal", who_may_declare="dealer_team_first",
                        kitty_multiplier="power_of_cards", throw_penalty_per_card=10, level_table="competition",
                        match_end="pass_a", must_play=(), twos_trump=False, edge_triple=True),
    "beijing": dict(declare_with="level_card", overturn_order="SHDC", overturn_timing="after_bury",
                    no_declaration="kitty_third_card", who_may_declare="anyone", kitty_multiplier="doubling",
                    throw_penalty_per_card=10, level_table="beijing", match_end="pass_10", must_play=("10",),
                    twos_trump=False, edge_triple=False),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_R10_presets_match_the_table(name):
    rules = Rules.preset(name)
    for option, value in EXPECTED[name].items():
        assert getattr(rules, option) == value, option
    assert rules.preset_name() == name


def test_R10_every_option_is_settable_on_its_own():
    base = Rules.preset("classic")
    changed = dataclasses.replace(base, twos_trump=True)
    assert changed.twos_trump and changed.differences(base) == {"twos_trump": True}
    assert changed.preset_name() is None
    assert dataclasses.replace(base, must_play=["J", "10"]).must_play == ("10", "J")


@pytest.mark.parametrize("option, value", [
    ("kitty_multiplier", "triple"), ("declare_with", "anything"), ("twos_trump", "yes"),
    ("throw_penalty_per_card", -10), ("throw_penalty_per_card", "10"), ("must_play", ["11"]),
    ("match_end", None), ("level_table", "shanghai"),
])
def test_R10_invalid_option_values_raise_a_clear_value_error(option, value):
    with pytest.raises(ValueError, match=option):
        dataclasses.replace(Rules.preset("classic"), **{option: value})


def test_R10_unknown_preset_and_unknown_option():
    with pytest.raises(ValueError, match="no such preset"):
        Rules.preset("tianjin")
    with pytest.raises(ValueError, match="unknown rule option"):
        Rules.preset("classic").with_options({"jokers": "3"})


def test_R10_form_values_are_converted_and_json_round_trips():
    rules = Rules.preset("classic").with_options({"twos_trump": "on", "throw_penalty_per_card": "10"})
    assert rules.twos_trump is True and rules.throw_penalty_per_card == 10
    assert Rules.from_dict(rules.to_dict()) == rules
