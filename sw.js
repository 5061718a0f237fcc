// The service worker: it keeps one exact build of the page (the one named
// by ?build=<id> in its own URL, from web/build.json) and serves it, so the
// page works offline and never mixes files of two builds. A new build
// comes with a new worker URL; that worker fills its own cache, waits
// until the page says "activate", and then deletes the older caches.
"use strict";

const buildID = new URL(location.href).searchParams.get("build") || "";
const cacheName = `gridsolve-${buildID}`;
const base = new URL("./", location.href).href; // the page's folder
const buildURL = new URL("web/build.json", base).href;

const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

// fetchExact fetches a file and checks it against build.json's digest
// when it lists one. A file with a digest may come from the HTTP cache
// once the server confirms it (the page has just downloaded app.wasm: no
// need to send it twice); if the digest says it is not
// this build's, it is fetched again past every cache, as a file without a
// digest always is.
async function fetchExact(url, want) {
  const get = async (cache) => {
    const resp = await fetch(url, { cache });
    if (!resp.ok) throw new Error(`${url}: ${resp.status}`);
    const body = await resp.arrayBuffer();
    const exact = !want || hex(await crypto.subtle.digest("SHA-256", body)) === want.sha256;
    return { resp, body, exact };
  };
  let got = want ? await get("no-cache").catch(() => null) : null;
  if (!got || !got.exact) got = await get("no-store");
  if (!got.exact) throw new Error(`${url} is not the file of build ${buildID}`);
  const { resp, body } = got;
  // The body is stored decoded, so it keeps its own length, not the
  // compressed one (the loader reads Content-Length as its total). Every
  // other header stays: the security headers must hold offline too.
  const headers = new Headers(resp.headers);
  headers.delete("Content-Encoding");
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const buildResp = await fetchExact(buildURL);
    const build = await buildResp.clone().json();
    if (build.id !== buildID) throw new Error(`build ${buildID} is gone: the server has ${build.id}`);
    const files = Object.entries(build.files).map(([name, want]) => [new URL(`web/${name}`, base).href, want]);
    // The page itself is checked like every file: an index.html deployed
    // after this build.json is another build's, and fails the install.
    const all = [...files, [base, build.page]];
    const responses = await Promise.all(all.map(([url, want]) => fetchExact(url, want)));
    const cache = await caches.open(cacheName);
    await cache.put(buildURL, buildResp);
    await Promise.all(all.map(([url], i) => cache.put(url, responses[i])));
    // The first worker takes over at once: there is nothing to switch from.
    if (!self.registration.active) self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("gridsolve-") && name !== cacheName) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(base)) return;
  const url = new URL(req.url);
  url.search = url.hash = "";
  if (url.href === buildURL) {
    // Which build is current is the network's to say; offline, ours.
    event.respondWith(fetch(req).catch(() => caches.open(cacheName).then((c) => c.match(buildURL))));
    return;
  }
  const key = req.mode === "navigate" ? base : url.href;
  event.respondWith(
    caches.open(cacheName)
      .then((c) => c.match(key))
      .then((hit) => hit || fetch(req)),
  );
});
