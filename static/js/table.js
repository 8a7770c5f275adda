// The table's small motions (templates/partials/table.html, actions.html, message.html):
// - a play not seen before arrives from its seat (app.css animates .arrive; nothing under prefers-reduced-motion);
// - a declare / reinforce / overturn offer that was not on screen before takes taps only after a moment, so a
//   tap meant for the button it replaced (亮主 → 反主 as cards arrive) does nothing: a changed offer needs a
//   fresh tap;
// - a refusal (or the hint's advice) lies over the table until the next action, or until it is tapped away;
// - the list of quick phrases closes once one is sent.
(() => {
  const ARMING_MS = 700;  // longer than a tap already on its way when the offer changed
  const seenPlays = new Set();
  let offers = new Set();

  function offerKey(button) {
    return `${button.dataset.kind}:${button.dataset.show}`;
  }

  function noticePlays(root, animate) {
    root.querySelectorAll("[data-play]").forEach(play => {
      if (seenPlays.has(play.dataset.play)) return;
      seenPlays.add(play.dataset.play);
      if (animate) play.classList.add("arrive");
    });
  }

  function armNewOffers(root, arm) {
    const now = new Set();
    root.querySelectorAll("button.show").forEach(button => {
      const key = offerKey(button);
      now.add(key);
      if (!arm || offers.has(key)) return;
      button.disabled = true;
      button.classList.add("arming");
      setTimeout(() => { button.disabled = false; button.classList.remove("arming"); }, ARMING_MS);
    });
    offers = now;
  }

  document.addEventListener("htmx:before:settle", event => {
    const region = event.target;
    if (!region.querySelector) return;
    noticePlays(region, true);
    if (region.id === "actions" || region.querySelector("#actions")) armNewOffers(region, true);
  });

  document.addEventListener("DOMContentLoaded", () => {
    noticePlays(document, false);
    armNewOffers(document, false);
  });

  document.addEventListener("submit", event => {
    const talk = document.getElementById("show-talk");
    if (talk && event.target.closest("[data-talk]")) talk.checked = false;
  });

  document.addEventListener("click", event => {
    const message = event.target.closest("#message.error, #message.advice");
    if (message && !event.target.closest("a")) {
      message.textContent = "";
      message.classList.remove("error", "advice");
    }
  });
})();
