"""Hidden information: nothing sent to a seat or a spectator — page, action response or WebSocket frame —
holds another seat's cards or the kitty before the rules reveal them (R7.5, R8). The capture runs at a table with
the card counter (记牌器) on: its counts are exactly what the seat itself can count; and a hand's review and export
are refused until the hand is over, then hold only what the rules show by then (issue 14)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import engine
from engine.counter import COPIES
from webapp.render import render_regions

from .conftest import act, code_from, match_of, person_move, rooms_of

CARD_ATTRIBUTE = re.compile(r'(?:data-card|data-show|value)="([^"]*)"')
UNSEEN = re.compile(r'data-unseen="([^":]+):(\d)"')


def cards_in(html: str) -> set[str]:
    names = set()
    for value in CARD_ATTRIBUTE.findall(html):
        for part in value.split():
            try:
                names.add(str(engine.parse_cards(part)[0]))
            except ValueError:
                pass
    return names


def allowed_cards(match: engine.Match, seat: int | None) -> set[str]:
    """What the rules let ``seat`` know now: its cards, public plays and showings, its kitty, all once scored."""
    hand = match.hand
    known = list(hand.hands[seat]) if seat is not None else []
    for trick in hand.tricks + ([hand.trick] if hand.trick else []):
        known += [c for _, cards in trick.plays for c in cards]
        if trick.failed_throw:
            known += trick.failed_throw[0]
    known += [c for showing in hand.showings for c in showing.cards]
    if seat is not None and seat == hand.kitty_holder:
        known += hand.kitty_taken
    if seat in hand.buried_by:
        known += hand.buried_by[seat]
    if hand.result is not None and not hand.result.redeal:
        known += hand.kitty
    if hand.trump_from_kitty:
        known.append(hand.deck[102])
    return {str(c) for c in known}


def counted(match: engine.Match, seat: int | None) -> dict[str, int]:
    """What the counter may say of each card: the copies ``seat`` has not seen itself (in its hand, played, or
    buried by it and still in the kitty)."""
    hand = match.hand
    seen = Counter(hand.hands[seat] if seat is not None else [])
    for trick in hand.tricks + ([hand.trick] if hand.trick else []):
        seen.update(c for _, cards in trick.plays for c in cards)
    if seat is not None and hand.kitty_burier == seat:
        seen.update(hand.kitty)
    return {str(engine.Card(c)): COPIES - seen[c] for c in range(engine.cards.KINDS)}


def counts_in(html: str) -> dict[str, int]:
    return {name: int(n) for name, n in UNSEEN.findall(html)}


@pytest.fixture
def counted_room(app):
    """Four people at a table with the card counter on, started."""
    host = app.test_client()
    code = code_from(host.post("/rooms", data={"preset": "classic", "card_counter": "on"}))
    clients = [host] + [app.test_client() for _ in range(3)]
    for seat, client in enumerate(clients):
        assert client.post(f"/r/{code}/join", data={"seat": seat, "name": f"P{seat}"}).status_code == 303
    assert host.post(f"/r/{code}/start").status_code == 303
    return code, clients


def test_nothing_hidden_reaches_any_seat_or_spectator_during_a_whole_hand(counted_room, app):
    code, clients = counted_room
    rooms = rooms_of(app)
    tokens = [c.get_cookie("seat", path=f"/r/{code}").value for c in clients] + [None]
    spectator = app.test_client()
    checked = counters = 0

    def check(html: str, match: engine.Match, seat: int | None) -> None:
        leaked = cards_in(html) - allowed_cards(match, seat)
        assert not leaked, f"seat {seat} was sent {sorted(leaked)}"
        counts = counts_in(html)
        if counts:
            expected = counted(match, seat)
            assert counts == {name: expected[name] for name in counts}, f"seat {seat}'s counter knows more"

    for step in range(1000):
        match = match_of(app, code)
        for seat, token in enumerate(tokens):
            viewer = None if seat == 4 else seat
            with app.test_request_context(f"/r/{code}/ws"):
                frames = render_regions(rooms.snapshot(rooms.cache.load(code), token))
            check("".join(frames.values()), match, viewer)
            checked += 1
            counters += 'data-unseen="' in frames["table"]
        if step % 25 == 0:
            for seat, client in enumerate(clients + [spectator]):
                check(client.get(f"/r/{code}").get_data(as_text=True), match, None if seat == 4 else seat)
                if not match.hand_over:  # R7.5: no review or export of a hand in play, to anyone
                    for path in (f"/hands/{match.hand_number}", f"/hands/{match.hand_number}.json", "/hands.json"):
                        response = client.get(f"/r/{code}{path}")
                        assert response.status_code == 404 or response.json["hands"] == [], path
        if match.hand_over:
            break
        seat = match.hand.to_act
        response = act(clients[seat], code, person_move(match, seat), **{"HX-Request": "true"})
        check(response.get_data(as_text=True), match, seat)
    finished = match_of(app, code)
    # Every play of every trick was a step, and each step checked four seats and a spectator.
    assert finished.hand_over and checked >= 5 * 4 * len(finished.hand.tricks)
    assert counters >= 5 * 4 * len(finished.hand.tricks)  # the counter was there at every play
    for seat, client in enumerate(clients + [spectator]):  # once over, the review shows what the rules now do
        check(client.get(f"/r/{code}/hands/{finished.hand_number}").get_data(as_text=True), finished,
              None if seat == 4 else seat)


def test_the_seed_that_decides_the_deals_is_never_sent(solo, client, app):
    seed = match_of(app, solo).seed
    assert seed not in client.get(f"/r/{solo}").get_data(as_text=True)
