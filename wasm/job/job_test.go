package job

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/jsonw/jsonwtest"
)

func runJob(t *testing.T, r Request) Result {
	t.Helper()
	var res Result
	if err := json.Unmarshal([]byte(Run(r, func(int64) {})), &res); err != nil {
		t.Fatalf("%+v: result is not JSON: %v", r, err)
	}
	return res
}

// Every request gets a JSON result: an answer, or an error that says what
// was wrong; never a panic, whatever the page (or a hostile message) sent.
func TestRun(t *testing.T) {
	if res := runJob(t, Request{Op: "solve", Game: "flip", Text: "4 1\nbwbw\n"}); res.Error != "" || res.Answer == nil {
		t.Errorf("flip solve: %+v", res)
	}
	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Op: "solve", Game: "chess"}, "unknown puzzle"},
		{Request{Op: "dance", Game: "flip"}, `flip has no job "dance"`},
		{Request{Op: "solve", Game: "flip", Text: "zz"}, "flip"},
		{Request{Op: "solve", Game: "nonogram", Text: ""}, "nonogram"},
		{Request{Op: "hint", Game: "iq", Text: strings.Repeat("\x00", 100)}, "iq"},
	} {
		if res := runJob(t, c.r); !strings.Contains(res.Error, c.want) || res.Answer != nil {
			t.Errorf("%+v: result %+v, want an error about %q", c.r, res, c.want)
		}
	}
	// Games that deal puzzles: Generate gives judge text the game solves.
	for _, g := range solvers.All {
		if _, ok := g.(solvers.Player); !ok {
			continue
		}
		res := runJob(t, Request{Op: "generate", Game: g.Name(), Options: solvers.Options{W: 8, H: 8, Level: 1, Seed: 3}})
		text, _ := res.Answer.(string)
		if res.Error != "" || text == "" {
			t.Errorf("%s: generate gives %+v", g.Name(), res)
			continue
		}
		if res := runJob(t, Request{Op: "solve", Game: g.Name(), Text: text}); res.Error != "" {
			t.Errorf("%s: the generated puzzle does not solve: %s\n%s", g.Name(), res.Error, text)
		}
	}
}

func TestFailed(t *testing.T) {
	var res Result
	if err := json.Unmarshal([]byte(Failed(`a "quoted" message`)), &res); err != nil || res.Error != `a "quoted" message` {
		t.Errorf("Failed gives %+v, %v", res, err)
	}
}

// A game's own jobs (solvers.Operator) run through Run, and any other
// game asked for one says it has no such job: whatever the text, an error
// in words, never a panic or an answer.
func TestOwnOps(t *testing.T) {
	ops := 0
	for _, g := range solvers.All {
		o, ok := g.(solvers.Operator)
		if !ok {
			continue
		}
		for _, op := range o.Ops() {
			ops++
			if op == solvers.OpSolve || op == solvers.OpHint || op == solvers.OpGenerate {
				t.Errorf("%s offers %q, a job every game has", g.Name(), op)
			}
			for _, other := range solvers.All {
				r := Request{Op: string(op), Game: other.Name(), Text: "zz", Position: "0 1"}
				res := runJob(t, r)
				if res.Answer != nil || res.Error == "" || strings.Contains(res.Error, "failed") {
					t.Errorf("%+v: result %+v, want an error", r, res)
				}
				offered := false
				if o, ok := other.(solvers.Operator); ok {
					offered = slices.Contains(o.Ops(), op)
				}
				if noJob := strings.Contains(res.Error, "has no job"); noJob == offered {
					t.Errorf("%+v: error %q; %s offers %s: %v", r, res.Error, other.Name(), op, offered)
				}
			}
		}
	}
	if ops == 0 {
		t.Error("no game offers a job of its own")
	}
}

// The judge op's answer writes what encoding/json writes.
func TestJudgeAnswerJSON(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(3, 4)), &JudgeAnswer{}, 200)
}

