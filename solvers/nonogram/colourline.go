package nonogram

// cellSet is what a cell of a colour puzzle may still be: bit 0 white,
// bit i+1 ink i.
type cellSet uint32

const whiteSet cellSet = 1

// inkSet is the cellSet of ink i alone.
func inkSet(i int) cellSet { return 2 << i }

// colourLine is the line solver of colour puzzles, with its work space,
// reused from line to line.
//
// It is exact, as the black and white one: a dynamic programme finds
// which prefixes of the line can hold the first j runs (fwd) and which
// suffixes the last ones (bwd), and a cell may take a colour only if some
// placement of all the runs consistent with every cell's set gives it
// that colour. A run may follow the one before it directly when their
// inks differ; when they are the same, a white cell lies between. A line
// of n cells and k runs costs O(k × n).
type colourLine struct {
	fwd, bwd []bool  // [j*(n+1)+i]: cells [0,i) hold runs [0,j); cells [i,n) hold runs [j,k)
	span     []int32 // span[i]: cells before i in a row that may take the run's ink
	cover    []int32 // difference array of a run's placements covering a cell
	can      []cellSet
}

// solve narrows each cell of line to the colours some placement of runs,
// with inks, gives it, and reports whether there is a placement at all.
// It leaves line as it was when there is none.
func (s *colourLine) solve(line []cellSet, runs, inks []int) bool {
	n, k := len(line), len(runs)
	stride := n + 1
	if size := (k + 1) * stride; cap(s.fwd) < size {
		s.fwd, s.bwd = make([]bool, size), make([]bool, size)
	}
	if cap(s.span) < n+1 {
		s.span, s.cover, s.can = make([]int32, n+1), make([]int32, n+1), make([]cellSet, n)
	}
	fwd, bwd := s.fwd[:(k+1)*stride], s.bwd[:(k+1)*stride]
	span, cover, can := s.span[:n+1], s.cover[:n+1], s.can[:n]
	white := func(i int) bool { return line[i]&whiteSet != 0 }
	// gap reports whether run j needs a white cell before run j+1.
	gap := func(j int) bool { return inks[j] == inks[j+1] }

	// fwd row 0: only white cells; row j: cell i-1 white, or run j-1 ends
	// at i, after a white cell if run j-2 has its ink.
	fwd[0] = true
	for i := 1; i <= n; i++ {
		fwd[i] = fwd[i-1] && white(i-1)
	}
	for j := 1; j <= k; j++ {
		row, prev := fwd[j*stride:(j+1)*stride], fwd[(j-1)*stride:j*stride]
		r, ink := runs[j-1], inkSet(inks[j-1])
		row[0], span[0] = false, 0
		for i := 1; i <= n; i++ {
			if line[i-1]&ink != 0 {
				span[i] = span[i-1] + 1
			} else {
				span[i] = 0
			}
			v := row[i-1] && white(i-1)
			if a := i - r; !v && int(span[i]) >= r {
				if j > 1 && gap(j-2) {
					v = a > 0 && white(a-1) && prev[a-1]
				} else {
					v = prev[a]
				}
			}
			row[i] = v
		}
	}
	if !fwd[k*stride+n] {
		return false
	}
	// bwd, the same from the right.
	last := bwd[k*stride : (k+1)*stride]
	last[n] = true
	for i := n - 1; i >= 0; i-- {
		last[i] = last[i+1] && white(i)
	}
	for j := k - 1; j >= 0; j-- {
		row, next := bwd[j*stride:(j+1)*stride], bwd[(j+1)*stride:(j+2)*stride]
		r, ink := runs[j], inkSet(inks[j])
		row[n] = false
		spansFrom(line, ink, span)
		for i := n - 1; i >= 0; i-- {
			v := row[i+1] && white(i)
			if e := i + r; !v && int(span[i]) >= r {
				if j < k-1 && gap(j) {
					v = e < n && white(e) && next[e+1]
				} else {
					v = next[e]
				}
			}
			row[i] = v
		}
	}

	clear(can)
	for j := 0; j <= k; j++ {
		f, b := fwd[j*stride:(j+1)*stride], bwd[j*stride:(j+1)*stride]
		// Cell p is white between runs j-1 and j.
		for p := range n {
			if f[p] && b[p+1] && white(p) {
				can[p] |= whiteSet
			}
		}
		if j == k {
			break
		}
		// Run j fills [a,a+r) when its cells take its ink, runs [0,j)
		// fit before it and runs [j+1,k) after, with the white cells
		// their inks need.
		r, ink, nextB := runs[j], inkSet(inks[j]), bwd[(j+1)*stride:(j+2)*stride]
		clear(cover)
		any := false
		spansFrom(line, ink, span)
		for a := 0; a+r <= n; a++ {
			if int(span[a]) < r {
				continue
			}
			e := a + r
			var before, after bool
			if j > 0 && gap(j-1) {
				before = a > 0 && white(a-1) && f[a-1]
			} else {
				before = f[a]
			}
			if j < k-1 && gap(j) {
				after = e < n && white(e) && nextB[e+1]
			} else {
				after = nextB[e]
			}
			if before && after {
				cover[a]++
				cover[e]--
				any = true
			}
		}
		if any {
			covered := int32(0)
			for p := range n {
				if covered += cover[p]; covered > 0 {
					can[p] |= ink
				}
			}
		}
	}
	for p := range line {
		if can[p] == 0 {
			return false
		}
	}
	for p := range line {
		line[p] &= can[p]
	}
	return true
}

// spansFrom sets span[i] to the number of cells from i on, in a row, that
// may take ink.
func spansFrom(line []cellSet, ink cellSet, span []int32) {
	span[len(line)] = 0
	for i := len(line) - 1; i >= 0; i-- {
		span[i] = 0
		if line[i]&ink != 0 {
			span[i] = span[i+1] + 1
		}
	}
}
