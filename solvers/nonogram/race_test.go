package nonogram

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

// solveAs solves c with a searcher changed by tweak and returns it and
// the answer.
func solveAs(t *testing.T, c *Clues, tweak func(*searcher)) (*searcher, *Answer) {
	t.Helper()
	s := newSearcher(context.Background(), c, nil)
	tweak(s)
	a, err := s.solve()
	if err != nil {
		t.Fatal(err)
	}
	checkGrids(t, c, a)
	return s, a
}

// TestRaceAgreesWithLoneSearches races the two rules from the first line
// solves on puzzles that need search, and checks the answer against each
// rule alone: the same status, and the same grid when it is unique.
func TestRaceAgreesWithLoneSearches(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var puzzles []*Clues
	for range 30 {
		h, w := 8+rng.IntN(16), 8+rng.IntN(16)
		puzzles = append(puzzles, CluesOf(drawPicture(rng, h, w, 0.5)))
	}
	for _, name := range []string{"hard25", "random30-4", "random30-7"} {
		c, _ := readTestdata(t, name)
		puzzles = append(puzzles, c)
	}
	raced := 0 // puzzles whose rival ran
	for _, c := range puzzles {
		race, a := solveAs(t, c, func(s *searcher) { s.raceAt = 256 })
		if race.rival != nil {
			raced++
		}
		for _, byProduct := range []bool{false, true} {
			_, alone := solveAs(t, c, func(s *searcher) { s.raceAt, s.byProduct = 0, byProduct })
			if alone.Status != a.Status || a.Status == "unique" && !slices.Equal(alone.Grid, a.Grid) {
				t.Fatalf("clues\n%sraced %+v, by product %v alone %+v", c, a, byProduct, alone)
			}
		}
	}
	if raced < 3 {
		t.Errorf("the rival ran on %d puzzles only", raced)
	}
}

// TestRaceBoundsSearch checks that a long search costs at most about
// twice what the better of the two rules takes alone, on a puzzle where
// branchScore searches five times longer than productScore and one where
// productScore searches six times longer.
func TestRaceBoundsSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("millions of line solves: too slow under wasm")
	}
	for i, p := range ruleContests {
		if p.name != "random50-27" && p.name != "drawn35-108" {
			continue
		}
		c := ruleContest(t, i)
		race, a := solveAs(t, c, func(*searcher) {})
		best := int64(-1)
		for _, byProduct := range []bool{false, true} {
			alone, b := solveAs(t, c, func(s *searcher) { s.raceAt, s.byProduct = 0, byProduct })
			if b.Status != a.Status {
				t.Fatalf("%s: raced %s, by product %v alone %s", p.name, a.Status, byProduct, b.Status)
			}
			if best < 0 || alone.nodes < best {
				best = alone.nodes
			}
		}
		if bound := 2*best + raceStart + raceTurn; race.nodes > bound {
			t.Errorf("%s: %d line solves raced, more than %d (twice the better rule's %d, plus the start)", p.name, race.nodes, bound, best)
		}
	}
}

// TestRaceCancelled cancels a solve once the race is on: it ends with the
// context's error, the progress it reported counts both searchers' line
// solves, and the rival's goroutine has returned.
func TestRaceCancelled(t *testing.T) {
	c, _ := readTestdata(t, "random30-31")
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var s *searcher
	var last int64
	s = newSearcher(ctx, c, func(n int64) {
		if last = n; s.rival != nil {
			cancel()
		}
	})
	if _, err := s.solve(); err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if s.rival == nil || s.rival.nodes == 0 || last <= s.nodes-s.rival.nodes {
		t.Errorf("progress %d, line solves %d: the rival did not run or was not counted", last, s.nodes)
	}
	// The rival's goroutine returns just after its last word to s.
	n := runtime.NumGoroutine()
	for try := 0; n > before && try < 1000; try++ {
		time.Sleep(time.Millisecond)
		n = runtime.NumGoroutine()
	}
	if n > before {
		t.Errorf("%d goroutines after the solve, %d before", n, before)
	}
}
