"""R8: declaring, reinforcing, overturning and burying, played through the state machine."""

import dataclasses

import pytest

from engine import Bury, Draw, Hand, IllegalAction, Match, Pass, Show, Trump

from .helpers import BEIJING, CLASSIC, COMPETITION, QQ, cards, deck_with


def new_hand(rules, hands, kitty="", dealer=None, levels=("2", "2")):
    return Hand(rules, deck_with(hands, kitty, first_drawer=0 if dealer is None else dealer), levels, dealer)


def draw(hand, count=None):
    """Deal ``count`` more cards (all the rest by default)."""
    for _ in range(100 - hand.drawn if count is None else count):
        hand.apply(hand.to_act, Draw())


def show(hand, seat, text):
    hand.apply(seat, Show(cards(text)))


def pass_round(hand, times=4):
    for _ in range(times):
        hand.apply(hand.to_act, Pass())


def bury_lowest(hand):
    seat = hand.to_act
    hand.apply(seat, next(iter(hand.legal_actions(seat))))


def test_R8_1_a_showing_uses_only_cards_already_received():
    hand = new_hand(CLASSIC, ["3S 4S 2H"], dealer=None)
    draw(hand, 8)  # seat 0 has received 3S, 4S
    with pytest.raises(IllegalAction, match="do not hold 2H"):
        show(hand, 0, "2H")
    draw(hand, 1)  # seat 0 draws its third card, 2H
    show(hand, 0, "2H")
    assert hand.showing.suit == "H" and hand.provisional_trump() == Trump("2", "H")


def test_R8_1_jokers_alone_cannot_declare():
    hand = new_hand(CLASSIC, ["BJ BJ"])
    draw(hand, 5)
    with pytest.raises(IllegalAction, match="R8.1"):
        show(hand, 0, "BJ BJ")


def test_R8_1_showings_can_be_made_out_of_turn_while_dealing():
    hand = new_hand(CLASSIC, ["3S", "2D"])
    draw(hand, 2)
    assert hand.to_act == 2
    show(hand, 1, "2D")
    assert hand.showing.seat == 1


def test_R8_2_level_card_declaration_names_its_suit():
    hand = new_hand(QQ, ["2C"], dealer=1)
    draw(hand, 4)
    show(hand, 0, "2C")
    assert hand.provisional_trump().suit == "C"


@pytest.mark.parametrize("shown, error", [
    ("BJ 2H", None), ("BJ 2D", None), ("SJ 2S", None), ("SJ 2C", None),
    ("BJ 2S", "R8.2"), ("SJ 2H", "R8.2"), ("2H", "R8.2"), ("BJ SJ 2H", "R8.2"),
])
def test_R8_2_joker_and_level_colour_rule(shown, error):
    hand = new_hand(COMPETITION, ["BJ SJ 2H 2D 2S 2C"])
    draw(hand, 24)
    if error is None:
        show(hand, 0, shown)
    else:
        with pytest.raises(IllegalAction, match=error):
            show(hand, 0, shown)


def test_R8_2_level_card_presets_do_not_take_jokers_with_level_cards():
    hand = new_hand(CLASSIC, ["BJ 2H"])
    draw(hand, 8)
    with pytest.raises(IllegalAction, match="R8.2"):
        show(hand, 0, "BJ 2H")


def test_R8_3_first_to_declare_in_the_first_hand_becomes_dealer():
    hand = new_hand(CLASSIC, ["3S", "4S", "2H"])
    draw(hand, 3)
    show(hand, 2, "2H")
    draw(hand)
    pass_round(hand)
    assert hand.phase == "burying" and hand.dealer == 2 and hand.to_act == 2
    assert len(hand.hands[2]) == 33


def test_R8_3_no_declaration_in_the_first_hand_means_a_redeal():
    match = Match(CLASSIC, seed=1)
    first = match.hand
    while first.phase == "dealing":
        match.apply(first.to_act, Draw())
    for _ in range(4):
        match.apply(first.to_act, Pass())
    assert first.result.redeal and match.hand is not first
    assert match.hand.phase == "dealing" and match.hand.first_hand and match.history[-1].redeal


@pytest.mark.parametrize("rules, first, second, allowed", [
    (QQ, "2S", "2D 2D", True),  # any pair beats a single
    (QQ, "2D 2D", "2C 2C", True),  # ♠ > ♥ > ♣ > ♦
    (QQ, "2C 2C", "2D 2D", False),
    (QQ, "2S 2S", "2H 2H", False),
    (QQ, "2S 2S", "SJ SJ", True),
    (QQ, "SJ SJ", "BJ BJ", True),
    (QQ, "BJ BJ", "SJ SJ", False),
    (QQ, "2S", "2H", False),  # a single never overturns a single
    (BEIJING, "2C 2C", "2D 2D", True),  # Beijing: ♠ > ♥ > ♦ > ♣
    (BEIJING, "2D 2D", "2C 2C", False),
])
def test_R8_4_overturn_order(rules, first, second, allowed):
    jokers = first.startswith(("SJ", "BJ"))
    hand = new_hand(rules, ["2H" if jokers else "", first, "", second])
    draw(hand, 30)
    if jokers:
        show(hand, 0, "2H")  # jokers alone only overturn (R8.1)
    show(hand, 1, first)
    if allowed:
        show(hand, 3, second)
        assert hand.showing.seat == 3 and hand.showing.kind == "overturn"
    else:
        with pytest.raises(IllegalAction, match="R8.4"):
            show(hand, 3, second)


