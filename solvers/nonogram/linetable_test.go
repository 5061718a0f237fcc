package nonogram

// tableSolver is the exact line solver in its plain form, by tables of
// booleans, that lineSolver's word solvers are tested against: a dynamic
// programme over (cell, run) finds which prefixes can hold the first j
// runs and which suffixes the last ones. Only the band of prefix lengths
// where j runs can end (between the left-most and right-most packings) is
// looked at, and in it only the stretch that the row before reaches, so a
// line costs at most O(runs × slack + length).
type tableSolver struct {
	fwd, bwd []bool // [j*(n+1)+i]: cells [0,i) hold runs [0,j); cells [i,n) hold runs [j,k)
	// lo[j]..hi[j]: the prefix lengths that may hold exactly j runs and
	// leave room for the others; suffixes are kept for lo[j]..hiBwd[j].
	lo, hi, hiBwd []int
	// first[j]..last[j] (bFirst[j]..bLast[j]) are the true entries of
	// row j of fwd (bwd).
	first, last, bFirst, bLast []int
	whites                     []int  // whites[i]: known white cells among [0,i)
	cover                      []int  // difference array of placements covering a cell
	canWhite                   []bool // some placement leaves the cell white
}

// solveTable is solve by a tableSolver, for the tests.
func (*lineSolver) solveTable(line []byte, runs []int) bool {
	return new(tableSolver).solve(line, runs)
}