// The judge op cuts its output where each case's answer starts.
func TestJudgeCases(t *testing.T) {
	res := runJob(t, Request{Op: "judge", Game: "tetravex", Text: "1\n1 2 3 4\n1\n5 6 7 8\n0\n"})
	b, _ := json.Marshal(res.Answer)
	var a JudgeAnswer
	if err := json.Unmarshal(b, &a); err != nil || !slices.Equal(a.Cases, []string{"Game 1: Possible\n\n", "Game 2: Possible\n\n"}) || len(a.Nodes) != 2 || len(a.Millis) != 2 {
		t.Errorf("judge answer %s (%v)", b, err)
	}
	// Tetravex reports each game's nodes in full at its end.
	if len(a.Nodes) == 2 && (a.Nodes[0] <= 0 || a.Nodes[1] <= 0) {
		t.Errorf("nodes per game %v, want each game's own", a.Nodes)
	}
	if res := runJob(t, Request{Op: "judge", Game: "tetravex", Text: "2\n1\n"}); res.Error == "" || res.Answer != nil {
		t.Errorf("malformed judge input: %+v", res)
	}
}

// The trace op answers a game's recorded steps, as many as asked for at
// most, and says so in words for a game that records none.
func TestTraceOp(t *testing.T) {
	res := runJob(t, Request{Op: "trace", Game: "nonogram", Text: "3 3\n1 2\n1 1\n1 3\n2 1 1\n1 3\n1 1\n", Position: "4"})
	var tr struct {
		Start     []int             `json:"start"`
		Steps     []json.RawMessage `json:"steps"`
		Truncated bool              `json:"truncated"`
	}
	if b, _ := json.Marshal(res.Answer); res.Error != "" || json.Unmarshal(b, &tr) != nil || len(tr.Start) != 9 || len(tr.Steps) < 5 || !tr.Truncated {
		t.Fatalf("nonogram trace: %+v", res)
	}
	for _, g := range solvers.All {
		if _, ok := g.(solvers.Tracer); ok {
			continue
		}
		if res := runJob(t, Request{Op: "trace", Game: g.Name(), Text: "x"}); !strings.Contains(res.Error, "does not record its steps") {
			t.Errorf("%s: trace gives %+v", g.Name(), res)
		}
	}
}

// Nonogram's clause learning (the op the page races beside Solve) gives
// the answer Solve gives: the same status, the same grid when unique, in
// black and white and in colour, and the same error for broken text.
func TestLearnAnswersAsSolve(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"3 3\n1 1\n1 3\n1 1\n1 1\n1 3\n1 1\n", "unique"}, // a plus
		{"2 2\n1 1\n1 1\n1 1\n1 1\n", "multiple"},         // two diagonals
		{"2 2\n1 2\n0\n0\n0\n", "none"},
		{"3 2\n2 1a 1b\n2 1b 1a\n1 1a\n2 1a 1b\n2 1b 2a\ncolours 2\na ff0000 red\nb 0000ff blue\n", "unique"},
		{"2 2\n1 9\n", "error"},
	} {
		solve := runJob(t, Request{Op: "solve", Game: "nonogram", Text: c.text})
		for _, seed := range []string{"", "3"} {
			learn := runJob(t, Request{Op: "learn", Game: "nonogram", Text: c.text, Position: seed})
			sameAnswer(t, c.text, solve, learn)
		}
		got := statusOf(solve)
		if solve.Error != "" {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%q: solve gives %q (%s), want %s", c.text, got, solve.Error, c.want)
		}
	}
	bad := runJob(t, Request{Op: "learn", Game: "nonogram", Text: "1 1\n1 1\n1 1\n", Position: "-1"})
	if bad.Error == "" || !strings.Contains(bad.Error, "seed") {
		t.Errorf("a learner of seed -1 answers %+v, want an error about the seed", bad)
	}
}

// nonogramAnswer is the part of a nonogram answer two searches agree on.
type nonogramAnswer struct {
	Status string
	Grid   []string
}

func statusOf(r Result) string { return answerOf(r).Status }

func answerOf(r Result) (a nonogramAnswer) {
	if r.Answer != nil {
		raw, _ := json.Marshal(r.Answer)
		json.Unmarshal(raw, &a)
	}
	return a
}

// sameAnswer fails t unless learn gives solve's error, status and, for a
// unique solution, grid.
func sameAnswer(t *testing.T, text string, solve, learn Result) {
	t.Helper()
	a, b := answerOf(solve), answerOf(learn)
	if learn.Error != solve.Error || a.Status != b.Status || a.Status == "unique" && !slices.Equal(a.Grid, b.Grid) {
		t.Errorf("%q: learn %+v %+v, solve %+v %+v", text, learn.Error, b, solve.Error, a)
	}
}
