// This browser's statistics (issue 14). Solo games are kept here, not on the server: a solo game's hand-end
// screen carries the seat's record of the hand ([data-hand-record]: its result and seat, public once the hand is
// over, R7 and R9), which joins the records the offline app keeps (same key, same format), once per game and
// hand however often the screen is shown, the newest ones kept. The statistics page (#stats[data-stats-url])
// sends the kept records to the server, which answers with the region counting them with the room seats it
// keeps (and keeps nothing sent); without this script the page shows the room seats alone.
(() => {
  const keptNow = new Set();  // the hands this page has kept already (the screen is swapped in again and again)

  function records(key) {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? "[]");
      return Array.isArray(saved) ? saved : [];
    } catch {
      return [];  // storage written by something else: start again rather than stop keeping
    }
  }

  function keepHandRecord() {
    const screen = document.querySelector("[data-hand-record]");
    if (!screen) return;
    const record = JSON.parse(screen.dataset.handRecord);
    const hand = `${record.game}\n${record.hand_number}`;
    if (keptNow.has(hand)) return;
    const key = screen.dataset.statsKey;
    const saved = records(key);
    if (!saved.some(r => r.game === record.game && r.hand_number === record.hand_number)) {
      saved.push(record);
      localStorage.setItem(key, JSON.stringify(saved.slice(-Number(screen.dataset.statsKept))));
    }
    keptNow.add(hand);
  }

  async function showWithBrowser() {
    const region = document.querySelector("#stats[data-stats-url]");
    if (!region) return;
    const response = await fetch(region.dataset.statsUrl, {
      method: "POST", headers: {"Content-Type": "application/json", "Accept": "text/html"},
      body: JSON.stringify({records: records(region.dataset.statsKey)}),
    });
    if (response.ok) {
      region.outerHTML = await response.text();
      return;
    }
    const problem = region.querySelector("#stats-problem");
    problem.querySelector("span").textContent = (await response.json().catch(() => ({}))).error
      ?? response.statusText;
    problem.hidden = false;
  }

  document.addEventListener("htmx:after:swap", keepHandRecord);
  document.addEventListener("DOMContentLoaded", () => {
    keepHandRecord();
    showWithBrowser();
  });
})();
