"""Rule options and the four presets of R10.

Every field of :class:`Rules` is one option of RULES.md; a preset is just a
set of values, and any option can be changed on its own with
``dataclasses.replace`` (values are checked, a bad one raises ``ValueError``).

>>> import dataclasses
>>> r = Rules.preset("classic")
>>> r.kitty_multiplier, r.match_end
('pairs', 'pass_a')
>>> dataclasses.replace(r, twos_trump=True).twos_trump
True
>>> dataclasses.replace(r, kitty_multiplier="triple")
Traceback (most recent call last):
ValueError: Rules.kitty_multiplier must be one of pairs, power_of_cards, doubling; got 'triple'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .cards import RANKS
from .trump import normalize_level

# The choices of each enumerated option, in the order a form should offer them.
CHOICES: dict[str, tuple[str, ...]] = {
    "declare_with": ("level_card", "joker_and_level"),  # R8.2
    "overturn_order": ("SHCD", "SHDC"),  # R8.4: suits high to low
    "overturn_timing": ("after_bury", "before_kitty", "after_bury_no_trump"),  # R8.5
    "no_declaration": ("kitty_third_card", "redeal"),  # R8.6
    "who_may_declare": ("anyone", "dealer_team_first"),  # R8.7
    "kitty_multiplier": ("pairs", "power_of_cards", "doubling"),  # R7.4
    "level_table": ("classic", "qq_super", "competition", "beijing"),  # R9.2
    "match_end": ("cycle", "pass_a", "pass_10"),  # R9.4
}
BOOLEAN_OPTIONS = ("overturn_back", "twos_trump", "edge_triple", "physical_penalties")
INTEGER_OPTIONS = {"throw_penalty_per_card": (0, 100), "time_limit_minutes": (0, 24 * 60)}

# Which clause of RULES.md each option comes from (for forms and messages).
CLAUSES = {
    "declare_with": "R8.2",
    "overturn_order": "R8.4",
    "overturn_timing": "R8.5",
    "overturn_back": "R8.4",
    "no_declaration": "R8.6",
    "who_may_declare": "R8.7",
    "kitty_multiplier": "R7.4",
    "throw_penalty_per_card": "R4.5",
    "level_table": "R9.2",
    "match_end": "R9.4",
    "must_play": "R9.4",
    "twos_trump": "R2.6",
    "edge_triple": "R4.6",
    "physical_penalties": "R11",
    "time_limit_minutes": "R9.5",
}


@dataclass(frozen=True)
class Rules:
    """The options of one game; see RULES.md for each clause."""

    declare_with: str = "level_card"
    overturn_order: str = "SHCD"
    overturn_timing: str = "after_bury"
    # R8.4: may a player whose showing was overturned overturn back (the QQ exception)?
    overturn_back: bool = True
    no_declaration: str = "kitty_third_card"
    who_may_declare: str = "anyone"
    kitty_multiplier: str = "pairs"
    throw_penalty_per_card: int = 0
    level_table: str = "classic"
    match_end: str = "pass_a"
    must_play: tuple[str, ...] = ()
    twos_trump: bool = False
    edge_triple: bool = False
    # R11: physical-game penalties are recorded (scorekeeper mode).
    physical_penalties: bool = False
    # R9.5: 0 means an untimed match.
    time_limit_minutes: int = 0

    def __post_init__(self) -> None:
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise ValueError(f"Rules.{name} must be one of {', '.join(choices)}; got {value!r}")
        for name in BOOLEAN_OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rules.{name} must be True or False; got {getattr(self, name)!r}")
        for name, (low, high) in INTEGER_OPTIONS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"Rules.{name} must be a whole number from {low} to {high}; got {value!r}")
        object.__setattr__(self, "must_play", _normalize_levels(self.must_play))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of ``classic``, ``qq_super``, ``competition``, ``beijing`` (R10)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise ValueError(f"no such preset: {name!r} (one of {', '.join(PRESETS)})") from None

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["must_play"] = list(self.must_play)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    def with_options(self, options: dict[str, Any]) -> Rules:
        """These rules with some options changed; string values (from a form) are converted.

        >>> Rules.preset("classic").with_options({"twos_trump": "on", "must_play": "10 J"}).must_play
        ('10', 'J')
        """
        unknown = set(options) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **{k: coerce_option(k, v) for k, v in options.items()})

    def preset_name(self) -> str | None:
        """The preset these rules equal, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    def differences(self, other: Rules) -> dict[str, Any]:
        """Options whose value differs from ``other`` (e.g. from the preset a room started from)."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}


def coerce_option(name: str, value: Any) -> Any:
    """Convert a form value (a string) to the type of option ``name``."""
    if name in BOOLEAN_OPTIONS and isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("1", "true", "on", "yes"):
            return True
        if lowered in ("0", "false", "off", "no", ""):
            return False
        raise ValueError(f"Rules.{name} must be on or off; got {value!r}")
    if name in INTEGER_OPTIONS and isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            raise ValueError(f"Rules.{name} must be a whole number; got {value!r}") from None
    return value


def _normalize_levels(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, (str, int)):
        value = str(value).replace(",", " ").split()
    try:
        levels = {normalize_level(v) for v in value}
    except (TypeError, ValueError) as error:
        raise ValueError(f"Rules.must_play must be a list of levels; {error}") from None
    return tuple(sorted(levels, key=RANKS.index))


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "qq_super": Rules(level_table="qq_super", match_end="cycle"),
    "competition": Rules(
        declare_with="joker_and_level",
        overturn_timing="after_bury_no_trump",
        overturn_back=False,
        no_declaration="redeal",
        who_may_declare="dealer_team_first",
        kitty_multiplier="power_of_cards",
        throw_penalty_per_card=10,
        level_table="competition",
        edge_triple=True,
        physical_penalties=True,
        time_limit_minutes=90,
    ),
    "beijing": Rules(
        overturn_order="SHDC",
        overturn_back=False,
        kitty_multiplier="doubling",
        throw_penalty_per_card=10,
        level_table="beijing",
        match_end="pass_10",
        must_play=("10",),
        physical_penalties=True,
        time_limit_minutes=60,
    ),
}
