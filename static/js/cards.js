// Card selection helpers (the only hand-written JavaScript): the "n / 8" counter while burying.
(() => {
  function updateCounter() {
    const counter = document.querySelector("[data-counter]");
    if (!counter) return;
    const chosen = document.querySelectorAll('#hand-form input[name="cards"]:checked').length;
    const need = Number(counter.dataset.need);
    counter.textContent = `${chosen} / ${need}`;
    counter.classList.toggle("full", chosen === need);
  }
  document.addEventListener("change", updateCounter);
  document.addEventListener("htmx:after:swap", updateCounter);
  document.addEventListener("DOMContentLoaded", updateCounter);
})();
