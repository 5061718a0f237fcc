package nonogram

import "math/bits"

// colourMasks is the work space of the colour line solver for lines of
// at most wordCells cells: the dynamic programme of colourLine.solve with
// each table row packed into a word, as maskTables.solve does it for
// black and white, a run placed at every possible start at once by
// shifts. It is several times faster than the table.
type colourMasks struct {
	// through[j] bit i: cells [0,i) hold runs [0,j]; fits[j] bit a: run j
	// may fill [a,a+r); starts[j] also has what precedes it holding runs
	// [0,j).
	through, fits, starts [wordCells]uint64
	mayInk                [MaxInks]uint64 // bit p: cell p may take the ink
	canInk                [MaxInks]uint64 // bit p: some placement gives cell p the ink
}

// solve is colourLine.solve for a line of up to wordCells cells.
func (t *colourMasks) solve(line []cellSet, runs, inks []int) bool {
	n, k := len(line), len(runs)
	if k > n {
		return false
	}
	// The line's inks, each once, as a cellSet.
	var used cellSet
	for _, ink := range inks {
		used |= inkSet(ink)
	}
	for u := used; u != 0; u &= u - 1 {
		ink := bits.TrailingZeros32(uint32(u)) - 1
		t.mayInk[ink], t.canInk[ink] = 0, 0
	}
	var mayWhite uint64
	for p, set := range line {
		mayWhite |= uint64(set&whiteSet) << p
		for u := set & used; u != 0; u &= u - 1 {
			t.mayInk[bits.TrailingZeros32(uint32(u))-1] |= 1 << p
		}
	}
	through, fits, starts := t.through[:k], t.fits[:k], t.starts[:k]
	whiteStep := mayWhite << 1 // bit i: a prefix may grow from i-1 to i cells by a white
	none := extend(1, whiteStep)
	set := none
	for j, r := range runs {
		if r > n {
			return false
		}
		fits[j] = fitting(t.mayInk[inks[j]], r)
		if j > 0 && inks[j] == inks[j-1] {
			starts[j] = (set & mayWhite) << 1 & fits[j] // a white cell first
		} else {
			starts[j] = set & fits[j]
		}
		set = extend(starts[j]<<(uint(r)&63), whiteStep)
		through[j] = set
	}
	if set>>n&1 == 0 {
		return false
	}
	// after bit i: cells [i,n) may hold runs [j+1,k).
	spans := whiteSpansOf(mayWhite)
	after := spans.grow(1 << n)
	var canWhite uint64
	for j := k - 1; j >= 0; j-- {
		// Cell p may be white between runs j and j+1.
		canWhite |= through[j] & (after >> 1)
		ends := after // where run j may end: before the next run, or whites
		if j < k-1 && inks[j] == inks[j+1] {
			ends = (after >> 1) & mayWhite // a white cell between
		}
		r := runs[j]
		followed := fits[j] & (ends >> (uint(r) & 63))
		t.canInk[inks[j]] |= smear(starts[j]&followed, r)
		after = spans.grow(followed)
	}
	canWhite |= none & (after >> 1)
	canWhite &= mayWhite
	all := canWhite
	for u := used; u != 0; u &= u - 1 {
		all |= t.canInk[bits.TrailingZeros32(uint32(u))-1]
	}
	if all != 1<<n-1 {
		return false
	}
	// Each cell keeps the colours some placement gives it.
	for p := range line {
		line[p] &= used | cellSet(canWhite>>p&1)
	}
	for u := used; u != 0; u &= u - 1 {
		ink := bits.TrailingZeros32(uint32(u)) - 1
		for cannot := t.mayInk[ink] &^ t.canInk[ink]; cannot != 0; cannot &= cannot - 1 {
			line[bits.TrailingZeros64(cannot)] &^= inkSet(ink)
		}
	}
	return true
}
