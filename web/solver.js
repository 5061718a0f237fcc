// The page's side of the solver workers (worker.js runs the Go solvers).
//
// Each job (a solve, a hint, a new puzzle) runs in a worker of its own, so
// every tab can have its own running solve. One spare worker is kept
// started, so its module is compiled while the user draws and the first
// Solve does not wait for it. A search never yields inside its worker, so
// cancelling terminates that worker.
//
// Progress is shown here, in plain JavaScript: the UI's Go code is only
// called when a job ends, so a long search costs the main thread almost
// nothing. Every way a worker can fail (it cannot load, Go panics or exits,
// it runs out of memory, it sends something malformed) ends the job with a
// "fail" and a message, and the next job gets a fresh worker.
"use strict";

window.gridsolveSolver = (() => {
  const jobs = new Map(); // id -> {worker, started, progress}
  let spare = null;
  let onEnd = null; // Go: onEnd(id, kind, text), kind "done" or "fail"
  let announced = false; // the first worker's "ready" was announced

  const digits = new Intl.NumberFormat("en-US");
  const groupDigits = (n) => digits.format(n);

  function progressText(job, nodes) {
    const s = ((performance.now() - job.started) / 1000).toFixed(1);
    return nodes > 0 ? `${groupDigits(nodes)} nodes, ${s} s` : `${s} s`;
  }

  function end(id, kind, text) {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    clearInterval(job.timer);
    if (kind === "done" && !spare) {
      spare = job.worker; // still healthy: keep it for the next job
    } else {
      job.worker.terminate();
    }
    if (!spare) spare = start();
    try {
      onEnd(id, kind, text);
    } catch (err) {
      console.error("gridsolve: the page could not take a result:", err);
    }
  }

  // start makes a worker; a worker that fails before it has a job is
  // replaced when a job needs it.
  function start() {
    const w = new Worker("web/worker.js");
    w.onmessage = (e) => {
      const m = e.data;
      const id = m && typeof m.id === "number" ? m.id : 0;
      const job = [...jobs.entries()].find(([, j]) => j.worker === w);
      if (!m || typeof m.type !== "string") {
        if (job) end(job[0], "fail", "the solver sent a malformed message");
        return;
      }
      if (m.type === "fatal") {
        w.broken = String(m.error || "unknown error");
        if (job) end(job[0], "fail", "the solver stopped: " + w.broken);
        else if (w === spare) spare = null;
        return;
      }
      if (m.type === "ready" && !announced) {
        announced = true; // web/boot.js waits for it to keep an offline copy
        dispatchEvent(new Event("gridsolve-solver-ready"));
      }
      if (!job || job[0] !== id) return; // for a job already ended
      if (m.type === "progress" && typeof m.nodes === "number") {
        job[1].nodes = m.nodes;
        show(id, job[1]);
      } else if (m.type === "done" && typeof m.result === "string") {
        end(id, "done", m.result);
      } else if (m.type !== "ready") {
        end(id, "fail", "the solver sent a malformed message");
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const msg = e.message || "it could not be loaded (check the connection)";
      const job = [...jobs.entries()].find(([, j]) => j.worker === w);
      w.broken = msg;
      if (job) end(job[0], "fail", "the solver failed: " + msg);
      else if (w === spare) spare = null;
    };
    w.onmessageerror = w.onerror;
    return w;
  }

  function show(id, job) {
    const el = document.getElementById("progress");
    if (el && el.dataset.job === String(id)) el.textContent = progressText(job, job.nodes);
  }

  return {
    // init starts the spare worker; end(id, kind, text) hears how jobs end.
    init(endFn) {
      onEnd = endFn;
      if (!spare) spare = start();
    },
    // post runs one job: op is "solve", "hint" or "generate".
    post(id, op, game, text, position, options) {
      let w = spare && !spare.broken ? spare : start();
      if (spare && spare !== w) spare.terminate();
      spare = start();
      const job = { worker: w, started: performance.now(), nodes: 0 };
      jobs.set(id, job);
      // Elapsed time shows even when the search reports no nodes.
      job.timer = setInterval(() => show(id, job), 250);
      w.postMessage({ id, op, game, text, position, options });
    },
    // progress is the running job's progress line, "" when it is not running.
    progress(id) {
      const job = jobs.get(id);
      return job ? progressText(job, job.nodes) : "";
    },
    // cancel stops a running job and returns its last progress line.
    cancel(id) {
      const job = jobs.get(id);
      if (!job) return "";
      const line = progressText(job, job.nodes);
      jobs.delete(id);
      clearInterval(job.timer);
      job.worker.terminate();
      return line;
    },
    stop() {
      for (const id of [...jobs.keys()]) this.cancel(id);
      if (spare) spare.terminate();
      spare = null;
    },
  };
})();
