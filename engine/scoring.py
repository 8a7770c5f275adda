"""Points, the kitty multiplier, level tables and level changes (R7, R9).

>>> from engine.combos import TRACTOR
>>> from engine.rules import Rules
>>> classic, qq = Rules.preset("classic"), Rules.preset("qq_super")
>>> level_outcome(0, classic), level_outcome(85, classic), level_outcome(200, classic)
(('declarers', 3), ('switch', 0), ('defenders', 3))
>>> advance("K", 3, classic), advance("K", 3, qq)
('A', '3')
>>> multiplier_for(TRACTOR, 3, "power_of_cards"), multiplier_for(TRACTOR, 3, "doubling")
(64, 16)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import RANKS
from .combos import SINGLE
from .rules import Rules
from .trump import normalize_level


def multiplier_for(kind: int, length: int, rule: str) -> int:
    """Kitty multiplier (R7.4) for the largest component of the last trick's lead."""
    cards = 1 if kind == SINGLE else 2 * length
    if rule == "pairs":
        # QQ: single ×2, pair ×4, tractor of k pairs ×4k.
        return 2 if kind == SINGLE else 4 * length
    if rule == "power_of_cards":
        # Competition: 2 to the number of cards, capped at ×64.
        return min(2**cards, 64)
    # Beijing doubling: single ×2, pair ×4, 2-pair tractor ×8, each further pair doubles.
    return 2 ** (1 if kind == SINGLE else length + 1)


@dataclass(frozen=True)
class LevelTable:
    """One R9.2 table: ``rows`` are (lowest points, side, levels); past the last row,
    the defenders gain one more level every ``step`` points (0: no further rows)."""

    rows: tuple[tuple[int, str, int], ...]
    step: int = 0

    def outcome(self, points: int) -> tuple[str, int]:
        points = max(points, 0)  # R9.2: points at or below 0 count as 0.
        i = max(i for i, row in enumerate(self.rows) if points >= row[0])
        low, side, levels = self.rows[i]
        if self.step and i == len(self.rows) - 1:
            levels += (points - low) // self.step
        return side, levels


D, S, F = "declarers", "switch", "defenders"
LEVEL_TABLES = {
    "classic": LevelTable(((0, D, 3), (5, D, 2), (40, D, 1), (80, S, 0), (120, F, 1), (160, F, 2), (200, F, 3))),
    "qq_super": LevelTable(
        ((0, D, 6), (5, D, 5), (15, D, 4), (25, D, 3), (35, D, 2), (40, D, 1), (80, S, 0),
         (120, F, 1), (125, F, 2), (165, F, 3), (205, F, 4), (245, F, 5), (285, F, 6))
    ),
    "competition": LevelTable(((0, D, 3), (5, D, 2), (40, D, 1), (80, S, 0), (120, F, 1), (160, F, 2)), 40),
    "beijing": LevelTable(
        ((0, D, 4), (5, D, 3), (30, D, 2), (55, D, 1), (80, S, 0), (100, F, 1), (120, F, 2)), 20
    ),
}


def level_outcome(defender_points: int, rules: Rules) -> tuple[str, int]:
    """R9.2: ``("declarers", k)``, ``("switch", 0)`` or ``("defenders", k)`` for a defenders' total."""
    return LEVEL_TABLES[rules.level_table].outcome(int(defender_points))


END_LEVEL = {"pass_a": "A", "pass_10": "10"}


def stop_levels(rules: Rules) -> tuple[str, ...]:
    """Levels that cannot be skipped (R9.4): ``must_play`` and the ``match_end`` level."""
    end = END_LEVEL.get(rules.match_end)
    return tuple(sorted(set(rules.must_play) | ({end} if end else set()), key=RANKS.index))


def climb(level: str, steps: int, rules: Rules, declaring: bool = True) -> tuple[str, bool]:
    """A team at ``level`` goes up ``steps`` (R9.4): ``(new level, won the match)``.

    The team stops at the first must-play level it reaches; standing on one, it
    passes it only as the declarers who just played it, and passing the
    ``match_end`` level that way wins the match. Without ``cycle`` nobody goes past A.

    >>> climb("A", 1, Rules.preset("classic")), climb("A", 1, Rules.preset("classic"), declaring=False)
    (('A', True), ('A', False))
    """
    stops = stop_levels(rules)
    end = END_LEVEL.get(rules.match_end)
    start = index = RANKS.index(normalize_level(level))
    for _ in range(steps):
        current = RANKS[index]
        if current in stops:
            if not (declaring and index == start):
                break
            if current == end:
                return current, True
        if current == "A" and rules.match_end != "cycle":
            break
        index = (index + 1) % len(RANKS)  # R9.4 cycle: after A the level wraps to 2.
    return RANKS[index], False


def advance(level: str, steps: int, rules: Rules, declaring: bool = True) -> str:
    """The level a team reaches going up ``steps`` from ``level`` (R9.4).

    >>> advance("8", 3, Rules.preset("beijing"))
    '10'
    """
    return climb(level, steps, rules, declaring)[0]


def team_of(seat: int) -> int:
    """R1.1: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2


def time_up_winner(levels: Sequence[str], on_stage: int | None) -> int | None:
    """R9.5: at the time limit the higher level wins; on equal levels the team on stage
    (``None`` while nobody is: the next declaration decides the dealer).

    Levels compare by rank (R9.1); the ``cycle`` presets have no time limit.

    >>> time_up_winner(("5", "J"), 0), time_up_winner(("9", "9"), 0), time_up_winner(("9", "9"), None)
    (1, 0, None)
    """
    first, second = (RANKS.index(normalize_level(level)) for level in levels)
    if first != second:
        return 0 if first > second else 1
    return on_stage



def next_dealer(dealer: int, side: str) -> int:
    """R9.3: the dealer's partner if the declarers went up, else the dealer's next player."""
    return (dealer + 2) % 4 if side == "declarers" else (dealer + 1) % 4