// solve refines line in place as lineSolver.solve does and reports
// whether any placement fits.
func (s *tableSolver) solve(line []byte, runs []int) bool {
	n, k := len(line), len(runs)
	if !fits(runs, n) {
		return false
	}
	stride := n + 2
	s.grow(n, k)
	fwd, bwd := s.fwd[:(k+1)*stride], s.bwd[:(k+1)*stride]
	lo, hi, hiBwd := s.lo[:k+1], s.hi[:k+1], s.hiBwd[:k+1]
	first, last, bFirst, bLast := s.first[:k+1], s.last[:k+1], s.bFirst[:k+1], s.bLast[:k+1]
	whites, cover, canWhite := s.whites[:n+1], s.cover[:n+1], s.canWhite[:n]

	total := 0
	for _, r := range runs {
		total += r
	}
	before := 0 // cells of runs [0,j)
	for j := 0; j <= k; j++ {
		after := total - before // cells of runs [j,k)
		lo[j] = max(before+j-1, 0)
		hi[j] = n - after - (k - j)
		hiBwd[j] = n
		if j < k {
			hiBwd[j] = hi[j] + 1
			before += runs[j]
		}
	}
	whites[0] = 0
	for i, c := range line {
		whites[i+1] = whites[i]
		if c == white {
			whites[i+1]++
		}
	}

	// fwd row j, entry i: cells [0,i) hold runs [0,j), the last cell
	// white or the end of run j-1. Only the entries from where run j-1
	// can first end to where the row turns false past the last end are
	// computed, and first[j]..last[j] are its true entries: the known
	// cells of a line make these stretches short, so that a mostly
	// settled line costs about its length, not runs × slack. Reads of a
	// row are checked against that range (in), since entries outside it
	// are left from other lines.
	row := fwd[:stride]
	row[0] = true
	i := 1
	for ; i <= hi[0] && line[i-1] != black; i++ {
		row[i] = true
	}
	first[0], last[0] = 0, i-1
	for j := 1; j <= k; j++ {
		row, prev, r := fwd[j*stride:(j+1)*stride], fwd[(j-1)*stride:j*stride], runs[j-1]
		pFirst, pLast := first[j-1], last[j-1]
		from := pFirst + r + 1 // run j-1 starts past a white after runs [0,j-1)
		if j == 1 {
			from = r // or starts the line
		}
		reach := pLast + r + 1 // the last end of run j-1
		rowFirst, rowLast := -1, -1
		v := false
		for i := max(from, lo[j]); i <= hi[j]; i++ {
			v = v && line[i-1] != black
			if a := i - r; !v && whites[i] == whites[a] {
				// Run j-1 fills [a,i): it starts the line or follows a
				// white cell ending runs [0,j-1).
				v = a == 0 && j == 1 || a > 0 && line[a-1] != black && in(a-1, pFirst, pLast) && prev[a-1]
			}
			if !v && i > reach {
				break
			}
			row[i] = v
			if v {
				if rowFirst < 0 {
					rowFirst = i
				}
				rowLast = i
			}
		}
		if rowFirst < 0 {
			return false
		}
		first[j], last[j] = rowFirst, rowLast
	}
	if last[k] != n {
		return false
	}
	// bwd row j, entry i: cells [i,n) hold runs [j,k), computed as fwd is,
	// from the right; its true entries are bFirst[j]..bLast[j].
	row = bwd[k*stride : (k+1)*stride]
	row[n] = true
	i = n - 1
	for ; i >= lo[k] && line[i] != black; i-- {
		row[i] = true
	}
	bFirst[k], bLast[k] = i+1, n
	for j := k - 1; j >= 0; j-- {
		row, next, r := bwd[j*stride:(j+1)*stride], bwd[(j+1)*stride:(j+2)*stride], runs[j]
		nFirst, nLast := bFirst[j+1], bLast[j+1]
		from := nLast - 1 - r // run j ends before a white before runs [j+1,k)
		if j == k-1 {
			from = n - r // or ends the line
		}
		reach := nFirst - 1 - r // the first start of run j
		rowFirst, rowLast := -1, -1
		v := false
		for i := min(from, hiBwd[j]); i >= lo[j]; i-- {
			v = v && line[i] != black
			if e := i + r; !v && whites[e] == whites[i] {
				// Run j fills [i,e): it ends the line or a white cell
				// follows it before runs [j+1,k).
				v = e == n && j == k-1 || e < n && line[e] != black && in(e+1, nFirst, nLast) && next[e+1]
			}
			if !v && i < reach {
				break
			}
			row[i] = v
			if v {
				if rowLast < 0 {
					rowLast = i
				}
				rowFirst = i
			}
		}
		if rowLast < 0 {
			return false
		}
		bFirst[j], bLast[j] = rowFirst, rowLast
	}

	clear(cover)
	clear(canWhite)
	for j := 0; j <= k; j++ {
		f, b := fwd[j*stride:(j+1)*stride], bwd[j*stride:(j+1)*stride]
		fFirst, fLast, bF, bL := first[j], last[j], bFirst[j], bLast[j]
		// Cell p is white between runs j-1 and j.
		for p := fFirst; p <= min(fLast, n-1); p++ {
			if f[p] && line[p] != black && in(p+1, bF, bL) && b[p+1] {
				canWhite[p] = true
			}
		}
		if j == k {
			break
		}
		// Run j may fill [a,a+r) if nothing there is white, what
		// precedes it holds runs [0,j) and what follows runs [j+1,k),
		// with a cell that may be white on either side unless it is
		// the line's end.
		r, nextB := runs[j], bwd[(j+1)*stride:(j+2)*stride]
		nF, nL := bFirst[j+1], bLast[j+1]
		if j == 0 && whites[r] == 0 && (r == n && k == 1 || r < n && line[r] != black && in(r+1, nF, nL) && nextB[r+1]) {
			cover[0]++ // run 0 starts the line
			cover[r]--
		}
		for a := max(fFirst+1, 1); a <= min(fLast+1, hi[j+1]-r); a++ {
			e := a + r
			if f[a-1] && line[a-1] != black && whites[e] == whites[a] &&
				(e == n && j == k-1 || e < n && line[e] != black && in(e+1, nF, nL) && nextB[e+1]) {
				cover[a]++
				cover[e]--
			}
		}
	}
	covered := 0
	for p := range line {
		covered += cover[p]
		switch canBlack := covered > 0; {
		case canBlack && !canWhite[p]:
			line[p] = black
		case canWhite[p] && !canBlack:
			line[p] = white
		case !canBlack && !canWhite[p]:
			return false
		}
	}
	return true
}

// in reports whether i lies in [first,last], with one comparison.
func in(i, first, last int) bool { return uint(i-first) <= uint(last-first) }

// grow makes room for a line of n cells and k runs.
func (s *tableSolver) grow(n, k int) {
	if size := (k + 1) * (n + 2); cap(s.fwd) < size {
		s.fwd = make([]bool, size)
		s.bwd = make([]bool, size)
	}
	if cap(s.lo) < k+1 {
		s.lo = make([]int, k+1)
		s.hi = make([]int, k+1)
		s.hiBwd = make([]int, k+1)
		s.first, s.last = make([]int, k+1), make([]int, k+1)
		s.bFirst, s.bLast = make([]int, k+1), make([]int, k+1)
	}
	if cap(s.whites) < n+1 {
		s.whites = make([]int, n+1)
		s.cover = make([]int, n+1)
		s.canWhite = make([]bool, n)
	}
}
