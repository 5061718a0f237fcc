package nonogram

// Cell states of a grid under construction.
const (
	unknown byte = iota
	black
	white
)

// lineSolver settles the cells of one line that take the same colour in
// every placement of the runs consistent with the cells already known:
// it is exact, a cell is settled black only if no consistent placement
// leaves it white, and the other way round. It is the dynamic programme
// over (cell, run) of tableSolver, the plain form the tests check it
// against, done a word of 64 cells or starts at a time: by maskTables for
// lines of up to 64 cells, and for longer lines by the band solvers, whose
// words hold the starts of a run (see band.go). Its work space is reused
// between calls.
type lineSolver struct {
	band   bandSpace
	tables maskTables
}

// solve refines line in place and reports whether any placement fits.
// runs must be positive.
//
// A long line is first cut down to what is left between its settled ends
// (see trimSettled): late in a large puzzle most of a line is known, and
// what is left often fits the mask solver, which is many times faster than
// the tables. So are the band solvers, which take the rest.
func (s *lineSolver) solve(line []byte, runs []int) bool {
	if len(line) <= wordCells {
		return s.tables.solveWord(line, runs)
	}
	lo, hi, j0, j1 := trimSettled(line, runs)
	line, runs = line[lo:hi], runs[j0:j1]
	switch {
	case len(runs) == 0:
		for p, c := range line {
			if c == black {
				return false
			}
			line[p] = white
		}
		return true
	case len(line) <= wordCells:
		return s.tables.solveWord(line, runs)
	}
	// The one-word band solver is faster than the many-word one where it
	// applies (dense500 1.5 times). The many-word one takes every other
	// line, since it beat the table solver on all but a few of the lines
	// the smooth pictures of BenchmarkLineSolvable ask for (4-6 times in
	// total) and on random lines of 200-2000 cells, runs of 1-100 cells
	// and up to 80% known, 1.3-15 times; the table solver was faster, by
	// up to 2 times, only on lines of hundreds of short runs nearly all
	// known, whose table stretches are short, and no simple rule told
	// those from lines of single cells 90% known (the table 8 times
	// slower), so they are left to the band solver too.
	total, ok := bandFits(len(line), runs)
	if ok {
		return s.solveBand(line, runs, total)
	}
	return s.solveWide(line, runs, total)
}

// trimSettled returns the part of line, cells [lo,hi), that holds runs
// [j0,j1) once its settled ends are cut off: from each end, white cells
// and whole runs, known black and bounded by a white cell or the line's
// end. The first black cell after only whites starts the first run, so a
// known block of that run's length followed by a white is that run and
// nothing else is left to settle there. It stops at the first unknown
// cell, and at a block that does not match its run, which it leaves for the
// line solver to find wanting.
func trimSettled(line []byte, runs []int) (lo, hi, j0, j1 int) {
	n, k := len(line), len(runs)
	for {
		for lo < n && line[lo] == white {
			lo++
		}
		if lo == n || j0 == k || !settledRun(line, lo, lo+runs[j0], lo) {
			break
		}
		lo += runs[j0]
		j0++
	}
	hi, j1 = n, k
	for {
		for hi > lo && line[hi-1] == white {
			hi--
		}
		if hi == lo || j1 == j0 || !settledRun(line, hi-runs[j1-1], hi, lo) {
			break
		}
		hi -= runs[j1-1]
		j1--
	}
	return lo, hi, j0, j1
}

// settledRun reports whether cells [a,e) of line are known black, within
// [lo,len(line)), and bounded by white cells or the ends of the line.
func settledRun(line []byte, a, e, lo int) bool {
	if a < lo || e > len(line) || a > 0 && line[a-1] != white || e < len(line) && line[e] != white {
		return false
	}
	for _, c := range line[a:e] {
		if c != black {
			return false
		}
	}
	return true
}

// fits reports whether runs, one cell apart, fit in a line of n cells.
func fits(runs []int, n int) bool {
	need := -1
	for _, r := range runs {
		if r > n {
			return false
		}
		need += r + 1
		if need > n {
			return false
		}
	}
	return true
}

// wordCells is the longest line solveWord handles: its n+1 prefix lengths
// fit the bits of a uint64.
const wordCells = 63

// solveWord is solve for lines of at most wordCells cells.
func solveWord(line []byte, runs []int) bool {
	var t maskTables
	return t.solveWord(line, runs)
}

// solveWord is solveWord with t as work space.
func (t *maskTables) solveWord(line []byte, runs []int) bool {
	var notBlack, notWhite uint64
	for p, c := range line {
		if c != black {
			notBlack |= 1 << p
		}
		if c != white {
			notWhite |= 1 << p
		}
	}
	canBlack, canWhite, ok := t.solve(len(line), runs, notBlack, notWhite)
	if !ok {
		return false
	}
	for p := range line {
		switch bit := uint64(1) << p; {
		case canBlack&bit == 0:
			line[p] = white
		case canWhite&bit == 0:
			line[p] = black
		}
	}
	return true
}

// maskTables is the work space of the mask line solver. Callers that solve many
// lines keep one, which saves clearing it each time: solve writes every
// entry it reads.
type maskTables struct {
	// through[j] bit i: cells [0,i) hold runs [0,j]; fits[j] bit a: run j
	// fits at cell a, and starts[j] also has what precedes it holding
	// runs [0,j).
	through, fits, starts [wordCells/2 + 1]uint64
}

