"""What one seat may know (R7.5, R8): the only input a player's screen or a bot gets.

A view holds the seat's own cards, everything public (showings, plays, failed
throws, the card a kitty trump was read from), the kitty only while that seat
holds it, the cards it buried itself, and everything once the hand is scored.
Spectators (``seat=None``) see only what is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card
from .declaring import Showing
from .rules import Rules
from .trump import Trump

if TYPE_CHECKING:
    from .hand import Hand, Trick


def view(hand: Hand, seat: int | None) -> dict[str, Any]:
    scored = hand.result is not None and not hand.result.redeal
    trump = hand.provisional_trump()
    order = (trump or Trump(hand.level, None)).order(hand.rules.twos_trump)
    return {
        "seat": seat,
        "rules": hand.rules,
        "phase": hand.phase,
        "hand_number": hand.hand_number,
        "first_hand": hand.first_hand,
        "levels": list(hand.levels),
        "level": hand.level,
        "dealer": hand.dealer,
        "declarers": hand.declarers,
        "to_act": hand.to_act,
        "drawn": hand.drawn,
        "hand": order.sorted(hand.hands[seat]) if seat is not None else [],
        "hand_sizes": [len(h) for h in hand.hands],
        "showing": _showing(hand.showing),
        "showings": [_showing(s) for s in hand.showings],
        "trump": None if trump is None else {"level": trump.level, "suit": trump.suit},
        "trump_final": hand.trump is not None,
        "kitty_card": hand.deck[102] if hand.trump_from_kitty else None,
        "kitty_holder": hand.kitty_holder,
        # R7.5: the kitty is seen by whoever holds it, and by everyone once the hand is scored.
        "kitty": list(hand.kitty) if scored else list(hand.kitty_taken) if seat == hand.kitty_holder else None,
        "buried": list(hand.buried_by[seat]) if seat in hand.buried_by else None,
        "kitty_burier": hand.kitty_burier,
        "tricks": [_trick(t) for t in hand.tricks],
        "trick": _trick(hand.trick) if hand.trick is not None else None,
        "trick_points": hand.trick_points,
        "penalty": hand.penalty,
        "result": hand.result.to_dict() if hand.result is not None else None,
        "overturn_round_left": hand.round_left,
        # R8: the showings this seat may make now (declare, reinforce or overturn buttons).
        "showable": [s.cards for s in hand.legal_showings(seat)]
        if seat is not None and hand.phase in ("dealing", "declaring", "overturning") else [],
        # How many actions (draws aside) this seat has taken this hand: a client's action ids can follow it.
        "moves": sum(1 for entry in hand.log if entry.seat == seat and entry.action.type != "draw"),
    }


def _showing(showing: Showing | None) -> dict[str, Any] | None:
    if showing is None:
        return None
    return {"seat": showing.seat, "cards": list(showing.cards), "suit": showing.suit, "kind": showing.kind}


def _trick(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "plays": [[seat, list(cards)] for seat, cards in trick.plays],
        "winner": trick.winner,
        "points": trick.points,
        "failed_throw": None if trick.failed_throw is None
        else {"cards": list(trick.failed_throw[0]), "failed_cards": trick.failed_throw[1]},
    }


def jsonable(value: Any) -> Any:
    """A view (or any structure holding cards) with every card as its name, ready for JSON."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
