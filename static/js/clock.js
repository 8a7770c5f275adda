// Timers the server renders as seconds at the moment it rendered them: the running clock of a timed match
// (R9.5, [data-remaining], "1:29:59"), a person's turn clock or window and the hand-end countdown
// ([data-countdown], seconds left), and how long a seat has been offline ([data-elapsed], seconds). This page's
// own timer moves them on, so a phone whose clock is wrong still shows the right time; a region swapped in
// anew starts its timers from what it says.
(() => {
  const seen = new WeakMap();

  function pad(n) { return String(n).padStart(2, "0"); }

  function clockText(seconds) {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  }

  function tick() {
    const now = performance.now();
    document.querySelectorAll("[data-remaining], [data-countdown], [data-elapsed]").forEach(timer => {
      if (!seen.has(timer)) seen.set(timer, now);
      const passed = (now - seen.get(timer)) / 1000;
      const data = timer.dataset;
      if (data.remaining !== undefined) {
        const left = Math.max(0, Math.round(Number(data.remaining) - passed));
        timer.querySelector(".clock-time").textContent = clockText(left);
        timer.closest("[data-clock]").classList.toggle("up", left === 0);
      } else if (data.countdown !== undefined) {
        timer.textContent = Math.max(0, Math.ceil(Number(data.countdown) - passed));
      } else {
        timer.textContent = Math.floor(Number(data.elapsed) + passed);
      }
    });
  }

  document.addEventListener("htmx:after:swap", tick);
  document.addEventListener("DOMContentLoaded", () => { tick(); setInterval(tick, 1000); });
})();
