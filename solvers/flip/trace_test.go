package flip

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/trace"
)

// The trace of a board, whole or cut short, replays to the solver's own
// answer: its presses marked and every cell in its final colour. On a
// board at most four wide the enumeration's table holds every first row,
// and its fewest presses are the solver's count.
func TestTraceReplaysToTheAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 3))
	seen := map[bool]int{}
	for range 600 {
		w, h := 1+rng.IntN(7), 1+rng.IntN(7)
		b, _ := NewBoard(w, h)
		for i := range b.Black {
			b.Black[i] = rng.IntN(2) == 0
		}
		b.Goal = Goals[rng.IntN(len(Goals))]
		a, err := Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		seen[a.Possible]++
		for _, limit := range []int{1 << 20, rng.IntN(12)} {
			tr, err := Game{}.Trace(context.Background(), b.String(), limit)
			if err != nil {
				t.Fatal(err)
			}
			checkTrace(t, b, a, tr, limit)
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("possible %v: want boards of both kinds", seen)
	}
}

func checkTrace(t *testing.T, b *Board, a *Answer, tr trace.Trace, limit int) {
	t.Helper()
	n := b.W * b.H
	if !tr.Valid() || len(tr.Start) < n || tr.Truncated != (limit < 1<<20 && tr.Truncated) {
		t.Fatalf("%s: a broken trace", b)
	}
	end := trace.Replay(tr.Start, tr.Steps)
	var last trace.Step
	if len(tr.Steps) > 0 {
		last = tr.Steps[len(tr.Steps)-1]
	}
	if !a.Possible {
		if !tr.Truncated && last.Kind != trace.Fail {
			t.Fatalf("%s: impossible, but the trace ends on %+v", b, last)
		}
	} else {
		want := make([]int, n)
		for i := range want {
			want[i] = boolInt(a.Color == "b") + 2*boolInt(a.Presses.Has(i))
		}
		if last.Kind != trace.Found || !slices.Equal(end[:n], want) {
			t.Fatalf("%s (limit %d): the replay ends on %v, the answer is %v", b, limit, end[:n], want)
		}
	}
	if b.W > enumerateWidth || tr.Truncated {
		return
	}
	table := end[n:]
	lo, hi := b.Goal.colours()
	fewest := -1
	for m := range 1 << b.W {
		for k := range colors {
			v := table[2*m+boolInt(colors[k] == "b")]
			if allowed := k >= lo && k < hi; allowed != (v != -1) {
				t.Fatalf("%s: first row %d to %s: %d in the table", b, m, colors[k], v)
			}
			if v >= 0 && (fewest < 0 || v < fewest) {
				fewest = v
			}
		}
	}
	if a.Possible && fewest != a.Count || !a.Possible && fewest != -1 {
		t.Fatalf("%s: the enumeration's fewest is %d, the solver's %d", b, fewest, a.Count)
	}
}

// POJ 1753's 4×4 board shows its 16 first rows for each colour, each
// chased down the board with its presses said.
func TestTraceClassic4x4(t *testing.T) {
	tr, err := Game{}.Trace(context.Background(), "bwwb\nbbwb\nbwwb\nbwww\n", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	tries := 0
	for _, s := range tr.Steps {
		if s.Kind == trace.Try && strings.HasPrefix(s.Note, "First row ") {
			tries++
		}
	}
	if tries != 32 || len(tr.Start) != 16+32 {
		t.Errorf("%d first rows tried, board of %d cells; want 32 and 48", tries, len(tr.Start))
	}
}
