"""A socket's regions are rendered again only when their inputs change (``region_keys``): that memo must never
change what a page shows. Through a whole hand, with a phrase said midway, every seat's and a spectator's memoised
regions equal a fresh render of everything."""

from __future__ import annotations

import engine
from webapp.render import LiveRegions, render_regions
from webapp.rooms import log
from webapp.rooms.cache import LoadedRoom

from .conftest import play_until, rooms_of

HTMX = {"HX-Request": "true"}


def test_the_memoised_regions_are_always_a_fresh_render(app, four_humans):
    code, clients = four_humans
    tables = rooms_of(app)
    viewers = [*clients, app.test_client()]  # every seat, and a spectator
    memos = [LiveRegions() for _ in viewers]
    steps = []

    def compare() -> None:
        steps.append(None)
        if len(steps) == 20:
            assert clients[1].post(f"/r/{code}/say", data={"phrase": "thanks"}, headers=HTMX).status_code == 200
        for viewer, memo in zip(viewers, memos, strict=True):
            cookie = viewer.get_cookie("seat", path=f"/r/{code}")
            with app.test_request_context(f"/r/{code}/ws"):
                snapshot = tables.snapshot(tables.cache.load(code), None if cookie is None else cookie.value)
                assert memo.render(snapshot) == render_regions(snapshot)

    compare()
    play_until(app, code, dict(enumerate(clients)), lambda match: match.hand_over, after_step=compare)
    compare()
    assert len(steps) > 20  # the phrase was said midway


def test_the_memoised_regions_of_a_deal_are_always_a_fresh_render(app, four_humans, monkeypatch):
    # The deal, dealt round by round as the driver commits it (the test server deals at once: replayed from the log),
    # at one moment (an offline seat's seconds are the page's to count on).
    code, clients = four_humans
    tables = rooms_of(app)
    now = tables.clock()
    monkeypatch.setattr(tables, "clock", lambda: now)
    row = tables.store.row(code)
    match = engine.Match.from_dict(row.match_state)
    tokens = [client.get_cookie("seat", path=f"/r/{code}").value for client in clients] + [None]
    memos = [LiveRegions() for _ in tokens]
    tables_seen: list[list[str]] = [[] for _ in tokens]
    for entry in tables.store.actions_after(code, row.base_actions, up_to=row.actions):
        match = log.replay(match, [entry])
        if match.hand.phase != "dealing":
            break
        if entry.action["type"] == "draw" and match.hand.drawn % 4:
            continue  # the driver commits a round of four draws at once
        with app.test_request_context(f"/r/{code}/ws"):
            for index, token in enumerate(tokens):
                snapshot = tables.snapshot(LoadedRoom(row, match), token)
                fresh = render_regions(snapshot)
                assert memos[index].render(snapshot) == fresh
                tables_seen[index].append(fresh["table"])
    # A dealt round leaves the table as it was: it changes only with a showing (or who is there).
    showings = len(match.hand.showings)
    assert all(len(set(seen)) <= 1 + showings for seen in tables_seen)
    assert len(tables_seen[0]) >= 20  # the rounds of the deal (its last one ends the dealing)
