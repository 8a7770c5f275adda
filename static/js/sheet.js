// The scoresheet page's small helpers (the forms work without them): ±5 steppers for the points,
// the running clock of a timed match (R9.5), and bringing the form into view when a hand is edited.
(() => {
  const deadlines = new WeakMap();

  function pad(n) { return String(n).padStart(2, "0"); }

  function clockText(seconds) {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  }

  function tick() {
    const clock = document.querySelector("#sheet-clock .clock[data-remaining]");
    if (!clock) return;
    // Counted from this page's own timer, so a phone whose clock is wrong still shows the right time left.
    if (!deadlines.has(clock)) deadlines.set(clock, performance.now() + Number(clock.dataset.remaining) * 1000);
    const left = Math.max(0, Math.round((deadlines.get(clock) - performance.now()) / 1000));
    clock.querySelector(".clock-time").textContent = clockText(left);
    document.getElementById("sheet-clock").classList.toggle("up", left === 0);
  }

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
    tick();
    const form = document.querySelector("#hand-form.editing");
    if (form && !form.dataset.shown) {
      form.dataset.shown = "1";
      form.scrollIntoView({block: "start"});
    }
  });
  document.addEventListener("DOMContentLoaded", () => { showSteppers(); tick(); setInterval(tick, 1000); });
})();
