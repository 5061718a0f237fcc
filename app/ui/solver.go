package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// workerScript is the solver worker (web/worker.js, running worker.wasm).
const workerScript = "web/worker.js"

// workerMessage is one message from the worker.
type workerMessage struct {
	id     int
	kind   string // progress, done or fatal
	nodes  int64  // progress: search nodes so far
	result string // done: the result JSON; fatal: the error
}

// solver owns the Web Worker that runs the searches. A search never yields
// inside the worker, so cancelling means terminating it and starting a
// fresh one, which is ready again in a fraction of a second.
type solver struct {
	worker    app.Value
	onMessage app.Func
}

// startSolver starts the worker; its messages reach handle on the UI
// goroutine through dispatch.
func startSolver(dispatch func(func(app.Context)), handle func(app.Context, workerMessage)) *solver {
	s := &solver{}
	s.onMessage = app.FuncOf(func(this app.Value, args []app.Value) any {
		data := args[0].Get("data")
		m := workerMessage{kind: data.Get("type").String()}
		if id := data.Get("id"); id.Truthy() {
			m.id = id.Int()
		}
		switch m.kind {
		case "progress":
			m.nodes = int64(data.Get("nodes").Float())
		case "done":
			m.result = data.Get("result").String()
		case "fatal":
			m.result = data.Get("error").String()
		}
		dispatch(func(ctx app.Context) { handle(ctx, m) })
		return nil
	})
	s.start()
	return s
}

func (s *solver) start() {
	s.worker = app.Window().Get("Worker").New(workerScript)
	s.worker.Set("onmessage", s.onMessage)
}

// post asks the worker to solve one puzzle.
func (s *solver) post(id int, game, text string) {
	s.worker.Call("postMessage", map[string]any{"id": id, "game": game, "text": text})
}

// restart abandons the running search.
func (s *solver) restart() {
	s.worker.Call("terminate")
	s.start()
}

func (s *solver) stop() {
	s.worker.Call("terminate")
	s.onMessage.Release()
}
