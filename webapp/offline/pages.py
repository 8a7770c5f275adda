"""The server's templates rendered in the browser: Jinja2 over the bundled ``templates/``, with the same
i18n extension as Flask-Babel's (new-style ``_()``) in the language the offline page was saved in.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from webapp.core import translation
from webapp.core.room_page import UrlFor
from webapp.core.template_globals import TEMPLATE_GLOBALS
from webapp.core.template_text import install_template_text

# The bundle holds engine/, webapp/core/, webapp/offline/, templates/ and translations/ side by side.
ROOT = Path(__file__).resolve().parents[2]


class Pages:
    def __init__(self, locale: str, url_for: UrlFor, root: Path = ROOT) -> None:
        catalogue = gettext.translation("messages", localedir=root / "translations", languages=[locale],
                                        fallback=True)
        translation.install(catalogue.gettext, catalogue.pgettext)
        # Flask's choices: autoescaping for HTML (and SVG, XML) files.
        self.environment = Environment(loader=FileSystemLoader(root / "templates"),
                                       autoescape=select_autoescape(["html", "htm", "xml", "xhtml", "svg"]),
                                       extensions=["jinja2.ext.i18n"])
        self.environment.install_gettext_callables(catalogue.gettext, catalogue.ngettext, newstyle=True,
                                                   pgettext=catalogue.pgettext, npgettext=catalogue.npgettext)
        install_template_text(self.environment, catalogue.gettext, catalogue.pgettext)
        self.environment.globals.update(TEMPLATE_GLOBALS, url_for=url_for)

    def render(self, name: str, **context: Any) -> str:
        return self.environment.get_template(name).render(**context)

    def regions(self, names: tuple[str, ...], **context: Any) -> str:
        """The partials ``names`` (``templates/partials/<name>.html``), each marked for an out-of-band swap."""
        return "".join(self.render(f"partials/{name}.html", oob=True, **context) for name in names)
