"""A match: team levels, the dealer, and a run of hands (R9).

>>> from engine.rules import Rules
>>> match = Match(Rules.preset("classic"), seed=7)
>>> match.hand.phase, match.levels
(<Phase.DEALING: 'dealing'>, ('2', '2'))
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, IllegalAction, LogEntry
from .hand import Hand
from .phase import DONE
from .reasons import N_, Reason
from .rules import Rules
from .scoring import HandResult, team_of, time_up_winner
from .view import MatchSummary, SeatView


class Match:
    """Levels of team 0 (seats 0+2) and team 1 (seats 1+3), the dealer, the history, the current hand.

    Deterministic from ``seed``: hand ``n``'s ``k``-th deal is shuffled by ``Random(f"{seed}:{n}:{k}")``.
    """

    def __init__(self, rules: Rules, seed: int | str = 0, levels: tuple[str, str] = ("2", "2"),
                 dealer: int | None = None, first_drawer: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.levels: tuple[str, str] = (levels[0], levels[1])
        self.dealer = dealer  # None until the first hand's declaration decides it (R8.3)
        self.first_drawer = first_drawer
        self.hand_number = 1
        self.deal_number = 0
        self.history: list[HandResult] = []
        self.winner: int | None = None
        self.ended_by: str | None = None  # the clause that ended the match: "R9.4" or "R9.5"
        self.hand = self._deal()

    def _deal(self) -> Hand:
        self.deal_number += 1
        rng = random.Random(f"{self.seed}:{self.hand_number}:{self.deal_number}")
        return Hand.deal(self.rules, rng, levels=self.levels, dealer=self.dealer,
                         first_drawer=self.first_drawer if self.dealer is None else None,
                         hand_number=self.hand_number)

    @property
    def hand_over(self) -> bool:
        return self.hand.phase is DONE

    def apply(self, seat: int, action: Action) -> LogEntry:
        """Apply an action to the current hand and return what it did (:class:`~engine.actions.LogEntry`);
        a hand that must be redealt is redealt at once."""
        if self.winner is not None:
            raise self._over()
        entry = self.hand.apply(seat, action)
        result = self.hand.result
        if result is None:
            return entry
        self.history.append(result)
        if result.redeal:
            self.hand = self._deal()  # R8.3 / R8.6 redeal: same dealer, new cards.
            return entry
        self.levels = result.levels_after
        self.dealer = result.next_dealer
        self.winner = result.match_winner
        if self.winner is not None:
            self.ended_by = "R9.4"
        return entry

    def next_hand(self) -> Hand:
        """Deal the next hand once the current one is scored."""
        if not self.hand_over:
            raise IllegalAction(Reason(None, N_("the current hand is not over yet")))
        if self.winner is not None:
            raise self._over()
        self.hand_number += 1
        self.deal_number = 0
        self.hand = self._deal()
        return self.hand

    def end_on_time(self) -> int:
        """R9.5: the time limit has passed; the match ends between hands, and the team returned.

        The hand in play when time runs out is finished first (the caller, who owns the clock, calls
        this once the hand is over), so the team on stage is the one that deals next.

        >>> from engine.rules import Rules
        >>> match = Match(Rules.preset("competition"), seed=1, levels=("6", "6"), dealer=3)
        >>> match.end_on_time()
        Traceback (most recent call last):
        ...
        engine.actions.IllegalAction: R9.5: time is called between hands; the hand in play is finished first
        """
        if self.winner is not None:
            raise self._over()
        if not self.hand_over:
            raise IllegalAction(Reason("R9.5", N_("time is called between hands; the hand in play is finished first")))
        winner = self.time_up_winner()
        if winner is None:
            raise RuntimeError("after a hand the next dealer's team is on stage, so R9.5 has a winner")
        self.winner = winner
        self.ended_by = "R9.5"
        return winner

    def _over(self) -> IllegalAction:
        return IllegalAction(Reason("R9.4", N_("the match is over (team %(team)s won)"), team=self.winner))

    def view(self, seat: int | None) -> SeatView:
        """The current hand's view for ``seat`` with the match around it."""
        return self.hand.view(seat, self.summary())

    def summary(self) -> MatchSummary:
        return MatchSummary(self.levels, self.dealer, self.hand_number, self.winner, self.ended_by,
                            tuple(self.history))

    def time_up_winner(self) -> int | None:
        """R9.5: the winner if time ran out now (``None`` while nobody is on stage and levels are equal).

        Between hands the team on stage is the next dealer's; during a hand, the declarers'.
        """
        if self.winner is not None:
            return self.winner
        if self.hand_over:
            on_stage = None if self.dealer is None else team_of(self.dealer)
        else:
            on_stage = self.hand.declarers
        return time_up_winner(self.levels, on_stage)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(), "seed": self.seed, "levels": list(self.levels),
            "dealer": self.dealer, "first_drawer": self.first_drawer, "hand_number": self.hand_number,
            "deal_number": self.deal_number, "winner": self.winner, "ended_by": self.ended_by,
            "history": [r.to_dict() for r in self.history], "hand": self.hand.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        match = cls.__new__(cls)
        match.rules = Rules.from_dict(data["rules"])
        match.seed = data["seed"]
        match.levels = (data["levels"][0], data["levels"][1])
        match.dealer = data["dealer"]
        match.first_drawer = data["first_drawer"]
        match.hand_number = data["hand_number"]
        match.deal_number = data["deal_number"]
        match.winner = data["winner"]
        match.ended_by = data.get("ended_by", None if match.winner is None else "R9.4")
        match.history = [HandResult.from_dict(r) for r in data["history"]]
        match.hand = Hand.from_dict(data["hand"])
        return match
