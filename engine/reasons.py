"""Why the engine refuses something: a rule clause, an English message template and its values.

The template is also the key for translating the message (``N_`` marks it for
the translation catalogues), so a screen can show the reason in the reader's
language with the same values; ``str(reason)`` is the English text. Every
refusal the engine gives (an action, a match, a scoresheet, a rule option, a
card name) is a :class:`Refusal`, a ``ValueError`` that carries its reason.

>>> reason = Reason("R5.2", N_("you hold %(held)s cards of %(suit)s: play %(count)s of them"),
...                 held=3, suit="♥", count=2)
>>> str(reason)
'R5.2: you hold 3 cards of ♥: play 2 of them'
>>> reason.translated(lambda text: text.replace("you hold", "你有"))
'你有 3 cards of ♥: play 2 of them'
>>> Reason("R9.3", N_("seat %(seat)s deals this hand"), seat=SeatNumber(0)).text
'seat 1 deals this hand'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def N_(template: str) -> str:
    """Mark a message template for the translation catalogues (``pybabel extract -k N_``)."""
    return template


class Term(str):
    """A value that is itself a word to translate (e.g. ``trump``), not a card or a number."""

    __slots__ = ()


class SeatNumber(int):
    """A seat index (0–3) in a message: people count seats from 1."""

    __slots__ = ()

    def __str__(self) -> str:
        return str(int(self) + 1)


class Reason:
    """A refusal: ``clause`` (e.g. ``"R5.3"``, or ``None``), ``template`` (``%(name)s`` fields) and ``params``.

    A template may name its own clause as ``%(clause)s``; a value may be a :class:`Term` (a word
    translated with the message) or another :class:`Reason` (translated as a whole).
    """

    __slots__ = ("clause", "params", "template")

    def __init__(self, clause: str | None, template: str, **params: Any) -> None:
        self.clause = clause
        self.template = template
        self.params = params

    @property
    def text(self) -> str:
        """The English message without its clause prefix."""
        return self.template % {"clause": self.clause, **self.params}

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message (without its clause prefix) in the language of ``gettext``."""
        params = {k: _translated(v, gettext) for k, v in self.params.items()}
        return gettext(self.template) % {"clause": self.clause, **params}

    def __str__(self) -> str:
        return f"{self.clause}: {self.text}" if self.clause else self.text

    def __repr__(self) -> str:
        return f"Reason({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def _translated(value: Any, gettext: Callable[[str], str]) -> Any:
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, Reason):
        return value.translated(gettext)
    return value


class Refusal(ValueError):
    """Something the engine refuses, with its :class:`Reason`; ``str()`` is the English message
    (``message``, when the caller words it with more context, else the reason)."""

    def __init__(self, reason: Reason, message: str | None = None) -> None:
        super().__init__(str(reason) if message is None else message)
        self.reason = reason
