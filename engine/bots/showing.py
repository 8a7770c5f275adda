"""Showings from a view (R8): the rule bot's choice among those the view allows.

The view lists the showings the seat may make now (``view.showable``, from
the engine's own check), so nothing here restates R8.4's rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Show
from ..cards import Card
from ..phase import Phase
from ..reasons import Reason
from ..scoring import team_of
from ..showings import read_showing
from ..trump import Trump
from ..view import SeatView


def legal_showings(view: SeatView) -> list[Show]:
    """The showings ``view.seat`` may make now (declare, reinforce or overturn)."""
    return [Show(cards) for cards in view.showable]


def trump_count(hand: Sequence[Card], level: str, suit: str | None, twos_trump: bool) -> int:
    """How many of ``hand`` would be trumps with this trump suit (R2.2)."""
    is_trump = Trump(level, suit).order(twos_trump).is_trump
    return sum(1 for c in hand if is_trump[c])


# Share of the cards received that must be trumps before the bot shows. A random
# hand holds about 30% trumps (32 of 108 cards with a trump suit).
DECLARE_SHARE = 0.36
DECLARE_LATE_SHARE = 0.30  # once 20 cards are in
OVERTURN_SHARE = 0.36
STRONG_OVERTURN_SHARE = 0.42  # after the bury (R8.5 炒底): the overturner buries anew
NO_TRUMP_WEAK_SHARE = 0.25  # a defender this short of trumps prefers no-trump (R8.5)


def choose_show(view: SeatView) -> Show | None:
    """The rule bot's showing now, or ``None``: by the trump length each showing would give."""
    legal = legal_showings(view)
    if not legal:
        return None
    seat, hand, level, rules = view.seat, view.hand, view.level, view.rules
    if seat is None:
        return None  # a spectator shows nothing
    current = view.showing
    if current is not None and current.seat == seat:
        # R8.4 reinforce: lock our own suit with the second card as soon as we can.
        return max(legal, key=lambda s: len(s.cards))
    if current is not None and team_of(current.seat) == team_of(seat):
        return None  # never overturn the partner

    def share(show: Show) -> float:
        read = read_showing(show.cards, level, rules)  # the view's showable ones are showings
        suit = None if isinstance(read, Reason) else read[0]
        return trump_count(hand, level, suit, rules.twos_trump) / max(len(hand), 1)

    best = max(legal, key=lambda s: (share(s), len(s.cards)))
    ratio, received = share(best), len(hand)
    phase = view.phase
    if phase is Phase.OVERTURNING:
        if rules.overturn_timing == "after_bury_no_trump":
            declaring = view.declarers == team_of(seat)
            suit = None if view.trump is None else view.trump.suit  # final once the kitty is buried
            now = trump_count(hand, level, suit, rules.twos_trump) / len(hand)
            return best if not declaring and now < NO_TRUMP_WEAK_SHARE else None
        return best if ratio >= STRONG_OVERTURN_SHARE else None
    if current is not None:
        return best if received >= 10 and ratio >= OVERTURN_SHARE else None
    # Nobody showed yet. With dealer_team_first the opponents could take the deal (R8.7), so the
    # dealer's team shows anything once its cards are in; the first hand would be redealt (R8.3).
    dealer_team = (rules.who_may_declare == "dealer_team_first" and view.dealer is not None
                   and team_of(view.dealer) == team_of(seat))
    if phase is Phase.DECLARING:
        return best if view.first_hand or dealer_team or ratio >= DECLARE_LATE_SHARE else None
    if received == 25 and dealer_team:
        return best
    if received >= 20:
        return best if ratio >= DECLARE_LATE_SHARE else None
    return best if received >= 8 and ratio >= DECLARE_SHARE else None
