package nonogram

import (
	"encoding/binary"
	"math/bits"
)

// The band solver is the mask solver (maskTables.solve) for long lines
// whose runs have little room to move: where the slack, the cells left
// over when the runs are packed one cell apart, plus the longest run is
// under 64 cells. Run j then starts at S_j+d for d in 0..slack, S_j being
// its left-most start, and ends at E_j+d, E_j = S_j+r_j; so each row of
// the tables, the starts of run j or the prefix lengths that hold runs
// [0,j], fits one word in the coordinate d, and the cells a row reads are
// a word taken from the line's bit sets at S_j or E_j. A line of k runs
// costs O(k) word operations, however long it is, against the table
// solver's O(k × slack) branchy steps: dense pictures, whose lines hold
// many short runs, have lines of this kind.

// bandFits reports whether the band solver takes a line of n cells with
// runs, and returns the cells of the runs.
//
// A run need not fit a word with its starts: the starts of one of r
// cells with slack span slack+r cells, which, when the slack is under 62,
// two words hold; and all the starts of a run longer than the slack cover
// the cells from its last start to its first end, so that what differs
// between two starts are fewer cells than the slack before and after
// them. Smooth pictures' lines, a few long runs with much slack, are often
// of these kinds.
func bandFits(n int, runs []int) (total int, ok bool) {
	for _, r := range runs {
		total += r
	}
	return total, len(runs) > 0 && n-(total+len(runs)-1) < wordCells-1
}

// inWord reports whether the starts of a run of r cells with slack and
// the cells it covers fit one word.
func inWord(r, slack int) bool { return slack+r <= wordCells }

// wideFits returns the d in 0..slack for which a run of r cells, which
// does not fit a word with its starts, may start at d+at: r cells in a
// row that may be black, by notWhite.
func wideFits(notWhite []uint64, at, r, slack int) uint64 {
	if r <= slack { // slack+r < 128 cells
		return fitting2(wordAt(notWhite, at), wordAt(notWhite, at+64), r)
	}
	// r > slack: the cells [at+slack,at+r) all its starts cover, then for
	// start d+at, the cells [at+d,at+slack) before them and [at+r,at+r+d)
	// after.
	if !allSet(notWhite, at+slack, at+r) {
		return 0
	}
	fit := uint64(1)<<(uint(slack+1)&63) - 1
	if before := ^wordAt(notWhite, at) & (1<<(uint(slack)&63) - 1); before != 0 {
		fit &^= 1<<(uint(bits.Len64(before))&63) - 1 // d past the last white
	}
	after := bits.TrailingZeros64(^wordAt(notWhite, at+r)) // d up to the first white
	if after < slack {
		fit &= 1<<(uint(after+1)&63) - 1
	}
	return fit
}

// wideCover sets in canBlack the cells covered by a run of r cells, which
// does not fit a word with its starts, starting at at+d for the d in
// starts, not empty.
func wideCover(canBlack []uint64, at int, starts uint64, r, slack int) {
	if r <= slack { // slack+r < 128 cells
		lo, hi := smear2(starts, r)
		orAt(canBlack, at, lo)
		if hi != 0 { // then at+64 is inside the line
			orAt(canBlack, at+64, hi)
		}
		return
	}
	// Starts at most slack < r apart: their runs cover one block.
	first, last := bits.TrailingZeros64(starts), bits.Len64(starts)-1
	setRange(canBlack, at+first, at+last+r)
}

// fitting2 is fitting for the 128 cells lo, hi and r < 64, returning the
// starts in the low word only.
func fitting2(lo, hi uint64, r int) uint64 {
	fitLo, fitHi := lo&(lo>>1|hi<<63), hi&(hi>>1)
	d := 2
	for ; 2*d <= r; d *= 2 {
		fitLo, fitHi = fitLo&(fitLo>>uint(d)|fitHi<<uint(64-d)), fitHi&(fitHi>>uint(d))
	}
	if r < 2 {
		return lo
	}
	s := uint(r-d) & 63
	if s == 0 {
		return fitLo
	}
	return fitLo & (fitLo>>s | fitHi<<(64-s))
}

// smear2 is smear for starts in a word and r < 64, returning the 128
// cells covered.
func smear2(starts uint64, r int) (lo, hi uint64) {
	if r < 2 {
		return starts, 0
	}
	lo, hi = starts|starts<<1, starts>>63
	d := 2
	for ; 2*d <= r; d *= 2 {
		lo, hi = lo|lo<<uint(d), hi|hi<<uint(d)|lo>>uint(64-d)
	}
	s := uint(r-d) & 63
	if s == 0 {
		return lo, hi
	}
	return lo | lo<<s, hi | hi<<s | lo>>(64-s)
}

