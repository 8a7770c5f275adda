"""The geometry of a scoresheet's chart (and a room's match summary): both teams' levels across the hands, drawn
as server-side SVG.

Only numbers here; ``templates/partials/sheet_chart.html`` draws them. The y axis runs over the
levels 2 … A (R9.1); the x axis from the start (0) to the last hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Rules, Scoresheet
from engine.cards import RANKS
from engine.scoring import stop_levels

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 26, 8, 8, 22  # room for the level labels and the hand numbers
MAX_X_LABELS = 12
TEAM_OFFSET = 1.5  # the two lines are drawn this far apart, so equal levels show both


@dataclass(frozen=True)
class ChartLine:
    team: int
    points: tuple[tuple[float, float], ...]

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass(frozen=True)
class LevelChart:
    width: int
    height: int
    plot: tuple[float, float, float, float]  # left, top, right, bottom of the plotting area
    lines: tuple[ChartLine, ChartLine]
    x_labels: tuple[tuple[float, str], ...]  # hand numbers
    y_labels: tuple[tuple[float, str], ...]  # levels
    stops: tuple[tuple[float, str], ...]  # must-play and match-end levels (R9.4)
    hands: int


def level_y(level: str) -> float:
    """The y of a level: 2 at the bottom, A at the top."""
    span = HEIGHT - TOP - BOTTOM
    return HEIGHT - BOTTOM - span * RANKS.index(level) / (len(RANKS) - 1)


def level_chart(sheet: Scoresheet) -> LevelChart:
    """Both teams' levels at the start and after each hand of ``sheet``."""
    return levels_chart(sheet.starting_levels, [hand.after.levels for hand in sheet.compute().hands], sheet.rules)


def levels_chart(start: tuple[str, str], after: Sequence[tuple[str, str]], rules: Rules) -> LevelChart:
    """Both teams' levels at the start and after each hand (a scoresheet's, or a room's match)."""
    levels = [start, *after]
    span = WIDTH - LEFT - RIGHT
    step = span / max(len(after), 1)
    lines = tuple(
        ChartLine(team, tuple((LEFT + i * step, level_y(pair[team]) + (TEAM_OFFSET if team else -TEAM_OFFSET))
                              for i, pair in enumerate(levels)))
        for team in (0, 1)
    )
    every = -(-len(levels) // MAX_X_LABELS)  # ceiling division: at most MAX_X_LABELS labels
    x_labels = tuple((LEFT + i * step, str(i)) for i in range(0, len(levels), every))
    y_labels = tuple((level_y(level), level) for level in RANKS)
    stops = tuple((level_y(level), level) for level in stop_levels(rules))
    return LevelChart(WIDTH, HEIGHT, (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM), lines, x_labels, y_labels,
                      stops, len(after))
