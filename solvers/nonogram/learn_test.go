package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// The learning solver agrees with the search on puzzles too large for
// brute force, which make it learn, jump back and restart.
func TestLearningAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	n := 60 // a tenth of a second natively
	var learnt, restarts int64
	for range n {
		side := 10 + rng.IntN(16)
		c := CluesOf(drawPicture(rng, side, side, 0.5))
		want, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, l, err := solveLearning(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != want.Status {
			t.Fatalf("clues\n%s: learning says %s, search %s", c, a.Status, want.Status)
		}
		checkGrids(t, c, a)
		learnt += l.learnt
		restarts += l.restarts
	}
	if learnt == 0 || restarts == 0 {
		t.Fatalf("%d clauses learnt, %d restarts: the puzzles do not exercise learning", learnt, restarts)
	}
}

// FuzzLearningAgainstSearch solves a small puzzle drawn from the fuzzer's
// bytes (a picture, often with a clue disturbed and given cells) by clause
// learning and by the search: the same status, the same grid when unique,
// and grids that meet the clues.
func FuzzLearningAgainstSearch(f *testing.F) {
	f.Add(uint8(5), uint8(5), uint64(1), uint64(2), uint8(0))
	f.Add(uint8(8), uint8(3), uint64(7), uint64(9), uint8(1))
	f.Add(uint8(2), uint8(9), uint64(3), uint64(4), uint8(2))
	f.Fuzz(func(t *testing.T, h, w uint8, seed1, seed2 uint64, twist uint8) {
		rows, cols := 1+int(h)%10, 1+int(w)%10
		rng := rand.New(rand.NewPCG(seed1, seed2))
		pic := drawPicture(rng, rows, cols, 0.2+0.6*rng.Float64())
		c := CluesOf(pic)
		switch twist % 3 {
		case 1:
			disturb(rng, c)
		case 2:
			c.Given = randomGiven(rng, drawPicture(rng, rows, cols, 0.5))
		}
		want, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, _, err := solveLearning(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != want.Status || a.Status == Unique && !slices.Equal(a.Grid, want.Grid) {
			t.Fatalf("clues\n%slearning %+v, search %+v", c, a, want)
		}
		checkGrids(t, c, a)
	})
}

// BenchmarkLearnRandom50 is BenchmarkSolveRandom50 for clause learning
// alone, with the same budget of line solves (explanations count): the
// line solves, conflicts and learnt clauses, and whether each was solved.
func BenchmarkLearnRandom50(b *testing.B) {
	eachRandom50(b, func(b *testing.B, c *Clues, budget int64) {
		var l *learner
		for b.Loop() {
			ctx, cancel := context.WithCancel(context.Background())
			_, l, _ = solveLearning(ctx, c, func(n int64) {
				if n >= budget {
					cancel()
				}
			})
			cancel()
		}
		b.ReportMetric(float64(l.nodes), "linesolves/op")
		b.ReportMetric(float64(l.conflicts), "conflicts/op")
		b.ReportMetric(float64(l.learnt), "learnt/op")
		b.ReportMetric(float64(btoi(l.err == nil)), "solved")
	})
}
