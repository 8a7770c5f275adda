"""Rule facts in one place (issue 13): templates take the engine's facts from the template globals
(server and offline app alike) and repeat none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import parse_cards
from engine.cards import TOTAL_POINTS
from webapp.core.template_globals import TEMPLATE_GLOBALS, suit_order_text
from webapp.offline.pages import Pages

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# What the templates used to spell out themselves.
COPIES = ["('H', 'D')", '"S": "♠"', '"♠ ♥', '"easy", "normal", "hard"', "of 100 cards", 'data-need="8"',
          "0 / 8", "0–200", 'max="200"', "0–80", 'max="80"', "Bury 8", "rank == 'BJ'"]


@pytest.mark.parametrize("copy", COPIES)
def test_no_template_repeats_an_engine_fact(copy):
    for path in TEMPLATES.rglob("*.html"):
        assert copy not in path.read_text(encoding="utf-8"), (path.name, copy)


def test_the_facts_are_the_engines():
    facts = TEMPLATE_GLOBALS
    assert (facts["KITTY_SIZE"], facts["CARDS_DEALT"], facts["TOTAL_POINTS"]) == (8, 100, TOTAL_POINTS) == (8, 100, 200)
    assert facts["MAX_KITTY_POINTS"] == 80 and facts["BOT_LEVELS"] == ("easy", "normal", "hard")
    assert suit_order_text("SHCD") == "♠ ♥ ♣ ♦" and suit_order_text("SHDC") == "♠ ♥ ♦ ♣"
    assert [c.is_red for c in parse_cards("AH AD AS AC BJ SJ")] == [True, True, False, False, True, False]


def test_the_offline_app_has_the_same_globals():
    pages = Pages("en", url_for=lambda endpoint, **values: "/")
    assert all(pages.environment.globals[name] is value for name, value in TEMPLATE_GLOBALS.items())