// solve is the line solver for n ≤ wordCells cells given as masks,
// bit p set in notBlack if cell p may be white and in notWhite if it may be
// black. It returns the cells that may be black and those that may be
// white in some placement, and whether there is one.
//
// It is the dynamic programme of tableSolver with each row of the tables,
// the prefix lengths that may hold runs [0,j), or the suffixes that may
// hold runs [j,k), packed into one word: a run is placed at every possible
// start at once by shifts, and stretches of white cells are crossed by one
// addition for prefixes and by up to six shifts for suffixes (see
// whiteSpans). A line costs O(runs × log(run length)) word operations.
//
// It runs through the runs once forwards, for the prefixes, and once
// backwards, for the suffixes and the cells settled, with few branches,
// since each loop step and branch costs more in WebAssembly than natively.
func (t *maskTables) solve(n int, runs []int, notBlack, notWhite uint64) (canBlack, canWhite uint64, ok bool) {
	k := len(runs)
	if 2*k > n+1 { // too many runs for the tables, even of one cell
		return 0, 0, false
	}
	through, fits, starts := t.through[:k], t.fits[:k], t.starts[:k]
	// whiteStep bit i: a prefix may grow from i-1 to i cells by a white.
	whiteStep := notBlack << 1
	none := extend(1, whiteStep) // the prefixes that hold no run
	set := none
	longest := 0 // the shifts are exact for runs shorter than 64: checked after the loop
	for j, r := range runs {
		longest = max(longest, r)
		fits[j] = fitting(notWhite, r)
		// Run j may start the line (only run 0 may hold no cell before
		// it, so set&1 is set for j = 0 only) or follow a white.
		starts[j] = ((set&notBlack)<<1 | set&1) & fits[j]
		set = extend(starts[j]<<(uint(r)&63), whiteStep)
		through[j] = set
	}
	if longest > n || set>>n&1 == 0 {
		return 0, 0, false
	}

	// after bit i: cells [i,n) may hold runs [j+1,k).
	spans := whiteSpansOf(notBlack)
	after := spans.grow(1 << n)
	for j := k - 1; j >= 0; j-- {
		// Cell p may be white between runs j and j+1.
		canWhite |= through[j] & (after >> 1)
		// Run j may end before cell e if cell e may be white and the
		// rest holds runs [j+1,k), or at the line's end if it is the
		// last (only the empty suffix, bit n of after, holds no run).
		ends := (after>>1)&notBlack | after&(1<<n)
		r := runs[j]
		followed := fits[j] & (ends >> (uint(r) & 63)) // where run j may start, given what follows
		canBlack |= smear(starts[j]&followed, r)
		after = spans.grow(followed)
	}
	canWhite |= none & (after >> 1)
	canWhite &= notBlack
	return canBlack, canWhite, canBlack|canWhite == 1<<n-1
}

// extend adds to a set of prefix lengths all that grow from them by white
// cells, where whiteStep allows: adding t to whiteStep carries through each
// stretch of steps from its first bit in t, clearing the bits reached.
func extend(set, whiteStep uint64) uint64 {
	t := (set << 1) & whiteStep
	return set | t | whiteStep&^(whiteStep+t)
}

// whiteSpans are the cells that start 1, 2, 4, ..., 32 cells in a row
// that may be white, so that a suffix starting after them may grow by that
// many cells.
type whiteSpans [6]uint64

// whiteSpansOf returns the whiteSpans of a line whose cells may be white
// where notBlack is set.
func whiteSpansOf(notBlack uint64) whiteSpans {
	w2 := notBlack & (notBlack >> 1)
	w4 := w2 & (w2 >> 2)
	w8 := w4 & (w4 >> 4)
	w16 := w8 & (w8 >> 8)
	w32 := w16 & (w16 >> 16)
	return whiteSpans{notBlack, w2, w4, w8, w16, w32}
}

// grow adds to a set of suffix starts all that grow from them by white
// cells, in up to six steps that double the distance covered, since
// carries, which extend uses for prefixes, run only the other way. Lines
// with no 8 cells in a row that may be white need only three.
func (s *whiteSpans) grow(set uint64) uint64 {
	set |= s[0] & (set >> 1)
	set |= s[1] & (set >> 2)
	set |= s[2] & (set >> 4)
	if s[3] == 0 {
		return set
	}
	set |= s[3] & (set >> 8)
	set |= s[4] & (set >> 16)
	return set | s[5]&(set>>32)
}

// fitting returns the cells where a run of r < 64 cells may start: r cells
// in a row that may be black. Shifts by 1, 2, 4, ... cells check d cells,
// the largest power of two up to r, and one overlapping shift the rest, so
// that runs of up to 3 cells, the most common, take no loop step, which
// in WebAssembly costs more than the shifts.
func fitting(notWhite uint64, r int) uint64 {
	if r < 2 {
		return notWhite
	}
	fit, d := notWhite&(notWhite>>1), 2
	for ; 2*d <= r; d *= 2 {
		fit &= fit >> (uint(d) & 63)
	}
	return fit & (fit >> (uint(r-d) & 63))
}

// smear returns the cells covered by runs of r < 64 cells starting at
// starts, by the shifts of fitting.
func smear(starts uint64, r int) uint64 {
	if r < 2 {
		return starts
	}
	cover, d := starts|starts<<1, 2
	for ; 2*d <= r; d *= 2 {
		cover |= cover << (uint(d) & 63)
	}
	return cover | cover<<(uint(r-d)&63)
}
