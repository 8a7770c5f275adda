"""What a benchmark player reads on its room page, as a browser reads it: the regions the WebSocket swaps in
by id (out of band), the id its next move carries, the control a person would press now, and the form that
control submits (every field the page puts in it, so the player sends exactly what a browser would)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import lxml.html

# Every region of the room page is a top-level <section id=…> (templates/partials/*.html), none nested.
REGION = re.compile(r'<section id="(?P<name>[\w-]+)".*?</section>', re.DOTALL)
ACTION_ID = re.compile(r'name="action_id" value="([^"]*)"')
PHASE = re.compile(r'id="turn"[^>]*data-phase="(\w+)"')
SOCKET_URL = re.compile(r'hx-ws:connect="([^"]+)"')

# The controls a person presses, in the order they look for them; each is found by what the page shows.
CONTROLS = {
    "start": '//section[@id="lobby"]//button[@id="start"][not(@disabled)]',
    # Declaring only on one's own turn after the deal (a Pass button is offered then): a Declare pressed
    # during the deal can lose a race with a bot's declaration, and a benchmark move is never refused.
    "declare": '//section[@id="actions"][.//button[@id="pass"]]//button[@data-kind="declare"]',
    "pass": '//section[@id="actions"]//button[@id="pass"]',
    "bury": '//section[@id="actions"]//button[@id="bury"]',
    "play": '//section[@id="actions"]//button[@id="play"]',
    "next": '//section[@id="actions"]//button[@id="next-hand"]',
}
HINT_LINK = '//section[@id="actions"]//a[@id="hint"]'
NEEDS_HINT = ("bury", "play")  # the cards come from the page's Hint, which checks them in the hand


@dataclass(frozen=True)
class Submission:
    """A form post as the page sends it: where, and the successful controls' names and values."""

    url: str
    fields: list[tuple[str, str]]


class Page:
    """One browser's copy of a room page: the full page first, then every frame swapped in by region id."""

    def __init__(self, page_html: str) -> None:
        self.regions: dict[str, str] = {}
        self.action_id: str | None = None  # the hidden ``action_id`` of the actions region
        self.phase: str | None = None      # the hand's phase the status region shows (dealing, playing…)
        self._parsed: dict[tuple[str, ...], lxml.html.HtmlElement] = {}
        self.apply(page_html)
        found = SOCKET_URL.search(page_html)
        self.socket_url = html.unescape(found.group(1)) if found else None

    def apply(self, fragment: str) -> bool:
        """Swap in the regions of a page or a frame; ``True`` if the move id changed with them."""
        before = self.action_id
        for found in REGION.finditer(fragment):
            self.regions[found["name"]] = found.group(0)
            if found["name"] == "actions":
                move_id = ACTION_ID.search(found.group(0))
                self.action_id = move_id.group(1) if move_id else None
            elif found["name"] == "status":
                phase = PHASE.search(found.group(0))
                self.phase = phase.group(1) if phase else None
        return self.action_id != before

    def control(self) -> str | None:
        """What a person would press now (``CONTROLS``' names), or ``None`` while the page offers nothing."""
        document = self._document()
        return next((name for name, path in CONTROLS.items() if document.xpath(path)), None)

    def hint_url(self) -> str:
        return self._document().xpath(HINT_LINK)[0].get("hx-get")

    def submission(self, control: str) -> Submission:
        """The form that ``control``'s button submits."""
        return form_of(self._document(("lobby", "actions", "hand")), CONTROLS[control])

    def _document(self, names: tuple[str, ...] = ("lobby", "actions")) -> lxml.html.HtmlElement:
        """The regions a control is found in, parsed once per change of them (the deal's frames, which
        touch other regions, cost no parsing)."""
        key = tuple(self.regions.get(name, "") for name in names)
        if key not in self._parsed:
            self._parsed = {key: lxml.html.fromstring("<div>" + "".join(key) + "</div>")}
        return self._parsed[key]


def form_of(document: lxml.html.HtmlElement | str, button_path: str, **values: str) -> Submission:
    """The form a button submits, with every field a browser would send: the form's successful controls,
    hidden inputs elsewhere that name it with ``form=``, the button's own name and value; ``values``
    replace what a person types or picks (a name, a seat)."""
    if isinstance(document, str):
        document = lxml.html.fromstring(document)
    button = document.xpath(button_path)[0]
    form_id = button.get("form")
    form = document.get_element_by_id(form_id) if form_id else next(button.iterancestors("form"))
    fields = list(form.form_values())
    if form.get("id"):
        fields += [(element.name, element.value)
                   for element in document.xpath('//input[@form=$form][@type="hidden"]', form=form.get("id"))]
    if button.get("name"):
        fields.append((button.get("name"), button.get("value", "")))
    fields = [(name, value) for name, value in fields if name not in values] + list(values.items())
    return Submission(form.get("hx-post") or form.get("action"), fields)


def message_text(answer: str) -> str:
    """The message an answer shows a person (why a request was refused): the message region of an htmx
    answer or the error page's, else the whole text."""
    if not answer.strip():
        return ""
    document = lxml.html.fromstring(answer)
    shown = document.xpath('//*[@role="alert"]')
    return " ".join((shown[0] if shown else document).text_content().split())[:200]
