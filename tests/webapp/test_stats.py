"""Issue 14, item 5: what a browser's hands add up to (webapp/core/stats.py), and a match's summary at its end
(levels over time on the scoresheet's chart, each hand's points, the kitties won). Where they are kept: room
seats on the server; solo games in the browser, whose records the statistics page sends (POST /stats) to be
counted with the room seats, checked whole and kept nowhere."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

import engine
from engine.cards import RANKS
from engine.simulate import play_hand
from tests.conftest import TEST_CONFIG
from webapp import create_app, db
from webapp.core.stats import KEPT, HandRecord, match_recap, statistics
from webapp.models import SeatHand
from webapp.offline.app import OfflineApp
from webapp.offline.solo import SoloTable
from webapp.offline.solo_views import STORAGE_KEY
from webapp.offline.storage import MemoryStorage

from .conftest import match_of, play_until
from .test_hands import finish_hand, room_of_four


@pytest.fixture(scope="module")
def whole_match() -> engine.Match:
    match = engine.Match(engine.Rules.preset("classic"), seed=21)
    rng = random.Random(21)
    while True:
        play_hand(match, rng)
        if match.winner is not None:
            return match
        match.next_hand()


def test_the_statistics_of_both_teams_mirror_each_other(whole_match):
    results = [r for r in whole_match.history if not r.redeal]
    mine, theirs = ([HandRecord("m", n, seat, r) for n, r in enumerate(results, 1)] for seat in (0, 1))
    a, b = statistics(mine), statistics(theirs)
    assert a.hands == b.hands == len(results) and a.matches == b.matches == 1
    assert a.declaring == b.defending and a.defending == b.declaring
    assert a.won_declaring + b.won_defending == a.declaring  # each hand is won by one side
    assert a.matches_won + b.matches_won == 1 and a.matches_won == int(whole_match.winner == 0)
    assert a.levels_gained == sum(r.steps for r in results if r.climber == 0)
    assert a.defender_points == pytest.approx(b.conceded_points)


def test_the_best_comeback_is_the_most_levels_behind_in_a_match_then_won(whole_match):
    winner = whole_match.winner
    records = [HandRecord("m", n, winner, r) for n, r in enumerate(whole_match.history, 1) if not r.redeal]
    gaps = [engine.cards.RANKS.index(r.result.levels_after[1 - winner])
            - engine.cards.RANKS.index(r.result.levels_after[winner]) for r in records]
    assert statistics(records).best_comeback == max(0, *gaps)
    losers = [HandRecord("m", r.hand_number, 1 - winner, r.result) for r in records]
    assert statistics(losers).best_comeback == 0
    assert statistics([]).hands == 0 and statistics([]).defender_points is None


def test_a_match_summary_draws_the_levels_and_counts_the_kitties(whole_match):
    recap = match_recap(whole_match.history, whole_match.rules)
    played = [r for r in whole_match.history if not r.redeal]
    assert len(recap.hands) == len(played) and recap.chart.hands == len(played)
    assert len(recap.chart.lines[0].points) == len(played) + 1  # from the start (R9.1)
    assert sum(recap.kitty_wins) == sum(1 for r in played if r.multiplier)


def test_the_hand_end_screen_of_a_match_won_shows_its_summary(whole_match):
    storage = MemoryStorage()
    storage.put(STORAGE_KEY, json.dumps(SoloTable(whole_match, "normal").to_dict()))
    page = OfflineApp(storage, "en").handle("GET", "/offline/r/solo").body
    assert 'id="match-summary"' in page and 'class="level-chart"' in page
    assert page.count("<tr><td>") >= len([r for r in whole_match.history if not r.redeal])
    assert "data-hand-record" not in page  # the offline app keeps its own records (webapp/offline/stats.py)


# ---------------------------------------------------------------------------- where the records are kept

HAND_RECORD = re.compile(r"data-hand-record='([^']*)'")


def seat_rows(app, code: str) -> list[int]:
    with app.app_context(), db.session() as session:
        return sorted(session.exec(select(SeatHand.seat).where(SeatHand.code == code)).all())


def hands_counted(page: str) -> int:
    found = re.search(r'<td id="stat-hands">(\d+)</td>', page)
    return int(found.group(1)) if found else 0


def test_a_solo_hand_is_kept_by_the_browser_and_a_room_seat_by_the_server(app, client, solo):
    assert not HAND_RECORD.search(client.get(f"/r/{solo}").get_data(as_text=True))  # in play: nothing
    play_until(app, solo, {0: client}, lambda match: match.hand_over)
    match = match_of(app, solo)
    page = client.get(f"/r/{solo}").get_data(as_text=True)
    record = json.loads(html.unescape(HAND_RECORD.search(page).group(1)))
    assert record == HandRecord(solo, match.hand_number, 0, match.hand.result).to_dict()  # its result, its seat
    assert seat_rows(app, solo) == [] and hands_counted(client.get("/stats").get_data(as_text=True)) == 0
    assert not HAND_RECORD.search(app.test_client().get(f"/r/{solo}").get_data(as_text=True))  # a spectator

    code, clients = room_of_four(app)
    finish_hand(app, code, clients)
    assert seat_rows(app, code) == [0, 1, 2, 3]
    assert not HAND_RECORD.search(clients[0].get(f"/r/{code}").get_data(as_text=True))
    assert hands_counted(clients[0].get("/stats").get_data(as_text=True)) == 1


def browser_record(game: str = "solo:0123456789abcdef", hand_number: int = 1, seat: int = 0,
                   **result: object) -> dict:
    played = engine.HandResult(trick_points=60, defender_points=60, side="declarers", steps=1, dealer=0,
                               declarers=0, levels_after=("3", "2"), next_dealer=2)
    return HandRecord(game, hand_number, seat, played).to_dict() | (
        {"result": {**played.to_dict(), **result}} if result else {})


def test_the_statistics_page_counts_the_browsers_records_with_the_room_seats_each_hand_once(app):
    code, clients = room_of_four(app)
    match = finish_hand(app, code, clients)
    page = clients[0].get("/stats").get_data(as_text=True)
    assert 'data-stats-url="/stats"' in page and hands_counted(page) == 1  # without scripts: the room seats
    solo_hand, later = browser_record(), browser_record(hand_number=2)
    same_as_server = browser_record(code, match.hand_number)
    answer = clients[0].post("/stats", json={"records": [solo_hand, later, solo_hand, same_as_server]})
    merged = answer.get_data(as_text=True)
    assert answer.status_code == 200 and merged.lstrip().startswith('<article class="page stats" id="stats"')
    assert "data-stats-url" not in merged  # the region, not asking again
    assert hands_counted(merged) == 3 and '<td id="stat-matches">2</td>' in merged
    assert seat_rows(app, code) == [0, 1, 2, 3] and seat_rows(app, "solo:0123456789abcdef") == []
    assert hands_counted(clients[0].get("/stats").get_data(as_text=True)) == 1  # nothing sent was kept
    stranger = app.test_client().post("/stats", json={"records": [solo_hand]}).get_data(as_text=True)
    assert hands_counted(stranger) == 1  # the browser's own alone


@pytest.fixture(scope="module")
def seated(tmp_path_factory):
    """An app, a room whose first hand is over, and the browser of seat 0 (one hand counted on the server)."""
    database = tmp_path_factory.mktemp("stats") / "db.sqlite3"
    app = create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{database}"})
    code, clients = room_of_four(app)
    finish_hand(app, code, clients)
    return app, code, clients[0]


@pytest.mark.parametrize(("body", "field"), [
    ({}, "records"),
    ({"records": {"0": browser_record()}}, "records"),
    ({"records": [browser_record()] * (KEPT + 1)}, "records"),
    ({"records": ["solo 1"]}, "records.0"),
    ({"records": [{**browser_record(), "seat": 4}]}, "records.0.seat"),
    ({"records": [{**browser_record(), "seat": -1}]}, "records.0.seat"),
    ({"records": [{**browser_record(), "seat": "0"}]}, "records.0.seat"),
    ({"records": [{**browser_record(), "seat": True}]}, "records.0.seat"),
    ({"records": [{**browser_record(), "hand_number": 0}]}, "records.0.hand_number"),
    ({"records": [{**browser_record(), "hand_number": 10**400}]}, "records.0.hand_number"),
    ({"records": [{**browser_record(), "game": ""}]}, "records.0.game"),
    ({"records": [{**browser_record(), "game": "<script>"}]}, "records.0.game"),
    ({"records": [{**browser_record(), "game": "x" * 65}]}, "records.0.game"),
    ({"records": [{**browser_record(), "cards": "BJ BJ"}]}, "records.0.cards"),
    ({"records": [{k: v for k, v in browser_record().items() if k != "result"}]}, "records.0.result"),
    ({"records": [{**browser_record(), "result": None}]}, "records.0.result"),
    ({"records": [browser_record(redeal=True)]}, "records.0.result.redeal"),
    ({"records": [browser_record(side="up")]}, "records.0.result.side"),
    ({"records": [browser_record(levels_after=["2", "Z"])]}, "records.0.result.levels_after.1"),
    ({"records": [browser_record(levels_after=["2"])]}, "records.0.result.levels_after.1"),
    ({"records": [browser_record(declarers=2)]}, "records.0.result.declarers"),
    ({"records": [browser_record(match_winner=-1)]}, "records.0.result.match_winner"),
    ({"records": [browser_record(trick_points=-5)]}, "records.0.result.trick_points"),
    ({"records": [browser_record(defender_points=10**7)]}, "records.0.result.defender_points"),
    ({"records": [browser_record(steps=1.5)]}, "records.0.result.steps"),
    ({"records": [browser_record(hidden_cards="AS AS")]}, "records.0.result.hidden_cards"),
    ({"records": [{**browser_record(), "result": {"side": "declarers"}}]}, "records.0.result.redeal"),
])
def test_a_bad_body_is_refused_naming_its_field_and_changes_nothing(seated, body, field):
    app, code, player = seated
    before = player.get("/stats").get_data(as_text=True)
    answer = player.post("/stats", json=body)
    assert answer.status_code == 400 and answer.json["field"] == field and answer.json["error"].strip()
    assert player.get("/stats").get_data(as_text=True) == before and seat_rows(app, code) == [0, 1, 2, 3]


@pytest.mark.parametrize(("data", "status", "says"), [
    ("[" * 100_000 + "]" * 100_000, 400, "nests too deeply"),
    ("{", 400, "not valid JSON"),
    ("[]", 400, "not a JSON object"),
    ('{"records": [' + ",".join([json.dumps(browser_record())] * 5000) + "]}", 413, ""),
])
def test_a_body_that_is_not_json_nests_too_deep_or_is_too_large_is_refused(client, data, status, says):
    answer = client.post("/stats", data=data, content_type="application/json")
    assert answer.status_code == status and says in answer.json["error"] and answer.json["error"].strip()


def test_the_browsers_records_come_from_this_site_s_pages_only(client):
    answer = client.post("/stats", json={"records": [browser_record()]}, headers={"Sec-Fetch-Site": "cross-site"})
    assert answer.status_code == 403 and "another site" in answer.json["error"]
    same_site = client.post("/stats", json={"records": [browser_record()]},
                            headers={"Sec-Fetch-Site": "same-origin"})
    assert same_site.status_code == 200 and hands_counted(same_site.get_data(as_text=True)) == 1


def a_result(points: int, penalty: int, side: str, steps: int, dealer: int | None, declarers: int | None,
             levels: tuple[str, str], winner: int | None) -> dict:
    return engine.HandResult(trick_points=points, defender_points=points + penalty, penalty=penalty, side=side,
                             steps=steps, dealer=dealer, declarers=declarers, levels_after=levels,
                             next_dealer=dealer, match_winner=winner).to_dict()


seats, teams = st.integers(0, 3), st.integers(0, 1)
results = st.builds(a_result, st.integers(0, 1_000_000), st.integers(-1_000_000, 0),
                    st.sampled_from(["declarers", "switch", "defenders"]), st.integers(0, 1_000_000),
                    st.none() | seats, st.none() | teams, st.tuples(*[st.sampled_from(RANKS)] * 2), st.none() | teams)
records = st.lists(st.fixed_dictionaries({"game": st.from_regex(r"[A-Za-z0-9:_-]{1,64}", fullmatch=True),
                                          "hand_number": st.integers(1, 1_000_000), "seat": seats,
                                          "result": results}), max_size=6)


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sent=records)
def test_any_well_formed_records_are_counted_each_hand_once(client, sent):
    answer = client.post("/stats", json={"records": sent})
    assert answer.status_code == 200
    assert hands_counted(answer.get_data(as_text=True)) == len({(r["game"], r["hand_number"]) for r in sent})
