"""Languages: zh-Hans, zh-Hant and English (Flask-Babel), from a cookie or Accept-Language.

The ``.po`` catalogues in ``translations/`` are compiled to ``.mo`` at app start
when missing or older, so no generated binary is committed.
"""

from __future__ import annotations

from contextvars import ContextVar
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from flask import Flask, request
from flask.globals import _cv_request
from flask_babel import Babel, get_locale, get_translations

from webapp.core import translation
from webapp.core.template_text import install_template_text

LOCALES = ("zh_Hans", "zh_Hant", "en")
LANGUAGE_NAMES = {"zh_Hans": "简体中文", "zh_Hant": "繁體中文", "en": "English"}
HTML_LANG = {"zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant", "en": "en"}
COOKIE = "lang"
TRADITIONAL_REGIONS = ("hant", "tw", "hk", "mo")


def locale_from_accept_language(tags: list[str]) -> str:
    """The first supported language in preference order; Chinese variants by script or region."""
    for tag in tags:
        tag = tag.lower().replace("_", "-")
        if tag.startswith("zh"):
            parts = tag.split("-")[1:]
            return "zh_Hant" if any(p in TRADITIONAL_REGIONS for p in parts) else "zh_Hans"
        if tag.startswith("en"):
            return "en"
    return "en"


def select_locale() -> str:
    chosen = request.args.get(COOKIE) or request.cookies.get(COOKIE)
    if chosen in LOCALES:
        return chosen
    return locale_from_accept_language([tag for tag, _ in request.accept_languages])


def current_locale() -> str:
    return str(get_locale())


def compile_catalogues(directory: Path) -> None:
    for po_path in directory.glob("*/LC_MESSAGES/messages.po"):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file)
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog)


# The request's catalogue, looked up once per request: a page or a live region translates a hundred texts, and
# Flask-Babel's own lookup goes through the request context for each. Kept with the request it is for (a
# WebSocket is one request for its whole life); a context variable, since gevent gives each greenlet its own.
_catalogue: ContextVar[tuple[object, Translations] | None] = ContextVar("catalogue", default=None)


def catalogue() -> Translations:
    current = _cv_request.get(None)  # the request's context, as has_request_context() reads it (one lookup)
    cached = _catalogue.get()
    if cached is not None and cached[0] is current:
        return cached[1]
    found = get_translations()
    _catalogue.set((current, found))
    return found


def init_i18n(app: Flask) -> None:
    directory = Path(app.root_path).parent / "translations"
    compile_catalogues(directory)
    Babel(app, locale_selector=select_locale, default_translation_directories=str(directory))
    # The shared page code (webapp.core) and the templates speak the request's language.
    translate = lambda text: catalogue().ugettext(text)
    translate_in = lambda context, text: catalogue().upgettext(context, text)
    translation.install(translate, translate_in)
    app.jinja_env.install_gettext_callables(
        gettext=translate,
        ngettext=lambda singular, plural, n: catalogue().ungettext(singular, plural, n),
        pgettext=translate_in,
        npgettext=lambda context, singular, plural, n: catalogue().unpgettext(context, singular, plural, n),
        newstyle=True)
    install_template_text(app.jinja_env, translate, translate_in)
    app.jinja_env.globals.update(current_locale=current_locale, LANGUAGE_NAMES=LANGUAGE_NAMES,
                                 HTML_LANG=HTML_LANG)
