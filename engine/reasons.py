"""Why the engine refuses something: a rule clause, an English message template and its values.

The template is also the key for translating the message (``N_`` marks it for
the translation catalogues), so a screen can show the reason in the reader's
language with the same values; ``str(reason)`` is the English text.

>>> reason = Reason("R5.2", N_("you hold %(held)s cards of %(suit)s: play %(count)s of them"),
...                 held=3, suit="♥", count=2)
>>> str(reason)
'R5.2: you hold 3 cards of ♥: play 2 of them'
>>> reason.translated(lambda text: text.replace("you hold", "你有"))
'你有 3 cards of ♥: play 2 of them'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def N_(template: str) -> str:
    """Mark a message template for the translation catalogues (``pybabel extract -k N_``)."""
    return template


class Term(str):
    """A value that is itself a word to translate (e.g. ``trump``), not a card or a number."""


class Reason:
    """A refusal: ``clause`` (e.g. ``"R5.3"``, or ``None``), ``template`` (``%(name)s`` fields) and ``params``."""

    __slots__ = ("clause", "params", "template")

    def __init__(self, clause: str | None, template: str, **params: Any) -> None:
        self.clause = clause
        self.template = template
        self.params = params

    @property
    def text(self) -> str:
        """The English message without its clause."""
        return self.template % self.params

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message (without its clause) in the language of ``gettext``."""
        params = {k: gettext(v) if isinstance(v, Term) else v for k, v in self.params.items()}
        return gettext(self.template) % params

    def __str__(self) -> str:
        return f"{self.clause}: {self.text}" if self.clause else self.text

    def __repr__(self) -> str:
        return f"Reason({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))
