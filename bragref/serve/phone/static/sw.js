// The referee in the phone's service worker: every file of this application kept in a cache named for this build,
// so that the page opens and runs with no network; a new build (its own cache) is fetched in the background and
// taken at the next start, when no page of this one is open: never in the middle of a hand.
const VERSION = "VERSION";
const FILES = ["FILES"];
const CACHE = `bragref-${VERSION}`;

self.addEventListener("install", event => {
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(FILES.map(file => new Request(file, { cache: "reload" })))));
});

self.addEventListener("activate", event => {  // a build is activated only when no page of the one before is open;
  // it claims the page that installed it (the first load's, not yet any service worker's), so that a new build
  // found while that page is open waits for the next start as it does under any other page: a reload keeps the old
  event.waitUntil(caches.keys().then(names => Promise.all(names
    .filter(name => name.startsWith("bragref-") && name !== CACHE).map(name => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", event => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE).then(cache => cache.match(event.request, { ignoreSearch: true }))
    .then(found => found || fetch(event.request)));
});
