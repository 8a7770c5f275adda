"""One refusal vocabulary: everything the engine refuses is a Refusal carrying a Reason whose template
is in the translation catalogues, so a screen can show it whole in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Hand,
    HandEntry,
    IllegalAction,
    Match,
    Play,
    Rules,
    Scoresheet,
    ScoresheetError,
    Trump,
    decode,
)
from engine.cards import Card, full_deck, parse_cards
from engine.reasons import Reason, Refusal
from engine.trump import normalize_level

from .helpers import CLASSIC, COMPETITION, cards, trump

CATALOGUES = Path(__file__).resolve().parents[2] / "translations"


def catalogue(locale: str) -> dict[str, str]:
    with (CATALOGUES / locale / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return {message.id: message.string for message in read_po(file) if message.id}


def played_out_match() -> Match:
    match = Match(CLASSIC, seed=3, levels=("A", "A"), dealer=0)
    match.winner, match.ended_by = 0, "R9.4"
    return match


def followed(lead: str, follow: str) -> None:
    hand = Hand.at_play(CLASSIC, trump("2S"), ["KH KH 3H", "9H 9H 4C", "5H 6C 7C", "6H 7D 8D"], dealer=0, leader=0)
    hand.apply(0, Play(cards(lead)))
    hand.apply(1, Play(cards(follow)))


def over_hand() -> Hand:
    hand = Hand.at_play(CLASSIC, trump("2S"), ["3H", "4H", "5H", "6H"], dealer=0, leader=0)
    for seat, card in enumerate(("3H", "4H", "5H", "6H")):
        hand.apply(seat, Play(cards(card)))
    return hand


REFUSALS = [
    ("hand: a follow", lambda: followed("KH KH", "9H 4C")),
    ("hand: out of turn", lambda: Match(CLASSIC, seed=1).apply(2, decode({"type": "draw"}))),
    ("hand: over", lambda: over_hand().apply(0, Play(cards("3H")))),
    ("match: over", lambda: played_out_match().apply(0, decode({"type": "draw"}))),
    ("match: next hand too soon", lambda: Match(CLASSIC, seed=1).next_hand()),
    ("match: time too soon", lambda: Match(COMPETITION, seed=1, levels=("6", "6"), dealer=0).end_on_time()),
    ("hand: a deck", lambda: Hand(CLASSIC, cards("AS") * 108)),
    ("hand: first levels", lambda: Hand(CLASSIC, full_deck(), levels=("2", "3"))),
    ("action: not one", lambda: decode({"type": "jump"})),
    ("action: bad cards", lambda: decode({"type": "play", "cards": "11H"})),
    ("action: cards not text", lambda: decode({"type": "play", "cards": 7})),
    ("card: name", lambda: parse_cards("ZZ")),
    ("card: index", lambda: Card(99)),
    ("level", lambda: normalize_level("1")),
    ("trump suit", lambda: Trump("2", "X")),
    ("rules: choice", lambda: Rules.preset("classic").with_options({"kitty_multiplier": "triple"})),
    ("rules: on/off", lambda: Rules.preset("classic").with_options({"twos_trump": "maybe"})),
    ("rules: number", lambda: Rules.preset("classic").with_options({"throw_penalty_per_card": "ten"})),
    ("rules: range", lambda: Rules.preset("classic").with_options({"throw_penalty_per_card": "1000"})),
    ("rules: unknown", lambda: Rules.preset("classic").with_options({"jokers": "3"})),
    ("rules: preset", lambda: Rules.preset("tractor")),
    ("rules: must play", lambda: Rules.preset("classic").with_options({"must_play": "1"})),
    ("rules: not an object", lambda: Rules.from_dict([1])),
    ("sheet: points", lambda: HandEntry(id="h", trick_points=33)),
    ("sheet: kitty", lambda: HandEntry(id="h", defenders_took_last_trick=True, kitty_points=10)),
    ("sheet: dealer", lambda: Scoresheet(rules=CLASSIC, first_dealer=0).add(HandEntry(id="h", dealer=1))),
    ("sheet: undo", lambda: Scoresheet(rules=CLASSIC).undo()),
    ("sheet: names", lambda: Scoresheet(rules=CLASSIC, team_names=("", "B"))),
    ("sheet: levels", lambda: Scoresheet(rules=CLASSIC, starting_levels=("1", "2"))),
    ("sheet: format", lambda: Scoresheet.from_dict({"version": 9})),
    ("sheet: rules", lambda: Scoresheet.from_dict({"rules": {"level_table": "none"}})),
]


@pytest.mark.parametrize("refuse", [r for _, r in REFUSALS], ids=[name for name, _ in REFUSALS])
def test_every_refusal_carries_a_reason_the_catalogues_translate(refuse):
    with pytest.raises(Refusal) as refused:
        refuse()
    reason = refused.value.reason
    assert isinstance(refused.value, ValueError) and isinstance(reason, Reason)
    for locale in ("zh_Hans", "zh_Hant"):
        translations = catalogue(locale)
        assert translations.get(reason.template), (locale, reason.template)
        text = reason.translated(lambda template, t=translations: t.get(template) or template)
        assert text and text != reason.text, (locale, text)


def test_a_scoresheet_message_names_its_field_and_hand_and_people_count_seats_from_one():
    sheet = Scoresheet(rules=CLASSIC, first_dealer=0).add(HandEntry(id="h1", trick_points=35))
    with pytest.raises(ScoresheetError) as refused:
        sheet.add(HandEntry(id="h2", dealer=1))
    error = refused.value
    assert (error.field, error.hand, error.reason.clause) == ("dealer", 2, "R9.3")
    assert str(error).startswith("hand 2: dealer: seat 3 deals this hand (R9.3)")  # seat index 2


def test_a_malformed_action_nests_the_reason_for_its_cards():
    with pytest.raises(IllegalAction) as refused:
        decode({"type": "play", "cards": "11H"})
    chinese = catalogue("zh_Hans")
    text = refused.value.reason.translated(lambda template: chinese.get(template) or template)
    assert "11H" in text and chinese["not a card: %(text)s (expected e.g. 10H, AS, 2C, BJ, SJ)"][:4] in text


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
entry_fields = st.sampled_from(["id", "trick_points", "defenders_took_last_trick", "kitty_points", "last_lead",
                                "tractor_pairs", "throw", "dealer", "trump", "failed_throw_cards",
                                "wrong_follows", "taken_back", "wrong_card_count", "colour"])


@settings(max_examples=400, deadline=None)
@given(entry_fields, json_values, json_values)
def test_hostile_input_is_refused_with_a_reason_and_nothing_else(field, value, action):
    """Whatever a client sends, the engine answers with a value or a Refusal (never a TypeError)."""
    entry = {"id": "h", "defenders_took_last_trick": True, field: value}
    for build in (lambda: HandEntry.from_dict(entry), lambda: Scoresheet.from_dict({"entries": [entry]}),
                  lambda: decode(action), lambda: Rules.from_dict(action if isinstance(action, dict) else {})):
        try:
            build()
        except Refusal as refused:
            assert isinstance(refused.reason, Reason) and refused.reason.text
