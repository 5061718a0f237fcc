package nonogram

import (
	"bytes"
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

// TestTrimmedLongLines checks the line solver on long lines, whose settled
// ends it trims before solving what is left (see trimSettled), against
// solveTable on the whole line: lines of pictures with most of their
// cells known, as they are late in a large puzzle, and some with cells
// that contradict their runs.
func TestTrimmedLongLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var table, trimmed lineSolver
	for iter := range 20000 {
		n := wordCells + 1 + rng.IntN(300)
		pic := make([]bool, n)
		density := rng.Float64()
		for i := range pic {
			pic[i] = rng.Float64() < density
		}
		runs := runsOf(n, func(i int) bool { return pic[i] })
		if len(runs) > 0 && rng.IntN(8) == 0 { // runs of another picture
			runs[rng.IntN(len(runs))]++
		}
		known := rng.Float64()
		line := someCellsOf(rng, pic, func(i int) bool {
			// Whole stretches known at the ends, as line solving leaves them.
			edge := min(i, n-1-i) < rng.IntN(n/2+1)
			return edge || rng.Float64() < known
		})
		want := slices.Clone(line)
		wantOK := table.solveTable(want, runs)
		got := slices.Clone(line)
		if gotOK := trimmed.solve(got, runs); gotOK != wantOK || wantOK && !slices.Equal(got, want) {
			t.Fatalf("iter %d: line %v runs %v: got %v %v, want %v %v", iter, line, runs, got, gotOK, want, wantOK)
		}
	}
}

// TestTrimSettled checks which ends trimSettled cuts off: whites and
// whole runs bounded by whites, up to the first unknown cell from each end.
func TestTrimSettled(t *testing.T) {
	const u, b, w = unknown, black, white
	for _, c := range []struct {
		line           []byte
		runs           []int
		lo, hi, j0, j1 int
	}{
		{[]byte{w, b, b, w, u, u, u, w, b, w}, []int{2, 1, 1}, 4, 7, 1, 2},
		{[]byte{b, w, b, b, w, b}, []int{1, 2, 1}, 6, 6, 3, 3},
		{[]byte{b, b, w, u, b}, []int{2, 1}, 3, 5, 1, 2},
		{[]byte{u, b, w, b}, []int{1, 1}, 0, 2, 0, 1},
		{[]byte{b, b, b, u}, []int{2, 1}, 0, 4, 0, 2}, // run 0 too long: left to the solver
		{[]byte{w, w, w}, []int{}, 3, 3, 0, 0},
	} {
		lo, hi, j0, j1 := trimSettled(c.line, c.runs)
		if lo != c.lo || hi != c.hi || j0 != c.j0 || j1 != c.j1 {
			t.Errorf("trimSettled(%v, %v) = %d %d %d %d, want %d %d %d %d", c.line, c.runs, lo, hi, j0, j1, c.lo, c.hi, c.j0, c.j1)
		}
	}
}

