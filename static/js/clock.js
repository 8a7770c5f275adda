// The running clock of a timed match (R9.5) on the room and scoresheet pages. The server renders the
// seconds left ([data-remaining]); the clock counts down from this page's own timer, so a phone whose
// clock is wrong still shows the right time left, and the surrounding [data-clock] turns "up" at zero.
(() => {
  const deadlines = new WeakMap();

  function pad(n) { return String(n).padStart(2, "0"); }

  function clockText(seconds) {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  }

  function tick() {
    document.querySelectorAll("[data-remaining]").forEach(clock => {
      if (!deadlines.has(clock)) deadlines.set(clock, performance.now() + Number(clock.dataset.remaining) * 1000);
      const left = Math.max(0, Math.round((deadlines.get(clock) - performance.now()) / 1000));
      clock.querySelector(".clock-time").textContent = clockText(left);
      clock.closest("[data-clock]").classList.toggle("up", left === 0);
    });
  }

  document.addEventListener("htmx:after:swap", tick);
  document.addEventListener("DOMContentLoaded", () => { tick(); setInterval(tick, 1000); });
})();
