"""The room page on a phone (issue 12), in Debian chromium at 360×740 and in landscape: every card's corner
index can be read for the hand sizes that occur (25, 33 while burying, 1), a suit is never split across rows,
and nothing under the thumb moves when an offer, a refusal or the last trick appears."""

from __future__ import annotations

import dataclasses

import pytest
from playwright.sync_api import Browser, Page, expect

import engine
from tests.table_states import match_until, phase_is, snapshot_of, tricks_done, with_hand

from .conftest import boxes, open_table, regions_html, swap_in

pytestmark = pytest.mark.browser

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}

# Every card's corner index (its rank and suit), and every card painted after it (later cards lie on top).
INDEXES = """() => {
  const cards = [...document.querySelectorAll("#hand .card")];
  const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return cards.map((card, i) => ({card: card.dataset.card, index: box(card.querySelector(".index")),
                                  later: cards.slice(i + 1).map(box), top: box(card).top,
                                  group: [...document.querySelectorAll("#hand .suit-group")].indexOf(card.closest(".suit-group"))}));
}"""


def overlaps(a: dict, b: dict) -> bool:
    """Two boxes share more than a hairline (sub-pixel rounding)."""
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and \
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5


def phone(browser: Browser, viewport: dict) -> Page:
    # No service worker: the test's own table page is answered by page.route.
    return browser.new_context(viewport=viewport, locale="en-US", service_workers="block").new_page()


def suit_for_play(card: engine.Card, view: dict) -> str:
    order = (view.trump or engine.Trump(view.level, None)).order(view.rules.twos_trump)
    return "trump" if order.is_trump[card] else card.suit


