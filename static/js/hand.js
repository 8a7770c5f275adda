// The hand (templates/partials/hand.html): how its cards lie on the screen, and picking them with a thumb.
//
// Layout: the cards overlap, each showing a strip at least as wide as its corner index (rank and suit), and
// one suit for play is never split across rows unless it alone is longer than a row. Of the arrangements
// with the fewest rows, the one with the widest strips is taken. The CSS does the wrapping (each suit is
// one flex item whose width is its cards times the strip); this script only picks the strip (--strip) and,
// for a suit longer than a row, splits it into row-long pieces.
//
// Picking: a tap selects or unselects a card; sliding across cards does the same to every card passed,
// as the first card went. The checkboxes stay the form's fields (the keyboard and no-JavaScript work).
// The "n / 8" counter while burying follows the selection.
(() => {
  function px(element, property) {
    return parseFloat(getComputedStyle(element).getPropertyValue(property));
  }

  // Rows that flex-wrap makes of pieces of ``counts`` cards (Infinity: a piece does not fit) at a given strip width (app.css: a piece's box is
  // its cards times the strip plus the gap between suits; the padding on the right leaves room for the last
  // card of a row, which shows whole).
  function rowsAt(counts, strip, gap, cardWidth, width) {
    const available = width - (cardWidth - strip - gap);
    let rows = 0, used = Infinity;
    for (const count of counts) {
      const size = count * strip + gap;
      if (size > available) return Infinity;  // wider than the screen
      if (used + size > available) { rows += 1; used = 0; }
      used += size;
    }
    return rows;
  }

  // The most cards of one suit a row holds at the narrowest strip.
  function rowCapacity(minStrip, cardWidth, width) {
    return Math.max(1, Math.floor((width - cardWidth + minStrip) / minStrip));
  }

  function mergeSplitSuits(cards) {
    cards.querySelectorAll(".suit-group[data-continued]").forEach(piece => {
      piece.previousElementSibling.append(...piece.children);
      piece.remove();
    });
  }

  function splitLongSuits(cards, capacity) {
    cards.querySelectorAll(".suit-group").forEach(group => {
      const slots = [...group.children];
      const pieces = Math.ceil(slots.length / capacity);
      let after = group;
      for (let piece = 1; piece < pieces; piece++) {
        const next = document.createElement("span");
        next.className = "suit-group";
        next.dataset.continued = "";
        const size = Math.ceil(slots.length / pieces);
        next.append(...slots.slice(piece * size, (piece + 1) * size));
        after.after(next);
        after = next;
      }
    });
  }

  function layOut(cards) {
    const width = cards.clientWidth - px(cards, "padding-left");
    const card = cards.querySelector(".card");
    if (!card || width <= 0) return;
    const cardWidth = card.getBoundingClientRect().width;
    // The widest corner index (its padding included), and a pixel for the border of the card over it.
    const index = Math.max(...[...cards.querySelectorAll(".card .index")].map(i => i.getBoundingClientRect().width));
    const minStrip = Math.ceil(index) + 1;
    const gap = px(cards, "--gap");
    mergeSplitSuits(cards);
    splitLongSuits(cards, rowCapacity(minStrip, cardWidth, width));
    const counts = [...cards.querySelectorAll(".suit-group")].map(group => group.children.length);
    const rows = rowsAt(counts, minStrip, gap, cardWidth, width);
    let low = minStrip, high = cardWidth + gap;
    while (high - low > 0.5) {  // rowsAt only grows with the strip: the widest strip with as few rows
      const middle = (low + high) / 2;
      if (rowsAt(counts, middle, gap, cardWidth, width) > rows) high = middle; else low = middle;
    }
    cards.style.setProperty("--strip", `${Math.floor(low * 2) / 2}px`);
    cards.dataset.rows = String(rows);
  }

  function layOutAll(root = document) {
    root.querySelectorAll("[data-hand]").forEach(layOut);
  }

  function updateCounter() {
    const counter = document.querySelector("[data-counter]");
    if (!counter) return;
    const chosen = document.querySelectorAll('#hand-form input[name="cards"]:checked').length;
    const need = Number(counter.dataset.need);
    counter.textContent = `${chosen} / ${need}`;
    counter.classList.toggle("full", chosen === need);
  }

  // ------------------------------------------------------------------ tap and slide

  let sliding = null;  // {select: whether the slide selects or unselects, pointer: its id}
  let handledClick = false;

  function setSlot(slot) {
    const input = slot.querySelector("input");
    if (input.checked === sliding.select) return;
    input.checked = sliding.select;
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }

  document.addEventListener("pointerdown", event => {
    const slot = event.target.closest("#hand .slot");
    if (!slot || event.button !== 0) return;
    sliding = {select: !slot.querySelector("input").checked, pointer: event.pointerId};
    handledClick = true;
    setSlot(slot);
    event.preventDefault();  // no text selection, no scrolling of the page
  });

  document.addEventListener("pointermove", event => {
    if (!sliding || event.pointerId !== sliding.pointer) return;
    const slot = document.elementFromPoint(event.clientX, event.clientY)?.closest("#hand .slot");
    if (slot) setSlot(slot);
  });

  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, event => {
      if (sliding && event.pointerId === sliding.pointer) sliding = null;
    });
  }

  // The label's own click would toggle the card a second time.
  document.addEventListener("click", event => {
    if (handledClick && event.target.closest("#hand .slot")) event.preventDefault();
    handledClick = false;
  }, true);

  // ------------------------------------------------------------------ when to lay out

  // Right after a region is put in, before the screen is drawn (htmx:after:swap comes a moment later).
  document.addEventListener("htmx:before:settle", event => {
    if (event.target.querySelector?.("[data-hand]")) layOutAll(event.target);
    updateCounter();
  });
  document.addEventListener("change", updateCounter);
  document.addEventListener("DOMContentLoaded", () => {
    layOutAll();
    updateCounter();
    new ResizeObserver(() => layOutAll()).observe(document.documentElement);
  });
})();