def test_R8_4_a_pair_of_jokers_overturns_to_no_trump():
    hand = new_hand(QQ, ["2H", "BJ BJ"])
    draw(hand, 10)
    show(hand, 0, "2H")
    show(hand, 1, "BJ BJ")
    assert hand.provisional_trump() == Trump("2", None)


def test_R8_4_no_overturning_oneself_but_reinforcing_is_allowed():
    hand = new_hand(QQ, ["2H 2H 2S 2S"])
    draw(hand, 20)
    show(hand, 0, "2H")
    with pytest.raises(IllegalAction, match="own showing"):
        show(hand, 0, "2S 2S")
    show(hand, 0, "2H 2H")  # reinforce
    assert hand.showing.kind == "reinforce" and len(hand.showing.cards) == 2


def test_R8_4_after_reinforcing_only_a_strictly_higher_showing_overturns():
    hand = new_hand(QQ, ["2H 2H", "2C 2C 2S 2S"])
    draw(hand, 20)
    show(hand, 0, "2H")
    show(hand, 0, "2H 2H")
    with pytest.raises(IllegalAction, match="stronger"):
        show(hand, 1, "2C 2C")  # ♣ is below ♥
    show(hand, 1, "2S 2S")


def test_R8_4_qq_original_declarer_may_overturn_back_after_someone_else():
    hand = new_hand(QQ, ["2D 2S 2S", "2C 2C"])
    draw(hand, 20)
    show(hand, 0, "2D")
    show(hand, 1, "2C 2C")
    show(hand, 0, "2S 2S")
    assert hand.showing.seat == 0


def test_R8_4_without_overturn_back_the_original_declarer_may_not():
    hand = new_hand(BEIJING, ["2D 2S 2S", "2C 2C"])
    draw(hand, 20)
    show(hand, 0, "2D")
    show(hand, 1, "2C 2C")
    with pytest.raises(IllegalAction, match="first declarer"):
        show(hand, 0, "2S 2S")


def test_R8_4_joker_and_level_pair_beats_single_then_stands():
    hand = new_hand(COMPETITION, ["SJ 2S", "BJ 2H 2H", "", "BJ 2D 2D"])
    draw(hand, 20)
    show(hand, 0, "SJ 2S")
    show(hand, 1, "BJ 2H 2H")
    assert hand.showing.suit == "H"
    with pytest.raises(IllegalAction, match="stronger"):
        show(hand, 3, "BJ 2D 2D")


def test_R8_4_reinforce_with_joker_and_level():
    hand = new_hand(COMPETITION, ["SJ 2C 2C"])
    draw(hand, 20)
    show(hand, 0, "SJ 2C")
    show(hand, 0, "SJ 2C 2C")
    assert hand.showing.kind == "reinforce"


def test_R8_5_first_hand_overturner_becomes_dealer():
    hand = new_hand(CLASSIC, ["2D", "2S 2S"])
    draw(hand, 10)
    show(hand, 0, "2D")
    show(hand, 1, "2S 2S")
    draw(hand)
    pass_round(hand)
    assert hand.dealer == 1 and hand.phase == "burying"
    bury_lowest(hand)
    assert hand.phase == "playing"  # first hand: no overturns after the kitty


def test_R8_5_after_bury_overturner_takes_the_kitty_and_reburies_dealer_unchanged():
    hand = new_hand(QQ, ["", "2D", "2S 2S"], dealer=1, levels=("2", "2"))
    draw(hand)
    show(hand, 1, "2D")
    pass_round(hand)
    assert hand.phase == "burying" and hand.to_act == 1
    bury_lowest(hand)
    buried_by_dealer = list(hand.kitty)
    assert hand.phase == "overturning" and hand.to_act == 2  # the dealer's next player
    show(hand, 2, "2S 2S")
    assert hand.phase == "burying" and hand.to_act == 2 and len(hand.hands[2]) == 33
    assert list(hand.view(2).kitty) == buried_by_dealer
    bury_lowest(hand)
    assert hand.phase == "overturning" and hand.to_act == 3
    pass_round(hand, 3)
    assert hand.phase == "playing" and hand.dealer == 1 and hand.to_act == 1
    assert hand.trump == Trump("2", "S")


def test_R8_5_before_kitty_has_no_overturn_round():
    rules = dataclasses.replace(QQ, overturn_timing="before_kitty")
    hand = new_hand(rules, ["", "2D", "2S 2S"], dealer=1)
    draw(hand)
    show(hand, 1, "2D")
    pass_round(hand)
    bury_lowest(hand)
    assert hand.phase == "playing"


