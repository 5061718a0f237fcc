// The page's side of the solver workers (worker.js runs the Go solvers).
//
// Each job (a solve, a hint, a new puzzle) runs in a worker of its own, so
// every tab can have its own running solve. A count runs in several
// workers at once, each counting parts of it in turn (see count below).
// One spare worker is kept started, so it is ready while the user draws
// and the first Solve does not wait for it. The solvers are the page's
// own module, app.wasm, in its worker role: boot.js compiles it once and
// it is sent to every worker, so a worker needs no download or compile of
// its own, and shares the code V8 has optimised in the others. A search
// never yields inside its worker, so cancelling terminates the job's
// workers.
//
// Progress is shown here, in plain JavaScript: the UI's Go code is only
// called when a job ends, so a long search costs the main thread almost
// nothing. Every way a worker can fail (it cannot load, Go panics or exits,
// it runs out of memory, it sends something malformed) ends its job with a
// "fail" and a message, and the next job gets fresh workers. A worker can
// also die without a word: every job's worker is pinged as it gets the
// job and replaced if it does not answer within pongMs, and a job whose
// workers send nothing for silentMs (every solver reports progress far
// more often while it searches) ends as failed.
//
// It knows no game. What Go calls here (init, post, count...), what it
// hears back, and the warm-up table Go hands to init are written down in
// app/ui/contract.go, the one place this file's contract with Go is kept.
"use strict";