def check_hand_is_readable(page: Page, viewport: dict) -> list[dict]:
    cards = page.evaluate(INDEXES)
    assert cards
    for card in cards:
        hidden = [later for later in card["later"] if overlaps(card["index"], later)]
        assert not hidden, f"the index of {card['card']} is covered"
        assert 0 <= card["index"]["left"] and card["index"]["right"] <= viewport["width"]
        assert card["index"]["bottom"] <= viewport["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    return cards


HANDS_OF_25 = [
    # level 2, trump ♠: an even hand; a long trump suit; one long plain suit; many tens ("10" is the widest index)
    "BJ SJ 2S 2H AS KS 10S 9S AH KH QH 10H 5H AC KC QC JC 9C 4C AD QD 10D 8D 6D 3D",
    "BJ BJ SJ 2S 2S 2H 2D AS AS KS QS QS JS 10S 9S 8S 7S 6S 5S 3S AH KH 4C 3C 5D",
    "2H AH AH KH QH JH 10H 10H 9H 8H 7H 6H 5H 4H 3H AC 3C 4C 5D 6D 7D 8D 9D KS QS",
    "10S 10S 10H 10H 10C 10C 10D 10D 9S 9S 9H 9H 9C 9C 9D 9D 8S 8S 8H 8H 8C 8C 8D 8D BJ",
]


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
@pytest.mark.parametrize("cards", HANDS_OF_25, ids=["even", "long-trumps", "long-hearts", "tens"])
def test_every_index_of_a_25_card_hand_is_visible_and_a_suit_keeps_to_one_row(browser, server, app, viewport, cards):
    match = with_hand(match_until(tricks_done(0), seed=3), 0, cards)
    match.hand.trump = engine.Trump("2", "S")
    page = phone(browser, viewport)
    snapshot = snapshot_of(match, 0)
    open_table(page, server, app, snapshot)
    laid_out = check_hand_is_readable(page, viewport)
    tops_of_suits: dict[str, set[float]] = {}
    for card in laid_out:
        suit = suit_for_play(engine.Card(card["card"]), snapshot.view)
        tops_of_suits.setdefault(suit, set()).add(round(card["top"]))
    # Only a suit longer than a row (the 20 trumps, in portrait) is split; an even hand takes two rows in
    # portrait, one in landscape; none takes more than three.
    split = {suit for suit, tops in tops_of_suits.items() if len(tops) > 1}
    assert not split or (split == {"trump"} and cards == HANDS_OF_25[1] and viewport == PORTRAIT)
    rows = len({round(card["top"]) for card in laid_out})
    assert rows <= 3 and (cards != HANDS_OF_25[0] or rows == (2 if viewport == PORTRAIT else 1))
    page.context.close()


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_every_index_of_the_33_cards_while_burying_is_visible(browser, server, app, viewport):
    match = match_until(phase_is("burying"), seed=5)
    burier = match.hand.to_act
    page = phone(browser, viewport)
    open_table(page, server, app, snapshot_of(match, burier))
    assert len(check_hand_is_readable(page, viewport)) == 33
    expect(page.locator("#bury")).to_be_in_viewport()
    page.context.close()


def test_a_hand_of_one_card(browser, server, app):
    match = match_until(lambda m: m.hand.phase == "playing" and len(m.hand.hands[0]) == 1
                        and m.hand.to_act == 0, seed=7)
    page = phone(browser, PORTRAIT)
    open_table(page, server, app, snapshot_of(match, 0))
    assert len(check_hand_is_readable(page, PORTRAIT)) == 1
    page.context.close()


BAR = "#hand, #actions, #actions button, #actions .button"


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_declare_offer_appearing_moves_neither_the_hand_nor_the_bar(browser, server, app, viewport):
    match = match_until(lambda m: m.hand.phase == "dealing" and m.hand.legal_showings(0), seed=11, show=False)
    page = phone(browser, viewport)
    open_table(page, server, app, snapshot_of(match, 0, showings=False))
    before = boxes(page, "#hand, #actions, #status")
    swap_in(page, app, snapshot_of(match, 0))
    expect(page.locator("button.show").first).to_be_visible()
    assert boxes(page, "#hand, #actions, #status") == before
    page.context.close()


def test_a_changed_offer_takes_a_fresh_tap(browser, server, app):
    """The same cards were a declaration and are now an overturn: a tap already on its way does nothing."""
    match = match_until(lambda m: m.hand.phase == "dealing" and m.hand.showing is None
                        and any(len(s.cards) == 2 for s in m.hand.legal_showings(0)), seed=13, show=False)
    page = phone(browser, PORTRAIT)
    open_table(page, server, app, snapshot_of(match, 0))
    pair = next(s for s in match.hand.legal_showings(0) if len(s.cards) == 2)
    single = engine.Show(pair.cards[:1])
    match.apply(0, single)  # our own single stands; the pair now reinforces it
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    selector = f"button.show[data-show='{' '.join(map(str, pair.cards))}']"
    # The regions arrive and, at once (in the same task, as a tap already on its way would), the button is tapped.
    disabled = page.evaluate("""async ([html, selector]) => {
        const room = document.getElementById("room");
        await htmx.swap({sourceElement: room, target: room, swap: "innerHTML swapEmpty:false", text: html, transition: false});
        const button = document.querySelector(selector);
        const disabled = button.disabled;
        button.click();
        return disabled;
    }""", [regions_html(app, snapshot_of(match, 0)), selector])
    button = page.locator(selector)
    assert disabled and button.get_attribute("data-kind") == "reinforce"
    expect(button).to_be_enabled()  # a moment later the new offer takes a fresh tap
    assert posted == []
    page.context.close()


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_trick_fits_the_table_and_the_last_trick_and_scoreboard_lie_over_it(browser, server, app, viewport):
    # Between tricks: the finished one (four plays) stays on the table, the one before it is the last trick.
    match = match_until(lambda m: m.hand.phase == "playing" and len(m.hand.tricks) >= 3 and m.hand.to_act == 0
                        and not m.hand.trick.plays, seed=17)
    page = phone(browser, viewport)
    open_table(page, server, app, snapshot_of(match, 0))
    table = page.locator("#table").bounding_box()
    for play in page.locator("#table .seat").all():
        box = play.bounding_box()
        assert table["y"] <= box["y"] and box["y"] + box["height"] <= table["y"] + table["height"] + 0.5
    before = boxes(page, BAR)
    page.click("#last-trick-toggle")
    expect(page.locator("#last-trick")).to_be_visible()
    assert boxes(page, BAR) == before
    page.click("#last-trick .close")
    expect(page.locator("#last-trick")).to_be_hidden()
    page.click("#score-toggle")
    expect(page.locator("#score h2")).to_be_visible()
    assert boxes(page, BAR) == before
    page.context.close()


def test_sliding_across_cards_selects_a_run_and_sliding_back_unselects_it(browser, server, app):
    match = match_until(lambda m: m.hand.phase == "playing" and m.hand.to_act == 0 and not m.hand.trick.plays,
                        seed=19)
    page = phone(browser, PORTRAIT)
    open_table(page, server, app, snapshot_of(match, 0))
    slots = page.locator("#hand label.slot")
    strip = [slots.nth(i).bounding_box() for i in range(6)]
    assert len({round(box["y"]) for box in strip}) == 1, "the first six cards lie in one row"
    point = lambda box: (box["x"] + 6, box["y"] + 24)  # on the visible strip, by the corner index
    page.mouse.move(*point(strip[0]))
    page.mouse.down()
    for box in strip[1:5]:
        page.mouse.move(*point(box), steps=4)
    page.mouse.up()
    checked = page.locator("#hand input[name=cards]")
    assert [checked.nth(i).is_checked() for i in range(6)] == [True] * 5 + [False]
    # A slide that starts on a picked card unpicks what it passes.
    page.mouse.move(*point(strip[3]))
    page.mouse.down()
    page.mouse.move(*point(strip[1]), steps=4)
    page.mouse.up()
    assert [checked.nth(i).is_checked() for i in range(6)] == [True, False, False, False, True, False]
    # A tap toggles one card.
    page.mouse.click(*point(strip[5]))
    assert checked.nth(5).is_checked()
    page.context.close()


def test_a_rooms_turn_line_keeps_its_width_beside_the_autoplay_button(browser, server, app):
    """At a room a seated person has the 托管 button as well: in portrait the turn line gets a row of its own
    (it was squeezed to no width at 360 px), in landscape the room left on the status line."""
    match = match_until(lambda m: m.hand.phase == "playing" and m.hand.to_act == 0, seed=7)
    for viewport, least in ((PORTRAIT, 0.9 * (PORTRAIT["width"] - 20)), (LANDSCAPE, 120)):
        page = phone(browser, viewport)
        open_table(page, server, app, dataclasses.replace(snapshot_of(match, 0), solo=False))
        expect(page.locator("#autoplay-on")).to_be_visible()
        assert boxes(page, "#turn")["turn"]["width"] >= least, viewport
        page.context.close()


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_neither_a_turn_nor_the_tricks_taking_cards_move_the_hand_or_the_table(browser, server, app, viewport):
    match = match_until(lambda m: m.hand.phase == "playing" and m.hand.to_act == 1 and len(m.hand.hands[0]) == 25,
                        seed=7)
    page = phone(browser, viewport)
    open_table(page, server, app, snapshot_of(match, 0))
    before = boxes(page, "#hand, #table")
    for held in (25, 12, 5):  # the seat's turn (Hint and Play come), then fewer cards in fewer rows
        state = match_until(lambda m, held=held: m.hand.phase == "playing" and m.hand.to_act == 0
                            and len(m.hand.hands[0]) == held, seed=7)
        swap_in(page, app, snapshot_of(state, 0))
        expect(page.locator("#play")).to_be_visible()
        assert boxes(page, "#hand, #table") == before, len(state.hand.hands[0])
    page.context.close()
