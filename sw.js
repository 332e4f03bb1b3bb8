// Offline play: keep every file the game loaded, and answer from that copy without a network.
//
// boot.js registers this worker once the game is on the board and then posts the list of
// same-origin files the visit loaded (PyScript, Pyodide, pyscript.toml, every Python file);
// they are fetched into the cache here. Requests are answered:
//   runtime/ (versioned by package-lock.json, 13 MB)  cache first, then network;
//   everything else (the page, its Python)           network first, then cache,
// so a new version of the game is seen at once when online and the last one works offline.
// Cached responses are returned unchanged: Pyodide needs the wasm's own Content-Type.
"use strict";

const VERSION = "v1";
const CACHE = "backgammon:" + self.registration.scope + ":" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Drop older versions of this scope's cache only; other sites on the origin keep theirs.
    const prefix = "backgammon:" + self.registration.scope + ":";
    for (const name of await caches.keys()) {
      if (name.startsWith(prefix) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function sameOrigin(url) {
  return new URL(url, self.location.href).origin === self.location.origin;
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  const wanted = urls.filter((url) => sameOrigin(url) && !url.endsWith(".map"));
  await Promise.all(wanted.map(async (url) => {
    try {
      // "no-cache" revalidates with the HTTP cache (a 304, not a second download).
      const response = await fetch(url, { cache: "no-cache" });
      if (response.ok) await cache.put(url, response);
    } catch (error) {
      // One file that cannot be fetched now is fetched again on the next visit.
    }
  }));
  return wanted.length;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(keep(data.urls.map(String)).then((count) => {
    if (event.source) event.source.postMessage({ type: "kept", count: count });
  }));
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    // Offline: the page's address may carry ?seed=... or a #fragment; match the file itself.
    const cached = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !sameOrigin(request.url)) return;
  const path = new URL(request.url).pathname;
  const scopePath = new URL(self.registration.scope).pathname;
  const runtime = path.startsWith(scopePath + "runtime/");
  event.respondWith(runtime ? cacheFirst(request) : networkFirst(request));
});
