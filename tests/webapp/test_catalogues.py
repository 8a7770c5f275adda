"""Every text the app can show has its zh-Hans and zh-Hant translation (the README's Translations paragraph)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
METHODS = [("engine/**.py", "python"), ("webapp/**.py", "python"), ("templates/**.html", "jinja2")]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "_l": None, "N_": None}


def extracted() -> set[tuple[str | None, str]]:
    found = set()
    for _, _, message, _, context in extract_from_dir(ROOT, METHODS, keywords=KEYWORDS):
        found.add((context, message if isinstance(message, str) else message[0]))
    return found


@pytest.mark.parametrize("locale", ["zh_Hans", "zh_Hant"])
def test_every_text_is_translated(locale):
    with (ROOT / "translations" / locale / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po)
    translated = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogue
                  if m.id and (m.string if isinstance(m.string, str) else all(m.string))}
    assert sorted(extracted() - translated, key=str) == []
