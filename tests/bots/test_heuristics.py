"""The rule bot's key heuristics on hand-made positions (clauses of RULES.md in the names)."""

from __future__ import annotations

import random
from collections import Counter

from engine import Hand, Play, Rules, Show, Trump, full_deck, parse_cards
from engine.bots.burying import choose_bury
from engine.bots.following import choose_follow
from engine.bots.knowledge import Knowledge
from engine.bots.leading import choose_lead
from engine.bots.showing import choose_show
from engine.follow import follow_error

CLASSIC = Rules.preset("classic")
SPADES = Trump("2", "S")


def position(hands, trick_plays, leader, trump=SPADES):
    """A playing position; ``hands`` are the seats' cards now (after the plays to this trick)."""
    return Hand.at_play(CLASSIC, trump, [parse_cards(h) for h in hands], dealer=0, leader=leader,
                        trick_plays=[(s, parse_cards(c)) for s, c in trick_plays])


def knowledge(hand, seat=None):
    return Knowledge.from_view(hand.view(hand.to_act if seat is None else seat))


def names(cards):
    return sorted(str(c) for c in cards)


def assert_legal(hand, cards):
    seat = hand.to_act
    if hand.trick.plays:
        assert follow_error(hand.hands[seat], hand.trick.lead, list(cards), hand.order) is None
    hand.apply(seat, Play(tuple(cards)))


def test_R5_feeds_points_to_a_partner_whose_play_cannot_be_beaten():
    # Seat 0 led the top heart; seat 2 (its partner) gives the KH rather than the 4H.
    hand = position(["5C 6C", "7C 8C", "KH 4H 9D", "QH JH 10D"], [(0, "AH"), (1, "3H")], leader=0)
    play = choose_follow(knowledge(hand))
    assert names(play) == ["KH"]
    assert_legal(hand, play)


def test_R6_last_player_wins_with_the_cheapest_card_that_beats():
    hand = position(["5C 6C", "7C 8C", "9D 8D", "QH AH 6H"], [(0, "10H"), (1, "3H"), (2, "4H")], leader=0)
    assert names(choose_follow(knowledge(hand))) == ["QH"]


def test_R7_gives_no_points_when_the_opponents_win():
    hand = position(["5C 6C", "7C 8C", "9D 8D", "KH 6H 9C"], [(0, "AH"), (1, "3H"), (2, "4H")], leader=0)
    assert names(choose_follow(knowledge(hand))) == ["6H"]


def test_R5_3_keeps_a_pair_when_following_a_single():
    hand = position(["5C 6C", "7C 8C", "9D 8D", "9H 9H 6H"], [(0, "AH"), (1, "3H"), (2, "4H")], leader=0)
    assert names(choose_follow(knowledge(hand))) == ["6H"]


def test_R5_5_ruffs_points_when_void_in_the_led_suit():
    hand = position(["5C 6C", "7C 8C", "9D 8D", "3S 8C 9C"], [(0, "KH"), (1, "3H"), (2, "10H")], leader=0)
    assert names(choose_follow(knowledge(hand))) == ["3S"]


def test_R4_3_leads_a_throw_that_cannot_be_beaten():
    # Nobody else can hold a heart above the K or a pair above AA: the whole set stands.
    hand = position(["AH AH KH 3C 4D", "QH JH 9H 5C 6D", "8H 7H 6H 7C 8D", "5H 4H 3H 9C 9D"], [], leader=0)
    lead = choose_lead(knowledge(hand))
    assert names(lead) == ["AH", "AH", "KH"]
    assert_legal(hand, lead)
    assert hand.tricks == [] and hand.trick.failed_throw is None


def test_R5_5_leads_low_to_a_partner_known_to_be_void():
    hand = position(["AD 3D 4D 6C 7C", "KD 5D 8C 9C JC", "8H 3S 4S 5S 6S", "QD JD 9D 10C QC"], [], leader=0)
    for seat, card in ((0, "AD"), (1, "5D"), (2, "8H"), (3, "9D")):
        hand.apply(seat, Play(tuple(parse_cards(card))))
    k = knowledge(hand)
    assert k.public.void[2][2]  # seat 2 showed it is void in diamonds (R5.2)
    assert names(choose_lead(k)) == ["3D"]


def test_R5_3_a_seat_that_splits_for_a_pair_lead_has_no_pairs_left():
    hand = position(["9H 9H 3C", "KH 4H 4C", "5C 6C 7C", "8C 9C 10C"], [], leader=0)
    for seat, cards in ((0, "9H 9H"), (1, "KH 4H"), (2, "5C 6C"), (3, "8C 9C")):
        hand.apply(seat, Play(tuple(parse_cards(cards))))
    public = knowledge(hand, 0).public
    assert public.no_pairs[1][1] and not public.void[1][1]
    assert public.void[2][1] and public.void[3][1]


def test_R8_8_bury_voids_a_short_suit_and_keeps_trumps():
    hearts = Trump("2", "H").order()
    cards = parse_cards(
        "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H 2S BJ SJ "
        "AS KS QS JS 10S 9S 3C 4C AD AD KD QD JD 9D 8D 7D 6D")
    buried = choose_bury(cards, hearts)
    assert len(buried) == 8 and not any(hearts.is_trump[c] for c in buried)
    assert {"3C", "4C"} <= set(names(buried))  # clubs voided
    assert "AD" not in names(buried)


def deck_for(seat0: str, seat2: str = "") -> list:
    """A deck whose first cards go to seat 0 and seat 2 (dealer 0 draws first, then 1, 2, 3: R1.3)."""
    mine, partner = parse_cards(seat0), parse_cards(seat2)
    rest = Counter(full_deck())
    rest.subtract(mine + partner)
    others = sorted(rest.elements())
    random.Random(1).shuffle(others)
    deck = []
    for i in range(max(len(mine), len(partner))):
        deck += [mine[i] if i < len(mine) else others.pop(), others.pop(),
                 partner[i] if i < len(partner) else others.pop(), others.pop()]
    return deck + others


def draw_until(hand, drawn):
    while hand.drawn < drawn:
        hand.apply(hand.to_act, next(iter(hand.legal_actions(hand.to_act))))  # Draw() comes first


def test_R8_2_declares_a_long_suit_and_R8_4_reinforces_it():
    hand = Hand(CLASSIC, deck_for("5H AH KH 9H 3H 6H 8H 10H 7C 5H"), ("5", "5"), dealer=0)
    draw_until(hand, 4 * 6)  # 6 cards each: too few to judge a suit
    assert choose_show(hand.view(0)) is None
    draw_until(hand, 4 * 8)  # 8 hearts of 8 cards, one 5H
    show = choose_show(hand.view(0))
    assert show == Show(parse_cards("5H"))
    hand.apply(0, show)
    draw_until(hand, 4 * 10)  # the second 5H arrives: lock the suit
    assert choose_show(hand.view(0)) == Show(parse_cards("5H 5H"))


def test_R8_4_never_overturns_the_partner():
    hand = Hand(CLASSIC, deck_for("5S 5S AS KS QS JS 10S 9S 8S 7S", "5D 3C 4C"), ("5", "5"), dealer=0)
    draw_until(hand, 4 * 10)
    hand.apply(2, Show(parse_cards("5D")))
    assert Show(parse_cards("5S 5S")) in hand.legal_showings(0)
    assert choose_show(hand.view(0)) is None
