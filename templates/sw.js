// The service worker of Shuang Sheng (issue 6), rendered by webapp/views/pwa.py.
//
// Two caches carry the app's version in their names. The shell (the home page and what every page loads)
// is cached at install. The offline app (its page, Pyodide and the Python bundle: megabytes) is cached only
// when a page asks ("keep-offline": the player opted in or installed the app); a new version caches it
// again if the old one had it. Pages come from the network first and from the caches without one; the
// other files come from the caches first. POSTs and htmx requests always go to the network.
const VERSION = {{ version | tojson }};
const SHELL_CACHE = "shell-" + VERSION;
const OFFLINE_CACHE = "offline-" + VERSION;
const SNAPSHOT_CACHE = {{ prepare.snapshotCache | tojson }};  // Python's start-up (offline-python.js)
const SHELL = {{ shell | tojson }};
const OFFLINE = {{ offline | tojson }};
const OFFLINE_HOME = {{ offline_home | tojson }};
const PREPARE = {{ prepare | tojson }};  // for the page that prepares the kept app (static/js/pwa.js)

self.addEventListener("install", event => event.waitUntil((async () => {
  const keptBefore = (await caches.keys()).some(name => name.startsWith("offline-"));
  await (await caches.open(SHELL_CACHE)).addAll(SHELL);
  if (keptBefore) await keepOffline();
  await self.skipWaiting();
})()));

self.addEventListener("activate", event => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (![SHELL_CACHE, OFFLINE_CACHE, SNAPSHOT_CACHE].includes(name)) await caches.delete(name);
  }
  await self.clients.claim();  // control the open pages at once, no reload needed
})()));

self.addEventListener("message", event => {
  const reply = event.ports[0];
  if (event.data === "keep-offline") {
    event.waitUntil(keepOffline().then(() => reply.postMessage({kept: true, prepare: PREPARE}),
                                       error => reply.postMessage({kept: false, error: String(error)})));
  } else if (event.data === "status") {
    event.waitUntil(caches.has(OFFLINE_CACHE).then(kept => reply.postMessage({kept})));
  }
});

async function keepOffline() {
  if (await caches.has(OFFLINE_CACHE)) return;
  try {
    await (await caches.open(OFFLINE_CACHE)).addAll(OFFLINE);  // all or nothing
  } catch (error) {
    await caches.delete(OFFLINE_CACHE);  // so that an existing offline cache is always a complete one
    throw error;
  }
}

self.addEventListener("fetch", event => {
  const request = event.request;
  if (new URL(request.url).origin !== location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (request.method === "GET" && !request.headers.has("HX-Request")) {
    event.respondWith(caches.match(request).then(cached => cached || fetch(request)));
  }
});

async function page(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request.method === "GET" ? request : request.clone());
    if (request.method === "GET" && response.ok) await keepFresh(url, response.clone());
    return response;
  } catch (noNetwork) {
    const cached = request.method === "GET" && await caches.match(request);
    if (cached) return cached;
    if (!await caches.has(OFFLINE_CACHE)) return (await caches.match("/")) || Response.error();
    if (url.pathname.startsWith(OFFLINE_HOME)) return caches.match(OFFLINE_HOME);  // one page for the whole app
    return Response.redirect(await offlineAlternative(url, request), 303);
  }
}

// Cached pages follow the server (a new language, a new version of the page) whenever it is reachable.
async function keepFresh(url, response) {
  const name = url.pathname.startsWith(OFFLINE_HOME) ? OFFLINE_HOME : url.pathname;
  for (const [cacheName, key] of [[SHELL_CACHE, "/"], [OFFLINE_CACHE, OFFLINE_HOME]]) {
    if (name === key && url.search === "" && await caches.has(cacheName)) {
      await (await caches.open(cacheName)).put(key, response);
    }
  }
}

// Where a page that needs the server goes without a network: the same thing on this device.
async function offlineAlternative(url, request) {
  if (url.pathname === "/solo" && request.method === "POST") {
    const level = (await request.formData()).get("level") || "normal";
    return OFFLINE_HOME + "r/solo?level=" + encodeURIComponent(level);
  }
  if (url.pathname === "/sheets/new") return OFFLINE_HOME + "sheets/new";
  if (url.pathname === "/rooms/new" || url.pathname === "/rooms") return OFFLINE_HOME + "rooms/new";  // says rooms need a network
  if (url.pathname === "/rules") return OFFLINE_HOME + "rules";
  return OFFLINE_HOME;
}