// allSet reports whether set holds the bits [from,to).
func allSet(set []uint64, from, to int) bool {
	for ; from+64 <= to; from += 64 {
		if wordAt(set, from) != ^uint64(0) {
			return false
		}
	}
	if from >= to {
		return true
	}
	mask := uint64(1)<<(uint(to-from)&63) - 1
	return wordAt(set, from)&mask == mask
}

// bandSpace is the band solver's work space: the line's cells as bit
// sets, notBlack and notWhite, then the cells that may be black and
// white, each words long, and per run its starts and the prefixes
// through it.
type bandSpace struct {
	notBlack, notWhite, canBlack, canWhite []uint64
	starts, through                        []uint64
	rows, scratch                          []uint64 // solveWide's
}

// solveBand is tableSolver.solve for a line that bandFits, with total
// the cells of its runs.
func (s *lineSolver) solveBand(line []byte, runs []int, total int) bool {
	n, k := len(line), len(runs)
	slack := n - (total + k - 1)
	if slack < 0 {
		return false
	}
	// The bit sets are made here rather than by bandSpace.cellSets,
	// whose call cost dense pictures 2-4%.
	b := &s.band
	words := n>>6 + 2 // a word read at any offset up to n stays inside
	if cap(b.notBlack) < words {
		b.notBlack, b.notWhite = make([]uint64, words), make([]uint64, words)
		b.canBlack, b.canWhite = make([]uint64, words), make([]uint64, words)
	}
	if cap(b.starts) < k {
		b.starts, b.through = make([]uint64, k), make([]uint64, k)
	}
	notBlack, notWhite := b.notBlack[:words], b.notWhite[:words]
	canBlack, canWhite := b.canBlack[:words], b.canWhite[:words]
	starts, through := b.starts[:k], b.through[:k]
	clear(notBlack)
	clear(notWhite)
	clear(canBlack)
	clear(canWhite)
	cellSetsOf(line, notBlack, notWhite)
	band := uint64(1)<<(uint(slack+1)&63) - 1 // d in 0..slack

	// Forwards: prefix lengths d that may hold no run (cells [0,d) white);
	// then run j may start at S_j+d if the prefix of length S_j+d-1 =
	// E_{j-1}+d holds runs [0,j) and its next cell may be white, and the
	// prefixes E_j+d that hold runs [0,j] are its ends grown by whites.
	none := extend(1, wordAt(notBlack, 0)<<1) & band
	before := none
	at := 0 // S_j
	for j, r := range runs {
		var fit uint64
		if inWord(r, slack) {
			fit = fitting(wordAt(notWhite, at), r)
		} else {
			fit = wideFits(notWhite, at, r, slack)
		}
		starts[j] = before & fit
		end := at + r // E_j
		through[j] = extend(starts[j], wordAt(notBlack, end)<<1) & band
		before = through[j] & wordAt(notBlack, end)
		at = end + 1
	}
	if through[k-1]>>(uint(slack)&63)&1 == 0 {
		return false
	}

	// Backwards: after holds the d for which cells [E_j+d,n) may be white
	// and then hold runs [j+1,k); for the last run, all white.
	at = n - slack // E_{k-1}
	spans := whiteSpansOf(wordAt(notBlack, at))
	after := spans.grow(1<<(uint(slack)&63)) & band
	for j := k - 1; j >= 0; j-- {
		r := runs[j]
		end := at // E_j
		orAt(canWhite, end, through[j]&after)
		followed := starts[j] & after
		if followed == 0 {
			return false
		}
		start := end - r // S_j
		if inWord(r, slack) {
			orAt(canBlack, start, smear(followed, r))
		} else {
			wideCover(canBlack, start, followed, r, slack)
		}
		// Cells [S_j+d,n) may be white and then hold runs [j,k).
		nb := wordAt(notBlack, start)
		spans = whiteSpansOf(nb)
		suffix := spans.grow(followed)
		if j == 0 {
			orAt(canWhite, 0, none&nb&(suffix>>1))
			break
		}
		at = start - 1 // E_{j-1}
		after = wordAt(notBlack, at) & suffix
	}
	return settleCells(line, notBlack, notWhite, canBlack, canWhite)
}

