"""What the room page shows (issue 12): the hand in runs of one suit, the trick's lead and who is winning it,
the teams (我方 first), spectators told they watch, refusals as one sentence with the clause last, a failed
throw's cards, and the jokers' names in the reader's language."""

from __future__ import annotations

import re

import pytest
from flask import render_template

import engine
from engine.trick import FailedThrow
from tests.table_states import match_until, snapshot_of, with_hand
from webapp.core.room_page import (
    hand_groups,
    illegal_message,
    sentence,
    shown_trick,
    team_class,
    teams_in_order,
)
from webapp.render import page_context

from .conftest import act
from .test_actions import my_play_turn


def render(app, template: str, snapshot, locale: str = "en") -> str:
    with app.test_request_context("/r/fixture", headers={"Accept-Language": locale}):
        return render_template(template, **page_context(snapshot))


def test_the_hand_comes_in_runs_of_one_suit_for_play_trumps_as_one():
    trumps = engine.Trump("2", "S").order().is_trump
    hand = engine.Trump("2", "S").order().sorted(engine.parse_cards("BJ 2H AS 5S AH AH 3C KD"))
    groups = hand_groups(hand, ("AH",), frozenset(c for c in range(54) if trumps[c]))
    assert [[str(card) for card, _ in group] for group in groups] == [["BJ", "2H", "AS", "5S"], ["AH", "AH"],
                                                                     ["3C"], ["KD"]]
    # The hint's "AH" selects one of the two.
    assert [checked for card, checked in groups[1]] == [True, False]


def test_the_trick_in_play_shows_its_lead_and_who_is_winning_so_far():
    match = match_until(lambda m: m.hand.phase == "playing" and len(m.hand.trick.plays) == 2, seed=21)
    view = match.view(0)
    shown = shown_trick(view)
    trick = match.hand.trick
    trump = view.trump
    winner = trick.plays[engine.trick_winner([cards for _, cards in trick.plays], trump, match.rules)][0]
    assert (shown.leader, shown.winning, shown.complete) == (trick.leader, winner, False)
    assert set(shown.plays) == {seat for seat, _ in trick.plays}


def test_between_tricks_the_finished_one_stays_with_its_winner():
    match = match_until(lambda m: m.hand.phase == "playing" and len(m.hand.tricks) == 3 and not m.hand.trick.plays,
                        seed=23)
    shown = shown_trick(match.view(1))
    last = match.hand.tricks[-1]
    assert (shown.number, shown.winning, shown.complete, shown.points) == (3, last.winner, True, last.points)


@pytest.mark.parametrize(("seat", "order", "classes"), [
    (0, (0, 1), ["us", "them", "us", "them"]),
    (1, (1, 0), ["them", "us", "them", "us"]),
    (None, (0, 1), ["team-a", "team-b", "team-a", "team-b"]),
])
def test_our_team_first_and_each_seat_in_its_team_colour(seat, order, classes):
    snapshot = snapshot_of(match_until(lambda m: m.hand.phase == "playing", seed=25), seat)
    assert teams_in_order(snapshot) == order
    assert [team_class(snapshot, s) for s in range(4)] == classes


def test_a_seat_in_the_second_team_reads_us_before_them(four_humans, app):
    code, clients = four_humans
    html = clients[1].get(f"/r/{code}").get_data(as_text=True)
    levels = re.search(r'id="score-toggle">(.*?)</label>', html, re.DOTALL).group(1)
    assert levels.index("Us") < levels.index("Them")
    score = html.split('id="score"')[1]
    assert score.index("Us") < score.index("Them")


def test_a_spectator_is_told_they_are_watching(four_humans, app):
    code, clients = four_humans
    assert 'id="watching"' in app.test_client().get(f"/r/{code}").get_data(as_text=True)
    assert 'id="watching"' not in clients[0].get(f"/r/{code}").get_data(as_text=True)
    spectator = app.test_client().get(f"/r/{code}", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert "观战中" in spectator


@pytest.mark.parametrize(("text", "expected"), [
    ("play exactly 2 card(s), the size of the lead (you chose 3)",
     "Play exactly 2 card(s), the size of the lead (you chose 3)."),
    ("你有 3 张♥：必须出 3 张", "你有 3 张♥：必须出 3 张。"),
    ("Already a sentence.", "Already a sentence."),
    ("", ""),
])
def test_a_refusal_is_one_sentence(text, expected):
    assert sentence(text) == expected


def test_a_refusal_says_what_to_do_and_names_its_clause_last(solo, client, app):
    match = my_play_turn(app, solo, client)
    cards = " ".join(str(c) for c in match.hand.hands[0])  # every card: never a legal lead nor follow
    response = act(client, solo, {"type": "play", "cards": cards}, **{"HX-Request": "true"})
    assert response.status_code == 422
    message = response.get_data(as_text=True)
    text = re.sub(r"<[^>]+>", "", message).strip()
    assert text[0].isupper() and not text.startswith("R")  # no code first
    clause = re.search(r'<a class="clause" href="/rules#(R\d+)">Rule (R\d+\.\d+)</a>', message)
    assert clause and clause.group(2).startswith(clause.group(1) + ".")
    assert text.count(clause.group(2)) == 1  # said once, at the end


def test_a_refusal_without_a_clause_has_no_rule_link():
    refusal = illegal_message("the game has not started yet")
    assert (refusal.text, refusal.clause) == ("The game has not started yet.", None)


def test_a_failed_throw_shows_the_cards_tried_and_the_part_that_could_be_beaten(app):
    match = match_until(lambda m: m.hand.phase == "playing" and len(m.hand.trick.plays) == 1, seed=27)
    leader, played = match.hand.trick.plays[0]
    tried = tuple(played) + tuple(c for c in match.hand.hands[leader] if c not in played)[:2]
    match.hand.trick.failed_throw = FailedThrow(tried, len(played))
    html = render(app, "partials/table.html", snapshot_of(match, 0))
    notice = html.split('id="failed-throw"')[1].split("</p>")[0]
    tried_shown, beaten_shown = (re.findall(r'data-card="(\w+)"', part)
                                 for part in notice.split("but", 1))
    assert tried_shown == [str(c) for c in tried] and beaten_shown == [str(c) for c in played]


@pytest.mark.parametrize(("locale", "big", "small"), [("en", "JOKER", "JOKER"), ("zh-CN", "大王", "小王"),
                                                       ("zh-TW", "大王", "小王")])
def test_the_jokers_corner_and_name_in_the_readers_language(app, locale, big, small):
    match = with_hand(match_until(lambda m: m.hand.phase == "playing", seed=29), 0, "BJ SJ 3C")
    html = render(app, "partials/hand.html", snapshot_of(match, 0), locale)
    corners = re.findall(r'data-card="(BJ|SJ)"[^>]*><span class="index"><b class="rank">([^<]+)</b>', html)
    assert corners == [("BJ", big), ("SJ", small)]
    if locale == "en":
        assert 'aria-label="Big joker"' in html and 'aria-label="Small joker"' in html


def test_the_last_trick_button_and_panel_come_with_the_second_trick(app):
    match = match_until(lambda m: m.hand.phase == "playing" and len(m.hand.tricks) == 1 and m.hand.trick.plays,
                        seed=31)
    html = render(app, "partials/table.html", snapshot_of(match, 0))
    assert 'id="last-trick-toggle"' in html and 'id="last-trick"' in html
