"""What a person types or ticks in a form, read the same way everywhere: a whole number, and a switch.

Python's own readers take more than a person means: ``int`` reads ``"4_0"`` as 40 and Arabic-Indic
digits as numbers, and a checkbox compared with ``"on"`` reads ``"maybe"`` as off. Every form (rule
options, table settings, a scoresheet's hands, the solo table's card counter) reads through these two,
so the same text means the same thing in each, and text that means nothing is refused.

>>> whole_number(" 40 "), whole_number("-5")
(40, -5)
>>> whole_number("4_0")
Traceback (most recent call last):
ValueError: not a whole number: '4_0'
>>> switch("on"), switch(""), switch("No")
(True, False, False)
"""

from __future__ import annotations

import re

WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+", re.ASCII)
# A checkbox sends "on" when ticked and nothing when not; a program may write the value out.
ON_WORDS = frozenset({"on", "true", "yes", "1"})
OFF_WORDS = frozenset({"off", "false", "no", "0", ""})


def whole_number(text: str) -> int:
    """``text`` (spaces around it aside) as a whole number: an optional sign and ASCII digits only."""
    stripped = text.strip()
    if not WHOLE_NUMBER.fullmatch(stripped):
        raise ValueError(f"not a whole number: {text!r}")
    return int(stripped)


def switch(text: str) -> bool:
    """``text`` as on (``True``) or off (``False``): one of :data:`ON_WORDS` or :data:`OFF_WORDS`, any case."""
    word = text.strip().lower()
    if word in ON_WORDS:
        return True
    if word in OFF_WORDS:
        return False
    raise ValueError(f"neither on nor off: {text!r}")
