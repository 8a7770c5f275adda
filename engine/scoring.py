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
from dataclasses import dataclass, fields
from typing import Any

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
        return min(1 << cards, 64)
    # Beijing doubling: single ×2, pair ×4, 2-pair tractor ×8, each further pair doubles.
    return 1 << (1 if kind == SINGLE else length + 1)


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


# The sides of R9.2: the declarers go up, the defenders take the stage (switch), the defenders go up.
DECLARERS, SWITCH, DEFENDERS = D, S, F = "declarers", "switch", "defenders"
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
    return (dealer + 2) % 4 if side == DECLARERS else (dealer + 1) % 4


def climbing_team(side: str, declarers: int | None, steps: int) -> int | None:
    """The team that goes up after a hand (R9.2), ``None`` when nobody does (a switch, a redeal)."""
    if not steps or declarers is None:
        return None
    return declarers if side == DECLARERS else 1 - declarers


def throw_penalty(failed_cards: int, by_declarers: bool, rules: Rules) -> int:
    """R4.5: what a failed throw's failing cards cost, signed for the defenders' total
    (a declarer's penalty adds to it, a defender's is subtracted)."""
    charge = failed_cards * rules.throw_penalty_per_card
    return charge if by_declarers else -charge


@dataclass(frozen=True)
class Settlement:
    """A hand settled: the defenders' total (R7.2–R7.4, R4.5), the level change (R9.2, R9.4) and
    the next dealer (R9.3). The one computation behind the online hand and the scorekeeper."""

    dealer: int
    trick_points: int  # the defenders' points from tricks (R7.2)
    kitty_points: int
    multiplier: int  # R7.4; 0 when the kitty does not score (R7.3)
    penalty: int  # R4.5, signed for the defenders
    side: str  # DECLARERS, SWITCH or DEFENDERS (R9.2), or the scorekeeper's own (R11)
    steps: int
    levels_after: tuple[str, str]
    match_winner: int | None  # R9.4: the climbing team passed the match_end level

    @property
    def declarers(self) -> int:
        return team_of(self.dealer)

    @property
    def kitty_bonus(self) -> int:
        return self.kitty_points * self.multiplier

    @property
    def defender_points(self) -> int:
        """What R9.2 looks up: tricks, the kitty times its multiplier, and the penalties."""
        return self.trick_points + self.kitty_bonus + self.penalty

    @property
    def climber(self) -> int | None:
        return climbing_team(self.side, self.declarers, self.steps)

    @property
    def next_dealer(self) -> int:
        return next_dealer(self.dealer, self.side)


def settle(rules: Rules, levels: tuple[str, str], dealer: int, trick_points: int, kitty_points: int = 0,
           multiplier: int = 0, penalty: int = 0, outcome: tuple[str, int] | None = None) -> Settlement:
    """Settle a hand dealt by ``dealer`` with the teams at ``levels``.

    ``outcome`` replaces the R9.2 table's ``(side, steps)`` (the scorekeeper's R11 wrong card count).

    >>> s = settle(Rules.preset("classic"), ("5", "3"), dealer=1, trick_points=60, kitty_points=20, multiplier=4)
    >>> s.defender_points, s.side, s.steps, s.levels_after, s.next_dealer
    (140, 'defenders', 1, ('6', '3'), 2)
    """
    defender_points = trick_points + kitty_points * multiplier + penalty
    side, steps = outcome or level_outcome(defender_points, rules)
    climber = climbing_team(side, team_of(dealer), steps)
    after, winner = list(levels), None
    if climber is not None:
        after[climber], won = climb(after[climber], steps, rules, declaring=side == DECLARERS)
        winner = climber if won else None
    return Settlement(dealer, trick_points, kitty_points, multiplier, penalty, side, steps,
                      (after[0], after[1]), winner)


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand (R7, R9), or of a deal that must be redealt."""

    redeal: bool = False
    trick_points: int = 0
    kitty_points: int = 0
    multiplier: int = 0
    kitty_bonus: int = 0
    penalty: int = 0  # R4.5, already signed for the defenders (declarers' penalties add)
    defender_points: int = 0
    side: str = ""  # "declarers", "switch" or "defenders"
    steps: int = 0
    dealer: int | None = None
    declarers: int | None = None
    levels_after: tuple[str, str] = ("2", "2")
    next_dealer: int | None = None
    match_winner: int | None = None

    @classmethod
    def settled(cls, settlement: Settlement) -> HandResult:
        s = settlement
        return cls(trick_points=s.trick_points, kitty_points=s.kitty_points, multiplier=s.multiplier,
                   kitty_bonus=s.kitty_bonus, penalty=s.penalty, defender_points=s.defender_points,
                   side=s.side, steps=s.steps, dealer=s.dealer, declarers=s.declarers,
                   levels_after=s.levels_after, next_dealer=s.next_dealer, match_winner=s.match_winner)

    @property
    def climber(self) -> int | None:
        return climbing_team(self.side, self.declarers, self.steps)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        return cls(**{**data, "levels_after": tuple(data["levels_after"])})
