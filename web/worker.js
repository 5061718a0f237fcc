// The solver worker: runs the page's own program, app.wasm (Go), compiled
// by the page and sent as the first message (see solver.js); without a
// document, the program takes its worker role (wasm/app). It answers one job at a time,
// {id, op, game, text, position, options}, with {id, type: "done", result:
// JSON text}; Go posts {id, type: "progress", nodes} while it searches.
// Anything that goes wrong inside (the module cannot load, Go panics,
// exits or runs out of memory) is posted as {type: "fatal", error}: the
// page then ends the job and uses a fresh worker for the next one. The
// page's own contract with Go (app/ui) is written down in
// app/ui/contract.go; this file's is with wasm/app/worker.go.
"use strict";

const fatal = (err) => self.postMessage({ type: "fatal", error: String((err && err.message) || err) });

try {
  importScripts("wasm_exec.js");
} catch (err) {
  fatal("could not load wasm_exec.js: " + err);
  throw err;
}

const queue = [];
let ready = false;
let exited = false;

self.gridsolveReady = () => {
  ready = true;
  self.postMessage({ type: "ready" });
  while (queue.length) handle(queue.shift());
};

function handle(req) {
  if (exited) return fatal("the solver has stopped");
  if (!req || typeof req.id !== "number" || typeof req.op !== "string" ||
      typeof req.game !== "string" || typeof req.text !== "string") {
    return fatal("malformed request");
  }
  try {
    const o = req.options || {};
    const result = self.gridsolveRun(req.id, req.op, req.game, req.text,
      typeof req.position === "string" ? req.position : "",
      o.w | 0, o.h | 0, o.level | 0, Number(o.seed) || 0, o.pieces | 0, o.colours | 0);
    self.postMessage({ id: req.id, type: "done", result });
  } catch (err) {
    exited = true; // a Go panic or a trap leaves the instance unusable
    fatal(err);
  }
}

// The page sends the compiled module first, {type: "module", module}; jobs
// wait in the queue until Go is running.
let started = false;
self.onmessage = (e) => {
  const m = e.data;
  // A ping is answered at once, even while the module loads: the page
  // asks before every job whether this worker is alive (see solver.js).
  if (m && m.type === "ping") return self.postMessage({ type: "pong" });
  if (m && m.type === "module") return start(m.module);
  return ready ? handle(m) : queue.push(m);
};

function start(module) {
  if (started) return;
  started = true;
  const go = new Go();
  WebAssembly.instantiate(module, go.importObject)
    .then((instance) => go.run(instance))
    .then(() => {
      exited = true;
      fatal("the solver exited");
    })
    .catch((err) => {
      exited = true;
      fatal(err);
    });
}
