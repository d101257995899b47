// The static page's service worker: it keeps every file of the bundle, so
// that after the first visit the board opens and plays with the network
// gone. `tama web-bundle` writes the list of files and the bundle's
// version (a hash of their bytes) into the two lines below; a new bundle
// is a new version, which replaces the old files at its first visit.
// (`tama serve`'s page does not register it.)

const VERSION = "unbundled";
const FILES = [];

const CACHE = `tama-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("tama-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The bundle's own files come from the cache (the version decides when
// they change); anything else goes to the network.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  if (!url.pathname.startsWith(scope.pathname)) return;
  let path = url.pathname.slice(scope.pathname.length);
  if (path === "") path = "index.html";
  if (!FILES.includes(path)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(path))
      .then((hit) => hit || fetch(event.request)),
  );
});
