"""The search bot's improvements as switches (issue 15): the Hard bot with every switch off is issue 4's.

Each switch turns on one improvement; :class:`Switches` with all of them off
gives exactly the search bot of issue 4 (the same code, the same random draws),
so one mechanism measures the baseline, the new bot and every ablation:

- ``infer`` (issue 15, point 1): samples are weighted by how likely the other
  seats' plays and passes are under the rule bot's policy (:mod:`.inference`).
- ``showings`` and ``bury`` (point 2): the showings and passes of the answering
  phases (R8.4, R8.5) and the bury (R8.8) are searched like plays (:mod:`.preplay`);
  with either on, a play's clock is ``PLAY_SHARE`` of the budget, so a hand costs
  no more CPU than issue 4's.
- ``focus`` (point 3): plays that differ only by interchangeable cards are one
  candidate, so a forced or trivially decided play gets no search; the race
  drops what trails the leader (not only the rule bot's choice) and stops once
  decided, and a close decision may take more samples.
- ``endgame`` (point 3): the last tricks are solved exactly in each sample
  (:mod:`.endgame`) instead of being played out by the rule bot.
- ``discards`` (point 2): a seat with none of the led suit searches one discard
  from each suit it holds (:func:`.candidates.discard_candidates`): which suit
  it empties decides its voids for the tricks to come (R5.5).
- ``weights`` (point 1's model and the playouts): the search's own rule bot — its
  default choice, the playouts and the model of the other seats — weighs cards
  with :data:`.weights.TUNED` instead of issue 4's weights (the Normal bot's).
- ``point_play`` (point 1's model and the playouts): that rule bot makes a win nobody
  can beat with the point cards it can take, where issue 4's played the cheapest
  winning cards, points held dear; and it feeds a partner's sure win a trump's points
  only at half the bonus of a plain card's (:func:`.weights.with_point_play`).
- ``masters`` (point 1's model and the playouts): that rule bot's follows hold a card
  no unseen card outranks (R6.1) as dear as a trump (:func:`.weights.with_masters`):
  it will win a trick later, so it is not spent on a trick it need not take.

A bot name may carry its switches (:func:`engine.bots.get`): ``search:none`` is
issue 4's Hard bot, ``search:infer,focus`` has exactly those on, ``search:-bury``
all but the bury search; plain ``search`` or ``hard`` has the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class Switches:
    """Which of issue 15's improvements the search bot uses (defaults: the Hard bot's)."""

    infer: bool = True
    showings: bool = True
    bury: bool = True
    focus: bool = True
    endgame: bool = True
    discards: bool = True
    weights: bool = True
    point_play: bool = True
    masters: bool = True

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def parse(cls, spec: str) -> Switches:
        """``none``, ``all``, names to turn on (``infer,focus``) or, each with a ``-``, to turn off from all."""
        spec = spec.strip()
        if spec in ("none", ""):
            return NONE
        if spec == "all":
            return ALL
        words = [w.strip() for w in spec.split(",")]
        unknown = [w for w in words if w.lstrip("-") not in cls.names()]
        if unknown:
            raise ValueError(f"no such search switch: {', '.join(unknown)} (switches: {', '.join(cls.names())}, "
                             "or none, all)")
        off = [w.startswith("-") for w in words]
        if any(off) and not all(off):
            raise ValueError(f"switches are either all turned on or all turned off (-name): {spec!r}")
        if all(off):
            return replace(ALL, **{w[1:]: False for w in words})
        return replace(NONE, **{w: True for w in words})

    def spec(self) -> str:
        """The text :meth:`parse` reads back."""
        on = [name for name in self.names() if getattr(self, name)]
        return ",".join(on) or "none"


ALL = Switches(**{name: True for name in Switches.names()})
NONE = Switches(**{name: False for name in Switches.names()})
