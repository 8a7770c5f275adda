"""What a finished hand's review is given (``templates/partials/review.html``), for the server and the offline app
alike: the engine's :class:`~engine.review.HandReview`, the seats named as the viewer's table names them, the
viewer's own coach moments, and where the review's links go. Stepping from the deal through the tricks to the
result is the page's own (radio buttons and labels: no script, no request per step).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.coach import Moment
from engine.review import HandReview

from .room_page import Snapshot, hand_groups, table_names, trumps_of

DEAL, END = "deal", "end"


@dataclass(frozen=True)
class ReviewLinks:
    """Where the review leads: back to the table, the export, the hands before and after (``None``: none)."""

    table: str | None = None
    export: str | None = None
    previous: str | None = None
    next: str | None = None


def steps_of(review: HandReview) -> list[str]:
    """The review's steps: the deal (with the declaring and the kitty), each trick by its number, the result."""
    return [DEAL, *(str(trick.number) for trick in review.tricks), END]


def review_context(snapshot: Snapshot, review: HandReview, moments: Sequence[Moment], step: str | None,
                   links: ReviewLinks) -> dict[str, Any]:
    """The variables of the review; ``step`` is the one shown first (a coach's moment links to its trick)."""
    steps = steps_of(review)
    trumps = trumps_of(review.trump, review.rules)
    return {
        "snap": snapshot,
        "me": snapshot.my_seat,
        "review": review,
        "steps": steps,
        "first_step": step if step in steps else DEAL,
        "trump_cards": trumps,
        "dealt_groups": [[[card for card, _ in group] for group in hand_groups(dealt, (), trumps)]
                         for dealt in review.dealt],
        "moments": {moment.trick: moment for moment in moments},
        "links": links,
        **table_names(snapshot),
    }
