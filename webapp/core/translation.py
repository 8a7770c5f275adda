"""Texts in the reader's language, for code that runs both in the server and in the browser.

The server installs Flask-Babel's ``gettext`` (which reads the request's language); the offline app
installs the catalogue of the language its page was saved in. Until one is installed, texts are English.
The names ``_`` and ``_l`` that modules import these as are the ones Babel's extraction looks for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Translate = Callable[[str], str]
TranslateIn = Callable[[str, str], str]  # (context, English text) → the text in the reader's language

_translate: Translate = str
_translate_in: TranslateIn = lambda _context, text: text


def install(translate: Translate, translate_in: TranslateIn | None = None) -> None:
    """Use ``translate`` (the English text → the text in the reader's language) from now on, and
    ``translate_in`` for texts that need a context to tell them apart (``pgettext``)."""
    global _translate, _translate_in
    _translate = translate
    _translate_in = translate_in or (lambda _context, text: translate(text))


def pgettext(context: str, text: str) -> str:
    """The translation of ``text`` in ``context`` (the same English may be translated differently)."""
    return _translate_in(context, text)


def gettext(text: str, **variables: Any) -> str:
    """The translation of ``text``, with ``%(name)s`` placeholders filled from ``variables``."""
    translated = _translate(text)
    return translated % variables if variables else translated


class LazyText:
    """A text translated each time it is shown: module-level tables exist before any language is chosen."""

    __slots__ = ("text", "variables")

    def __init__(self, text: str, **variables: Any) -> None:
        self.text = text
        self.variables = variables

    def __str__(self) -> str:
        return gettext(self.text, **self.variables)

    def __mod__(self, values: Any) -> str:
        return str(self) % values

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"LazyText({self.text!r})"


def lazy_gettext(text: str, **variables: Any) -> LazyText:
    return LazyText(text, **variables)