def test_R8_5_after_bury_no_trump_one_round_of_joker_pairs_without_the_kitty():
    hand = new_hand(COMPETITION, ["BJ 2H", "", "SJ SJ 2C"], dealer=0, levels=("2", "3"))
    draw(hand)
    show(hand, 0, "BJ 2H")
    pass_round(hand)
    bury_lowest(hand)
    assert hand.phase == "overturning" and hand.to_act == 1
    hand.apply(1, Pass())
    with pytest.raises(IllegalAction, match="no-trump round"):
        show(hand, 2, "SJ 2C")
    show(hand, 2, "SJ SJ")
    assert hand.trump == Trump("2", None) and hand.phase == "overturning" and len(hand.hands[2]) == 25
    hand.apply(3, Pass())
    hand.apply(0, Pass())  # the round ends with the dealer
    assert hand.phase == "playing" and hand.dealer == 0


def test_R8_5_no_overturn_when_the_trump_came_from_the_kitty():
    hand = new_hand(QQ, ["3S"], kitty="4S 5S 6H", dealer=0)
    draw(hand)
    pass_round(hand)
    assert hand.trump == Trump("2", "H") and hand.trump_from_kitty
    bury_lowest(hand)
    assert hand.phase == "playing"


def test_R8_6_kitty_third_card_joker_means_no_trump():
    hand = new_hand(QQ, [""], kitty="4S 5S BJ", dealer=0)
    draw(hand)
    pass_round(hand)
    assert hand.trump == Trump("2", None)
    assert hand.view(1).kitty_card == cards("BJ")[0]


def test_R8_6_redeal_option_in_later_hands():
    rules = dataclasses.replace(QQ, no_declaration="redeal")
    match = Match(rules, seed=3, dealer=2)
    first = match.hand
    while first.phase == "dealing":
        match.apply(first.to_act, Draw())
    for _ in range(4):
        match.apply(first.to_act, Pass())
    assert first.result.redeal and match.hand.dealer == 2 and match.hand is not first


def test_R8_7_anyone_may_declare_and_the_dealer_does_not_change():
    hand = new_hand(QQ, ["", "2H"], dealer=0)
    draw(hand, 10)
    show(hand, 1, "2H")
    draw(hand)
    pass_round(hand)
    assert hand.dealer == 0 and hand.trump.suit == "H" and hand.to_act == 0


def test_R8_7_dealer_team_first_then_the_opponents_at_their_own_level():
    # Dealer 0 (team 0 at level 2); team 1 at level 5. Seat 1 holds 5H and SJ? no: BJ for hearts.
    hand = new_hand(COMPETITION, ["", "BJ 5H 2H", "", ""], dealer=0, levels=("2", "5"))
    draw(hand, 12)
    with pytest.raises(IllegalAction, match="R8.7"):
        show(hand, 1, "BJ 2H")  # opponents may not declare first while dealing
    draw(hand)
    pass_round(hand)  # the dealer's team passes (and nobody else may declare yet)
    assert hand.phase == "declaring" and hand.opponents_may_declare and hand.to_act == 1
    assert hand.level == "5"
    show(hand, 1, "BJ 5H")
    assert hand.dealer == 1 and hand.declarers == 1 and hand.level == "5"
    pass_round(hand)
    assert hand.phase == "burying" and hand.to_act == 1 and hand.trump == Trump("5", "H")


def test_R8_7_dealer_team_first_nobody_declares_then_no_declaration_applies():
    hand = new_hand(COMPETITION, [""], dealer=0, levels=("2", "5"))
    draw(hand)
    pass_round(hand)
    pass_round(hand)
    assert hand.phase == "done" and hand.result.redeal


def test_R8_8_burying_puts_8_cards_down():
    hand = new_hand(CLASSIC, ["2H"])
    draw(hand)
    show(hand, 0, "2H")
    pass_round(hand)
    with pytest.raises(IllegalAction, match="exactly 8"):
        hand.apply(0, Bury(tuple(hand.hands[0][:7])))
    chosen = tuple(hand.hands[0][:8])
    hand.apply(0, Bury(chosen))
    assert sorted(hand.kitty) == sorted(chosen) and len(hand.hands[0]) == 25
    assert list(hand.view(0).buried) == list(chosen)


def test_R8_a_seats_view_says_what_its_showing_would_be():
    """The declare / reinforce / overturn buttons take the kind from the view (the engine's one rule)."""
    from engine.declaring import showing_kind
    from engine.showings import Showing

    standing = Showing(1, tuple(cards("2H")), "H", (1, 0), "declare")
    assert [showing_kind(None, 0), showing_kind(standing, 1), showing_kind(standing, 2)] == \
        ["declare", "reinforce", "overturn"]
    hand = Hand.at_play(CLASSIC, Trump("2", "S"), ["3H", "4H", "5H", "6H"], dealer=0, leader=0)
    assert hand.view(0).show_kind == "declare" and hand.view(None).show_kind is None
