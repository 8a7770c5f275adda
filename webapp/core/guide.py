"""What the how-to-play page (``templates/partials/guide.html``) is given, on the server and in the offline app:
the numbers of the game as the engine has them, each preset's options and level table (R9.2), and the
options' choices. The words come from ``templates/options.html``, the same texts the forms show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import DECK_SIZE
from engine.hand_state import HAND_SIZE, KITTY_SIZE
from engine.rules import CLAUSES, PRESETS
from engine.scoresheet import TOTAL_POINTS
from engine.scoring import LEVEL_TABLES

from .rule_form import OPTION_NAMES, rule_form_context

POINT_STEP = 5  # R9.2: points are always multiples of 5


@dataclass(frozen=True)
class LevelRow:
    """One row of a level table: from ``low`` to ``high`` points (``None``: and more), who goes up how far."""

    low: int
    high: int | None
    side: str  # "declarers", "switch" or "defenders"
    levels: int


def level_rows(table_name: str) -> list[LevelRow]:
    table = LEVEL_TABLES[table_name]
    lows = [row[0] for row in table.rows]
    return [LevelRow(low, lows[i + 1] - POINT_STEP if i + 1 < len(lows) else None, side, levels)
            for i, (low, side, levels) in enumerate(table.rows)]


def stage_points() -> int:
    """The defenders' points from which the stage changes hands (R9.2; the same in every preset's table)."""
    return min(next(low for low, side, _ in table.rows if side != "declarers") for table in LEVEL_TABLES.values())


def guide_context() -> dict[str, Any]:
    return {
        **rule_form_context(),
        "deck_size": DECK_SIZE, "hand_size": HAND_SIZE, "kitty_size": KITTY_SIZE, "total_points": TOTAL_POINTS,
        "stage_points": stage_points(), "clauses": CLAUSES, "option_names": OPTION_NAMES,
        "level_tables": {name: level_rows(rules.level_table) for name, rules in PRESETS.items()},
        "table_steps": {name: LEVEL_TABLES[rules.level_table].step for name, rules in PRESETS.items()},
    }
