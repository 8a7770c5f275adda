"""Declaring, reinforcing, overturning and burying (R8): the checks and the transitions of the phases
before play, as functions of a :class:`~engine.hand_state.HandState` (what a showing is and how strong
it is: :mod:`engine.showings`).

The window after the deal (R8.1, R8.5): seats answer in turn with a showing or a pass; four passes in
a row close it and the dealer takes the kitty (R8.8). R8.7's opponents' window, R8.6's kitty trump and
the after-bury rounds of R8.5 (炒底, or the no-trump round) follow from the rules' options.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Bury, Pass, Show
from .cards import Card, format_cards
from .follow import missing_cards, not_held
from .hand_state import KITTY_SIZE, HandState
from .phase import BURYING, DEALING, DECLARING, OVERTURNING, SHOWING_PHASES
from .reasons import N_, Reason, SeatNumber, Term
from .scoring import HandResult, team_of
from .showings import SMALL_JOKERS_TIER, Showing, candidate_showings, read_showing
from .trump import Trump


def showing_kind(current: Showing | None, seat: int) -> str:
    """What a showing by ``seat`` would be now (R8): ``declare``, ``reinforce`` its own, or ``overturn``."""
    return "declare" if current is None else "reinforce" if current.seat == seat else "overturn"


def legal_showings(hand: HandState, seat: int) -> list[Show]:
    """The showings ``seat`` may make now (declare, reinforce or overturn)."""
    return [Show(cards) for cards in candidate_showings(hand.hands[seat], hand.level, hand.rules)
            if show_error(hand, seat, tuple(sorted(cards))) is None]


# ----------------------------------------------------------------- checks

def show_error(hand: HandState, seat: int, cards: tuple[Card, ...]) -> Reason | None:
    """Why ``seat`` may not show ``cards`` now (R8.1–R8.7), or ``None``. Any seat may show while dealing."""
    if hand.phase not in SHOWING_PHASES:
        return Reason("R8.5", N_("no showing is possible while %(phase)s"), phase=Term(hand.phase))
    if hand.phase is not DEALING and seat != hand.turn:
        return Reason(None, N_("it is seat %(seat)s's turn to show or pass"), seat=SeatNumber(hand.turn))
    missing = held_error(hand, seat, cards)
    if missing:
        return missing
    read = read_showing(cards, hand.level, hand.rules)
    if isinstance(read, Reason):
        return read
    suit, strength = read
    rules, current = hand.rules, hand.showing
    joker_pair = strength[0] >= SMALL_JOKERS_TIER
    if hand.phase is OVERTURNING and rules.overturn_timing == "after_bury_no_trump" and not joker_pair:
        return Reason("R8.5", N_("in the no-trump round only a pair of identical jokers can overturn"))
    if joker_pair and rules.declare_with == "joker_and_level" and hand.phase is not OVERTURNING:
        return Reason("R8.4", N_("when declaring with a joker, jokers alone overturn only in the no-trump round "
                                 "of later hands"))
    if current is None:
        if joker_pair:
            return Reason("R8.1", N_("jokers alone cannot declare"))
        if hand.dealer is not None and not hand.first_hand and rules.who_may_declare == "dealer_team_first":
            if team_of(seat) != team_of(hand.dealer) and not hand.opponents_may_declare:
                return Reason("R8.7", N_("only the dealer's team may declare until they pass"))
            if team_of(seat) == team_of(hand.dealer) and hand.opponents_may_declare:
                return Reason("R8.7", N_("the dealer's team passed; now only the opponents may declare"))
        return None
    if seat == current.seat:
        # R8.4 reinforce: the standing declarer adds the second identical level card.
        if (hand.phase is not OVERTURNING and strength[0] > current.strength[0] and suit == current.suit
                and not joker_pair and set(current.cards) <= set(cards)):
            return None
        return Reason("R8.4", N_("you may not overturn your own showing (you may only reinforce it while "
                                 "dealing)"))
    if not rules.overturn_back and seat == hand.showings[0].seat:
        return Reason("R8.4", N_("in these rules the first declarer may not overturn again"))
    if strength <= current.strength:
        return Reason("R8.4", N_("an overturn must be stronger than the showing %(cards)s"),
                      cards=format_cards(current.cards))
    return None


def bury_error(hand: HandState, seat: int, action: Bury) -> Reason | None:
    """R8.8: exactly 8 cards the kitty holder holds."""
    cards = action.cards
    if len(cards) != KITTY_SIZE:
        return Reason("R8.8", N_("bury exactly %(count)s cards (you chose %(chosen)s)"),
                      count=KITTY_SIZE, chosen=len(cards))
    return held_error(hand, seat, cards)


def held_error(hand: HandState, seat: int, cards: Sequence[Card]) -> Reason | None:
    """The cards of ``cards`` that ``seat`` does not hold, as a refusal (``None``: it holds them all)."""
    missing = missing_cards(hand.hands[seat], cards)
    return not_held(missing) if missing else None


# ----------------------------------------------------------------- transitions

def show(hand: HandState, seat: int, action: Show) -> None:
    """``seat`` shows (checked by :func:`show_error`): declare, reinforce or overturn (R8)."""
    cards = action.cards
    suit, strength = _read(cards, hand)
    current = hand.showing
    if current is None and hand.opponents_may_declare:
        hand.dealer = seat  # R8.7: the declaring opponent becomes dealer, at their own level.
    hand.showing = Showing(seat, cards, suit, strength, showing_kind(current, seat))
    hand.showings.append(hand.showing)
    if hand.phase is DECLARING:
        hand.passes, hand.turn = 0, (seat + 1) % 4
    elif hand.phase is OVERTURNING:
        hand.trump = Trump(hand.level, suit)
        hand.order = hand.trump.order(hand.rules.twos_trump)
        if hand.rules.overturn_timing == "after_bury_no_trump":
            _next_in_no_trump_round(hand)
        else:
            take_kitty(hand, seat)  # R8.5 炒底: the overturner takes up the kitty and buries anew.


def pass_turn(hand: HandState, seat: int, action: Pass) -> None:
    """The seat to act passes: in the window after the deal, or in an after-bury round (R8.5)."""
    hand.passes += 1
    if hand.phase is DECLARING:
        if hand.passes == 4:
            _close_declaring(hand)
        else:
            hand.turn = _next(hand.turn)
    elif hand.rules.overturn_timing == "after_bury_no_trump":
        _next_in_no_trump_round(hand)
    else:
        _next_overturner(hand)


def bury(hand: HandState, seat: int, action: Bury) -> None:
    """``seat`` buries (R8.8); then the after-bury rounds of R8.5, or play."""
    cards = action.cards
    held = hand.hands[seat]
    for card in cards:
        held.remove(card)
    hand.kitty = list(cards)
    hand.kitty_holder = None
    hand.kitty_taken = ()
    hand.buried_by[seat] = cards
    hand.kitty_burier = seat
    later = not hand.first_hand and not hand.trump_from_kitty  # R8.5: no overturn after a kitty trump
    timing = hand.rules.overturn_timing
    if later and timing == "after_bury" and hand.showing is not None:
        hand.phase, hand.passes, hand.turn = OVERTURNING, 0, seat
        _next_overturner(hand)
    elif later and timing == "after_bury_no_trump":
        hand.phase, hand.round_left, hand.turn = OVERTURNING, 4, _seat(hand.dealer)
        _next_in_no_trump_round(hand)
    else:
        hand._start_play()


def take_kitty(hand: HandState, seat: int) -> None:
    """``seat`` picks up the kitty into a 33-card hand and buries next (R8.8)."""
    hand.hands[seat].extend(hand.kitty)
    hand.kitty_taken = tuple(hand.kitty)
    hand.kitty = []
    hand.kitty_holder = seat
    hand.phase, hand.turn = BURYING, seat


def _close_declaring(hand: HandState) -> None:
    """Four passes in a row: the showing that stands names the trump, else R8.7, R8.6 or a redeal (R8.3)."""
    rules, showing = hand.rules, hand.showing
    if showing is None:
        later = not hand.first_hand
        if later and rules.who_may_declare == "dealer_team_first" and not hand.opponents_may_declare:
            # R8.7: the dealer's team could not declare; the opponents may.
            hand.opponents_may_declare, hand.passes = True, 0
            hand.turn = _next(_seat(hand.dealer))
            return
        if later and rules.no_declaration == "kitty_third_card":
            # R8.6: the kitty's third card names the trump; a joker there means no-trump.
            hand.kitty_card = hand.kitty[2]
            trump = Trump(hand.level, hand.kitty_card.suit)
        else:
            hand._finish(HandResult(redeal=True, dealer=hand.dealer, levels_after=hand.levels,
                                    next_dealer=hand.dealer))
            return
    else:
        if hand.first_hand:
            hand.dealer = showing.seat  # R8.3/R8.5: first hand, the last showing's player deals.
        trump = Trump(hand.level, showing.suit)
    hand.trump, hand.order = trump, trump.order(rules.twos_trump)
    take_kitty(hand, _seat(hand.dealer))


def _next_overturner(hand: HandState) -> None:
    """R8.5 炒底: from the next seat round, skipping the standing showing's player,
    until everyone else has passed in succession."""
    if hand.passes >= 3:
        hand._start_play()
        return
    standing = None if hand.showing is None else hand.showing.seat  # a showing stands in these rounds
    hand.turn = _next(hand.turn)
    if hand.turn == standing:
        hand.turn = _next(hand.turn)


def _next_in_no_trump_round(hand: HandState) -> None:
    """R8.5 after_bury_no_trump: one round, the dealer's next player through the dealer."""
    if hand.round_left == 0:
        hand._start_play()
        return
    hand.round_left -= 1
    hand.turn = _next(hand.turn)


def _read(cards: tuple[Card, ...], hand: HandState) -> tuple[str | None, tuple[int, int]]:
    read = read_showing(cards, hand.level, hand.rules)
    if isinstance(read, Reason):
        raise ValueError(f"not a showing: {read}")  # show_error() refuses these before any transition
    return read


def _seat(seat: int | None) -> int:
    if seat is None:
        raise ValueError("the window after the deal closes only with a dealer")
    return seat


def _next(seat: int) -> int:
    """R1.1: the next seat (下家)."""
    return (seat + 1) % 4
