"""Rule options and the four presets of R10.

Every field of :class:`Rules` is one option of RULES.md; a preset is just a
set of values, and any option can be changed on its own with
``dataclasses.replace`` (values are checked, a bad one raises a
:class:`~engine.reasons.Refusal`, a ``ValueError``).

>>> import dataclasses
>>> r = Rules.preset("classic")
>>> r.kitty_multiplier, r.match_end
('pairs', 'pass_a')
>>> dataclasses.replace(r, twos_trump=True).twos_trump
True
>>> dataclasses.replace(r, kitty_multiplier="triple")
Traceback (most recent call last):
engine.reasons.Refusal: R7.4: Kitty (扣底) multiplier (kitty_multiplier) must be one of pairs, power_of_cards, doubling; got 'triple'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .cards import RANKS
from .form_text import switch, whole_number
from .reasons import N_, Reason, Refusal, Term
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

# What a form calls each option; a refused value names the option so, in the reader's language.
LABELS = {
    "declare_with": N_("Declare with"),
    "overturn_order": N_("Overturn suit order"),
    "overturn_timing": N_("When overturning (反主) is allowed"),
    "overturn_back": N_("First declarer may overturn back"),
    "no_declaration": N_("If nobody declares"),
    "who_may_declare": N_("Who may declare"),
    "kitty_multiplier": N_("Kitty (扣底) multiplier"),
    "throw_penalty_per_card": N_("Failed throw (甩牌) penalty per card"),
    "level_table": N_("Level table"),
    "match_end": N_("Match end"),
    "must_play": N_("Must-play levels (逢N必打)"),
    "twos_trump": N_("2s are permanent trumps"),
    "edge_triple": N_("A+KK / K+AA may be thrown"),
    "physical_penalties": N_("Physical-game penalties"),
    "time_limit_minutes": N_("Time limit"),
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
                raise _refused(name, N_("%(option)s (%(name)s) must be one of %(choices)s; got %(value)s"),
                               choices=", ".join(choices), value=repr(value))
        for name in BOOLEAN_OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise _refused(name, N_("%(option)s (%(name)s) must be on or off; got %(value)s"),
                               value=repr(getattr(self, name)))
        for name, (low, high) in INTEGER_OPTIONS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise _refused(name, N_("%(option)s (%(name)s) must be a whole number from %(low)s to %(high)s; "
                                        "got %(value)s"), low=low, high=high, value=repr(value))
        object.__setattr__(self, "must_play", _normalize_levels(self.must_play))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of ``classic``, ``qq_super``, ``competition``, ``beijing`` (R10)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise Refusal(Reason("R10", N_("no such preset: %(name)s (one of %(presets)s)"), name=repr(name),
                                 presets=", ".join(PRESETS))) from None

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["must_play"] = list(self.must_play)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise Refusal(Reason(None, N_("rules must be an object of rule options; got %(value)s"),
                                 value=repr(data)))
        _refuse_unknown(data)
        return cls(**data)

    def with_options(self, options: dict[str, Any]) -> Rules:
        """These rules with some options changed; string values (from a form) are converted.

        >>> Rules.preset("classic").with_options({"twos_trump": "on", "must_play": "10 J"}).must_play
        ('10', 'J')
        """
        _refuse_unknown(options)
        return dataclasses.replace(self, **{k: coerce_option(k, v) for k, v in options.items()})

    def preset_name(self) -> str | None:
        """The preset these rules equal, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    def differences(self, other: Rules) -> dict[str, Any]:
        """Options whose value differs from ``other`` (e.g. from the preset a room started from)."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}


def _refuse_unknown(options: dict[str, Any]) -> None:
    unknown = set(options) - {f.name for f in dataclasses.fields(Rules)}
    if unknown:
        raise Refusal(Reason(None, N_("unknown rule option(s): %(names)s"), names=", ".join(sorted(unknown))))


def coerce_option(name: str, value: Any) -> Any:
    """Convert a form value (a string) to the type of option ``name`` (:mod:`.form_text` reads it)."""
    if name in BOOLEAN_OPTIONS and isinstance(value, str):
        try:
            return switch(value)
        except ValueError:
            raise _refused(name, N_("%(option)s (%(name)s) must be on or off; got %(value)s"),
                           value=repr(value)) from None
    if name in INTEGER_OPTIONS and isinstance(value, str):
        try:
            return whole_number(value)
        except ValueError:
            raise _refused(name, N_("%(option)s (%(name)s) must be a whole number; got %(value)s"),
                           value=repr(value)) from None
    return value


def _refused(name: str, template: str, **values: Any) -> Refusal:
    """A refused value of option ``name``, which the message calls by its label (:data:`LABELS`)."""
    return Refusal(Reason(CLAUSES[name], template, option=Term(LABELS[name]), name=name, **values))


def _normalize_levels(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, (str, int)):
        value = str(value).replace(",", " ").split()
    try:
        levels = {normalize_level(v) for v in value}
    except Refusal as error:
        raise _refused("must_play", N_("%(option)s (%(name)s) must be a list of levels; %(error)s"),
                       error=error.reason) from None
    except TypeError:
        raise _refused("must_play", N_("%(option)s (%(name)s) must be a list of levels; got %(value)s"),
                       value=repr(value)) from None
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
