"""The automatic part of a table: after AWAY_SECONDS without a connection a bot plays for a person, until they
return; a person with nothing to show is passed for at the bots' pace (no timing leak); a bot decides once, right
after the change, and its move lands when due."""

from __future__ import annotations

import dataclasses
import random

import engine
from webapp.models import Room
from webapp.render import render_regions
from webapp.rooms.seats import Seat, rows_of
from webapp.runtime import decisions
from webapp.runtime.presence import LocalPresence
from webapp.tokens import token_hash

from .conftest import act, match_of, person_move, rooms_of


def away_after(app, seconds: float) -> None:
    rooms = rooms_of(app)
    rooms.automatic.pace = dataclasses.replace(rooms.automatic.pace, away_seconds=seconds)


def test_a_bot_plays_for_an_away_player_until_they_return(solo, app):
    rooms, driver = rooms_of(app), app.extensions["driver"]
    away_after(app, 0)
    connection = rooms.attendance.arrived(solo, 0)  # the person's page is open: the game waits for them
    driver.poke(solo)
    match = match_of(app, solo)
    assert not match.hand_over and match.hand.to_act == 0

    rooms.attendance.left(solo, 0, connection)  # gone, and AWAY_SECONDS (0) have passed
    assert match_of(app, solo).hand_over

    rooms.attendance.arrived(solo, 0)  # back: from the next hand on, the game waits for them again
    assert rooms.attendance.room(solo).away_in(0, 0, 0.0) == float("inf")


def test_away_seat_is_shown_as_played_by_a_bot(solo, app, client):
    away_after(app, 0)
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


def test_R8_every_person_has_the_same_window_to_show_whatever_they_hold(app, monkeypatch):
    """Issue 11: neither the pace nor any page may tell whether the seat to act could have shown."""
    rooms = rooms_of(app)
    rooms.automatic.pace = dataclasses.replace(rooms.automatic.pace, show_window=6.0)
    rooms.clock = rooms.automatic.clock = lambda: 103.0  # renders at one moment (pages show seconds)
    match, seat = declaring_without_a_showing()
    tokens = [f"token-of-seat-{i}" for i in range(4)]
    seats = [Seat.person(f"P{i}", token_hash(tokens[i])) for i in range(4)]
    rooms.store.insert(Room(code="pace", rules=match.rules.to_dict(), seats=rows_of(seats),
                            match_state=match.to_dict(), changed_at=100.0, acted_at=100.0))
    watchers = [None] + [tokens[i] for i in range(4) if i != seat]  # a spectator and the three other seats
    rooms.attendance.presence.connected("pace", seat)  # (not announced: the driver would pass at once)

    def as_seen() -> tuple:
        plan = rooms.automatic.plan("pace")
        automatic, due = rooms.automatic.next_action(plan, {}, random.Random(0))
        with app.test_request_context("/r/pace/ws"):
            frames = [render_regions(rooms.snapshot(plan.loaded, token)) for token in watchers]
        return automatic.moves, due, frames

    without = as_seen()
    assert without[:2] == (((seat, engine.Pass()),), 106.0)  # the window closes with a pass, six seconds on
    holding = engine.Show(engine.parse_cards(f"{match.hand.level}S"))
    monkeypatch.setattr(engine.Hand, "legal_showings", lambda hand, who: [holding] if who == seat else [])
    assert as_seen() == without  # the same plan, and the same frames for a spectator and the other seats


def test_a_new_player_is_not_away_before_their_page_connects(app, client):
    rooms = rooms_of(app)
    now = [0.0]
    presence = LocalPresence(clock=lambda: now[0])
    rooms.attendance.presence = rooms.automatic.presence = presence
    now[0] = 3600.0  # the server has been up for an hour
    code = client.post("/solo", data={"level": "normal"}).headers["Location"].rsplit("/", 1)[1]
    assert presence.room(code).away_in(0, 30, now[0]) == 30


def test_a_bots_choice_is_made_once_and_lands_when_due(solo, app, client, monkeypatch):
    """Deciding right after the last change and acting at BOT_DELAY_MS hides how long the bot thought."""
    rooms, driver = rooms_of(app), app.extensions["driver"]
    calls = []
    decide = decisions.decide
    monkeypatch.setattr(decisions, "decide", lambda job: calls.append(job) or decide(job))
    rooms.automatic.pace = dataclasses.replace(rooms.automatic.pace, bot_delay=3600.0)
    match = match_of(app, solo)
    act(client, solo, person_move(match, 0))  # the person moves; now a bot's turn (or the trick's end)
    after = match_of(app, solo)
    decided = len(calls)
    driver.poke(solo)
    driver.poke(solo)
    if after.hand.to_act != 0:
        assert decided == 1 and len(calls) == decided  # asked once; the move waits for its time
        assert match_of(app, solo).to_dict() == after.to_dict()


def test_a_table_everyone_has_left_plays_out_its_hand_and_stops_there(solo, app, client):
    rooms, driver = rooms_of(app), app.extensions["driver"]
    away_after(app, 0)
    connection = rooms.attendance.arrived(solo, 0)
    rooms.attendance.left(solo, 0, connection)  # the person closed the page: a bot finishes their hand
    finished = match_of(app, solo)
    assert finished.hand_over and finished.hand_number == 1
    driver.poke(solo)
    assert match_of(app, solo).hand_number == finished.hand_number  # nobody there: no next hand, no 托管 for ever
    client.post(f"/r/{solo}/next", data={"hand": finished.hand_number})  # back, and 继续
    assert match_of(app, solo).hand_number == finished.hand_number + 1
