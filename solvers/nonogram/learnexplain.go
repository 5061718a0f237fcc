package nonogram

import "math/bits"

// lineReach cuts a line's explanation down without the line solver.
//
// A cell is settled as colour v exactly when the line with that cell set
// to the other colour has no fit, so every test explainLine makes asks
// only whether a line fits. The runs make a small automaton: the states
// 0..L step through the pattern B^r0 W B^r1 W ... B^rk-1 (L symbols),
// with white loops before the first run, after each separating white and
// after the last run, and the line fits when reading its cells can end
// in state L. A set of states is a row of words (one word for a line of
// up to 63 cells), so a cell is read in a few word operations.
//
// fwd[i] holds the states reachable after cells [0,i), bwd[i] those from
// which cells [i,n) reach L. Whether place p can be dropped is whether
// some state of fwd[p], stepping over either colour, lands in bwd[p+1]:
// one test. Only a drop changes the tables: fwd right of p and bwd left
// of it, and each is redone only until it meets its old value.
type lineReach struct {
	words          int      // words in a set of states
	bm, wm, loop   []uint64 // states before a black, before a separating white, with a white loop
	fwd, bwd, both []uint64 // rows of words: n+1 sets each, and one scratch set
	cons           []byte
}

// pattern sets up the automaton of runs and returns its final state L.
func (r *lineReach) pattern(runs []int) int {
	last := len(runs) - 1
	for _, x := range runs {
		last += x
	}
	last = max(last, 0)
	r.words = last/64 + 1
	r.bm, r.wm, r.loop = grown(r.bm, r.words), grown(r.wm, r.words), grown(r.loop, r.words)
	on := func(set []uint64, s int) { set[s>>6] |= 1 << (s & 63) }
	s := 0
	on(r.loop, 0)
	for j, x := range runs {
		if j > 0 {
			on(r.wm, s)
			s++
			on(r.loop, s)
		}
		for range x {
			on(r.bm, s)
			s++
		}
	}
	on(r.loop, s)
	return s
}

