"""How dear the rule bot holds its cards: the weights of its play heuristics, as data.

Issue 4 set them by judgement (:data:`ISSUE4`, the Normal bot's). Issue 15 tuned
them by duplicate matches of the rule bot against itself (:data:`TUNED`, bots
README "The rule bot's weights"); the search bot's ``weights`` switch
(:mod:`.switches`) plays its own rule bot with them: its default choice, its
playouts and its model of the other seats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True, slots=True)
class Weights:
    """The rule bot's card weights (:func:`.picking.keep_value`), in steps of rank."""

    trump_premium: float = 20.0  # a trump is worth keeping more than any plain card
    point_weight: float = 2.5  # a 10 or K costs about as much as a face card to give away
    # Issue 15's point play (the search's ``point_play`` switch; issue 4's values make issue 4's rule bot):
    trump_feed: float = 1.0  # the share of a feed's point bonus (picking.feed_value) a trump's points get
    win_feed: float = 0.0  # taken off a card's keep value per point in a win nobody can beat: the win scores them
    # Issue 15's masters (the ``masters`` switch): a follow keeps a card no unseen card outranks, a trick to come.
    master_premium: float = 0.0

    @classmethod
    def parse(cls, spec: str) -> Weights:
        """A named set (``issue4``, ``tuned``) or issue 4's with some changed (``point_weight=1.5,trump_premium=12``)."""
        spec = spec.strip()
        if spec in NAMED:
            return NAMED[spec]
        names = {f.name for f in fields(cls)}
        changed: dict[str, float] = {}
        for item in spec.split(","):
            name, equals, value = (part.strip() for part in item.partition("="))
            number = _finite(value)
            if name not in names or not equals or number is None:
                raise ValueError(f"not rule-bot weights: {item!r} (one of {', '.join(NAMED)}, or name=number with "
                                 f"names {', '.join(sorted(names))})")
            changed[name] = number
        return replace(ISSUE4, **changed)


def _finite(text: str) -> float | None:
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


ISSUE4 = Weights()
# The best of one-at-a-time changes to issue 4's weights, together (bots README, "The rule bot's weights"):
# points given away cost less than issue 4 held, trumps a little less.
TUNED = Weights(trump_premium=12.0, point_weight=1.5)


def with_point_play(weights: Weights) -> Weights:
    """``weights`` with issue 15's point play, tuned by duplicate matches of the rule bot (bots README, "Point
    play"): a win nobody can beat is made with the point cards it can take (any ``win_feed`` from 5 up ranks
    those wins alike), and a trump's points are fed to a partner's sure win at half a plain card's bonus (the
    trump is worth keeping to ruff and for the last trick)."""
    return replace(weights, win_feed=5.0, trump_feed=0.5)


def with_masters(weights: Weights) -> Weights:
    """``weights`` with issue 15's masters, tuned by duplicate matches of the rule bot (bots README, "Masters"):
    a follow holds a card no unseen card outranks (R6.1) 12 steps dearer, the price of a trump: it is a trick to
    come, and given away now (a second seat's ace on a low lead, an ace under the other ace) it is lost."""
    return replace(weights, master_premium=12.0)


HARD = with_masters(with_point_play(TUNED))  # the Hard bot's own rule bot, every switch on
NAMED = {"issue4": ISSUE4, "tuned": TUNED, "point_play": with_point_play(TUNED), "hard": HARD}  # the arena's names
