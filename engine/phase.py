"""The phases of a hand, in order (some are skipped by the rules); see :mod:`engine.hand`.

A :class:`Phase` is a string enum, so it equals its name (``Phase.PLAYING == "playing"``): templates and
JSON keep the plain words, and the words are marked for translation (a refusal names the phase).
"""

from __future__ import annotations

from enum import StrEnum

from .reasons import N_


class Phase(StrEnum):
    DEALING = N_("dealing")  # R1.3: one card at a time; any seat may show (R8.1)
    DECLARING = N_("declaring")  # the last chance before the kitty is picked up (R8.1, R8.5)
    BURYING = N_("burying")  # R8.8
    OVERTURNING = N_("overturning")  # the rounds of R8.5 after the bury
    PLAYING = N_("playing")  # 25 tricks (R4–R6)
    DONE = N_("done")  # scored (R7, R9), or to be redealt


# Module-level names for the hot paths: a member compares fastest by identity (``phase is PLAYING``),
# and a set of them tests membership fastest.
DEALING, DECLARING, BURYING, OVERTURNING, PLAYING, DONE = Phase
SHOWING_PHASES = frozenset({DEALING, DECLARING, OVERTURNING})  # a seat may show (R8.1, R8.5)
ANSWERING_PHASES = frozenset({DECLARING, OVERTURNING})  # seats answer in turn: show or pass
