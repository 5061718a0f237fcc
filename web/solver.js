// The page's side of the solver worker (worker.js runs the Go solvers).
//
// Progress is shown here, in plain JavaScript: the UI's Go code is only
// called when a search ends, so a long search costs the main thread
// almost nothing. A search never yields inside the worker, so cancelling
// terminates the worker and starts a fresh one.
"use strict";

window.gridsolveSolver = (() => {
  let worker = null;
  let running = 0; // id of the request being solved, 0 when idle
  let started = 0;
  let onEnd = null; // Go: onEnd(id, kind, text)

  const groupDigits = (n) => n.toLocaleString("en-US");

  function start() {
    worker = new Worker("web/worker.js");
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === "progress") {
        const el = document.getElementById("progress");
        if (m.id === running && el) {
          el.textContent = `${groupDigits(m.nodes)} nodes, ${((performance.now() - started) / 1000).toFixed(1)} s`;
        }
      } else if (m.type === "done" && m.id === running) {
        running = 0;
        onEnd(m.id, "done", m.result);
      } else if (m.type === "fatal") {
        const id = running;
        running = 0;
        onEnd(id, "fatal", m.error);
      }
    };
  }

  return {
    // init starts the worker; end(id, kind, text) hears how searches end.
    init(end) {
      onEnd = end;
      if (!worker) start();
    },
    post(id, game, text) {
      running = id;
      started = performance.now();
      worker.postMessage({ id, game, text });
    },
    // cancel stops the running search and returns its last progress line.
    cancel() {
      const el = document.getElementById("progress");
      const progress = el ? el.textContent : "";
      running = 0;
      worker.terminate();
      start();
      return progress;
    },
    stop() {
      worker.terminate();
      worker = null;
    },
  };
})();
