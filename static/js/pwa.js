// On every page: registers the service worker (/sw.js), shows when the server cannot be reached, and keeps the
// offline app on this device when the player asks (the home page's button) or installs the app.
(() => {
  const root = document.documentElement;
  const RETRY_MS = 10000;
  let retry = null;

  // Whether the server answers: navigator.onLine only says whether there is some network (and a page
  // loaded from the worker's cache may still claim it is online). "network:back" tells the offline app.
  async function checkNetwork() {
    let reachable = navigator.onLine;
    if (reachable) {
      try {
        reachable = (await fetch("/ping", {method: "HEAD", cache: "no-store"})).ok;
      } catch (noNetwork) {
        reachable = false;
      }
    }
    const wasOffline = root.dataset.network === "offline";
    root.dataset.network = reachable ? "online" : "offline";
    if (reachable && wasOffline) document.dispatchEvent(new Event("network:back"));
    clearTimeout(retry);
    if (!reachable) retry = setTimeout(checkNetwork, RETRY_MS);  // until it answers again
  }
  checkNetwork();
  window.addEventListener("online", checkNetwork);
  window.addEventListener("offline", checkNetwork);
  document.addEventListener("network:lost", checkNetwork);

  // Changes kept on this device that the server does not have yet (counted by the offline app).
  function showPending() {
    const count = Number(localStorage.getItem("shuangsheng.pending") || 0);
    const shown = document.getElementById("pending-count");
    if (shown) shown.textContent = String(count);
    root.dataset.pending = count ? "yes" : "no";
  }
  showPending();
  document.addEventListener("pending:changed", showPending);

  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", {scope: "/"});

  // A question to the active worker, answered through a message channel.
  async function ask(question) {
    const registration = await navigator.serviceWorker.ready;
    return new Promise(resolve => {
      const channel = new MessageChannel();
      channel.port1.onmessage = event => resolve(event.data);
      registration.active.postMessage(question, [channel.port2]);
    });
  }

  function showOfflineState(state) {
    root.dataset.offlineApp = state;  // "kept", "keeping", "failed" or "not-kept": CSS shows the matching text
  }

  async function keepOffline() {
    showOfflineState("keeping");
    const answer = await ask("keep-offline");
    if (answer.kept) await prepare(answer.prepare);
    showOfflineState(answer.kept ? "kept" : "failed");
  }

  // One start of the offline app's Python in a worker: it keeps the snapshot that makes the first start
  // without a network as fast as the later ones. Only an optimisation: a failure changes nothing else.
  function prepare({worker, ...start}) {
    return new Promise(resolve => {
      const preparing = new Worker(worker, {type: "module"});
      const done = () => { preparing.terminate(); resolve(); };
      preparing.onmessage = done;
      preparing.onerror = done;
      preparing.postMessage(start);
    });
  }

  document.addEventListener("click", event => {
    if (event.target.closest("[data-keep-offline]")) keepOffline();
  });
  window.addEventListener("appinstalled", keepOffline);
  ask("status").then(answer => showOfflineState(answer.kept ? "kept" : "not-kept"));
})();
