"""What one seat may know (R7.5, R8): the only input a player's screen or a bot gets.

A :class:`SeatView` holds the seat's own cards, everything public (showings, plays, failed
throws, the card a kitty trump was read from), the kitty only while that seat holds it, the
cards it buried itself, and everything once the hand is scored. Spectators (``seat=None``) see
only what is public. It is a frozen value read by attribute (templates read ``v.phase`` the same
way); :meth:`SeatView.to_dict` is its plain form, and :func:`jsonable` its JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card
from .declaring import legal_showings, showing_kind
from .hand_state import HandState
from .phase import SHOWING_PHASES, Phase
from .rules import Rules
from .scoring import HandResult
from .showings import Showing, read_showing
from .trick import FailedThrow, Trick
from .trump import Trump

Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as everyone sees it: the leader, the plays in order, the winner and its points once
    complete, and a failed throw (R4.4) with the cards it tried."""

    leader: int
    plays: tuple[tuple[int, Cards], ...]
    winner: int | None
    points: int
    failed_throw: FailedThrow | None

    @classmethod
    def of(cls, trick: Trick) -> TrickView:
        return cls(trick.leader, tuple(trick.plays), trick.winner, trick.points, trick.failed_throw)

    def to_dict(self) -> dict[str, Any]:
        failed = self.failed_throw
        return {
            "leader": self.leader,
            "plays": [[seat, list(cards)] for seat, cards in self.plays],
            "winner": self.winner,
            "points": self.points,
            "failed_throw": None if failed is None else {"cards": list(failed.cards), "failed_cards": failed.failed_cards},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrickView:
        failed = data["failed_throw"]
        return cls(data["leader"], tuple((seat, _cards(cards)) for seat, cards in data["plays"]), data["winner"],
                   data["points"], None if failed is None else FailedThrow(_cards(failed["cards"]),
                                                                          failed["failed_cards"]))


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The match around a hand (R9): both levels, the next dealer, the hands played, how it ended."""

    levels: tuple[str, str]
    dealer: int | None
    hand_number: int
    winner: int | None
    ended_by: str | None  # the clause that ended the match: "R9.4" or "R9.5"
    history: tuple[HandResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"levels": list(self.levels), "dealer": self.dealer, "hand_number": self.hand_number,
                "winner": self.winner, "ended_by": self.ended_by, "history": [r.to_dict() for r in self.history]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSummary:
        return cls((data["levels"][0], data["levels"][1]), data["dealer"], data["hand_number"], data["winner"],
                   data["ended_by"], tuple(HandResult.from_dict(r) for r in data["history"]))


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` may know now (``None``: a spectator)."""

    seat: int | None
    rules: Rules
    phase: Phase
    hand_number: int
    first_hand: bool
    levels: tuple[str, str]
    level: str  # the level rank played (R2.1)
    dealer: int | None
    declarers: int | None  # the dealer's team (R1.4)
    to_act: int | None
    drawn: int  # cards dealt so far (R1.3)
    hand: Cards  # this seat's cards, in display order
    hand_sizes: tuple[int, ...]  # by seat
    showing: Showing | None  # the showing that stands (R8)
    showings: tuple[Showing, ...]
    trump: Trump | None  # as it stands now: the current showing's while dealing
    trump_final: bool
    kitty_card: Card | None  # R8.6: the kitty's third card named the trump
    kitty_holder: int | None
    kitty: Cards | None  # R7.5: to whoever holds it, and to everyone once the hand is scored
    buried: Cards | None  # what this seat buried itself
    kitty_burier: int | None
    tricks: tuple[TrickView, ...]  # the finished tricks
    trick: TrickView | None  # the trick being played
    trick_points: int  # the defenders' points so far (R7.2)
    penalty: int  # R4.5, signed for the defenders
    result: HandResult | None
    overturn_round_left: int  # R8.5 after_bury_no_trump: seats still to speak
    showable: tuple[Cards, ...]  # R8: the showings this seat may make now
    show_kind: str | None  # what a showing by this seat would be now: declare, reinforce or overturn
    match: MatchSummary | None = None

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data (cards stay :class:`~engine.cards.Card` values; see :func:`jsonable`)."""
        return {
            "seat": self.seat, "rules": self.rules, "phase": self.phase, "hand_number": self.hand_number,
            "first_hand": self.first_hand, "levels": list(self.levels), "level": self.level,
            "dealer": self.dealer, "declarers": self.declarers, "to_act": self.to_act, "drawn": self.drawn,
            "hand": list(self.hand), "hand_sizes": list(self.hand_sizes),
            "showing": None if self.showing is None else self.showing.to_dict(),
            "showings": [s.to_dict() for s in self.showings],
            "trump": None if self.trump is None else {"level": self.trump.level, "suit": self.trump.suit},
            "trump_final": self.trump_final, "kitty_card": self.kitty_card, "kitty_holder": self.kitty_holder,
            "kitty": _listed(self.kitty), "buried": _listed(self.buried), "kitty_burier": self.kitty_burier,
            "tricks": [t.to_dict() for t in self.tricks],
            "trick": None if self.trick is None else self.trick.to_dict(),
            "trick_points": self.trick_points, "penalty": self.penalty,
            "result": None if self.result is None else self.result.to_dict(),
            "overturn_round_left": self.overturn_round_left, "showable": [list(s) for s in self.showable],
            "show_kind": self.show_kind,
            "match": None if self.match is None else self.match.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatView:
        """The view back from :meth:`to_dict` or its :func:`jsonable` form (a bot in another process reads it)."""
        rules = data["rules"] if isinstance(data["rules"], Rules) else Rules.from_dict(data["rules"])
        trump, kitty_card = data["trump"], data["kitty_card"]

        def showing(shown: dict[str, Any]) -> Showing:
            cards = _cards(shown["cards"])
            read = read_showing(cards, data["level"], rules)
            strength = read[1] if isinstance(read, tuple) else (0, 0)
            return Showing(shown["seat"], cards, shown["suit"], strength, shown["kind"])

        return cls(
            seat=data["seat"], rules=rules, phase=Phase(data["phase"]), hand_number=data["hand_number"],
            first_hand=data["first_hand"], levels=(data["levels"][0], data["levels"][1]), level=data["level"],
            dealer=data["dealer"], declarers=data["declarers"], to_act=data["to_act"], drawn=data["drawn"],
            hand=_cards(data["hand"]), hand_sizes=tuple(data["hand_sizes"]),
            showing=None if data["showing"] is None else showing(data["showing"]),
            showings=tuple(showing(s) for s in data["showings"]),
            trump=None if trump is None else Trump(trump["level"], trump["suit"]), trump_final=data["trump_final"],
            kitty_card=None if kitty_card is None else Card(kitty_card), kitty_holder=data["kitty_holder"],
            kitty=_optional_cards(data["kitty"]), buried=_optional_cards(data["buried"]),
            kitty_burier=data["kitty_burier"], tricks=tuple(TrickView.from_dict(t) for t in data["tricks"]),
            trick=None if data["trick"] is None else TrickView.from_dict(data["trick"]),
            trick_points=data["trick_points"], penalty=data["penalty"],
            result=None if data["result"] is None else HandResult.from_dict(data["result"]),
            overturn_round_left=data["overturn_round_left"], showable=tuple(_cards(s) for s in data["showable"]),
            show_kind=data["show_kind"], match=None if data["match"] is None else MatchSummary.from_dict(data["match"]),
        )


def seat_view(hand: HandState, seat: int | None, match: MatchSummary | None = None) -> SeatView:
    """What ``seat`` may know of ``hand`` now (``None``: a spectator), with the match around it."""
    scored = hand.result is not None and not hand.result.redeal
    trump = hand.provisional_trump()
    order = (trump or Trump(hand.level, None)).order(hand.rules.twos_trump)
    kitty: Cards | None = None
    if scored:
        kitty = tuple(hand.kitty)
    elif seat is not None and seat == hand.kitty_holder:
        kitty = hand.kitty_taken
    return SeatView(
        seat=seat, rules=hand.rules, phase=hand.phase, hand_number=hand.hand_number,
        first_hand=hand.first_hand, levels=hand.levels, level=hand.level, dealer=hand.dealer,
        declarers=hand.declarers, to_act=hand.to_act, drawn=hand.drawn,
        hand=tuple(order.sorted(hand.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in hand.hands),
        showing=hand.showing, showings=tuple(hand.showings), trump=trump, trump_final=hand.trump is not None,
        kitty_card=hand.kitty_card, kitty_holder=hand.kitty_holder, kitty=kitty,
        buried=hand.buried_by.get(seat) if seat is not None else None, kitty_burier=hand.kitty_burier,
        tricks=tuple(TrickView.of(t) for t in hand.tricks),
        trick=None if hand.trick is None else TrickView.of(hand.trick),
        trick_points=hand.trick_points, penalty=hand.penalty, result=hand.result,
        overturn_round_left=hand.round_left,
        showable=tuple(s.cards for s in legal_showings(hand, seat))
        if seat is not None and hand.phase in SHOWING_PHASES else (),
        show_kind=None if seat is None else showing_kind(hand.showing, seat),
        match=match,
    )


def _listed(cards: Cards | None) -> list[Card] | None:
    return None if cards is None else list(cards)


def _cards(cards: Any) -> Cards:
    return tuple(Card(card) for card in cards)


def _optional_cards(cards: Any) -> Cards | None:
    return None if cards is None else _cards(cards)


_PLAIN = frozenset({str, int, float, bool, type(None)})  # exactly these types: a Card is an int, a Phase a str


def jsonable(value: Any) -> Any:
    """A view (or any structure holding cards, rules or results) with every card as its name, ready for JSON."""
    if type(value) in _PLAIN:  # most of a view's leaves: answered before the checks below (a hint sends a view)
        return value
    if isinstance(value, Card):
        return str(value)
    if hasattr(value, "to_dict"):
        return jsonable(value.to_dict())
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
