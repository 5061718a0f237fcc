// Package job runs one request of the solver worker: a solve, a hint or a
// new puzzle, and encodes how it ended as the JSON the page reads. It has
// no syscall/js, so it is tested natively; wasm/worker is its thin glue.
package job

import (
	"context"
	"strconv"
	"strings"
	"time"

	"gridsolve/solvers"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/msg"
	"gridsolve/solvers/ships"
)

// Request is one job.
type Request struct {
	Op       string // "solve", "hint", "generate", "replay" (ships) or "count" (iq)
	Game     string
	Text     string // the puzzle, in its judge text format
	Position string // hint: the player's position; count: "part parts", see iq.CountPart
	Options  solvers.Options
}

// Result is what the page receives for one job, as JSON (see
// encodeResult, which writes what encoding/json would with these tags).
type Result struct {
	Answer any    `json:"answer,omitempty"` // solve: the game's Answer; hint: a solvers.Hint; generate: the judge text; count: a number
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
	switch req.Op {
	case "solve":
		answer, err = g.Solve(ctx, req.Text, progress)
	case "hint", "generate":
		p, ok := g.(solvers.Player)
		if !ok {
			return nil, msg.Sprintf("%s has no %s yet", req.Game, req.Op)
		}
		if req.Op == "hint" {
			answer, err = p.Hint(ctx, req.Text, req.Position)
		} else {
			answer, err = p.Generate(ctx, req.Options)
		}
	case "replay":
		// Ships' end of game: Text is the fleet, Position the shots in order.
		var shots []int
		for _, f := range strings.Fields(req.Position) {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, "replay: shots are cell numbers"
			}
			shots = append(shots, n)
		}
		if req.Game != "ships" {
			return nil, "replay is for ships"
		}
		answer, err = ships.Replay(ctx, req.Text, shots)
	case "count":
		// One share of a count that several workers split (iq.CountPart).
		f := strings.Fields(req.Position)
		if len(f) != 2 {
			return nil, "count: the part is two numbers, part and parts"
		}
		part, err1 := strconv.Atoi(f[0])
		parts, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			return nil, "count: the part is two numbers, part and parts"
		}
		if req.Game != "iq" {
			return nil, "count is for iq"
		}
		answer, err = iq.CountPart(ctx, req.Text, part, parts, progress)
	default:
		return nil, msg.Sprintf("unknown job %.20q", req.Op)
	}
	if err != nil {
		return nil, err.Error()
	}
	return answer, ""
}

// Failed is the Result JSON of a job that could not run at all.
func Failed(msg string) string {
	b, _ := encodeResult(Result{Error: msg})
	return string(b)
}
