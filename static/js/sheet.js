// The scoresheet page's small helpers (the forms work without them): ±5 steppers for the points,
// and bringing the form into view when a hand is edited (the clock is static/js/clock.js).
(() => {
  function showSteppers() {
    document.querySelectorAll("#hand-form [data-step][hidden]").forEach(button => { button.hidden = false; });
  }

  document.addEventListener("click", event => {
    const button = event.target.closest("[data-step]");
    if (!button) return;
    const input = document.getElementById(button.dataset.for);
    const next = (Number(input.value) || 0) + Number(button.dataset.step);
    input.value = Math.min(Number(input.max), Math.max(Number(input.min), next));
    input.dispatchEvent(new Event("input", {bubbles: true}));
  });

  document.addEventListener("htmx:after:swap", () => {
    showSteppers();
    const form = document.querySelector("#hand-form.editing");
    if (form && !form.dataset.shown) {
      form.dataset.shown = "1";
      form.scrollIntoView({block: "start"});
    }
  });
  document.addEventListener("DOMContentLoaded", showSteppers);
})();
