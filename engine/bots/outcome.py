"""How a finished hand scores for one team: level swing and points (R9.2, R7).

Shared by the search bot (its playouts' payoff) and the arena (its report).
"""

from __future__ import annotations

from ..scoring import HandResult


def level_swing(result: HandResult, team: int) -> int:
    """Levels ``team`` went up minus levels the other team went up, from the R9.2 outcome.

    Read from the table's side and steps, not from the levels reached, so R9.4's caps
    and must-play stops do not blur it. A **switch scores 0**: the tables put it one
    40-point band from "declarers +1" and from "defenders +1", so 0 keeps the swing
    monotone and evenly spaced in the defenders' points; holding the stage next hand is
    not scored (in duplicate each team holds it in one of a deal's two games anyway).
    """
    climber = result.climber
    if climber is None:
        return 0
    return result.steps if team == climber else -result.steps


def team_points(result: HandResult, team: int) -> int:
    """The defenders' total (R7, R4.5) from ``team``'s side: + when it defended, - when it declared."""
    return -result.defender_points if team == result.declarers else result.defender_points


POINTS_PER_LEVEL = 40  # the R9.2 tables' band width
POINT_SHARE = 0.5  # weight of the points (in levels) beside the table's swing


def payoff(result: HandResult, team: int) -> float:
    """A finished hand's value for ``team`` in the search bot's eyes, in levels: its level swing (R9.2)
    plus half its points at 40 to a level (the tables' band), which tells apart deals the table scores alike."""
    return level_swing(result, team) + POINT_SHARE * team_points(result, team) / POINTS_PER_LEVEL