// FuzzLineSolvers checks the table line solver, alone and behind the
// trimming of long lines, against the mask solver, which shares none of
// its code: a line of up to wordCells cells, and the same line padded
// with known white cells to more than wordCells, must settle alike. The
// band solvers, which share the mask solver's word operations, must too,
// the many-word one also against solveTable with unknown cells added.
func FuzzLineSolvers(f *testing.F) {
	f.Add([]byte{10, 3, 2, 1, 0, 1, 2, 0, 0, 0, 1}, uint8(30))
	f.Add([]byte{62, 5, 7, 0, 2, 2, 1, 1, 0, 0, 2}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, pad uint8) {
		if len(data) < 2 {
			return
		}
		n, k := 1+int(data[0])%wordCells, int(data[1])%(wordCells/2+1)
		data = data[2:]
		runs := make([]int, 0, k)
		for j := 0; j < k && j < len(data); j++ {
			runs = append(runs, 1+int(data[j])%n)
		}
		line := make([]byte, n)
		for p := range line {
			if i := len(runs) + p; i < len(data) {
				line[p] = data[i] % 3 // unknown, black or white
			}
		}
		want := slices.Clone(line)
		wantOK := solveWord(want, runs)

		var s lineSolver
		got := slices.Clone(line)
		if ok := s.solveTable(got, runs); ok != wantOK || ok && !slices.Equal(got, want) {
			t.Fatalf("solveTable(%v, %v) = %v %v, want %v %v", line, runs, got, ok, want, wantOK)
		}
		if total, ok := bandFits(n, runs); ok {
			got := slices.Clone(line)
			if ok := s.solveBand(got, runs, total); ok != wantOK || ok && !slices.Equal(got, want) {
				t.Fatalf("solveBand(%v, %v) = %v %v, want %v %v", line, runs, got, ok, want, wantOK)
			}
		}
		// Followed by up to 63 whites, for the band solver's runs that do
		// not fit a word with their starts.
		if right := append(slices.Clone(line), bytes.Repeat([]byte{white}, int(pad)%64)...); n < len(right) {
			if total, ok := bandFits(len(right), runs); ok {
				if ok := s.solveBand(right, runs, total); ok != wantOK || ok && !slices.Equal(right[:n], want) {
					t.Fatalf("solveBand(%v + %d whites, %v) = %v %v, want %v %v", line, len(right)-n, runs, right[:n], ok, want, wantOK)
				}
			}
		}
		// Followed by 62 to 317 whites, for the many-word band solver; and
		// by as many unknown cells, against solveTable.
		if len(runs) > 0 {
			total := 0
			for _, r := range runs {
				total += r
			}
			more := 62 + int(pad)
			right := append(slices.Clone(line), bytes.Repeat([]byte{white}, more)...)
			if ok := s.solveWide(right, runs, total); ok != wantOK || ok && !slices.Equal(right[:n], want) {
				t.Fatalf("solveWide(%v + %d whites, %v) = %v %v, want %v %v", line, more, runs, right[:n], ok, want, wantOK)
			}
			open := append(slices.Clone(line), make([]byte, more)...)
			tabled := slices.Clone(open)
			tabledOK := s.solveTable(tabled, runs)
			if ok := s.solveWide(open, runs, total); ok != tabledOK || ok && !slices.Equal(open, tabled) {
				t.Fatalf("solveWide(%v + %d unknown, %v) = %v %v, want %v %v", line, more, runs, open, ok, tabled, tabledOK)
			}
		}
		// Padded past wordCells with whites, which the long-line solver
		// either trims or tables.
		side := wordCells - n/2 + int(pad)%20
		padded := make([]byte, side+n+side)
		for p := range padded {
			padded[p] = white
		}
		copy(padded[side:], line)
		for name, solve := range map[string]func([]byte, []int) bool{"solve": s.solve, "solveTable": s.solveTable} {
			got := slices.Clone(padded)
			if ok := solve(got, runs); ok != wantOK || ok && !slices.Equal(got[side:side+n], want) {
				t.Fatalf("%s padded %v, %v = %v %v, want %v %v", name, line, runs, got[side:side+n], ok, want, wantOK)
			}
		}
	})
}

// TestBandSolver checks the band solver against solveTable on long lines
// of dense pictures, whose runs have little slack, with some of their
// cells known, some wrong, and runs of other lines.
func TestBandSolver(t *testing.T) {
	var band lineSolver // reused, as the search reuses it
	rng := rand.New(rand.NewPCG(7, 8))
	tried := 0
	for iter := range 30000 {
		n := 2 + rng.IntN(400)
		pic := make([]bool, n)
		density := 0.5 + rng.Float64()/2
		for i := range pic {
			pic[i] = rng.Float64() < density
		}
		runs, total, ok := bandRuns(rng, pic)
		if !ok {
			continue
		}
		tried++
		checkBand(t, iter, rng, pic, runs, total, &band, (*lineSolver).solveBand)
	}
	if tried < 10000 {
		t.Fatalf("only %d lines fit the band solver", tried)
	}
}

// bandRuns returns the runs of pic, one time in eight with a run changed
// (runs of another picture), and whether the band solver takes them.
func bandRuns(rng *rand.Rand, pic []bool) (runs []int, total int, ok bool) {
	runs = runsOf(len(pic), func(i int) bool { return pic[i] })
	if len(runs) > 0 && rng.IntN(8) == 0 {
		runs[rng.IntN(len(runs))] += rng.IntN(3) - 1
		runs = slices.DeleteFunc(runs, func(r int) bool { return r == 0 })
	}
	total, ok = bandFits(len(pic), runs)
	return runs, total, ok
}

// checkBand fails t unless solve, a band solver, settles a line of pic
// with some cells known (see someCellsOf) as solveTable does, and returns
// the line and what solveTable made of it.
func checkBand(t *testing.T, iter int, rng *rand.Rand, pic []bool, runs []int, total int,
	band *lineSolver, solve func(s *lineSolver, line []byte, runs []int, total int) bool) (line, want []byte, wantOK bool) {
	t.Helper()
	var table lineSolver
	known := rng.Float64() * rng.Float64()
	line = someCellsOf(rng, pic, func(int) bool { return rng.Float64() < known })
	want = slices.Clone(line)
	wantOK = table.solveTable(want, runs)
	got := slices.Clone(line)
	if gotOK := solve(band, got, runs, total); gotOK != wantOK || wantOK && !slices.Equal(got, want) {
		t.Fatalf("iter %d: line %v runs %v: got %v %v, want %v %v", iter, line, runs, got, gotOK, want, wantOK)
	}
	return line, want, wantOK
}

