package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// progressID is the element web/solver.js fills with the running search's
// progress, without any rendering on the Go side.
const progressID = "progress"

// solver is the Go face of web/solver.js, which owns the Web Workers.
type solver struct {
	js    app.Value
	onEnd app.Func
}

// startSolver starts the spare worker; how each job ends reaches handle on
// the UI goroutine through dispatch. The arguments come from JavaScript,
// so they are checked: a malformed call is dropped, never a panic.
func startSolver(dispatch func(func(app.Context)), handle func(ctx app.Context, id int, ok bool, result string)) *solver {
	s := &solver{js: app.Window().Get(jsSolver)}
	s.onEnd = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) != 3 || args[0].Type() != app.TypeNumber || args[1].Type() != app.TypeString || args[2].Type() != app.TypeString {
			app.Log("gridsolve: malformed message from the solver dropped")
			return nil
		}
		id, ok, result := args[0].Int(), args[1].String() == "done", args[2].String()
		dispatch(func(ctx app.Context) { handle(ctx, id, ok, result) })
		return nil
	})
	s.js.Call("init", s.onEnd, warmups(newEditors()))
	return s
}

// post runs one job in a worker of its own.
func (s *solver) post(id int, r jobRequest) {
	s.js.Call("post", id, r.op, r.game, r.text, r.position, map[string]any{
		"w": r.opts.W, "h": r.opts.H, "level": r.opts.Level, "seed": float64(r.opts.Seed),
	})
}

// count counts the completions of r's puzzle in several workers at once,
// as many as the machine has cores.
func (s *solver) count(id int, r jobRequest) { s.js.Call("count", id, r.game, r.text) }

// progress is a running job's progress line.
func (s *solver) progress(id int) string { return s.js.Call("progress", id).String() }

// cancel abandons a running job and returns its last progress line.
func (s *solver) cancel(id int) string { return s.js.Call("cancel", id).String() }

func (s *solver) stop() {
	s.js.Call("stop")
	s.onEnd.Release()
}
