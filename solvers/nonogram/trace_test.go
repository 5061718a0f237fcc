package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/trace"
)

// answerBoard is a's first picture as a trace's board: 1 black, 0 white.
func answerBoard(a *Answer) []int {
	var b []int
	for _, row := range a.Grid {
		for _, c := range []byte(row) {
			b = append(b, btoi(c == '#'))
		}
	}
	return b
}

// The trace of a puzzle, whole or cut short at any limit, replays to the
// solver's own answer, over many random small puzzles, given cells, no
// solution and several solutions among them; its steps only set cells to
// -1, 0 or 1, and undo and count backtracks as they say.
func TestTraceReplaysToTheAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	n := 1500
	if testing.Short() {
		n = 300
	}
	kinds := map[trace.Kind]int{}
	statuses := map[Status]int{}
	for range n {
		h, w := 1+rng.IntN(7), 1+rng.IntN(7)
		pic := drawPicture(rng, h, w, 0.3+0.5*rng.Float64())
		c := CluesOf(pic)
		switch rng.IntN(4) {
		case 0:
			c.Given = randomGiven(rng, pic)
		case 1:
			c.Rows[rng.IntN(h)] = append(c.Rows[rng.IntN(h)], 1) // often no solution
		}
		a, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		statuses[a.Status]++
		for _, limit := range []int{1 << 20, 1 + rng.IntN(20), 0} {
			tr, err := Game{}.Trace(context.Background(), c.String(), limit)
			if err != nil {
				t.Fatal(err)
			}
			checkTrace(t, c, a, tr, limit)
			for _, s := range tr.Steps {
				kinds[s.Kind]++
			}
		}
	}
	for k := trace.Choose; k <= trace.Found; k++ {
		if kinds[k] == 0 {
			t.Errorf("no step of kind %d in %d puzzles: %v", k, n, kinds)
		}
	}
	if statuses[None] == 0 || statuses[Unique] == 0 || statuses[Multiple] == 0 {
		t.Errorf("answers %v: want some of each", statuses)
	}
}

func checkTrace(t *testing.T, c *Clues, a *Answer, tr trace.Trace, limit int) {
	t.Helper()
	if !tr.Valid() || len(tr.Start) != len(c.Rows)*len(c.Cols) {
		t.Fatalf("%s: a broken trace of %d cells", c, len(tr.Start))
	}
	if kept := len(tr.Steps) - countKind(tr.Steps, trace.Found); kept > limit || tr.Truncated && kept != limit || limit == 1<<20 && tr.Truncated {
		t.Fatalf("%s: limit %d kept %d steps, truncated %v", c, limit, kept, tr.Truncated)
	}
	end := trace.Replay(tr.Start, tr.Steps)
	if a.Status == None {
		if !tr.Truncated && tr.Steps[len(tr.Steps)-1].Kind != trace.Fail {
			t.Fatalf("%s: no solution, but the trace ends on %+v", c, tr.Steps[len(tr.Steps)-1])
		}
		return
	}
	if want := answerBoard(a); !slices.Equal(end, want) {
		t.Fatalf("%s (limit %d): the replay ends on\n%v\nthe answer is\n%v", c, limit, end, want)
	}
	var backtracks int64
	for _, s := range tr.Steps {
		if s.Kind == trace.Undo {
			backtracks++
			if !tr.Truncated && s.Backtracks != backtracks {
				t.Fatalf("%s: undo %d counts %d backtracks", c, backtracks, s.Backtracks)
			}
		}
		for _, v := range s.Values {
			if v < -1 || v > 1 || s.Kind == trace.Undo && v != -1 {
				t.Fatalf("%s: step %+v sets a cell to %d", c, s, v)
			}
		}
	}
}

func countKind(steps []trace.Step, k trace.Kind) int {
	n := 0
	for _, s := range steps {
		if s.Kind == k {
			n++
		}
	}
	return n
}

// A step says why in the problem's words: the line and its clue.
func TestTraceNotes(t *testing.T) {
	c := CluesOf(picture([]string{"##.", ".#.", "###"}))
	tr, err := Game{}.Trace(context.Background(), c.String(), 100)
	if err != nil {
		t.Fatal(err)
	}
	if s := tr.Steps[0]; s.Kind != trace.Choose || s.At != 0 || !strings.HasPrefix(s.Note, "Row 1, clue 2") {
		t.Errorf("first step %+v, want row 1 chosen", s)
	}
	if s := tr.Steps[1]; s.Kind != trace.Deduce || !strings.Contains(s.Note, "black") {
		t.Errorf("second step %+v, want cells of row 1 deduced", s)
	}
	if _, err := (Game{}).Trace(context.Background(), "1 1\n1a\n1a\ncolours\na red\n", 10); err == nil {
		t.Error("a colour puzzle traced")
	}
}
