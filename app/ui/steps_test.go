package ui

import (
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/trace"
)

// Opening Step through records the puzzle's steps in a worker; the
// cursor then walks them to the solver's answer and back, a game without
// a recording posts no job, and Cancel stops a recording.
func TestMidendStepThrough(t *testing.T) {
	p := mount(memStore{})
	tb := p.show(t, "nonogram")
	c := nonogram.CluesOf([][]bool{{true, true, false}, {false, true, false}, {true, true, true}})
	p.importText(c.String(), "test")
	p.openSteps(true)
	if !slices.Contains(p.w.pending(), "trace nonogram") || tb.steps.state != stateBusy || !p.busy() {
		t.Fatalf("opening: jobs %v, status %q", p.w.pending(), tb.steps.status)
	}
	p.w.run(p.midend)
	s := &tb.steps
	for s.reader != nil {
		p.timeOut()
	}
	if s.cur == nil || s.cur.Len() == 0 || s.state != stateDone {
		t.Fatalf("no trace: %q", s.status)
	}
	p.moveSteps(stepToEnd)
	a, _ := nonogram.Solve(t.Context(), c, nil)
	var want []int
	for _, row := range a.Grid {
		for _, ch := range row {
			want = append(want, boolInt(ch == '#'))
		}
	}
	if !slices.Equal(s.cur.Board(), want) {
		t.Errorf("the last step shows %v, the answer is %v", s.cur.Board(), want)
	}
	if !strings.HasPrefix(s.counters(), "Step "+groupDigits(int64(s.cur.Len()))+" of ") {
		t.Errorf("counters %q", s.counters())
	}
	p.moveSteps(stepToStart)
	p.moveSteps(stepForward)
	if st, _ := s.cur.Step(); s.cur.At() != 1 || st.Kind != trace.Choose {
		t.Errorf("after one step: at %d, %+v", s.cur.At(), st)
	}
	p.moveSteps(stepBack)
	if s.cur.At() != 0 || !slices.Equal(s.cur.Board(), []int{-1, -1, -1, -1, -1, -1, -1, -1, -1}) {
		t.Errorf("back at the start: %v", s.cur.Board())
	}
	// Opening again records nothing new; a change of the puzzle makes the
	// trace stale, and opening then records the new puzzle.
	p.openSteps(false)
	p.openSteps(true)
	if slices.Contains(p.w.pending(), "trace nonogram") || s.stale(tb) {
		t.Errorf("reopened: jobs %v", p.w.pending())
	}
	p.importText(nonogram.CluesOf([][]bool{{true}}).String(), "test")
	if !s.stale(tb) {
		t.Error("a trace of another puzzle is not stale")
	}
	p.openSteps(true)
	p.cancel()
	p.w.run(p.midend)
	if s.running != 0 || p.busy() || !s.stale(tb) {
		t.Errorf("after Cancel: running %d", s.running)
	}
	// A game whose solver records nothing posts no job.
	for _, g := range solvers.All {
		if _, ok := g.(solvers.Tracer); ok {
			continue
		}
		other := p.show(t, g.Name())
		p.openSteps(true)
		if slices.Contains(p.w.pending(), "trace "+g.Name()) || other.steps.running != 0 {
			t.Errorf("%s: jobs %v", g.Name(), p.w.pending())
		}
	}
}

// A trace the page cannot walk (a cell off the board, cut short, or an
// error) is said in words, and leaves no cursor.
func TestMidendBrokenTrace(t *testing.T) {
	p := mount(memStore{})
	tb := p.show(t, "nonogram")
	for _, result := range []string{
		`{"answer":{"start":[1],"steps":[{"kind":1,"at":0,"cells":[5],"values":[1],"nodes":0,"backtracks":0}],"truncated":false},"nodes":0,"ms":1}`,
		`{"answer":{"start":[1],"steps":[{"kind":1,"at":0`,
		`{"error":"nonogram: no clues","nodes":0,"ms":1}`,
		`nonsense`,
	} {
		tb.steps = stepper{}
		p.traced(tb, job{}, true, result)
		for tb.steps.reader != nil {
			p.timeOut()
		}
		if s := tb.steps; s.state != stateError || s.cur != nil || strings.HasPrefix(s.status, "nonogram:") {
			t.Errorf("%s: %q %q", result, s.state, s.status)
		}
	}
}

// Play counts the rows a render's steps change, cells off the board
// (Flip's table) aside.
func TestRowSet(t *testing.T) {
	r := rowSet{w: 3, seen: make([]bool, 2)}
	if n := r.add([]int{0, 1, 2}); n != 1 {
		t.Errorf("one row's cells count %d rows", n)
	}
	if n := r.add([]int{5, 2, 9}); n != 2 {
		t.Errorf("a second row and a cell off the board count %d rows", n)
	}
}

// The counters line counts in words: one backtrack, 1,234 nodes.
func TestStepCountersWords(t *testing.T) {
	s := stepper{cur: trace.NewCursor([]int{0}, []trace.Step{{Kind: trace.Try, Nodes: 1234, Backtracks: 1, Options: []int{1}}})}
	s.cur.Forward()
	if got, want := s.counters(), "Step 1 of 1 · 1,234 nodes · 1 backtrack · 1 option left"; got != want {
		t.Errorf("counters %q, want %q", got, want)
	}
}