window.gridsolveSolver = (() => {
  // id -> {workers, started, nodes, timer, count}; a worker knows its job
  // as worker.job (0 for none), and in a count the nodes of the part it is
  // counting as worker.nodes.
  const jobs = new Map();
  const live = new Set(); // every worker not yet terminated, for tests
  let spare = null;
  let warmer = null; // see warm
  let onEnd = null; // Go: onEnd(id, kind, text), kind "done" or "fail"
  // A result comes as UTF-8 bytes (see worker.js): Go takes them as they
  // are; what this file reads itself it decodes.
  const utf8 = new TextDecoder();
  let announced = false; // the first worker's "ready" was announced

  // A count is split into countParts parts, handed out one at a time to
  // at most maxCountWorkers workers: with more parts than workers, a
  // worker done with a small part takes the next one while the others
  // finish theirs (the parts of a count can differ six-fold in size).
  const countParts = 8;
  const maxCountWorkers = 8;

  // A worker must answer a ping within pongMs, and a running job's
  // workers must send something (progress) within silentMs; tests may
  // shorten silentMs with window.gridsolveSilentMs.
  const pongMs = 3000;
  const loadPongMs = 10000; // a worker whose script is still loading
  const silentMs = () => window.gridsolveSilentMs || 30000;

  // compiled is the page's compiled WebAssembly.Module (boot.js), which
  // the workers run too.
  const compiled = () => window.gridsolveModule;

  const digits = new Intl.NumberFormat("en-US");
  const groupDigits = (n) => digits.format(n);

  function progressText(job) {
    const s = ((performance.now() - job.started) / 1000).toFixed(1);
    let nodes = job.nodes;
    for (const w of job.workers) nodes += w.nodes;
    let line = "";
    if (job.count) {
      const c = job.count;
      line = `${groupDigits(c.total)} solutions so far, ${c.done} of ${c.parts} parts done, `;
    }
    // A race's workers search side by side: their nodes are summed.
    const searches = job.race && job.workers.length > 1 ? ` in ${job.workers.length} searches` : "";
    return line + (nodes > 0 ? `${groupDigits(nodes)} nodes${searches}, ${s} s` : `${s} s`);
  }

  function kill(w) {
    clearTimeout(w.pingTimer);
    w.terminate();
    live.delete(w);
  }

  function end(id, kind, text) {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    clearInterval(job.timer);
    for (const w of job.workers) {
      w.job = 0;
      if (kind === "done" && !spare && !w.broken) {
        spare = w; // still healthy: keep it for the next job
      } else {
        kill(w);
      }
    }
    if (!spare) spare = start();
    try {
      onEnd(id, kind, text);
    } catch (err) {
      console.error("gridsolve: the page could not take a result:", err);
    }
  }

  // fail ends w's job (see lose), or drops w if it has none.
  function fail(w, msg) {
    w.broken = msg;
    if (w.job) return lose(w.job, w, msg);
    kill(w);
    if (w === spare) spare = null;
    if (w === warmer) warmer = null;
  }

  // lose ends job id as failed for msg, the failure of its worker w,
  // unless the job is a race with other searches still going: it goes on
  // without w (whose nodes stay counted), as any of them gives its answer.
  function lose(id, w, msg) {
    const job = jobs.get(id);
    if (job && job.race && job.workers.some((x) => x !== w && !x.broken)) {
      job.nodes += w.nodes;
      job.workers = job.workers.filter((x) => x !== w);
      w.job = 0;
      kill(w);
      return;
    }
    end(id, "fail", msg);
  }

  // start makes a worker; a worker that fails before it has a job is
  // replaced when a job needs it.
  function start() {
    const w = new Worker("web/worker.js");
    live.add(w);
    w.job = 0;
    w.nodes = 0; // line solves of its job so far, from its progress
    w.onmessage = (e) => {
      const m = e.data;
      if (!m || typeof m.type !== "string") return fail(w, "the solver sent a malformed message");
      if (m.type === "pong") {
        clearTimeout(w.pingTimer);
        return;
      }
      const heard = jobs.get(w.job);
      if (heard) heard.heard = performance.now();
      if (m.type === "fatal") return fail(w, "the solver stopped: " + String(m.error || "unknown error"));
      if (m.type === "ready") w.ready = true;
      if (m.type === "ready" && !announced) {
        announced = true; // web/boot.js waits for it to keep an offline copy
        dispatchEvent(new Event("gridsolve-solver-ready"));
      }
      const result = m.type === "done" && m.result instanceof Uint8Array ? m.result : null;
      if (w === warmer && result) return warmStep(w, -m.id, utf8.decode(result));
      const job = jobs.get(w.job);
      if (!job || m.id !== w.job) return; // for a job already ended
      if (m.type === "progress" && typeof m.nodes === "number") {
        w.nodes = m.nodes;
        show(w.job, job);
      } else if (result) {
        if (job.count) counted(w, job, utf8.decode(result));
        else end(w.job, "done", result);
      } else if (m.type !== "ready") {
        fail(w, "the solver sent a malformed message");
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      fail(w, "the solver failed: " + (e.message || "it could not be loaded (check the connection)"));
    };
    w.onmessageerror = w.onerror;
    compiled().then(
      (m) => {
        w.postMessage({ type: "module", module: m });
        w.sent = performance.now();
      },
      (err) => fail(w, "the solver could not be loaded: " + ((err && err.message) || err) + " (check the connection)"),
    );
    return w;
  }

  // take gives a worker for a new job: the spare, and a fresh spare is
  // started for the job after this one.
  function take() {
    const w = spare && !spare.broken ? spare : start();
    if (spare && spare !== w) kill(spare);
    spare = null;
    return w;
  }

  // workersFor gives a new job a worker per core, up to most: the spare,
  // and fresh ones.
  function workersFor(most) {
    const k = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, most));
    const workers = [take()];
    while (workers.length < k) workers.push(start());
    return workers;
  }

  // begin registers job id, run by workers, and shows its elapsed time
  // even when the search reports no nodes; a job whose workers have been
  // silent for silentMs ends as failed.
  function begin(id, workers, count) {
    warmed = true;
    stopWarming();
    const job = { workers, started: performance.now(), nodes: 0, count };
    job.heard = job.started;
    for (const w of workers) {
      w.job = id;
      w.nodes = 0; // a spare's count is of its last job
    }
    jobs.set(id, job);
    job.timer = setInterval(() => {
      // The clock starts once every worker has the module: its download
      // can be slow, and fails loudly (see start).
      const since = Math.max(job.heard, ...job.workers.map((w) => w.sent ?? Infinity));
      if (performance.now() - since > silentMs()) {
        for (const w of job.workers) w.broken = "silent";
        const s = Math.round(silentMs() / 1000);
        return end(id, "fail", `the solver has sent nothing for ${s} s and seems to have stopped`);
      }
      show(id, job);
    }, 250);
    spare = start();
    return job;
  }

  // send gives worker w a message of its job, after a ping: a worker that
  // does not answer it in time is dead, and is replaced by a fresh one that
  // gets the same message (once; a second silent worker fails the job).
  function send(w, msg, retried) {
    // The ping goes first: msg then keeps the worker busy in Go until its
    // job is done. worker.js answers it even while its module loads, so a
    // fresh worker gets only the longer time its script takes to load.
    w.postMessage({ type: "ping" });
    w.postMessage(msg);
    w.pingTimer = setTimeout(() => {
      const job = jobs.get(w.job);
      if (!job) return kill(w);
      const id = w.job;
      w.job = 0;
      kill(w);
      if (retried) return lose(id, w, "the solver does not answer");
      const fresh = start();
      fresh.job = id;
      job.workers = job.workers.map((x) => (x === w ? fresh : x));
      send(fresh, msg, true);
    }, w.ready ? pongMs : loadPongMs);
  }

  // countNext sets w to count the next part of the job's board, if any.
  function countNext(w, job) {
    const c = job.count;
    if (c.next >= c.parts) return;
    const part = c.next++;
    w.nodes = 0;
    send(w, { id: w.job, op: "count", game: c.game, text: c.text, position: `${part} ${c.parts}`, options: {} });
  }

  // counted adds a worker's finished part to its count, which ends when
  // every part is in; a part the solver refused ends it with that error.
  function counted(w, job, result) {
    const id = w.job;
    let res;
    try {
      res = JSON.parse(result);
    } catch (err) {
      return end(id, "done", result); // the page reports the broken answer
    }
    if (!res || res.error || typeof res.answer !== "number") return end(id, "done", result);
    const c = job.count;
    c.total += res.answer;
    c.done++;
    job.nodes += typeof res.nodes === "number" ? res.nodes : 0;
    w.nodes = 0;
    if (c.done === c.parts) {
      const ms = Math.round(performance.now() - job.started);
      return end(id, "done", JSON.stringify({ answer: c.total, nodes: job.nodes, ms }));
    }
    countNext(w, job);
    show(id, job);
  }

  // warm starts a worker that deals one small puzzle of each game and
  // solves it, as the user's Solve would, and then takes the spare's
  // place. V8 optimises the solvers' hot code as it runs, and every worker
  // shares that code (see compiled), so the user's first Solve runs
  // optimised code and never waits behind the warm-up in the spare; once
  // done, the warmer is the better spare, as its Go program has also built
  // what the solvers build on first use (tables, a grown heap), which a
  // fresh worker would build again during the user's first Solve. The
  // first job ends the warm-up for good: that job warms the code itself,
  // and should not share the CPU with it. The warm-up also gives way to
  // the user, whose strokes must not share two cores with it: it starts
  // only after quietMs without input, stops at the next input, and starts
  // over after the next quiet spell until it has run to its end.
  //
  // warmups is the table Go gives init, run by order: each entry deals a
  // puzzle of game (w, h, level) and solves the dealt judge text with the
  // characters in clear blanked to "." (a game's deal may reveal what its
  // player starts without). The quickest come first, so that a short quiet
  // spell warms most games.
  let warmups = [];
  let warmedGames = []; // the games whose warm-up solve answered, for tests
  const blank = (text, clear) => (clear ? [...text].map((c) => (clear.includes(c) ? "." : c)).join("") : text);
  const quietMs = 1500;
  let warmed = false; // a warm-up or a job has run the solvers' code
  let quietTimer = 0;
  function whenQuiet() {
    clearTimeout(quietTimer);
    stopWarming();
    if (!warmed) quietTimer = setTimeout(warm, quietMs);
  }
  for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
    addEventListener(type, whenQuiet, { capture: true, passive: true });
  }
  function warm() {
    if (warmed || warmer || jobs.size > 0) return;
    warmer = start();
    warmedGames = [];
    warmStep(warmer, 0, "");
  }
  // warmStep posts step i of the warm-up: step 2k deals warmups[k], step
  // 2k+1 solves the puzzle dealt, whose result is the text of the step
  // before. The steps' ids are negative, never a job's.
  function warmStep(w, i, result) {
    if (i > 0 && i % 2 === 0 && result) {
      try {
        if (!JSON.parse(result).error) warmedGames.push(warmups[i / 2 - 1].game);
      } catch (err) {
        // a broken answer: that game is not warm
      }
    }
    if (i % 2 === 1) {
      const { game, clear } = warmups[(i - 1) / 2];
      let dealt = null;
      try {
        dealt = JSON.parse(result).answer;
      } catch (err) {
        // no puzzle to solve: go on with the next game
      }
      if (typeof dealt !== "string") return warmStep(w, i + 1, "");
      return w.postMessage({ id: -1 - i, op: "solve", game, text: blank(dealt, clear), position: "", options: {} });
    }
    if (i / 2 >= warmups.length) return warmedUp(w);
    const { game, ...o } = warmups[i / 2];
    const options = { w: o.w || 0, h: o.h || 0, level: o.level || 0, seed: i + 1 };
    w.postMessage({ id: -1 - i, op: "generate", game, text: "", position: "", options });
  }
  // warmedUp makes the warmer w, done, the spare.
  function warmedUp(w) {
    warmed = true;
    warmer = null;
    if (spare) kill(spare);
    spare = w;
  }
  function stopWarming() {
    if (warmer) kill(warmer);
    warmer = null;
  }

  function show(id, job) {
    const el = document.getElementById("progress");
    if (el && el.dataset.job === String(id)) el.textContent = progressText(job);
  }

  return {
    // init starts the spare worker; end(id, kind, text) hears how jobs
    // end, and table is the warm-up's (see warmups).
    init(endFn, table) {
      onEnd = endFn;
      try {
        const t = JSON.parse(table);
        warmups = t.filter((w) => w && typeof w.game === "string").sort((a, b) => a.order - b.order);
      } catch (err) {
        warmups = []; // no warm-up, rather than no solver
      }
      if (!spare) {
        spare = start();
        whenQuiet();
      }
    },
    // post runs one job: op is "solve", "hint", "generate" or "replay".
    post(id, op, game, text, position, options) {
      const w = take();
      begin(id, [w]);
      send(w, { id, op, game, text, position, options });
    },
    // count counts the completions of a board (op "count" of the worker)
    // in as many workers as the machine has cores, up to maxCountWorkers;
    // it ends with the total as the answer, or the first failure.
    count(id, game, text) {
      const job = begin(id, workersFor(Math.min(maxCountWorkers, countParts)), { game, text, parts: countParts, next: 0, done: 0, total: 0 });
      for (const w of job.workers) countNext(w, job);
    },
    // race runs the jobs ops, each with its argument args[i] (such as
    // "solve" and "learn" of several seeds, searches for one answer), on
    // one puzzle, each in a worker of its own, the first as many as the
    // machine has cores (the first op alone on one core): the first
    // answer ends the job, and the other workers with it.
    race(id, ops, args, game, text) {
      const workers = workersFor(ops.length);
      const job = begin(id, workers);
      job.race = true;
      workers.forEach((w, i) => send(w, { id, op: ops[i], game, text, position: args[i], options: {} }));
    },
    // progress is the running job's progress line, "" when it is not running.
    progress(id) {
      const job = jobs.get(id);
      return job ? progressText(job) : "";
    },
    // cancel stops a running job and returns its last progress line.
    cancel(id) {
      const job = jobs.get(id);
      if (!job) return "";
      const line = progressText(job);
      jobs.delete(id);
      clearInterval(job.timer);
      for (const w of job.workers) kill(w);
      return line;
    },
    // live is the number of workers started and not yet terminated.
    live() {
      return live.size;
    },
    // jobs is the number of jobs running, for tests.
    jobs() {
      return jobs.size;
    },
    // warmed lists the games the last warm-up has solved, in order.
    warmed() {
      return [...warmedGames];
    },
    stop() {
      for (const id of [...jobs.keys()]) this.cancel(id);
      if (spare) kill(spare);
      spare = null;
      stopWarming();
    },
  };
})();