// cellSets returns the band space's bit sets for line: notBlack and
// notWhite of its cells, canBlack and canWhite cleared. They have two
// words past the line's, so that a word read at any offset up to its end
// stays inside.
func (b *bandSpace) cellSets(line []byte) (notBlack, notWhite, canBlack, canWhite []uint64) {
	words := len(line)>>6 + 3
	if cap(b.notBlack) < words {
		b.notBlack, b.notWhite = make([]uint64, words), make([]uint64, words)
		b.canBlack, b.canWhite = make([]uint64, words), make([]uint64, words)
	}
	notBlack, notWhite = b.notBlack[:words], b.notWhite[:words]
	canBlack, canWhite = b.canBlack[:words], b.canWhite[:words]
	clear(notBlack)
	clear(notWhite)
	clear(canBlack)
	clear(canWhite)
	cellSetsOf(line, notBlack, notWhite)
	return notBlack, notWhite, canBlack, canWhite
}

// settleCells settles the unknown cells of line that only one colour
// fits, by word, and reports whether every cell has one.
func settleCells(line []byte, notBlack, notWhite, canBlack, canWhite []uint64) bool {
	n := len(line)
	for w := range n>>6 + 1 {
		cells := ^uint64(0) // of the line, in word w
		if left := n - w<<6; left < 64 {
			cells = 1<<uint(left) - 1
		}
		cb, cw := canBlack[w], canWhite[w]
		if ^(cb|cw)&cells != 0 {
			return false
		}
		unknown := notBlack[w] & notWhite[w] & cells
		for set := unknown &^ cw; set != 0; set &= set - 1 {
			line[w<<6|bits.TrailingZeros64(set)] = black
		}
		for set := unknown &^ cb; set != 0; set &= set - 1 {
			line[w<<6|bits.TrailingZeros64(set)] = white
		}
	}
	return true
}

// cellSetsOf sets in notBlack and notWhite, cleared, the bits of the
// cells of line that may be white and black: eight cells at a time,
// which the search for large puzzles does for every line it solves.
func cellSetsOf(line []byte, notBlack, notWhite []uint64) {
	const low = 0x0101010101010101 // bit 0 of each byte
	p := 0
	for ; p+8 <= len(line); p += 8 {
		x := binary.LittleEndian.Uint64(line[p:])
		// Bit 0 of each byte: the cell is black (1), white (2).
		isBlack, isWhite := x&^(x>>1)&low, x>>1&low
		w, o := p>>6, uint(p)&63
		notBlack[w] |= (^gather(isBlack) & 0xff) << o
		notWhite[w] |= (^gather(isWhite) & 0xff) << o
	}
	for ; p < len(line); p++ {
		bit := uint64(1) << (p & 63)
		if line[p] != black {
			notBlack[p>>6] |= bit
		}
		if line[p] != white {
			notWhite[p>>6] |= bit
		}
	}
}

// gather returns bit 0 of each byte of x, which has no other bits set,
// as eight bits, byte i's as bit i: one multiplication moves them all
// into the top byte.
func gather(x uint64) uint64 { return x * 0x0102040810204080 >> 56 }

// wordAt returns bits [at,at+64) of set, which must have a word past
// at's.
func wordAt(set []uint64, at int) uint64 {
	w, o := at>>6, uint(at)&63
	if o == 0 {
		return set[w]
	}
	return set[w]>>o | set[w+1]<<(64-o)
}

// orAt sets in set the bits of x shifted up by at; set must have a word
// past at's.
func orAt(set []uint64, at int, x uint64) {
	w, o := at>>6, uint(at)&63
	set[w] |= x << o
	if o != 0 {
		set[w+1] |= x >> (64 - o)
	}
}

