// The offline app's page (templates/offline/shell.html). It starts Python (offline-python.js), then
// hands every htmx request for /offline/… to the app in it (webapp/offline/app.py), which answers as the server
// would, with the server's templates. It also moves the solo table's bots at the server's pace, sends
// the scoresheets kept here to the server whenever the network is there, saves a kept hand's export as a file
// and reads an exported hand's file for its review.
(() => {
  const main = document.getElementById("offline-app");
  const PREFIX = "/offline/";
  const PENDING_KEY = "shuangsheng.pending";
  const MAX_SYNC_ROUNDS = 20;
  const dealDelay = Number(main.dataset.dealDelay);
  const botDelay = Number(main.dataset.botDelay);
  const showWindow = Number(main.dataset.showWindow);
  let app = null;  // the Python OfflineApp

  htmx.config.history = "reload";  // going back reloads the page (and the app answers for its address)

  const appReady = startApp();
  const ready = appReady.then(showFirstPage).catch(error => {
    document.getElementById("booting").textContent = String(error);
    throw error;
  });

  async function startApp() {
    const started = performance.now();
    const {pyodide} = await OfflinePython.start({indexURL: main.dataset.pyodide, bundleURL: main.dataset.bundle,
                                                 snapshotCache: main.dataset.snapshotCache});
    // Storage as the app sees it (webapp/offline/storage.py); a missing key is None, not JavaScript's null.
    const storage = {get: key => localStorage.getItem(key) ?? undefined,
                     put: (key, value) => localStorage.setItem(key, value)};
    app = pyodide.pyimport("webapp.offline.app").OfflineApp(storage, main.dataset.locale);
    return started;
  }

  async function showFirstPage(started) {
    const keep = location.pathname.match(/^\/offline\/keep\/([\w-]+)$/);
    if (keep) {
      await keepServerSheet(keep[1]);
    } else {
      await htmx.ajax("GET", location.pathname + location.search, {target: main, swap: "innerHTML"});
    }
    main.dataset.bootMs = String(Math.round(performance.now() - started));
  }

  // A sheet of the server kept on this device (its page links here): the app gets the server's copy.
  async function keepServerSheet(code) {
    const response = await fetch(`/s/${code}/sheet.json`);
    if (!response.ok) throw new Error(`/s/${code}/sheet.json: ${response.status}`);
    await htmx.ajax("POST", PREFIX + "keep", {target: main, swap: "innerHTML",
                                              values: {answer: await response.text()}});
  }

  // htmx asks the app instead of the network for this page's own addresses.
  document.addEventListener("htmx:config:request", event => {
    const ctx = event.detail.ctx;
    const url = new URL(ctx.request.action, location.href);
    if (url.origin === location.origin && url.pathname.startsWith(PREFIX)) {
      ctx.fetch = answerHere;
      ctx.answeredHere = true;
    }
  });
  // Once an answer is swapped in: the bots may move, and there may be something new to sync.
  document.addEventListener("htmx:finally:request", event => {
    if (event.detail.ctx.answeredHere) afterChange();
  });

  async function answerHere(action, request) {
    await appReady;
    const url = new URL(action, location.href);
    const answer = app.handle(request.method, url.pathname + url.search, request.body ? String(request.body) : "");
    const headers = answer.headers.toJs({dict_converter: Object.fromEntries});
    const response = new Response(answer.body, {status: answer.status,
                                                headers: {"Content-Type": "text/html; charset=utf-8", ...headers}});
    answer.destroy();
    return response;
  }

  function afterChange() {
    moveTheBots();
    showPending();
    sync();
  }

  // Out-of-band regions from the app (bots' moves, sync results), swapped by id as the WebSocket's are.
  function swapRegions(html) {
    return htmx.swap({sourceElement: main, target: main, swap: "innerHTML swapEmpty:false", text: html,
                      transition: false});
  }

  // A wait the player's own move cuts short (a person's window to show lasts until they answer).
  let wakeUp = () => {};
  const sleep = ms => new Promise(resolve => {
    const timer = setTimeout(resolve, ms);
    wakeUp = () => { clearTimeout(timer); resolve(); };
  });

  // ------------------------------------------------------------------ the solo table

  let moving = false;

  async function moveTheBots() {
    if (moving) {
      wakeUp();  // the player moved: plan again at once
      return;
    }
    if (!document.querySelector("[data-solo-table]")) return;
    moving = true;
    try {
      for (let wait = app.solo_next_pace(dealDelay, botDelay, showWindow); wait != null;
           wait = app.solo_next_pace(dealDelay, botDelay, showWindow)) {
        await sleep(wait);
        if (!document.querySelector("[data-solo-table]")) break;
        const regions = app.solo_step();  // null: the player moved meanwhile, so plan again
        if (regions != null) await swapRegions(regions);
      }
    } finally {
      moving = false;
    }
  }

  // ------------------------------------------------------------------ exported hands

  // An export link of a hand kept here (its review, or the game's): the app's JSON, saved as a file.
  document.addEventListener("click", event => {
    const link = event.target.closest("a[data-export]");
    if (!link || !app) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(PREFIX)) return;
    event.preventDefault();
    const answer = app.handle("GET", url.pathname + url.search, "");
    const file = URL.createObjectURL(new Blob([answer.body], {type: "application/json"}));
    answer.destroy();
    const save = document.createElement("a");
    save.href = file;
    save.download = link.getAttribute("download") || "hand.json";
    save.click();
    setTimeout(() => URL.revokeObjectURL(file), 60_000);  // long after the browser has taken the file
  });

  // Opening an exported hand: the chosen file's text goes into the form, which the app reads.
  document.addEventListener("change", async event => {
    const picker = event.target.closest("input[data-export-file]");
    if (!picker || !picker.files.length) return;
    const text = picker.form.querySelector("[data-export-text]");
    text.value = await picker.files[0].text();
  });

  // ------------------------------------------------------------------ the scoresheets' sync

  let syncing = false;

  async function sync() {
    if (syncing || document.documentElement.dataset.network === "offline" || !app) return;
    syncing = true;
    try {
      // Each answer brings the server closer; the bound only guards against a server that takes nothing.
      for (let round = 0, next = app.next_sync(); next != null && round < MAX_SYNC_ROUNDS;
           round++, next = app.next_sync()) {
        const call = JSON.parse(next);
        let response;
        try {
          response = await fetch(call.path, {method: call.method, body: JSON.stringify(call.body),
                                             headers: {"Content-Type": "application/json",
                                                       "X-Edit-Token": call.edit_token}});
        } catch (noNetwork) {
          document.dispatchEvent(new Event("network:lost"));  // pwa.js shows it, and says when it is back
          break;
        }
        // The server's trouble, or too many new sheets from this address for now (429): again later.
        if (response.status >= 500 || response.status === 409 || response.status === 429) break;
        const text = await response.text();
        const regions = response.ok ? app.sync_answered(call.code, text)
                                    : app.sync_refused(call.code, problemOf(text, response.status));
        if (document.querySelector(`[data-local-sheet="${call.code}"]`)) await swapRegions(regions);
      }
    } finally {
      syncing = false;
      showPending();
    }
  }

  function problemOf(text, status) {
    try {
      return JSON.parse(text).error || String(status);
    } catch (notJson) {
      return String(status);
    }
  }

  function showPending() {
    if (!app) return;
    localStorage.setItem(PENDING_KEY, String(app.pending_count()));  // for the header of every page (pwa.js)
    document.dispatchEvent(new Event("pending:changed"));
  }

  document.addEventListener("network:back", sync);
})();
