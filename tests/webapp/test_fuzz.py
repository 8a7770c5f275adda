"""Issue 11, item 5: hostile input at every route and every JSON field (hypothesis).

Each route gets requests built from its own fields with values of the wrong type, out of range, at the
calendar's edges, in other scripts' digits, very long, deeply nested, with control and bidi characters,
from its owner or a stranger, as a form, JSON or raw bytes. For every one: never a 5xx; a refusal says
why (a message on the page, in the htmx message region or in the JSON ``error``); and a refused request
leaves every room and sheet as it was (nothing created, no version bumped).

``FUZZ_EXAMPLES`` sets the examples per route (default 12, so CI stays fast; raise it to search longer).
Below the generated search, the classes of the security review are pinned as tables.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

from webapp import db, sheet_store
from webapp.models import Room, ScoresheetRecord

from .conftest import code_from, rooms_of
from .sheet_helpers import HTMX, new_sheet, offline_sheet, record

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
TOKEN = "fuzz-phone-secret-0123456789"
ENTRY = {"id": "e1", "trick_points": 40, "defenders_took_last_trick": True, "kitty_points": 10,
         "last_lead": "tractor", "tractor_pairs": 2, "throw": False, "dealer": None, "trump": "S",
         "failed_throw_cards": [0, 0], "wrong_follows": [0, 1], "taken_back": [0, 0],
         "wrong_card_count": [False, False]}
BROWSER_RECORD = {"game": "solo:0123456789abcdef", "hand_number": 1, "seat": 0, "result": {
    "redeal": False, "trick_points": 60, "kitty_points": 0, "multiplier": 0, "kitty_bonus": 0, "penalty": 0,
    "defender_points": 60, "side": "declarers", "steps": 1, "dealer": 0, "declarers": 0, "levels_after": ["3", "2"],
    "next_dealer": 2, "match_winner": None}}
RULE_FIELDS = ("twos_trump", "must_play", "time_limit_minutes", "level_table", "throw_penalty_per_card")
# Fields of the scorekeeper's forms (templates/partials/sheet_new_form.html and sheet_form.html).
SHEET_FIELDS = ("preset", "first_dealer", "level_0", "level_1", "team_0", "team_1", "player_0", "player_3")
HAND_FIELDS = ("trick_points", "defenders_took_last_trick", "kitty_points", "last_lead", "tractor_pairs",
               "throw", "dealer", "trump", "failed_throw_cards_0", "wrong_follows_1", "taken_back_0",
               "wrong_card_count_1")

HOSTILE_TEXT = (
    "", " ", "0", "-1", "3", "²", "٣", "１２", "𝟘", "Ⅻ", "1e400", "NaN", "Infinity",
    "99999999999999999999999",
    "\u202e", "\u200b", "\x00", "\n", "\r\n", "\t", "\x85", "/\t/evil.example", "//evil.example", "\\\\evil",
    "../../etc/passwd", "<script>alert(1)</script>", "%00", "' OR 1=1 --", "{{7*7}}", "%(name)s", "{0}",
    "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "2026-02-30T00:00:00Z", "2026-11-30T08:00:00Z",
    "on", "true", "AS", "BJ BJ", "10H 10H", "pass", "play", "draw", "classic", "competition", "hard", "You",
    "Bot 2", "e1", "x" * 300, "9" * 5000,
)
RAW_BODIES = (
    "[" * 100_000, '{"a":' * 50_000, "\xff\xfe\x00", "", "null", "[]", "{}", '"\\ud800"', "1" * 5000,
    '{"sheet": ' + "[" * 5000 + "]" * 5000 + "}", '{"type": "play", "cards": "AS"', "NaN",
    '{"entries": {"$ne": 1}}',
)
CONTENT_TYPES = ("application/json", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data")
MESSAGE = re.compile(r'class="message error"[^>]*>\s*([^<\s][^<]*)<')

texts = st.one_of(st.sampled_from(HOSTILE_TEXT),
                  st.text(st.characters(exclude_categories=("Cs",)), max_size=30))  # no surrogates in forms
header_texts = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"),
                       max_size=40)
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30),
                         st.sampled_from([10**400, -1]), st.floats(), texts)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)


@dataclass(frozen=True)
class Route:
    """One route of the app: how to reach it and the fields it reads (a valid JSON body to spoil)."""

    endpoint: str
    method: str
    path: str  # {code} (of ``place``), {entry_id}, {number}, {locale}, {path}, {filename}
    place: str | None = None  # whose code fills {code}: "solo", "lobby" or "sheet"; and whose client asks
    form: tuple[str, ...] = ()
    query: tuple[str, ...] = ()
    body: dict[str, Any] | None = None
    id: str = field(default="", compare=False)


ROUTES = (
    Route("home.index", "GET", "/"),
    Route("guide.rules", "GET", "/rules"),
    Route("play.autoplay", "POST", "/r/{code}/autoplay", "solo", form=("on",)),
    Route("games.index", "GET", "/games"),
    Route("games.leave", "POST", "/r/{code}/leave", "lobby"),
    Route("home.solo", "POST", "/solo", form=("level", "name")),
    Route("home.switch_language", "GET", "/lang/{locale}", query=("next",)),
    Route("rooms.new_room", "GET", "/rooms/new"),
    Route("rooms.create_room", "POST", "/rooms", form=("preset", "level", *RULE_FIELDS)),
    Route("rooms.room", "GET", "/r/{code}", "solo", query=("hint",)),
    Route("rooms.join", "POST", "/r/{code}/join", "lobby", form=("seat", "name")),
    Route("rooms.add_bots", "POST", "/r/{code}/bots", "lobby", form=("level",)),
    Route("rooms.start", "POST", "/r/{code}/start", "lobby"),
    Route("rooms.qr_code", "GET", "/r/{code}/qr.svg", "solo"),
    Route("play.act", "POST", "/r/{code}/act", "solo", form=("type", "cards", "action_id"),
          body={"type": "pass", "cards": "", "action_id": "a1"}),
    Route("play.next_hand", "POST", "/r/{code}/next", "solo", form=("hand", "action_id")),
    Route("play.hint", "GET", "/r/{code}/hint", "solo"),
    Route("live.room_socket", "GET", "/r/{code}/ws", "solo"),
    Route("sheets.new_sheet", "GET", "/sheets/new"),
    Route("sheets.create_sheet", "POST", "/sheets", "sheet", form=(*SHEET_FIELDS, *RULE_FIELDS)),
    Route("sheets.upload_sheet", "POST", "/s", "sheet",
          body={"client_id": "phone-9", "edit_token": TOKEN, "preset": "classic",
                "clock_started_at": "2026-11-30T08:00:00Z", "sheet": offline_sheet(ENTRY)}),
    Route("sheets.sheet_page", "GET", "/s/{code}", "sheet"),
    Route("sheets.sheet_data", "GET", "/s/{code}/sheet.json", "sheet"),
    Route("sheets.qr_code", "GET", "/s/{code}/qr.svg", "sheet"),
    Route("sheets.sheet_socket", "GET", "/s/{code}/ws", "sheet"),
    Route("sheets.record_hand", "POST", "/s/{code}/hands", "sheet", form=("entry_id", *HAND_FIELDS)),
    Route("sheets.preview_hand", "POST", "/s/{code}/preview", "sheet", form=("entry_id", *HAND_FIELDS)),
    Route("sheets.new_hand", "GET", "/s/{code}/hands/new", "sheet"),
    Route("sheets.edit_hand", "GET", "/s/{code}/hands/{entry_id}/edit", "sheet"),
    Route("sheets.save_hand", "POST", "/s/{code}/hands/{entry_id}", "sheet", form=HAND_FIELDS),
    Route("sheets.delete_hand", "POST", "/s/{code}/hands/{entry_id}/delete", "sheet"),
    Route("sheets.recompute_from", "POST", "/s/{code}/hands/{entry_id}/recompute", "sheet"),
    Route("sheets.undo", "POST", "/s/{code}/undo", "sheet", form=("entry_id",)),
    Route("sheets.start_clock", "POST", "/s/{code}/clock", "sheet",
          body={"started_at": "2026-11-30T08:00:00Z"}),
    Route("sheets.sync_entries", "POST", "/s/{code}/entries", "sheet",
          body={"entries": [{**ENTRY, "id": "e2"}], "edits": [ENTRY], "redeals": [{"id": "e1", "dealer": 0}],
                "deletions": ["e0"]}),
    Route("pwa.manifest", "GET", "/manifest.webmanifest"),
    Route("pwa.service_worker", "GET", "/sw.js"),
    Route("pwa.ping", "HEAD", "/ping"),
    Route("pwa.offline_page", "GET", "/offline/{path}"),
    Route("pwa.python_bundle", "GET", "/offline-app.zip"),
    Route("static", "GET", "/static/{filename}"),
    Route("hands.review", "GET", "/r/{code}/hands/{number}", "solo", query=("step",)),
    Route("hands.export", "GET", "/r/{code}/hands/{number}.json", "solo"),
    Route("hands.match", "GET", "/r/{code}/hands.json", "solo"),
    Route("talk.say", "POST", "/r/{code}/say", "lobby", form=("phrase",)),
    Route("stats.index", "GET", "/stats"),
    Route("stats.with_browser", "POST", "/stats", body={"records": [BROWSER_RECORD]}),
)


class World:
    """An app and, made when first asked for, a solo game under way, a lobby, and a timed sheet with one
    hand, each with its owner's client (None: a route without a code, asked by a new client)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._places: dict[str | None, tuple[str, Any]] = {}

    def code(self, place: str | None) -> str:
        return self._place(place)[0]

    def owner(self, place: str | None) -> Any:
        return self._place(place)[1]

    def _place(self, place: str | None) -> tuple[str, Any]:
        if place not in self._places:
            client = self.app.test_client()
            if place == "solo":
                code = code_from(client.post("/solo", data={"level": "easy"}))
            elif place == "lobby":
                code = code_from(client.post("/rooms", data={"preset": "classic"}))
            elif place == "sheet":
                code = new_sheet(client, preset="competition")
                record(client, code, "e1", trick_points=40)
            else:
                code = "none"
            self._places[place] = (code, client)
        return self._places[place]


