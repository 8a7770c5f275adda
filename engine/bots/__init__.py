"""Bots for Shuang Sheng: random, rule (with card tracking) and Monte Carlo search.

Every bot has the same interface and sees nothing but a seat's view::

    from engine import bots
    bot = bots.get("normal")            # "easy", "normal", "hard", or "random", "rule", "search"
    action = bot.act(hand.view(seat), rng)   # an engine Action, or None: nothing to do right now
    if action is not None:
        hand.apply(seat, action)
    suggestion = bots.hint(hand.view(seat))  # the hint button: always the rule bot's choice

``act`` handles every phase: while dealing it returns ``Draw()`` on the seat's
turn and may return a ``Show`` at any moment (call it for every seat after
each draw); while declaring or overturning, ``Show`` or ``Pass``; ``Bury``
for the kitty holder; ``Play`` in play. It returns ``None`` whenever the seat
has nothing to do at that moment (another seat's turn, the hand is over).
A bot keeps no state between calls, so one object may serve any number of
seats and rooms; ``rng`` (a ``random.Random``) is its only source of chance.

Strengths (issue 4): ``easy`` is the rule bot making a random legal choice
about a third of the time; ``normal`` is the rule bot; ``hard`` is the search
bot (perfect-information Monte Carlo over the rule bot, about 0.2 s a move).
All are pure Python and run under Pyodide; where a C compiler was there at setup, the search's hot path
runs compiled (:mod:`engine.compiled`), the same decisions faster. ``python -m engine arena`` measures
them against each other on duplicate deals (see :mod:`engine.arena`).
"""

from __future__ import annotations

from typing import Any

from .base import Bot
from .random_bot import RandomBot
from .rule import EasyBot, RuleBot, hint
from .search import SearchBot
from .switches import Switches
from .weights import Weights

# The strengths offered to people (issue 4), weakest first.
LEVELS = ("easy", "normal", "hard")
BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "rule": RuleBot,
    "search": SearchBot,
    "easy": EasyBot,
    "normal": RuleBot,
    "hard": SearchBot,
}


def get(name: str, **options: Any) -> Bot:
    """A bot by name (``options`` go to its constructor, e.g. ``budget_ms`` for search).

    A search bot's name may carry its issue 15 switches after a colon (:class:`Switches`):
    ``search:none`` is issue 4's Hard bot, ``search:infer,focus`` has only those on; the rule bot's, its
    weights (:class:`Weights`): ``rule:tuned``, ``rule:point_weight=1.5``.
    """
    name, colon, switches = name.partition(":")
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"no such bot: {name!r} (one of {', '.join(BOTS)})") from None
    if colon and issubclass(cls, SearchBot):
        options["switches"] = Switches.parse(switches)
    elif colon and cls is RuleBot:
        options["weights"] = Weights.parse(switches)
    elif colon:
        raise ValueError(f"only the search bot has switches and the rule bot weights, not {name!r}")
    return cls(**options)


__all__ = ["BOTS", "LEVELS", "Bot", "EasyBot", "RandomBot", "RuleBot", "SearchBot", "Switches", "Weights", "get", "hint"]
