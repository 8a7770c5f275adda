"""The uniform bot interface: ``act(view, rng) -> Action | None`` from a seat's view alone.

A bot is told nothing but ``view`` (and draws randomness only from ``rng``),
so it cannot peek (the honesty tests check this). :meth:`Bot.act` works out
what kind of decision the view asks for; subclasses decide the three that
involve a choice: showing, burying, playing.
"""

from __future__ import annotations

import random

from ..actions import Action, Bury, Draw, Pass, Play, Show
from ..cards import Card
from ..phase import ANSWERING_PHASES, Phase
from ..view import SeatView


class Bot:
    """Base class: dispatch by phase. Subclasses implement the ``choose_*`` methods."""

    name = "bot"

    def act(self, view: SeatView, rng: random.Random) -> Action | None:
        """The action of ``view.seat`` now, or ``None`` when it has nothing to do at this moment.

        While dealing, any seat may show (R8.1), and the seat to act draws (R1.3); in the
        other phases only the seat to act acts.
        """
        phase, seat = view.phase, view.seat
        my_turn = view.to_act == seat
        if phase is Phase.DEALING:
            show = self.choose_show(view, rng)
            return show if show is not None else Draw() if my_turn else None
        if not my_turn:
            return None
        if phase in ANSWERING_PHASES:
            show = self.choose_show(view, rng)
            return show if show is not None else Pass()
        if phase is Phase.BURYING:
            return Bury(tuple(self.choose_bury(view, rng)))
        if phase is Phase.PLAYING:
            return Play(tuple(self.choose_play(view, rng)))
        return None

    def choose_show(self, view: SeatView, rng: random.Random) -> Show | None:
        """A legal showing to make now (R8), or ``None`` to draw or pass."""
        raise NotImplementedError

    def choose_bury(self, view: SeatView, rng: random.Random) -> list[Card]:
        """The 8 cards to bury from ``view.hand`` (R8.8)."""
        raise NotImplementedError

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        """The cards to lead or follow with (R4, R5); they must be legal."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