// solveWide is solveBand for a line of any slack: the coordinate d in
// 0..slack spans w = (slack+64)/64 words, so that each row of the tables
// is w words and each word operation of solveBand a loop over them, with
// carries across words (extendWide, growWide, shrAnd, shlOr). A line of
// k runs costs O(k × w × log r) word steps, against the table solver's
// O(k × slack) branchy steps: smooth pictures' long lines, a few long
// runs with much slack, are of this kind. total is the cells of runs,
// which must not be empty.
func (s *lineSolver) solveWide(line []byte, runs []int, total int) bool {
	n, k := len(line), len(runs)
	slack := n - (total + k - 1)
	if slack < 0 {
		return false
	}
	w := (slack + 64) >> 6
	top := ^uint64(0) >> (63 - uint(slack)&63) // the d up to slack in word w-1
	b := &s.band
	notBlack, notWhite, canBlack, canWhite := b.cellSets(line)
	if cap(b.rows) < 2*k*w {
		b.rows = make([]uint64, 2*k*w)
	}
	if scratch := 4*w + len(notBlack); cap(b.scratch) < scratch {
		b.scratch = make([]uint64, scratch)
	}
	starts, through := b.rows[:k*w], b.rows[k*w:2*k*w]
	none, before, step := b.scratch[:w], b.scratch[w:2*w], b.scratch[2*w:3*w]
	spare := b.scratch[4*w:] // for fitting and smearing a run

	// Forwards, as solveBand.
	clear(none)
	none[0] = 1
	loadShifted(step, notBlack, 0)
	extendWide(none, step)
	none[w-1] &= top
	copy(before, none)
	at := 0 // S_j
	for j, r := range runs {
		start, thru := starts[j*w:(j+1)*w], through[j*w:(j+1)*w]
		fitWide(start, notWhite, at, r, slack, spare)
		end := at + r // E_j
		loadShifted(step, notBlack, end)
		for i := range w {
			start[i] &= before[i]
			thru[i] = start[i]
		}
		extendWide(thru, step)
		thru[w-1] &= top
		for i := range w {
			before[i] = thru[i] & wordAt(notBlack, end+i<<6)
		}
		at = end + 1
	}
	if through[k*w-1]>>(uint(slack)&63)&1 == 0 {
		return false
	}

	// Backwards, as solveBand.
	after, cells := before, step // the d of after; cells of notBlack from a start
	at = n - slack               // E_{k-1}
	clear(after)
	after[w-1] = 1 << (uint(slack) & 63)
	loadAt(cells, notBlack, at)
	growWide(after, cells)
	after[w-1] &= top
	for j := k - 1; j >= 0; j-- {
		r := runs[j]
		end := at // E_j
		start, thru := starts[j*w:(j+1)*w], through[j*w:(j+1)*w]
		any := uint64(0)
		for i := range w {
			orAt(canWhite, end+i<<6, thru[i]&after[i])
			start[i] &= after[i] // followed
			any |= start[i]
		}
		if any == 0 {
			return false
		}
		at = end - r // S_j
		coverWide(canBlack, at, start, r, slack, spare)
		// Cells [S_j+d,n) may be white and then hold runs [j,k).
		loadAt(cells, notBlack, at)
		suffix := after
		copy(suffix, start)
		growWide(suffix, cells)
		if j == 0 {
			for i := range w {
				next := uint64(0)
				if i+1 < w {
					next = suffix[i+1] << 63
				}
				orAt(canWhite, i<<6, none[i]&cells[i]&(suffix[i]>>1|next))
			}
			break
		}
		at-- // E_{j-1}
		for i := range w {
			after[i] = suffix[i] & wordAt(notBlack, at+i<<6)
		}
	}
	return settleCells(line, notBlack, notWhite, canBlack, canWhite)
}

// loadAt sets dst to bits [at,at+64×len(dst)) of set.
func loadAt(dst, set []uint64, at int) {
	for i := range dst {
		dst[i] = wordAt(set, at+i<<6)
	}
}

// loadShifted sets dst to bits [at,at+64×len(dst)) of set shifted up by
// one: bit i is set's bit at+i-1, and bit 0 is clear.
func loadShifted(dst, set []uint64, at int) {
	carry := uint64(0)
	for i := range dst {
		x := wordAt(set, at+i<<6)
		dst[i], carry = x<<1|carry, x>>63
	}
}

// extendWide is extend for sets of many words: the carries of the
// addition run on from word to word.
func extendWide(set, whiteStep []uint64) {
	var shifted, carry uint64
	for i, x := range set {
		t := (x<<1 | shifted) & whiteStep[i]
		shifted = x >> 63
		var sum uint64
		sum, carry = bits.Add64(whiteStep[i], t, carry)
		set[i] = x | t | whiteStep[i]&^sum
	}
}

// growWide is whiteSpans.grow for sets of many words, notBlack the cells
// that may be white: from the top word down, a word's suffix starts
// reaching its bit 0 grow into bit 63 of the word below.
func growWide(set, notBlack []uint64) {
	carry := uint64(0)
	for i := len(set) - 1; i >= 0; i-- {
		x := set[i] | notBlack[i]&(carry<<63)
		if x != 0 {
			spans := whiteSpansOf(notBlack[i])
			x = spans.grow(x)
			set[i] = x
		}
		carry = x & 1
	}
}

