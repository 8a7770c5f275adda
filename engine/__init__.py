"""Shuang Sheng (双升 / 升级 / Tractor) rules engine: pure standard-library Python.

The public rules API (RULES.md clause in brackets)::

    import engine
    engine.parse_cards("10H 10H AS BJ")                   # [R1] cards
    engine.Trump(level="10", suit="S")                    # [R2] suit=None: no-trump
    engine.Rules.preset("classic")                        # [R10] frozen dataclass of options
    engine.is_legal_follow(hand, lead, play, trump, rules)        # [R5]
    engine.trick_winner(plays, trump, rules)              # [R6]
    engine.check_throw(lead, other_hands, trump, rules)   # [R4.3-R4.5]
    engine.kitty_multiplier(winning_play, trump, rules)   # [R7.4]
    engine.level_outcome(defender_points, rules)          # [R9.2]
    engine.advance(level, steps, rules)                   # [R9.4]

and the state machine: :class:`Match` and :class:`Hand` (``to_act``,
``legal_actions``, ``apply``, ``view``, ``to_dict``/``from_dict``).
"""

from . import compiled

compiled.choose()  # before the engine's modules load: their compiled forms only if built from these sources

from .actions import Bury, Draw, IllegalAction, LogEntry, Pass, Play, Show, decode, encode
from .api import (
    advance,
    check_throw,
    follow_error_message,
    is_legal_follow,
    kitty_multiplier,
    level_outcome,
    trick_winner,
)
from .cards import Card, format_cards, full_deck, parse_cards, points_of
from .hand import Hand, LegalActions
from .match import Match
from .phase import Phase
from .rules import PRESETS, Rules
from .scoresheet import HandEntry, Scoresheet, ScoresheetError
from .scoring import HandResult, Settlement, climb, next_dealer, settle, team_of, time_up_winner
from .throw import ThrowCheck
from .trump import Trump
from .view import MatchSummary, SeatView, TrickView, jsonable, seat_view

__all__ = [
    "PRESETS",
    "Bury",
    "Card",
    "Draw",
    "Hand",
    "HandEntry",
    "HandResult",
    "IllegalAction",
    "LegalActions",
    "LogEntry",
    "Match",
    "MatchSummary",
    "Pass",
    "Phase",
    "Play",
    "Rules",
    "Scoresheet",
    "ScoresheetError",
    "SeatView",
    "Settlement",
    "Show",
    "ThrowCheck",
    "TrickView",
    "Trump",
    "advance",
    "check_throw",
    "climb",
    "decode",
    "encode",
    "follow_error_message",
    "format_cards",
    "full_deck",
    "is_legal_follow",
    "jsonable",
    "kitty_multiplier",
    "level_outcome",
    "next_dealer",
    "parse_cards",
    "points_of",
    "seat_view",
    "settle",
    "team_of",
    "time_up_winner",
    "trick_winner",
]
