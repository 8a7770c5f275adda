"""The templates' ``_()`` and ``pgettext()``, for Flask's Jinja and the offline app's alike.

They give what Jinja's new-style i18n callables give (the translation, marked safe where the template
autoescapes, always %-formatted with the call's variables, which are escaped), in one call where Jinja's make
three (its ``_`` resolves ``gettext``, which calls the translation, each through the template's dispatcher): a
live region translates about thirty texts, and every socket renders its own.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from .translation import Translate, TranslateIn


def install_template_text(environment: Environment, translate: Translate, translate_in: TranslateIn) -> None:
    """Replace the i18n extension's ``_``, ``gettext`` and ``pgettext`` globals (install them after it)."""

    @pass_eval_context
    def gettext(eval_context: EvalContext, text: str, **variables: Any) -> str:
        return _formatted(eval_context, translate(text), variables)

    @pass_eval_context
    def pgettext(eval_context: EvalContext, context: str, text: str, **variables: Any) -> str:
        return _formatted(eval_context, translate_in(context, text), variables)

    environment.globals.update(_=gettext, gettext=gettext, pgettext=pgettext)


def _formatted(eval_context: EvalContext, translated: str, variables: dict[str, Any]) -> str:
    text = Markup(translated) if eval_context.autoescape else translated
    # Formatting a text without a "%" changes nothing, and costs Markup's escaping machinery (most texts have none).
    return text % variables if variables or "%" in translated else text