@pytest.fixture
def world(app) -> World:
    return World(app)


def stored(app) -> tuple:
    """Every room and sheet as stored: what a refused request must leave as it was."""
    with app.app_context(), db.session() as session:
        rooms = [(r.code, r.version, r.actions, json.dumps([r.match_state, r.seats], sort_keys=True))
                 for r in session.exec(select(Room))]
        sheets = [(r.code, r.version, json.dumps(r.sheet, sort_keys=True), r.clock_started_at)
                  for r in session.exec(select(ScoresheetRecord))]
    return sorted(rooms), sorted(sheets)


def says_why(response) -> bool:
    if response.mimetype == "application/json":
        error = response.json.get("error")
        return isinstance(error, str) and bool(error.strip())
    return bool(MESSAGE.search(response.get_data(as_text=True)))


def spoiled(data: st.DataObject, value: Any) -> Any:
    """``value`` with one of its parts (or itself) replaced by a hostile value, removed, or joined by more."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        choice = data.draw(st.sampled_from(["deeper", "replace", "remove", "add"]))
        if choice == "remove":
            return {k: v for k, v in value.items() if k != key}
        if choice == "add":
            return {**value, data.draw(st.text(max_size=12)): data.draw(json_values)}
        return {**value, key: spoiled(data, value[key]) if choice == "deeper" else data.draw(json_values)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(value) - 1))
        return [*value[:index], spoiled(data, value[index]), *value[index + 1:]]
    return data.draw(json_values)


def path_value(data: st.DataObject, valid: str) -> str:
    return quote(data.draw(st.one_of(st.just(valid), texts)) or "x", safe="")


def request_of(data: st.DataObject, route: Route, world: World) -> tuple[Any, dict[str, Any]]:
    """(client, arguments of ``client.open``) for one hostile request to ``route``."""
    values = {"code": world.code(route.place), "entry_id": "e1", "number": "1", "locale": "en",
              "path": "r/solo", "filename": "css/app.css"}
    url = route.path.format(**{name: path_value(data, valid) for name, valid in values.items()})
    named = st.sampled_from(["Accept-Language", "X-Edit-Token", "Origin", "Cookie"])
    headers = {name: data.draw(header_texts) for name in data.draw(st.sets(named, max_size=2))}
    if data.draw(st.booleans()):
        headers.update(HTMX)
    arguments: dict[str, Any] = {"method": route.method, "path": url, "headers": headers}
    fields = route.form or route.query
    if fields:
        names = st.sampled_from([*fields, data.draw(st.text(max_size=8))])
        values = st.one_of(texts, st.lists(texts, max_size=3))
        chosen = data.draw(st.dictionaries(names, values, max_size=len(fields) + 1))
        arguments["query_string" if route.query else "data"] = chosen
    if route.body is not None or route.method == "POST":
        kind = data.draw(st.sampled_from(["spoiled", "raw", "form"] if route.body else ["raw", "form"]))
        if kind == "spoiled":
            arguments["data"] = json.dumps(spoiled(data, route.body))
            arguments["content_type"] = "application/json"
        elif kind == "raw":
            arguments["data"] = data.draw(st.sampled_from(RAW_BODIES)).encode("utf-8", "surrogatepass")
            arguments["content_type"] = data.draw(st.sampled_from(CONTENT_TYPES))
    client = world.owner(route.place) if data.draw(st.booleans()) else world.app.test_client()
    return client, arguments


def test_every_route_is_fuzzed(app):
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert endpoints == {route.endpoint for route in ROUTES}


@pytest.mark.parametrize("route", ROUTES, ids=[route.endpoint for route in ROUTES])
def test_hostile_requests_are_answered_cleanly(world, route):
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                     HealthCheck.data_too_large])
    @given(st.data())
    def hostile(data):
        client, arguments = request_of(data, route, world)
        before = stored(world.app)
        response = client.open(**arguments)
        answer = (arguments, response.get_data()[:300])
        assert response.status_code < 500, answer
        if response.status_code >= 400:
            assert route.method == "HEAD" or says_why(response), answer
            assert stored(world.app) == before, arguments

    hostile()


# ---------------------------------------------------------------------------- the review's classes, pinned

@pytest.mark.parametrize(("place", "path", "body"), [
    ("solo", "/r/{code}/act", {"type": ["play"], "cards": "AS"}),
    ("solo", "/r/{code}/act", {"type": "play", "cards": {"AS": 1}}),
    ("solo", "/r/{code}/act", {"type": "play", "cards": [1, 2]}),
    ("solo", "/r/{code}/act", {"type": "pass", "action_id": ["a"]}),
    ("solo", "/r/{code}/act", {"type": {"$ne": None}}),
    ("sheet", "/s", {"sheet": {}, "preset": ["classic"]}),
    ("sheet", "/s", {"sheet": {}, "client_id": {"a": 1}, "edit_token": TOKEN}),
    ("sheet", "/s", {"sheet": {"entries": {"id": "x"}}}),
    ("sheet", "/s", {"sheet": {"entries": [{"id": ["x"], "trick_points": 5}]}}),
    ("sheet", "/s", {"sheet": {"entries": [{"id": "x", "trick_points": "5"}]}}),
    ("sheet", "/s", {"sheet": {"entries": [{"id": "x", "trick_points": 10**400}]}}),
    ("sheet", "/s", {"sheet": {"rules": {"must_play": {"A": 1}}}}),
    ("sheet", "/s", {"sheet": {"team_names": [["a"], "b"]}}),
    ("sheet", "/s", {"sheet": {"first_dealer": True}}),
    ("sheet", "/s", {"sheet": {}, "clock_started_at": ["2026-01-01"]}),
    ("sheet", "/s/{code}/entries", {"entries": [{"id": "x", "wrong_follows": "1 1"}]}),
    ("sheet", "/s/{code}/entries", {"deletions": [{"id": "e1"}]}),
    ("sheet", "/s/{code}/entries", {"edits": "e1"}),
    ("sheet", "/s/{code}/entries", {"redeals": [{"id": "e1", "dealer": [0]}]}),
    ("sheet", "/s/{code}/clock", {"started_at": 1764489600}),
])
def test_a_json_field_of_the_wrong_type_is_refused(world, place, path, body):
    client, url = world.owner(place), path.format(code=world.code(place))
    before = stored(world.app)
    response = client.post(url, json=body)
    assert response.status_code == 400 and response.json["error"] and response.json["field"]
    assert stored(world.app) == before


@pytest.mark.parametrize(("place", "path"), [("solo", "/r/{code}/act"), ("sheet", "/s"),
                                             ("sheet", "/s/{code}/entries"), ("sheet", "/s/{code}/clock")])
@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_deeply_nested_json_is_refused(world, place, path, depth):
    client, url = world.owner(place), path.format(code=world.code(place))
    before = stored(world.app)
    response = client.post(url, data="[" * depth + "]" * depth, content_type="application/json")
    assert response.status_code == 400 and "nests too deeply" in response.json["error"]
    assert stored(world.app) == before


@pytest.mark.parametrize("digits", ["²", "³", "①", "٣", "１", "𝟘", "⁴"])
@pytest.mark.parametrize(("place", "path", "name"), [("solo", "/r/{code}/next", "hand"),
                                                     ("lobby", "/r/{code}/join", "seat")])
def test_digits_int_refuses_are_refused(world, digits, place, path, name):
    client, url = world.owner(place), path.format(code=world.code(place))
    before = stored(world.app)
    response = client.post(url, data={name: digits}, headers=HTMX)
    assert response.status_code in (400, 422) and says_why(response)
    assert stored(world.app) == before


@pytest.mark.parametrize("digits", ["1000001", "11111111", "9" * 5000])
def test_a_form_number_past_its_bound_says_the_bound(world, digits):
    client, url = world.owner("solo"), "/r/{code}/next".format(code=world.code("solo"))
    before = stored(world.app)
    response = client.post(url, data={"hand": digits}, headers=HTMX)
    assert response.status_code == 400 and "at most 1000000" in response.get_data(as_text=True)
    assert stored(world.app) == before


@pytest.mark.parametrize("moment", [
    "0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59-14:00", "9999-12-31T23:59:59Z",
    "1999-12-31T23:59:59Z", "2100-01-01T00:00:00Z", "2026-02-30T08:00:00Z", "2026-13-01T00:00:00Z",
    "+002026-01-01T00:00:00Z",
])
def test_times_at_the_calendar_s_edges_are_refused(world, moment):
    editor, code = world.owner("sheet"), world.code("sheet")
    before = stored(world.app)
    clock = editor.post(f"/s/{code}/clock", json={"started_at": moment})
    upload = editor.post("/s", json={"sheet": offline_sheet(), "clock_started_at": moment})
    for response in (clock, upload):
        assert response.status_code == 400 and "2000 to 2099" in response.json["error"] or "ISO 8601" in \
            response.json["error"]
    assert stored(world.app) == before


@pytest.mark.parametrize("moment", [datetime(9999, 12, 31, 23, 59, tzinfo=UTC),
                                    datetime(1, 1, 1, tzinfo=UTC)])
def test_a_sheet_stored_with_a_clock_at_the_edge_still_shows(world, moment):
    """Sheets stored before starts were checked keep working (one such sheet answered 500 on every view)."""
    code = world.code("sheet")
    with world.app.app_context():
        record_ = sheet_store.get(code)
        sheet_store.save(record_, record_.sheet, moment)
    for path in (f"/s/{code}", f"/s/{code}/sheet.json", f"/s/{code}/hands/new"):
        for client in (world.owner("sheet"), world.app.test_client()):
            assert client.get(path, headers=HTMX).status_code in (200, 303, 403)
    recorded = world.owner("sheet").post(f"/s/{code}/hands", data={"entry_id": "e5", "trick_points": "40"})
    assert recorded.status_code == 303


# Text Python's int() reads as a number though no person typing it means one; every form reads numbers alike.
NOT_WHOLE_NUMBERS = ["4_0", "٣", "１０", "1 0", "0x10", "1e3", "٣٠", "4.0"]


@pytest.mark.parametrize("text", NOT_WHOLE_NUMBERS)
@pytest.mark.parametrize(("place", "path", "fields"), [
    ("solo", "/r/{code}/next", {"hand": "{text}"}),
    ("lobby", "/r/{code}/join", {"seat": "{text}"}),
    (None, "/rooms", {"preset": "classic", "throw_penalty_per_card": "{text}"}),
    (None, "/sheets", {"team_0": "Us", "team_1": "Them", "first_dealer": "{text}"}),
    ("sheet", "/s/{code}/hands", {"entry_id": "e9", "trick_points": "{text}"}),
])
def test_text_int_would_read_as_a_number_is_refused_by_every_form(world, text, place, path, fields):
    client, url = world.owner(place), path.format(code=world.code(place))
    before = stored(world.app)
    response = client.post(url, data={name: value.format(text=text) for name, value in fields.items()},
                           headers=HTMX)
    assert response.status_code in (400, 422) and says_why(response)
    assert "whole number" in response.get_data(as_text=True)
    assert stored(world.app) == before


@pytest.mark.parametrize(("text", "seconds"), [(" 15 ", 15), ("015", 15), ("+60", 60), ("1_5", None),
                                             ("١٥", None), ("１５", None), ("15.0", None)])
def test_a_table_setting_s_number_is_read_as_every_form_reads_one(world, text, seconds):
    before = stored(world.app)
    client = world.app.test_client()
    response = client.post("/rooms", data={"preset": "classic", "turn_seconds": text})
    if seconds is None:
        assert response.status_code == 400 and "turn_seconds must be one of 0, 15, 20" in response.get_data(as_text=True)
        assert stored(world.app) == before
    else:
        assert response.status_code == 303
        assert rooms_of(world.app).cache.load(code_from(response)).settings.turn_seconds == seconds


@pytest.mark.parametrize(("place", "path", "fields"), [
    (None, "/solo", {"level": "easy", "counter": "maybe"}),
    ("solo", "/r/{code}/autoplay", {"on": "maybe"}),
    (None, "/rooms", {"preset": "classic", "card_counter": "maybe"}),
    (None, "/rooms", {"preset": "classic", "twos_trump": "maybe"}),
    ("sheet", "/s/{code}/hands", {"entry_id": "e9", "trick_points": "40", "wrong_card_count_0": "maybe"}),
    ("sheet", "/s/{code}/hands", {"entry_id": "e9", "trick_points": "40", "defenders_took_last_trick": "2"}),
])
def test_a_switch_that_is_neither_on_nor_off_is_refused(world, place, path, fields):
    client, url = world.owner(place), path.format(code=world.code(place))
    before = stored(world.app)
    response = client.post(url, data=fields, headers=HTMX)
    assert response.status_code in (400, 422) and says_why(response)
    assert "on or off" in response.get_data(as_text=True)
    assert stored(world.app) == before


@pytest.mark.parametrize(("fields", "label"), [
    ({"kitty_multiplier": "triple"}, "Kitty (扣底) multiplier"),
    ({"throw_penalty_per_card": "500"}, "Failed throw (甩牌) penalty per card"),
    ({"must_play": "11"}, "Must-play levels (逢N必打)"),
])
def test_a_refused_rule_option_is_called_by_the_form_s_label(world, fields, label):
    before = stored(world.app)
    response = world.app.test_client().post("/rooms", data={"preset": "classic", **fields}, headers=HTMX)
    text = response.get_data(as_text=True)
    assert response.status_code in (400, 422) and label in text and "Rules." not in text
    assert stored(world.app) == before


@pytest.mark.parametrize(("body", "field", "says"), [
    ({"type": "play", "cards": ["AS"] * 200}, "cards", "too many items (at most 108)"),
    ({"type": "teleport"}, "type", "not an action"),
    ({"type": "play", "cards": "ZZ"}, "cards", "not a card"),
    ({"type": "play", "cards": "AS", "action_id": "x" * 500}, "action_id", "1 to 100"),
])
def test_a_malformed_action_names_its_field(world, body, field, says):
    client, url = world.owner("solo"), "/r/{code}/act".format(code=world.code("solo"))
    before = stored(world.app)
    response = client.post(url, json=body)
    assert response.status_code == 400 and response.json["field"] == field and says in response.json["error"].lower()
    assert stored(world.app) == before
