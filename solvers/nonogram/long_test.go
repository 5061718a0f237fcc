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

// TestSolveLongCache checks what solveLong settles on a long line of a
// puzzle two lines wide, as a row or as a column, with and without the
// cache: first by the line solver and then, for the same line again, from
// the cache if there is one, against solveTable; the other line's cells
// stay as they were.
func TestSolveLongCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	hits := 0
	for iter := range 600 {
		n := wordCells + 1 + rng.IntN(longCells-wordCells+8) // a few too long to cache
		if iter%7 == 0 {
			n += rng.IntN(300) // and some far too long
		}
		pic := drawPicture(rng, 1, n, 0.3+0.5*rng.Float64())[0]
		runs := runsOf(n, func(i int) bool { return pic[i] })
		if iter%5 == 0 && len(runs) > 0 {
			runs[0]++ // often no placement
		}
		line := partlyKnown(rng, pic)
		want := slices.Clone(line)
		wantOK := new(lineSolver).solveTable(want, runs)
		other := partlyKnown(rng, drawPicture(rng, 1, n, 0.5)[0])
		asColumn, caching := iter%2 == 1, iter%3 != 0
		c := &Clues{Rows: [][]int{runs, nil}, Cols: make([][]int, n)}
		l, at := 0, func(p, k int) int { return k*n + p } // cell p of row k
		if asColumn {
			c = &Clues{Rows: make([][]int, n), Cols: [][]int{runs, nil}}
			l, at = n, func(p, k int) int { return p*2 + k } // of column k
		}
		s := newSearcher(context.Background(), c, nil)
		if caching {
			s.startCaching()
		}
		for round := range 2 {
			grid := make([]byte, 2*n)
			for p := range n {
				grid[at(p, 0)], grid[at(p, 1)] = line[p], other[p]
			}
			s.loadMasks(grid)
			ok := s.solveLine(grid, l)
			got, gotOther := make([]byte, n), make([]byte, n)
			for p := range n {
				got[p], gotOther[p] = grid[at(p, 0)], grid[at(p, 1)]
			}
			if ok != wantOK || ok && !slices.Equal(got, want) || !slices.Equal(gotOther, other) {
				t.Fatalf("iter %d round %d (column %v, cache %v): runs %v on %v: got %v %v, want %v %v", iter, round, asColumn, caching, runs, line, ok, got, wantOK, want)
			}
		}
		if caching && n <= longCells {
			hits++
		}
	}
	if hits == 0 {
		t.Error("no line short enough for the cache")
	}
}
