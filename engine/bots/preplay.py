"""The decisions before play, searched like plays (issue 15, point 2): showings, passes and the bury.

In the answering phases (the window after the deal, R8.1, and the after-bury rounds, R8.5) the search bot
compares passing with each showing the view allows (R8.4); holding the kitty, it compares the rule bot's bury
with the best bury voiding each other set of suits (R8.8). Each world of the hidden cards (:mod:`.sampling`:
before the bury the kitty is any 8 unseen cards) is rebuilt into an engine hand at the view's moment
(:func:`rebuild`: the deal, the showings in their order and the passes so far), the candidate is applied, the
rule bot finishes the hand in every seat (:func:`finish`), and the hand's payoff is the candidate's value. A
view whose moment cannot be rebuilt that way (the first hand, R8.7's opponents' window, a kitty taken up
after the bury) is left to the rule bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Bury, Draw, Pass, Show
from ..cards import Card
from ..hand import Hand
from ..hand_state import DEALT, KITTY_SIZE
from ..phase import BURYING, DECLARING, OVERTURNING, PLAYING, Phase
from ..scoring import HandResult
from ..showings import SMALL_JOKERS_TIER
from ..view import SeatView
from .burying import bury_options
from .knowledge import Knowledge, view_order
from .playout import playout
from .rule import RuleBot, rule_play
from .sampling import World
from .showing import choose_show
from .weights import ISSUE4, Weights

BURY_CANDIDATES = 4
SEARCHED_PHASES = frozenset({DECLARING, OVERTURNING, BURYING})
_RULE = RuleBot()


def searchable(view: SeatView) -> bool:
    """Can this moment be rebuilt from a world: a later hand, the kitty with the dealer or with this seat,
    not R8.7's opponents' window, every showing one that could have been made while dealing?"""
    if view.seat is None or view.dealer is None or view.first_hand or view.phase not in SEARCHED_PHASES:
        return False
    if view.declarers is None or view.level != view.levels[view.declarers]:
        return False  # R8.7: the opponents may declare, at their own level
    rules = view.rules
    if rules.declare_with == "joker_and_level" and any(s.strength[0] >= SMALL_JOKERS_TIER for s in view.showings):
        return False  # R8.4: jokers alone overturn only in R8.5's no-trump round, after the bury
    return view.kitty_burier in (None, view.dealer)


def show_candidates(view: SeatView) -> list[Action]:
    """Pass and every showing allowed now (R8.4), the rule bot's choice first."""
    rule = choose_show(view)
    found: list[Action] = [rule if rule is not None else Pass()]
    options: list[Action] = [Pass(), *(Show(cards) for cards in view.showable)]
    for option in options:
        if option not in found:
            found.append(option)
    return found


def bury_candidates(view: SeatView) -> list[Action]:
    """The rule bot's bury and the cheapest bury of a few other ways to void suits (R8.8)."""
    options = bury_options(view.hand, view_order(view))
    found: list[Action] = []
    for _, cards in options:
        option = Bury(tuple(cards))
        if option not in found:
            found.append(option)
        if len(found) == BURY_CANDIDATES:
            break
    return found


def rebuild(view: SeatView, world: World) -> Hand | None:
    """An engine hand at ``view``'s moment in which the hidden cards are ``world``'s (``None``: it cannot be
    rebuilt so that ``view.seat`` sees exactly ``view``)."""
    seat, dealer = view.seat, view.dealer
    if seat is None or dealer is None:
        return None
    hands, kitty = world
    dealt = [list(h) for h in hands]
    original_kitty = list(kitty)
    if view.phase is BURYING:
        taken = list(view.kitty or ())
        for card in taken:
            dealt[seat].remove(card)
        original_kitty = taken
    elif view.phase is OVERTURNING and seat == dealer:
        original_kitty = list(view.buried or ())
    if any(len(h) != DEALT // 4 for h in dealt) or len(original_kitty) != KITTY_SIZE:
        return None
    # The shown cards are drawn first, so every showing can be made in its order while dealing (R8.1).
    order = []
    for s in range(4):
        first = _shown_by(view, s)
        rest = list(dealt[s])
        try:
            for card in first:
                rest.remove(card)
        except ValueError:
            return None
        order.append(first + rest)
    deck: list[Card] = [order[(dealer + i) % 4][i // 4] for i in range(DEALT)] + original_kitty
    try:
        # R1.2: a world that does not make the two decks (the sampler made one when a seat took up the kitty it had
        # buried, now fixed in Knowledge.from_view) is a moment it cannot be rebuilt into, never an error for the bot.
        hand = Hand(view.rules, deck, view.levels, dealer, hand_number=view.hand_number)
        for _ in range(DEALT - 1):
            hand.apply(hand.turn, Draw())
        for showing in view.showings:
            hand.apply(showing.seat, Show(showing.cards))
        hand.apply(hand.turn, Draw())
        _answer_until(hand, seat, view.phase, original_kitty)
    except ValueError:
        return None
    return hand if _same_moment(hand.view(seat), view) else None


def _shown_by(view: SeatView, seat: int) -> list[Card]:
    """Every card ``seat`` has shown (as many copies as one of its showings held)."""
    copies: dict[Card, int] = {}
    for showing in view.showings:
        if showing.seat == seat:
            for card in set(showing.cards):
                copies[card] = max(copies.get(card, 0), showing.cards.count(card))
    return [card for card, n in copies.items() for _ in range(n)]


def _answer_until(hand: Hand, seat: int, phase: Phase, kitty: Sequence[Card]) -> None:
    """Pass for the seats before ``seat`` until the hand reaches ``phase`` with ``seat`` to act; the dealer
    buries ``kitty`` again on the way (R8.8)."""
    for _ in range(12):
        if hand.phase is phase and hand.turn == seat:
            return
        if hand.phase is BURYING:
            hand.apply(hand.turn, Bury(tuple(kitty)))
        elif hand.phase in (DECLARING, OVERTURNING):
            hand.apply(hand.turn, Pass())
        else:
            return


def _same_moment(rebuilt: SeatView, view: SeatView) -> bool:
    return (rebuilt.phase is view.phase and rebuilt.to_act == view.to_act and rebuilt.showing == view.showing
            and sorted(rebuilt.hand) == sorted(view.hand) and rebuilt.showable == view.showable
            and rebuilt.trump == view.trump and rebuilt.kitty_holder == view.kitty_holder
            and rebuilt.level == view.level and rebuilt.declarers == view.declarers)


def finish(hand: Hand, seat: int, action: Action, weights: Weights = ISSUE4) -> HandResult:
    """Apply ``seat``'s ``action``, then let the rule bot (playing with ``weights``) play every seat to the end
    of the hand."""
    hand.apply(seat, action)
    rng = random.Random(0)  # the rule bot draws nothing
    while hand.phase is not PLAYING:
        if hand.result is not None:
            return hand.result
        turn = hand.turn
        answer = _RULE.act(hand.view(turn), rng)
        if answer is None:
            raise RuntimeError(f"the rule bot had nothing to do in {hand.phase}")
        hand.apply(turn, answer)
    leader = hand.turn
    k = Knowledge.from_view(hand.view(leader))
    trump = hand.trump
    if trump is None:
        raise RuntimeError("play starts with the trump named")
    first: tuple[int, Sequence[Card]] = (leader, rule_play(k, weights))
    return playout(hand.rules, trump, k.public, hand.hands, hand.kitty, hand.levels, first, weights)

