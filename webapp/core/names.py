"""Names people type (seats, teams, players): what is shown is what others can read, and no one can pass
for someone else.

A name loses the characters that change how text around it is drawn or that draw nothing: control
and format characters (bidi embeddings and overrides such as U+202E, zero-width spaces and joiners),
unassigned and private-use code points, surrogates, characters that look like a blank, and combining
marks stacked past two. Compatibility forms become their plain ones (NFKC: full-width ``Ｂｏｔ`` is ``Bot``),
and runs of spaces one space.

The table calls seats by labels of its own: "You", "Bot 3", "Player 2", "empty seat" (see
:func:`webapp.core.room_page.seat_name`), in each language, and marks them (dealer, partner, 托管). A name
that reads as one of them, once its case, spaces, digits and punctuation are set aside and Cyrillic or Greek
letters drawn like Latin ones read as those, is :func:`reserved`.

>>> normalised_name("  Ann\\u202e\\u200b  Lee\\n")
'Ann Lee'
>>> normalised_name("Ｂｏｔ　４"), reserved("Ｂｏｔ　４"), reserved("电脑 2"), reserved("Bottle")
('Bot 4', True, True, False)
"""

from __future__ import annotations

import unicodedata

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# Letters and symbols that render as nothing: a name made of them would look empty.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
MAX_STACKED_MARKS = 2

# The seat labels of room_page.seat_name in English, zh-Hans and zh-Hant (tests/webapp check them
# against the catalogues), 机器人, the other word people use for a bot, and the marks the table puts by a
# seat (dealer, partner, 托管, offline n s: the letters of each language's badge).
RESERVED_LABELS = frozenset({"you", "bot", "player", "emptyseat",
                             "你", "电脑", "電腦", "玩家", "空位", "机器人", "機器人",
                             "dealer", "庄家", "莊家", "partner", "对家", "對家", "autoplay", "托管", "託管",
                             "offline", "offlines", "离线", "离线秒", "離線", "離線秒"})
# Cyrillic and Greek letters drawn like Latin ones (after casefolding): "Bоt" with a Cyrillic о is still "Bot".
LOOKALIKES = str.maketrans("авеорсухіјѕԁһӏьтмкнαβεικνορτυχ", "abeopcyxijsdhlbtmkhabeiknoptux")


def normalised_name(text: str) -> str:
    """``text`` as it may be shown next to a seat or a team."""
    kept: list[str] = []
    marks = 0
    for character in unicodedata.normalize("NFKC", text):
        if character.isspace() or character in BLANK_LOOKING:
            kept.append(" ")
            continue
        if unicodedata.category(character) in INVISIBLE_CATEGORIES:
            continue
        marks = marks + 1 if unicodedata.category(character).startswith("M") else 0
        if marks <= MAX_STACKED_MARKS:
            kept.append(character)
    return " ".join("".join(kept).split())


def reserved(name: str) -> bool:
    """Whether ``name`` would read as one of the table's own labels for a seat."""
    letters = "".join(c for c in normalised_name(name).casefold() if unicodedata.category(c).startswith("L"))
    return letters.translate(LOOKALIKES) in RESERVED_LABELS
