package nonogram

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWordSolverLongLines checks the mask line solver on lines of up to
// wordCells cells, beyond the brute force's reach, against solveTable
// (itself checked against the brute force), with one set of tables reused
// from line to line as the search reuses them.
func TestWordSolverLongLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var table, word lineSolver
	for iter := range 20000 {
		n := 12 + rng.IntN(wordCells-11)
		var runs []int
		line := make([]byte, n)
		if rng.IntN(4) > 0 { // a picture's runs, some of its cells known
			pic := make([]bool, n)
			density := rng.Float64()
			for i := range pic {
				pic[i] = rng.Float64() < density
			}
			runs = runsOf(n, func(i int) bool { return pic[i] })
			for i := range line {
				if rng.IntN(3) == 0 {
					line[i] = white
					if pic[i] {
						line[i] = black
					}
				}
			}
		} else { // random runs and cells, which often contradict
			for range rng.IntN(wordCells / 3) {
				runs = append(runs, 1+rng.IntN(1+rng.IntN(n)))
			}
			for i := range line {
				if rng.IntN(8) == 0 {
					line[i] = byte(1 + rng.IntN(2))
				}
			}
		}
		want := slices.Clone(line)
		wantOK := table.solveTable(want, runs)
		got := slices.Clone(line)
		if gotOK := word.tables.solveWord(got, runs); gotOK != wantOK || wantOK && !slices.Equal(got, want) {
			t.Fatalf("iter %d: line %v runs %v: got %v %v, want %v %v", iter, line, runs, got, gotOK, want, wantOK)
		}
	}
}

// TestFittingAndSmear checks the written-out shifts of fitting and smear
// against cell-by-cell definitions for every run length, so that a wrong
// step for some length shows even if no puzzle has that run.
func TestFittingAndSmear(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for r := 1; r < 64; r++ {
		for range 50 {
			// Long stretches of set bits as well as scattered ones.
			mask := rng.Uint64() | rng.Uint64()
			if rng.IntN(2) == 0 {
				mask = ^(uint64(1)<<rng.IntN(64) | uint64(1)<<rng.IntN(64))
			}
			var fit, cover uint64
			for p := range 64 {
				all := p+r <= 64
				for q := p; q < p+r && q < 64; q++ {
					all = all && mask>>q&1 == 1
					if mask>>p&1 == 1 {
						cover |= 1 << q
					}
				}
				if all {
					fit |= 1 << p
				}
			}
			if got := fitting(mask, r); got != fit {
				t.Fatalf("fitting(%064b, %d) = %064b, want %064b", mask, r, got, fit)
			}
			if got := smear(mask, r); got != cover {
				t.Fatalf("smear(%064b, %d) = %064b, want %064b", mask, r, got, cover)
			}
		}
	}
}

// TestWhiteSpansGrow checks grow against growing suffixes cell by cell,
// on lines with white stretches of every length.
func TestWhiteSpansGrow(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for iter := range 5000 {
		// A white stretch of random length and place, among random cells.
		notBlack := rng.Uint64() & rng.Uint64()
		if length := rng.IntN(65); length > 0 {
			notBlack |= (1<<length - 1) << rng.IntN(65-length)
		}
		set := uint64(1) << rng.IntN(64)
		if iter%2 == 0 {
			set = rng.Uint64() & rng.Uint64() & rng.Uint64()
		}
		want := set
		for p := 62; p >= 0; p-- {
			if want>>(p+1)&1 == 1 && notBlack>>p&1 == 1 {
				want |= 1 << p
			}
		}
		spans := whiteSpansOf(notBlack)
		if got := spans.grow(set); got != want {
			t.Fatalf("grow(%064b) with notBlack %064b = %064b, want %064b", set, notBlack, got, want)
		}
	}
}
