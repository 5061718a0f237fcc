package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLongLinesAgainstPlain solves puzzles with lines too long for the
// masks, where only the rows or only the columns have masks or none do
// and long lines go through their cache, and compares each answer with the
// plain search, which solves every line from the grid without masks or
// caches: they settle the same cells, so the answers must be the same.
// Narrow puzzles are checked against brute force too.
func TestLongLinesAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	n := 120
	if testing.Short() {
		n = 30
	}
	counts := map[string]int{}
	for iter := range n {
		long, short := wordCells+1+rng.IntN(20), 2+rng.IntN(7)
		density := 0.55 + 0.25*rng.Float64()
		if iter%4 == 3 {
			short, density = wordCells+1+rng.IntN(10), 0.75 // no masks at all
		}
		h, w := long, short
		if rng.IntN(2) == 0 {
			h, w = w, h
		}
		c := CluesOf(drawPicture(rng, h, w, density))
		if rng.IntN(3) == 0 {
			// Disturb one clue: often contradictory, sometimes not.
			runs := &c.Rows[rng.IntN(h)]
			if rng.IntN(2) == 0 {
				runs = &c.Cols[rng.IntN(w)]
			}
			if len(*runs) > 0 {
				(*runs)[rng.IntN(len(*runs))]++
			}
		}
		_, _, a := solveBoth(t, c, func(s *searcher) { s.plain = true })
		if w <= 6 { // bruteSolve enumerates rows
			checkAnswer(t, c, a)
		} else {
			checkGrids(t, c, a)
		}
		counts[string(a.Status)]++
	}
	if counts["none"] == 0 || counts["unique"] == 0 || counts["multiple"] == 0 {
		t.Errorf("answers %v: some status never came up", counts)
	}
	t.Log(counts)
}

// TestSolveLongCache checks what solveLong settles on a line of a one-row
// puzzle, first by the line solver and then, for the same line again, from
// the cache, against solveTable.
func TestSolveLongCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	hits := 0
	for iter := range 300 {
		n := wordCells + 1 + rng.IntN(longCells-wordCells+8) // a few too long to cache
		pic := drawPicture(rng, 1, n, 0.3+0.5*rng.Float64())[0]
		runs := runsOf(n, func(i int) bool { return pic[i] })
		if iter%5 == 0 && len(runs) > 0 {
			runs[0]++ // often no placement
		}
		line := partlyKnown(rng, pic)
		want := slices.Clone(line)
		wantOK := new(lineSolver).solveTable(want, runs)
		c := &Clues{Rows: [][]int{runs}, Cols: make([][]int, n)}
		s := newSearcher(context.Background(), c, nil)
		s.startCaching()
		for round := range 2 {
			grid := slices.Clone(line)
			s.loadMasks(grid)
			if ok := s.solveLine(grid, 0); ok != wantOK || ok && !slices.Equal(grid, want) {
				t.Fatalf("iter %d round %d: runs %v on %v: got %v %v, want %v %v", iter, round, runs, line, ok, grid, wantOK, want)
			}
		}
		if n <= longCells {
			hits++
		}
	}
	if hits == 0 {
		t.Error("no line short enough for the cache")
	}
}