// grown returns s cleared, with room for n words.
func grown(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// step sets to the states that reading a cell of colour c (unknown:
// either) reaches from from; it reports whether to changed.
func (r *lineReach) step(to, from []uint64, c byte) bool {
	changed := false
	var carry, wcarry uint64 // the top state of the word below, before a black or a separating white
	for i, f := range from {
		var t uint64
		b, w := f&r.bm[i], f&r.wm[i]
		if c != white {
			t = b<<1 | carry
		}
		if c != black {
			t |= f&r.loop[i] | w<<1 | wcarry
		}
		carry, wcarry = b>>63, w>>63
		changed = changed || t != to[i]
		to[i] = t
	}
	return changed
}

// back sets to the states from which reading a cell of colour c reaches
// a state of from; it reports whether to changed.
func (r *lineReach) back(to, from []uint64, c byte) bool {
	changed := false
	var up uint64 // the bottom state of the word above
	for i := len(from) - 1; i >= 0; i-- {
		f := from[i]
		s := f>>1 | up
		up = f << 63
		var t uint64
		if c != white {
			t = s & r.bm[i]
		}
		if c != black {
			t |= f&r.loop[i] | s&r.wm[i]
		}
		changed = changed || t != to[i]
		to[i] = t
	}
	return changed
}

// minimise does what the line solver's greedy did (minimiseBySolver in
// the tests), with the same answer: cells holds the known cells of the
// line (unknown elsewhere) and the target at tp (tp < 0: a line with no
// fit); each place of order, all kept on entry, is dropped in turn if
// the line still has no fit with the target the other way. Were the line
// to fit with all of them, which the line solver rules out, all stay.
func (r *lineReach) minimise(cells []byte, runs []int, tp int, order []int, keep []bool) {
	last := r.pattern(runs)
	n, w := len(cells), r.words
	r.fwd, r.bwd, r.both = grown(r.fwd, (n+1)*w), grown(r.bwd, (n+1)*w), grown(r.both, w)
	if cap(r.cons) < n {
		r.cons = make([]byte, n)
	}
	cons := r.cons[:n]
	for p, c := range cells {
		cons[p] = unknown
		if keep[p] {
			cons[p] = c
		}
	}
	if tp >= 0 {
		cons[tp] = black + white - cells[tp]
	}
	if w == 1 {
		r.minimiseWord(cons, wordPattern{r.bm[0], r.wm[0], r.loop[0], last}, order, keep)
		return
	}
	fwd := func(i int) []uint64 { return r.fwd[i*w : (i+1)*w] }
	bwd := func(i int) []uint64 { return r.bwd[i*w : (i+1)*w] }
	fwd(0)[0] = 1
	for i, c := range cons {
		r.step(fwd(i+1), fwd(i), c)
	}
	if fwd(n)[last>>6]>>(last&63)&1 != 0 {
		return
	}
	bwd(n)[last>>6] = 1 << (last & 63)
	for i := n - 1; i >= 0; i-- {
		r.back(bwd(i), bwd(i+1), cons[i])
	}
	for _, p := range order {
		r.step(r.both, fwd(p), unknown)
		if meets(r.both, bwd(p+1)) {
			continue // the line fits without p: p stays
		}
		keep[p], cons[p] = false, unknown
		for i := p; i < n && r.step(fwd(i+1), fwd(i), cons[i]); i++ {
		}
		for i := p; i >= 0 && r.back(bwd(i), bwd(i+1), cons[i]); i-- {
		}
	}
}

// meets reports whether the sets of states a and b share one.
func meets(a, b []uint64) bool {
	for i, x := range a {
		if x&b[i] != 0 {
			return true
		}
	}
	return false
}

// wordPattern is the automaton of a line's runs when its states fit one
// word (see pattern): the learner makes it once a line.
type wordPattern struct {
	bm, wm, loop uint64
	last         int // the final state, -1 when the states need more words
}

// step returns the states that reading a cell of colour c (unknown:
// either) reaches from the states s, without branches on the colour,
// which go either way.
func (pat wordPattern) step(s uint64, c byte) uint64 {
	return (s&pat.bm)<<1&mayBlack[c&3] | (s&pat.loop|(s&pat.wm)<<1)&mayWhite[c&3]
}

// back returns the states from which reading a cell of colour c reaches
// one of the states s.
func (pat wordPattern) back(s uint64, c byte) uint64 {
	return s>>1&pat.bm&mayBlack[c&3] | (s&pat.loop|s>>1&pat.wm)&mayWhite[c&3]
}

// wordPatternOf returns the automaton of runs.
func (r *lineReach) wordPatternOf(runs []int) wordPattern {
	last := r.pattern(runs)
	if r.words != 1 {
		return wordPattern{last: -1}
	}
	return wordPattern{r.bm[0], r.wm[0], r.loop[0], last}
}

// mayBlack and mayWhite are all ones for a cell that may be black (white):
// unknown, or of that colour.
var (
	mayBlack = [4]uint64{unknown: ^uint64(0), black: ^uint64(0)}
	mayWhite = [4]uint64{unknown: ^uint64(0), white: ^uint64(0)}
)

// minimiseWord is minimise for a line whose states fit one word (any
// line of up to 63 cells, and longer ones with few runs) with the
// automaton pat, from cons: the kept cells, unknown elsewhere, and the
// target the other way. The same steps as over rows of words, a third
// faster on the random 50x50 puzzles.
func (r *lineReach) minimiseWord(cons []byte, pat wordPattern, order []int, keep []bool) {
	n, last := len(cons), pat.last
	if cap(r.fwd) < n+1 || cap(r.bwd) < n+1 {
		r.fwd, r.bwd = make([]uint64, n+1), make([]uint64, n+1)
	}
	fwd, bwd := r.fwd[:n+1], r.bwd[:n+1]
	fwd[0] = 1
	for i, c := range cons {
		fwd[i+1] = pat.step(fwd[i], c)
	}
	if fwd[n]>>last&1 != 0 {
		return
	}
	bwd[n] = 1 << last
	for i := n - 1; i >= 0; i-- {
		bwd[i] = pat.back(bwd[i+1], cons[i])
	}
	if n > 64 {
		r.dropEagerly(cons, pat, order, keep)
		return
	}
	// A drop changes one cell, and the sets it changes are redone only as
	// far as a test reads them: fStale has bit i where fwd[i+1] may no
	// longer follow from fwd[i] and cons[i], bStale where bwd[i] may not
	// from bwd[i+1]. fwd[p] is right when no bit below p is stale, bwd[p+1]
	// when none above p is.
	var fStale, bStale uint64
	for _, p := range order {
		for fStale&(1<<p-1) != 0 {
			for i := bits.TrailingZeros64(fStale); i < p; i++ {
				fStale &^= 1 << i
				s := pat.step(fwd[i], cons[i])
				if s == fwd[i+1] {
					break
				}
				fwd[i+1] = s
				fStale |= 1 << (i + 1)
			}
		}
		for bStale>>(p+1) != 0 {
			for i := 63 - bits.LeadingZeros64(bStale); i > p; i-- {
				bStale &^= 1 << i
				s := pat.back(bwd[i+1], cons[i])
				if s == bwd[i] {
					break
				}
				bwd[i] = s
				bStale |= 1 << (i - 1)
			}
		}
		if pat.step(fwd[p], unknown)&bwd[p+1] != 0 {
			continue // the line fits without p: p stays
		}
		keep[p], cons[p] = false, unknown
		fStale |= 1 << p
		bStale |= 1 << p
	}
}

// dropEagerly is the end of minimiseWord for lines of more than 64 cells,
// whose places do not fit the bits of a word: after each drop, the sets
// are redone at once, until they meet their old values.
func (r *lineReach) dropEagerly(cons []byte, pat wordPattern, order []int, keep []bool) {
	n := len(cons)
	fwd, bwd := r.fwd[:n+1], r.bwd[:n+1]
	for _, p := range order {
		if pat.step(fwd[p], unknown)&bwd[p+1] != 0 {
			continue // the line fits without p: p stays
		}
		keep[p], cons[p] = false, unknown
		for i := p; i < n; i++ {
			s := pat.step(fwd[i], cons[i])
			if s == fwd[i+1] {
				break
			}
			fwd[i+1] = s
		}
		for i := p; i >= 0; i-- {
			s := pat.back(bwd[i+1], cons[i])
			if s == bwd[i] {
				break
			}
			bwd[i] = s
		}
	}
}
