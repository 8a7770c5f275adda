"""Away players: after AWAY_SECONDS without a connection a bot plays for them, until they return; a person
with nothing to show is passed for at the bots' pace (no timing leak)."""

from __future__ import annotations

import engine
from webapp.models import Room
from webapp.presence import Presence
from webapp.store import Table

from .conftest import act, match_of, person_move, service_of


def test_a_bot_plays_for_an_away_player_until_they_return(solo, app):
    rooms = service_of(app)
    rooms.presence.away_seconds = 0
    rooms.presence.connected(solo, 0)  # the person's page is open: the game waits for them
    rooms.driver.poke(solo)
    match = match_of(app, solo)
    assert not match.hand_over and match.hand.to_act == 0

    rooms.presence.disconnected(solo, 0)  # gone, and AWAY_SECONDS (0) have passed
    rooms.driver.poke(solo)
    assert match_of(app, solo).hand_over

    rooms.presence.connected(solo, 0)  # back: from the next hand on, the game waits for them again
    assert rooms.presence.away_in(solo, 0) == float("inf")


def test_away_seat_is_shown_as_played_by_a_bot(solo, app, client):
    rooms = service_of(app)
    rooms.presence.away_seconds = 0
    html = client.get(f"/r/{solo}").get_data(as_text=True)
    assert "away: bot plays" in html


def declaring_without_a_showing() -> tuple[engine.Match, int]:
    """A dealt first hand where the seat to act holds no level card to show."""
    for seed in range(100):
        match = engine.Match(engine.Rules.preset("classic"), seed=seed)
        while match.hand.phase == "dealing":
            match.apply(match.hand.to_act, engine.Draw())
        for seat in range(4):
            if match.hand.to_act == seat and not match.hand.legal_showings(seat):
                return match, seat
            match.apply(match.hand.to_act, engine.Pass())
            if match.hand.phase != "declaring":
                break
    raise AssertionError("no such deal in 100 seeds")


def test_a_person_who_cannot_show_is_passed_for_at_the_bots_pace(app):
    rooms = service_of(app)
    rooms.bot_delay = 1.5
    match, seat = declaring_without_a_showing()
    seats = [{"name": f"P{i}", "token_hash": "x", "bot": None} for i in range(4)]
    table = Table(Room(code="pace", rules=match.rules.to_dict(), seats=seats), match)
    rooms.presence.connected("pace", seat)
    rooms._last_change["pace"] = 100.0
    assert rooms._plan(table) == (seat, engine.Pass(), 101.5)


def test_a_new_player_is_not_away_before_their_page_connects(app, client):
    rooms = service_of(app)
    now = [0.0]
    rooms.presence = Presence(30, clock=lambda: now[0])
    now[0] = 3600.0  # the server has been up for an hour
    code = client.post("/solo", data={"level": "normal"}).headers["Location"].rsplit("/", 1)[1]
    assert rooms.presence.away_in(code, 0) == 30


def test_a_bots_choice_is_made_once_and_lands_when_due(solo, app, client, monkeypatch):
    """Deciding right after the last change and acting at BOT_DELAY_MS hides how long the bot thought."""
    from webapp.core import players

    rooms = service_of(app)
    calls = []
    decide = players.bot_action
    monkeypatch.setattr(players, "bot_action", lambda *args: calls.append(args) or decide(*args))
    rooms.bot_delay = 3600.0
    match = match_of(app, solo)
    act(client, solo, person_move(match, 0))  # the person moves; now a bot's turn (or the trick's end)
    with app.app_context():
        first = rooms.advance(solo)
        decided = len(calls)
        second = rooms.advance(solo)
    if match_of(app, solo).hand.to_act != 0:
        assert first > 0 and second > 0 and decided >= 1 and len(calls) == decided
