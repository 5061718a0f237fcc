// The solver worker: runs worker.wasm (Go) and answers {id, game, text}
// requests with {id, type: "done", result: JSON text}. Progress messages
// {id, type: "progress", nodes} are posted by Go while it searches.
importScripts("wasm_exec.js");

const queue = [];
let ready = false;

self.gridsolveReady = () => {
  ready = true;
  self.postMessage({ type: "ready" });
  while (queue.length) handle(queue.shift());
};

function handle(req) {
  const result = self.gridsolveSolve(req.id, req.game, req.text);
  self.postMessage({ id: req.id, type: "done", result });
}

self.onmessage = (e) => (ready ? handle(e.data) : queue.push(e.data));

const go = new Go();
WebAssembly.instantiateStreaming(fetch("worker.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => self.postMessage({ type: "fatal", error: String(err) }));
