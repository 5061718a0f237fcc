// Package job runs one request of the solver worker: a solve, a hint or a
// new puzzle, and encodes how it ended as the JSON the page reads. It has
// no syscall/js, so it is tested natively; wasm/app/worker.go is its thin glue.
package job

import (
	"context"
	"time"

	"gridsolve/solvers"
	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
	"gridsolve/solvers/trace"
)

// Request is one job.
type Request struct {
	Op       string // a solvers.Op: solve, hint, generate, or one of the game's own (solvers.Operator)
	Game     string
	Text     string // the puzzle, in its judge text format
	Position string // hint: the player's position; a game's own op: its arg
	Options  solvers.Options
}

// Result is what the page receives for one job, as JSON (see
// encodeResult, which writes what encoding/json would with these tags).
type Result struct {
	Answer any    `json:"answer,omitempty"` // generate: the judge text; any other op: a jsonw.Appender (solve: the game's answer; hint: a solvers.Hint)
	Error  string `json:"error,omitempty"`
	Nodes  int64  `json:"nodes"`
	Millis int64  `json:"ms"`
}

// progressEvery spaces the progress reports, so a fast search does not
// flood the page with messages.
const progressEvery = 100 * time.Millisecond

// Run runs req to its end and returns the Result as JSON text. report is
// called at most every progressEvery with the nodes searched so far. A
// panic in a solver becomes an error result: the page says so and the
// worker stays usable.
func Run(req Request, report func(nodes int64)) (out string) {
	start := time.Now()
	var res Result
	defer func() {
		if r := recover(); r != nil {
			res.Answer, res.Error = nil, msg.Sprintf("the %s solver failed: %v", req.Game, r)
		}
		res.Millis = time.Since(start).Milliseconds()
		b, err := encodeResult(res)
		if err != nil {
			b, _ = encodeResult(Result{Error: "encoding the answer: " + err.Error()})
		}
		out = string(b)
	}()
	last := start
	progress := func(nodes int64) {
		res.Nodes = nodes
		if now := time.Now(); now.Sub(last) >= progressEvery {
			last = now
			report(nodes)
		}
	}
	res.Answer, res.Error = run(context.Background(), req, progress)
	return
}

func run(ctx context.Context, req Request, progress func(int64)) (any, string) {
	g, ok := solvers.Lookup(req.Game)
	if !ok {
		return nil, msg.Sprintf("unknown puzzle %.20q", req.Game)
	}
	var answer any
	var err error
	switch op := solvers.Op(req.Op); op {
	case solvers.OpSolve:
		answer, err = g.Solve(ctx, req.Text, progress)
	case solvers.OpJudge:
		answer, err = judge(ctx, g, req.Text, progress)
	case solvers.OpTrace:
		answer, err = traceOf(ctx, g, req, progress)
	case solvers.OpHint, solvers.OpGenerate:
		p, ok := g.(solvers.Player)
		if !ok {
			return nil, msg.Sprintf("%s has no %s yet", req.Game, req.Op)
		}
		if op == solvers.OpHint {
			answer, err = p.Hint(ctx, req.Text, req.Position)
		} else {
			answer, err = p.Generate(ctx, req.Options)
		}
	default: // one of the game's own jobs (solvers.Operator)
		o, ok := g.(solvers.Operator)
		if !ok || !offers(o, op) {
			return nil, msg.Sprintf("%s has no job %.20q", req.Game, req.Op)
		}
		answer, err = o.Run(ctx, op, req.Text, req.Position, progress)
	}
	if err != nil {
		return nil, err.Error()
	}
	return answer, ""
}

// Traces keep traceSteps steps unless the request asks for fewer (its
// position, a number), and never more than maxTraceSteps: the page holds
// every step in memory.
const (
	traceSteps    = 20000
	maxTraceSteps = 200000
)

// traceOf records the steps of g's solver on the request's puzzle.
func traceOf(ctx context.Context, g solvers.Game, req Request, progress func(int64)) (*trace.Trace, error) {
	tr, ok := g.(solvers.Tracer)
	if !ok {
		return nil, msg.Errorf("the %s solver does not record its steps yet", req.Game)
	}
	limit := traceSteps
	if n, ok := play.Ints(req.Position); ok && len(n) == 1 && n[0] > 0 {
		limit = min(n[0], maxTraceSteps)
	}
	t, err := tr.Trace(trace.WithProgress(ctx, progress), req.Text, limit)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// offers reports whether op is one of o's own jobs.
func offers(o solvers.Operator, op solvers.Op) bool {
	for _, p := range o.Ops() {
		if p == op {
			return true
		}
	}
	return false
}

// Failed is the Result JSON of a job that could not run at all.
func Failed(msg string) string {
	b, _ := encodeResult(Result{Error: msg})
	return string(b)
}
