package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// progressID is the element web/solver.js fills with the running search's
// progress, without any rendering on the Go side.
const progressID = "progress"

// workerMessage is how one search ended.
type workerMessage struct {
	id     int
	kind   string // done or fatal
	result string // done: the result JSON; fatal: the error
}

// solver is the Go face of web/solver.js, which owns the Web Worker.
type solver struct {
	js    app.Value
	onEnd app.Func
}

// startSolver starts the worker; how each search ends reaches handle on
// the UI goroutine through dispatch.
func startSolver(dispatch func(func(app.Context)), handle func(app.Context, workerMessage)) *solver {
	s := &solver{js: app.Window().Get("gridsolveSolver")}
	s.onEnd = app.FuncOf(func(this app.Value, args []app.Value) any {
		m := workerMessage{id: args[0].Int(), kind: args[1].String(), result: args[2].String()}
		dispatch(func(ctx app.Context) { handle(ctx, m) })
		return nil
	})
	s.js.Call("init", s.onEnd)
	return s
}

// post asks the worker to solve one puzzle.
func (s *solver) post(id int, game, text string) { s.js.Call("post", id, game, text) }

// cancel abandons the running search and returns its last progress line.
func (s *solver) cancel() string { return s.js.Call("cancel").String() }

func (s *solver) stop() {
	s.js.Call("stop")
	s.onEnd.Release()
}
