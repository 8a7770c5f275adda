// Starting the offline app's Python: Pyodide, with the Python bundle unpacked and the app imported. Shared
// by the offline page (offline.js) and the worker that prepares it when the player keeps the app
// (offline-prepare.js). The first start stores a memory snapshot of Python with the app imported in the
// Cache Storage; later starts restore it, skipping Python's own start-up and the imports (seconds on a
// phone). The snapshot's cache is named after the app's version, so a new version makes a new one.
self.OfflinePython = (() => {
  const APP_DIR = "/home/pyodide/app";
  const SNAPSHOT_KEY = "/offline-python-snapshot";

  async function readSnapshot(cacheName) {
    const cached = cacheName && self.caches && await (await caches.open(cacheName)).match(SNAPSHOT_KEY);
    if (!cached) return null;
    return new Uint8Array(await new Response(cached.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }

  async function storeSnapshot(cacheName, snapshot) {
    const compressed = new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip")));
    await (await caches.open(cacheName)).put(SNAPSHOT_KEY, compressed);
  }

  async function fetchBundle(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.arrayBuffer();
  }

  // Resolves to {pyodide, snapshotStored}: the second is a promise, settled once a new snapshot is kept.
  // packageBaseUrl: Pyodide's fallback for packages is its CDN; here everything comes from the app (no
  // package is ever loaded: Jinja2 and MarkupSafe are in the bundle).
  async function start({indexURL, bundleURL, snapshotCache}) {
    const [snapshot, bundle] = await Promise.all([readSnapshot(snapshotCache).catch(() => null),
                                                  fetchBundle(bundleURL)]);
    const local = {indexURL, packageBaseUrl: indexURL};
    const pyodide = await self.loadPyodide(snapshot ? {...local, _loadSnapshot: snapshot}
                                               : {...local, _makeSnapshot: Boolean(snapshotCache)});
    // The files (templates, catalogues) are not part of a snapshot, only the imported modules are.
    pyodide.unpackArchive(bundle, "zip", {extractDir: APP_DIR});
    let snapshotStored = Promise.resolve();
    if (!snapshot) {
      pyodide.runPython(`import sys; sys.path.insert(0, "${APP_DIR}"); import webapp.offline.app`);
      if (snapshotCache) snapshotStored = storeSnapshot(snapshotCache, pyodide.makeMemorySnapshot());
    }
    return {pyodide, snapshotStored};
  }

  return {start};
})();
