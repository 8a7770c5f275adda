"""What a table does by itself between the players' own moves: the deal, the bots' actions, and a pass for a
player who has nothing to show. The server's driver and the offline solo game both ask here, then apply the
action at their own pace.

It takes two steps, so that bots can think elsewhere (the server's bot workers) while the table keeps its pace:
:func:`asks` names the bot seats whose decision the next action needs, and :func:`automatic_action` makes the
action from their answers.

The deal goes round the table a card to each seat at a time (R1.3): a round of draws is one automatic action, and
bots may show (R8.1) between rounds — whenever their own cards or the standing showing have changed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import engine
from engine.actions import Action
from engine.hand_state import DEALT
from engine.phase import ANSWERING_PHASES

from . import players

SEATS = range(4)
# The pace an automatic action goes at: a dealing step, a bot's move, or the end of a person's window to show.
DEAL, BOT, WINDOW = "deal", "bot", "window"

# The bot level that decides for a seat now; None: a person does.
BotLevelOf = Callable[[int], "str | None"]
Answers = Mapping[int, "Action | None"]


@dataclass(frozen=True)
class Ask:
    """A bot decision the table needs: ``seat``'s, by the bot of ``level``. Answers to asks with the same ``key``
    are the same (the seat's view has not changed in anything a bot's choice depends on), so a driver may reuse
    them."""

    seat: int
    level: str
    key: tuple


@dataclass(frozen=True)
class Automatic:
    moves: tuple[tuple[int, Action], ...]  # (seat, action) in order: one action, or a round of the deal
    pace: str  # DEAL or BOT

    @property
    def seat(self) -> int:
        return self.moves[0][0]

    def delay(self, pace: Pace) -> float:
        """How long after the last action it is due: a dealing step a card, a bots' pace, or a showing window."""
        if self.pace == DEAL:
            return pace.deal_delay * len(self.moves)
        return pace.bot_delay if self.pace == BOT else pace.show_window


DEAL_SPEEDS = {"slow": 1.5, "normal": 1.0, "fast": 0.5}  # a table's deal speed: times DEAL_DELAY_MS a card
SOLO_DEAL_SPEED = "fast"  # one person against bots need not wait for the cards
CATCH_UP_ROUNDS = 5  # a late deal step deals at most this many rounds more (the deal still arrives in steps)


@dataclass(frozen=True)
class Pace:
    """Seconds: a bot's move, a dealt card, a person's window to show (R8: the same for everyone, whether or
    not they hold anything to show, so the time a seat takes reveals nothing), and how long a person may be
    without a connection before a bot plays for them."""

    bot_delay: float
    deal_delay: float
    show_window: float
    away_seconds: float = float("inf")


def asks(match: engine.Match, bot_level_of: BotLevelOf) -> list[Ask]:
    """The bot decisions the next automatic action needs, for a match whose hand is not over."""
    hand = match.hand
    if hand.phase is engine.Phase.DEALING:
        # R8.1: a bot may show at any moment of the deal; its choice depends on its own cards and on the
        # standing showing, so it is asked again only when one of them has changed.
        showing = hand.showing
        standing = None if showing is None else (showing.seat, tuple(showing.cards))
        found = []
        for seat in SEATS:
            level = bot_level_of(seat)
            if level and hand.legal_showings(seat):
                key = (match.hand_number, match.deal_number, len(hand.hands[seat]), standing)
                found.append(Ask(seat, level, key))
        return found
    seat = hand.to_act
    level = bot_level_of(seat)
    if not level:
        return []
    return [Ask(seat, level, (match.hand_number, match.deal_number, len(hand.log)))]


def automatic_action(match: engine.Match, bot_level_of: BotLevelOf, answers: Answers,
                     rng: random.Random) -> Automatic | None:
    """The next action nobody needs to choose now, from the bots' ``answers`` to :func:`asks` (an unanswered ask
    counts as "nothing to do": the table does not wait for a late bot); ``None``: a person must act."""
    hand = match.hand
    if hand.phase is engine.Phase.DEALING:
        for seat in SEATS:
            action = answers.get(seat)
            if isinstance(action, engine.Show) and hand.can_apply(seat, action):
                return Automatic(((seat, action),), DEAL)
        return Automatic(_deal_round(hand), DEAL)
    seat = hand.to_act
    if bot_level_of(seat):
        action = answers.get(seat)
        if action is None or not hand.can_apply(seat, action):
            # A late or refused answer: the engine's own random player keeps the table going.
            action = hand.random_action(seat, rng, show_chance=0)
        return Automatic(((seat, action),), BOT)
    if hand.phase in ANSWERING_PHASES:
        # A person's window to show or pass closes with a pass: the same window for everyone, whether or not
        # they hold anything to show (the pace reveals nothing; a person may of course answer sooner).
        return Automatic(((seat, engine.Pass()),), WINDOW)
    return None


def _deal_round(hand: engine.Hand, rounds: int = 1) -> tuple[tuple[int, Action], ...]:
    """A card to each seat in turn, from the seat to draw, ``rounds`` times as far as the deck goes (R1.3)."""
    left = DEALT - hand.drawn
    first = hand.to_act
    return tuple(((first + k) % 4, engine.Draw()) for k in range(min(4 * rounds, left)))


def caught_up(match: engine.Match, automatic: Automatic, late: float, pace: Pace) -> Automatic:
    """``automatic`` applied ``late`` seconds after it was due: a deal round that late (a busy server) brings the
    rounds it owes with it, up to ``CATCH_UP_ROUNDS``, so the deal keeps its pace instead of slowing the table."""
    if automatic.pace != DEAL or not isinstance(automatic.moves[0][1], engine.Draw):
        return automatic
    owed = min(int(late / automatic.delay(pace)) if pace.deal_delay > 0 else 0, CATCH_UP_ROUNDS)
    return automatic if owed < 1 else Automatic(_deal_round(match.hand, 1 + owed), DEAL)


def answer_all(match: engine.Match, bot_level_of: BotLevelOf, rng: random.Random) -> dict[int, Action | None]:
    """Every ask answered here and now (the offline game: its bots think in the page)."""
    return {ask.seat: players.bot_action(ask.level, match.view(ask.seat), rng) for ask in asks(match, bot_level_of)}
