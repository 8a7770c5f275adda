// A worker (a module worker: Pyodide needs one) that prepares the offline app when the player keeps it
// (pwa.js starts it): one start of its Python, which stores the snapshot that makes every later start
// fast (offline-python.js).
self.onmessage = async event => {
  const {scripts: [pyodideModule, starter], ...where} = event.data;  // what start() takes in `where`
  try {
    self.loadPyodide = (await import(pyodideModule)).loadPyodide;
    await import(starter);
    const {snapshotStored} = await self.OfflinePython.start(where);
    await snapshotStored;
    self.postMessage({prepared: true});
  } catch (error) {
    self.postMessage({prepared: false, error: String(error)});
  }
};