// fitWide sets dst, w words, to the d in 0..slack for which a run of r
// cells may start at at+d: r cells in a row that may be black, by
// notWhite. spare is work space of words past at's in notWhite.
func fitWide(dst, notWhite []uint64, at, r, slack int, spare []uint64) {
	if r > slack {
		// The cells [at+slack,at+r) all its starts cover, then for start
		// d+at the cells [at+d,at+slack) before them and [at+r,at+r+d)
		// after: the d fit from past the last white before to the first
		// white after.
		clear(dst)
		if !allSet(notWhite, at+slack, at+r) {
			return
		}
		first := lastClear(notWhite, at, at+slack) - at + 1
		last := firstClear(notWhite, at+r, at+r+slack) - at - r
		if first <= last {
			setRange(dst, first, last+1)
		}
		return
	}
	// fitting over the slack+r cells from at.
	x := spare[:(slack+r+63)>>6]
	loadAt(x, notWhite, at)
	byDoubling(x, r, shrAnd)
	copy(dst, x)
	dst[len(dst)-1] &= ^uint64(0) >> (63 - uint(slack)&63)
}

// coverWide sets in canBlack the cells covered by a run of r cells
// starting at at+d for the d in starts, not empty; spare is work space.
func coverWide(canBlack []uint64, at int, starts []uint64, r, slack int, spare []uint64) {
	if r > slack {
		// Starts at most slack < r apart: their runs cover one block.
		first, last := 0, 0
		for i, x := range starts {
			if x != 0 {
				last = i<<6 + bits.Len64(x) - 1
			}
		}
		for i := len(starts) - 1; i >= 0; i-- {
			if starts[i] != 0 {
				first = i<<6 + bits.TrailingZeros64(starts[i])
			}
		}
		setRange(canBlack, at+first, at+last+r)
		return
	}
	// smear over the slack+r cells from at.
	x := spare[:(slack+r+63)>>6]
	copy(x, starts)
	clear(x[len(starts):])
	byDoubling(x, r, shlOr)
	for i, c := range x {
		orAt(canBlack, at+i<<6, c)
	}
}

// byDoubling applies shift to x by 1, 2, 4, ... cells, the largest power
// of two up to r, and once more by the rest, as fitting and smear do, so
// that x spans r cells from each bit.
func byDoubling(x []uint64, r int, shift func(x []uint64, by int)) {
	if r < 2 {
		return
	}
	d := 1
	for ; 2*d <= r; d *= 2 {
		shift(x, d)
	}
	if r > d {
		shift(x, r-d)
	}
}

// shrAnd clears in x the bits i for which bit i+by is clear (or past x).
func shrAnd(x []uint64, by int) {
	q, o := by>>6, uint(by)&63
	for i := range x {
		var v uint64
		if i+q < len(x) {
			v = x[i+q] >> o
		}
		if o != 0 && i+q+1 < len(x) {
			v |= x[i+q+1] << (64 - o)
		}
		x[i] &= v
	}
}

// shlOr sets in x the bits i for which bit i-by is set.
func shlOr(x []uint64, by int) {
	q, o := by>>6, uint(by)&63
	for i := len(x) - 1; i >= q; i-- {
		v := x[i-q] << o
		if o != 0 && i > q {
			v |= x[i-q-1] >> (64 - o)
		}
		x[i] |= v
	}
}

// lastClear returns the last bit in [from,to) clear in set, or from-1.
func lastClear(set []uint64, from, to int) int {
	for to > from {
		m := min(64, to-from)
		if x := ^wordAt(set, to-m) & (^uint64(0) >> (64 - uint(m))); x != 0 {
			return to - m + bits.Len64(x) - 1
		}
		to -= m
	}
	return from - 1
}

// firstClear returns the first bit in [from,to) clear in set, or to.
func firstClear(set []uint64, from, to int) int {
	for ; from < to; from += 64 {
		x := ^wordAt(set, from)
		if m := to - from; m < 64 {
			x &= 1<<uint(m) - 1
		}
		if x != 0 {
			return from + bits.TrailingZeros64(x)
		}
	}
	return to
}

// setRange sets the bits [from,to) of set.
func setRange(set []uint64, from, to int) {
	for from < to {
		o := uint(from) & 63
		m := min(64-int(o), to-from)
		set[from>>6] |= ^uint64(0) >> (64 - uint(m)) << o
		from += m
	}
}
