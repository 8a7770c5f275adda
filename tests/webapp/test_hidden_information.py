"""Hidden information: nothing sent to a seat or a spectator — page, action response or WebSocket frame —
holds another seat's cards or the kitty before the rules reveal them (R7.5, R8)."""

from __future__ import annotations

import re

import engine
from webapp.render import render_regions

from .conftest import act, match_of, person_move, rooms_of

CARD_ATTRIBUTE = re.compile(r'(?:data-card|data-show|value)="([^"]*)"')


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


def test_nothing_hidden_reaches_any_seat_or_spectator_during_a_whole_hand(four_humans, app):
    code, clients = four_humans
    rooms = rooms_of(app)
    tokens = [c.get_cookie("seat", path=f"/r/{code}").value for c in clients] + [None]
    spectator = app.test_client()
    checked = 0

    def check(html: str, match: engine.Match, seat: int | None) -> None:
        leaked = cards_in(html) - allowed_cards(match, seat)
        assert not leaked, f"seat {seat} was sent {sorted(leaked)}"

    for step in range(1000):
        match = match_of(app, code)
        for seat, token in enumerate(tokens):
            viewer = None if seat == 4 else seat
            with app.test_request_context(f"/r/{code}/ws"):
                frames = render_regions(rooms.snapshot(rooms.cache.load(code), token))
            check("".join(frames.values()), match, viewer)
            checked += 1
        if step % 25 == 0:
            for seat, client in enumerate(clients + [spectator]):
                check(client.get(f"/r/{code}").get_data(as_text=True), match, None if seat == 4 else seat)
        if match.hand_over:
            break
        seat = match.hand.to_act
        response = act(clients[seat], code, person_move(match, seat), **{"HX-Request": "true"})
        check(response.get_data(as_text=True), match, seat)
    finished = match_of(app, code)
    # Every play of every trick was a step, and each step checked four seats and a spectator.
    assert finished.hand_over and checked >= 5 * 4 * len(finished.hand.tricks)


def test_the_seed_that_decides_the_deals_is_never_sent(solo, client, app):
    seed = match_of(app, solo).seed
    assert seed not in client.get(f"/r/{solo}").get_data(as_text=True)