// someCellsOf returns a line of pic with the cells for which known holds
// known, and one time in eight a wrong cell.
func someCellsOf(rng *rand.Rand, pic []bool, known func(i int) bool) []byte {
	line := make([]byte, len(pic))
	for i := range line {
		if known(i) {
			line[i] = white
			if pic[i] {
				line[i] = black
			}
		}
	}
	if rng.IntN(8) == 0 {
		line[rng.IntN(len(line))] = byte(1 + rng.IntN(2))
	}
	return line
}

// TestBandSolverLongRuns checks the band solver against solveTable on
// long lines of a few long runs, as smooth pictures have, with runs
// longer than the slack, which the band solver takes by the cells all
// their starts share; some lines have wrong cells or runs.
func TestBandSolverLongRuns(t *testing.T) {
	var band lineSolver // reused, as the search reuses it
	rng := rand.New(rand.NewPCG(9, 10))
	wide, long := 0, 0
	for iter := range 30000 {
		n := 65 + rng.IntN(400)
		pic := make([]bool, n)
		for at := rng.IntN(40); at < n; at += 1 + rng.IntN(40) {
			r := 1 + rng.IntN(1+n/2)
			if rng.IntN(3) == 0 {
				r = 1 + rng.IntN(8)
			}
			for ; r > 0 && at < n; r, at = r-1, at+1 {
				pic[at] = true
			}
		}
		runs, total, ok := bandRuns(rng, pic)
		if !ok {
			continue
		}
		slack := n - (total + len(runs) - 1)
		for _, r := range runs {
			if !inWord(r, slack) && r <= slack {
				wide++
			}
			if r > slack && !inWord(r, slack) {
				long++
			}
		}
		checkBand(t, iter, rng, pic, runs, total, &band, (*lineSolver).solveBand)
	}
	if wide < 3000 || long < 3000 {
		t.Fatalf("only %d runs that fit two words with their starts and %d longer than the slack in lines the band solver takes", wide, long)
	}
}

// TestWideSolver checks the many-word band solver against solveTable on
// long lines with much slack (62 to several hundred cells): lines of
// 65-2000 cells of pictures with runs of every length, some cells known,
// some wrong, and one time in eight runs of another line.
func TestWideSolver(t *testing.T) {
	var band lineSolver // reused, as the search reuses it
	rng := rand.New(rand.NewPCG(11, 12))
	words := map[int]int{} // lines tried by words of the coordinate d
	settled, failed := 0, 0
	for iter := range 20000 {
		n := 65 + rng.IntN(300)
		if rng.IntN(10) == 0 {
			n = 65 + rng.IntN(1936)
		}
		pic := make([]bool, n)
		gap, long := 1+rng.IntN(60), 1+rng.IntN(n/2)
		for at := rng.IntN(gap); at < n; at += 1 + rng.IntN(gap) {
			r := 1 + rng.IntN(long)
			if rng.IntN(3) == 0 {
				r = 1 + rng.IntN(8)
			}
			for ; r > 0 && at < n; r, at = r-1, at+1 {
				pic[at] = true
			}
		}
		runs := runsOf(n, func(i int) bool { return pic[i] })
		if rng.IntN(8) == 0 {
			other := make([]bool, n)
			for i := range other {
				other[i] = rng.IntN(4+len(runs)) == 0
			}
			runs = runsOf(n, func(i int) bool { return other[i] })
		}
		total := 0
		for _, r := range runs {
			total += r
		}
		slack := n - (total + len(runs) - 1)
		if len(runs) == 0 || slack < 62 {
			continue
		}
		words[(slack+64)>>6]++
		line, want, wantOK := checkBand(t, iter, rng, pic, runs, total, &band, (*lineSolver).solveWide)
		switch {
		case !wantOK:
			failed++
		case !slices.Equal(want, line):
			settled++
		}
	}
	// Slack 62 and 63 take one word; the rest two and more.
	for w, least := range map[int]int{1: 100, 2: 1000, 3: 1000, 4: 500, 5: 300, 10: 10, 20: 5} {
		if words[w] < least {
			t.Fatalf("only %d lines of %d words tried: %v", words[w], w, words)
		}
	}
	if settled < 5000 || failed < 1000 {
		t.Fatalf("%d lines settled cells and %d had no placement", settled, failed)
	}
}
