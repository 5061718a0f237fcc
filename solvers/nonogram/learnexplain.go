package nonogram

// lineReach cuts a line's explanation down without the line solver.
//
// A cell is settled as colour v exactly when the line with that cell set
// to the other colour has no fit, so every test explainLine makes asks
// only whether a line fits. The runs make a small automaton: the states
// 0..L step through the pattern B^r0 W B^r1 W ... B^rk-1 (L symbols),
// with white loops before the first run, after each separating white and
// after the last run, and the line fits when reading its cells can end
// in state L. A set of states is one word, so a line whose pattern has
// at most 63 symbols (any line of 63 cells or fewer) is read a cell in a
// few word operations.
//
// fwd[i] holds the states reachable after cells [0,i), bwd[i] those from
// which cells [i,n) reach L. Whether place p can be dropped is whether
// some state of fwd[p], stepping over either colour, lands in bwd[p+1]:
// one test. Only a drop changes the tables: fwd right of p and bwd left
// of it, and each is redone only until it meets its old value.
type lineReach struct {
	fwd, bwd []uint64
	cons     []byte
}

// reachPattern returns the automaton of runs: the states before a
// black (bm) or a separating white (wm), the states with a white loop
// (loop), and the final state L; ok is false when its L+1 states do not
// fit a word.
func reachPattern(runs []int) (bm, wm, loop uint64, last int, ok bool) {
	s := 0
	loop = 1
	for j, r := range runs {
		if j > 0 {
			wm |= 1 << s
			s++
			loop |= 1 << s
		}
		if s+r > 63 {
			return 0, 0, 0, 0, false
		}
		bm |= (1<<r - 1) << s
		s += r
	}
	return bm, wm, loop | 1<<s, s, true
}

// minimise does what minimiseBySolver does, with the same answer: cells
// holds the known cells of the line (unknown elsewhere) and the target
// at tp (tp < 0: a line with no fit); each place of order, all kept on
// entry, is dropped in turn if the line still has no fit with the target
// the other way. It reports false, having changed nothing, when the runs
// do not fit its word or the line fits after all.
func (r *lineReach) minimise(cells []byte, runs []int, tp int, order []int, keep []bool) bool {
	bm, wm, loop, last, ok := reachPattern(runs)
	if !ok {
		return false
	}
	n := len(cells)
	if cap(r.fwd) < n+1 {
		r.fwd, r.bwd, r.cons = make([]uint64, n+1), make([]uint64, n+1), make([]byte, n)
	}
	fwd, bwd, cons := r.fwd[:n+1], r.bwd[:n+1], r.cons[:n]
	for p, c := range cells {
		cons[p] = unknown
		if keep[p] {
			cons[p] = c
		}
	}
	if tp >= 0 {
		cons[tp] = black + white - cells[tp]
	}
	step := func(s uint64, c byte) uint64 {
		var t uint64
		if c != white {
			t = (s & bm) << 1
		}
		if c != black {
			t |= s&loop | (s&wm)<<1
		}
		return t
	}
	back := func(s uint64, c byte) uint64 {
		var t uint64
		if c != white {
			t = s >> 1 & bm
		}
		if c != black {
			t |= s&loop | s>>1&wm
		}
		return t
	}
	fwd[0] = 1
	for i, c := range cons {
		fwd[i+1] = step(fwd[i], c)
	}
	if fwd[n]>>last&1 != 0 {
		return false
	}
	bwd[n] = 1 << last
	for i := n - 1; i >= 0; i-- {
		bwd[i] = back(bwd[i+1], cons[i])
	}
	for _, p := range order {
		if step(fwd[p], unknown)&bwd[p+1] != 0 {
			continue // the line fits without p: p stays
		}
		keep[p], cons[p] = false, unknown
		for i := p; i < n; i++ {
			s := step(fwd[i], cons[i])
			if s == fwd[i+1] {
				break
			}
			fwd[i+1] = s
		}
		for i := p; i >= 0; i-- {
			s := back(bwd[i+1], cons[i])
			if s == bwd[i] {
				break
			}
			bwd[i] = s
		}
	}
	return true
}

// minimiseBySolver is minimise by the line solver: each place of order,
// all kept on entry, is dropped in turn if the line solver, told the
// kept cells alone, still settles the target as it is or finds no fit.
// What is left needs every cell, since a line solver told less never
// settles more. count is called for each line solve.
func minimiseBySolver(ls *lineSolver, trial, cells []byte, runs []int, tp int, order []int, keep []bool, count func()) {
	for _, p := range order {
		keep[p] = false
		for q := range trial {
			trial[q] = unknown
			if keep[q] {
				trial[q] = cells[q]
			}
		}
		count()
		if ls.solve(trial, runs) && (tp < 0 || trial[tp] != cells[tp]) {
			keep[p] = true
		}
	}
}
