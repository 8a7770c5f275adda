"""A socket's regions are rendered again only when their inputs change (``region_keys``): that memo must never
change what a page shows. Through a whole hand, with a phrase said midway, every seat's and a spectator's memoised
regions equal a fresh render of everything."""

from __future__ import annotations

from webapp.render import LiveRegions, render_regions

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
