"""Quick phrases and reactions (issue 14): a short list of set things to say at a table, each shown for a moment by
the seat that said it, in every reader's own language. No free text, so there is nothing to moderate."""

from __future__ import annotations

from dataclasses import dataclass

from .translation import lazy_gettext as _l

SHOW_SECONDS = 4.0  # a phrase shows this long by its seat

PHRASES = {
    "hurry": _l("Come on, hurry up! (快点吧)"),
    "nice": _l("Nice cards! (好牌)"),
    "thanks": _l("Thanks, partner! (谢谢队友)"),
    "sorry": _l("Sorry! (不好意思)"),
    "well_played": _l("Well played! (打得好)"),
    "again": _l("One more game? (再来一局)"),
}
REACTIONS = {"thumbs": "👍", "laugh": "😄", "wow": "😮", "sad": "😢", "clap": "👏"}


@dataclass(frozen=True)
class Said:
    """``seat`` said ``phrase`` (a key of :data:`PHRASES` or :data:`REACTIONS`) at ``at`` (seconds since the epoch)."""

    seat: int
    phrase: str
    at: float

    @property
    def text(self) -> str:
        return str(PHRASES[self.phrase]) if self.phrase in PHRASES else REACTIONS[self.phrase]

    @property
    def reaction(self) -> bool:
        return self.phrase in REACTIONS


def known(phrase: str) -> bool:
    return phrase in PHRASES or phrase in REACTIONS
