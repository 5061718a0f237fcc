// Boots the page: it repairs the link before the UI's Go program reads it,
// loads that program (web/app.wasm) with a progress bar, starts it, and
// makes sure a program that has stopped never looks alive. The names it
// shares with Go and the other scripts (gridsolve-solver-ready...) are
// listed in app/ui/contract.go.
"use strict";

(() => {
  // go-app reads location.href with Go's url.Parse and crashes on a URL it
  // rejects. The browser percent-encodes everything else url.Parse objects
  // to, so what is left is a "%" that does not start an escape: it becomes
  // "%25", a plain "%". Listeners are registered now, before go-app sets
  // window.onpopstate, so they run before its handler on every change.
  const strayPercent = /%(?![0-9A-Fa-f]{2})/g;

  function repairLink() {
    const href = location.href;
    const at = href.search(strayPercent);
    if (at < 0) return;
    history.replaceState(history.state, "", href.replace(strayPercent, "%25"));
    notice(`This link is damaged: "${href.slice(at, at + 3)}" is not a valid escape, so its "%" was read as a plain "%".`);
  }
  addEventListener("popstate", repairLink);
  addEventListener("hashchange", repairLink);

  // notice shows a message the user can dismiss, above the page.
  function notice(text) {
    let el = document.getElementById("link-notice");
    if (!el) {
      el = document.createElement("div");
      el.id = "link-notice";
      el.className = "boot-notice";
      el.setAttribute("role", "status");
      el.append(document.createElement("span"), button("Dismiss", () => el.remove()));
      document.body.append(el);
    }
    el.firstChild.textContent = text;
  }

  function button(label, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  // The Go runtime writes a panic to stderr just before it exits; the tail
  // of stderr is kept to say why the program stopped.
  let stderr = "";
  const writeSync = globalThis.fs.writeSync;
  const decoder = new TextDecoder();
  globalThis.fs.writeSync = function (fd, buf) {
    if (fd === 2) stderr = (stderr + decoder.decode(buf)).slice(-8192);
    return writeSync.call(this, fd, buf);
  };
  const panicLine = () => (stderr.match(/^(panic|fatal error): .*$/m) || [""])[0];

  // stopped replaces any hope that the page works with a banner that says
  // why it does not, and offers a reload.
  function stopped(reason) {
    if (document.getElementById("stopped")) return;
    const el = document.createElement("div");
    el.id = "stopped";
    el.className = "boot-stopped";
    el.setAttribute("role", "alert");
    el.append(`gridsolve stopped: ${reason}. `, button("Reload", () => location.reload()));
    document.body.append(el);
    document.documentElement.classList.add("gridsolve-stopped");
  }

  const go = new Go();
  const exitedThrow = (err) => String(err && err.message ? err.message : err).includes("Go program has already exited");
  addEventListener("error", (e) => {
    if (go.exited || exitedThrow(e.error || e.message)) stopped(panicLine() || e.message);
  });
  addEventListener("unhandledrejection", (e) => {
    if (go.exited || exitedThrow(e.reason)) stopped(panicLine() || String(e.reason));
  });

  // The loader: the UI's wasm is about 2 MB, so the page shows how much of
  // it has arrived. The browser hands over the body after decoding it, so
  // when it is compressed the total is the file's size from build.json.
  const label = document.getElementById("loading-label");
  const bar = document.getElementById("loading-bar");
  const root = document.documentElement.dataset;
  const megabytes = (n) => (n / 1e6).toFixed(1);

  function progress(done, total) {
    root.loadDone = done;
    root.loadTotal = total;
    root.loadSteps = Number(root.loadSteps || 0) + 1;
    if (!bar) return;
    if (total > 0) {
      bar.max = Math.max(total, done);
      bar.value = done;
      label.textContent = `Loading gridsolve… ${megabytes(done)} of ${megabytes(bar.max)} MB`;
    } else {
      label.textContent = `Loading gridsolve… ${megabytes(done)} MB`;
    }
  }

  // The build being served now, from the network when online (the service
  // worker never answers this from its cache while the network does).
  const latestBuild = fetch("web/build.json", { cache: "no-store" })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);

  async function loadWasm(name) {
    const [resp, build] = await Promise.all([fetch(`web/${name}`), latestBuild]);
    if (!resp.ok) throw new Error(`web/${name}: ${resp.status} ${resp.statusText}`);
    const total = resp.headers.get("Content-Encoding")
      ? build?.files?.[name]?.size ?? 0
      : Number(resp.headers.get("Content-Length")) || 0;
    let done = 0;
    progress(done, total);
    const counted = resp.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        progress((done += chunk.byteLength), total);
        out.enqueue(chunk);
      },
    }));
    // Compiled while it streams in, as instantiateStreaming does with fetch.
    return WebAssembly.compileStreaming(
      new Response(counted, { headers: { "Content-Type": "application/wasm" } }),
    );
  }

  // Offline: a service worker (sw.js) keeps the exact build this page runs
  // and serves it from its cache. It is registered with the build id in its
  // URL, so a new build installs a new worker beside the old one; the page
  // then offers to switch, rather than running a mix or hiding the update.
  async function keepOffline() {
    const build = await latestBuild;
    if (!("serviceWorker" in navigator) || !build) return;
    const reg = await navigator.serviceWorker.register(`sw.js?build=${encodeURIComponent(build.id)}`);
    let switching = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (switching) location.reload();
    });
    const offer = (worker) => {
      if (!navigator.serviceWorker.controller || document.getElementById("update")) return;
      const el = document.createElement("div");
      el.id = "update";
      el.className = "boot-notice";
      el.setAttribute("role", "status");
      el.append("A new version is ready. ", button("Reload", () => {
        switching = true;
        worker.postMessage("activate");
      }));
      document.body.append(el);
    };
    if (reg.waiting) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
      });
    });
  }

  // The offline copy downloads the whole build once more, so it waits
  // until the page is up: web/solver.js says when its first worker is
  // ready, which is after the editor shows (or a while, should it fail).
  const pageUp = new Promise((resolve) => {
    addEventListener("gridsolve-solver-ready", resolve, { once: true });
    setTimeout(resolve, 20000);
  });

  // A shared nonogram link gets a preview: a small Go program of its own
  // (web/preview.wasm, wasm/preview) draws the puzzle into the loader as
  // the page's Save… image draws it, while app.wasm, ten times its size,
  // is still on its way; the page replaces the loader, preview and all,
  // when it starts. It is fetched first, asking for a high priority, and
  // app.wasm's download starts at once after it, without waiting.
  function preview() {
    const pgo = new Go();
    return fetch("web/preview.wasm", { priority: "high" })
      .then((resp) => {
        if (!resp.ok) throw new Error(`web/preview.wasm: ${resp.status}`);
        return WebAssembly.instantiateStreaming(
          new Response(resp.body, { headers: { "Content-Type": "application/wasm" } }),
          pgo.importObject,
        );
      })
      .then(({ instance }) => pgo.run(instance))
      .catch((err) => console.warn("gridsolve: no preview:", err));
  }

  repairLink();
  if (location.hash.startsWith("#nonogram/")) preview();
  // window.gridsolveOffline settles once the page has registered its
  // service worker (or given up), so that whoever unregisters it later
  // (a test, a user's script) does not race the registration.
  window.gridsolveOffline = pageUp.then(keepOffline).catch((err) => console.warn("gridsolve: no offline copy:", err));
  // The module is the page and, sent to each Web Worker, the solvers
  // (solver.js): window.gridsolveModule is the one download of both.
  window.gridsolveModule = loadWasm("app.wasm");
  window.gridsolveModule
    .then((module) => WebAssembly.instantiate(module, go.importObject))
    .then((instance) => go.run(instance))
    .then(
      () => stopped(panicLine() || "the program exited"),
      (err) => stopped(`could not start: ${err}`),
    );
})();
