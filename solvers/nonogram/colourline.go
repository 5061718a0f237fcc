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
// inks differ; when they are the same, a white cell lies between. Only
// the band of each table row where j runs can end or start, between the
// tightest packings to the left and to the right, is computed, so a line
// of n cells and k runs costs O(k × slack + n × inks).
type colourLine struct {
	masks    colourMasks // lines of up to wordCells cells
	fwd, bwd []bool      // [j*(n+1)+i]: cells [0,i) hold runs [0,j); cells [i,n) hold runs [j,k)
	// lo[j]..hi[j]: the prefix lengths that may hold exactly runs [0,j)
	// and leave room for the others.
	lo, hi []int
	// upTo[ink*(n+1)+i]: cells before i in a row that may take the ink;
	// from[ink*(n+1)+i]: cells from i on.
	upTo, from []int32
	cover      []int32 // difference array of a run's placements covering a cell
	can        []cellSet
	stride     int // of upTo and from
}

// solve narrows each cell of line to the colours some placement of runs,
// with inks, gives it, and reports whether there is a placement at all.
// It leaves line as it was when there is none.
func (s *colourLine) solve(line []cellSet, runs, inks []int) bool {
	if len(line) <= wordCells {
		return s.masks.solve(line, runs, inks)
	}
	return s.solveTable(line, runs, inks)
}

// solveTable is solve for lines of any length.
func (s *colourLine) solveTable(line []cellSet, runs, inks []int) bool {
	n, k := len(line), len(runs)
	stride := n + 1
	s.grow(n, k, inks)
	fwd, bwd := s.fwd[:(k+1)*stride], s.bwd[:(k+1)*stride]
	lo, hi := s.lo[:k+1], s.hi[:k+1]
	cover, can := s.cover[:n+1], s.can[:n]
	white := func(i int) bool { return line[i]&whiteSet != 0 }
	// gap reports whether run j needs a white cell before run j+1.
	gap := func(j int) bool { return inks[j] == inks[j+1] }

	// The bands: lo[j] is the shortest prefix holding runs [0,j), hi[j]
	// the longest leaving the shortest room for runs [j,k), where the gap
	// between runs of one ink counts with the run after it.
	lo[0] = 0
	for j, r := range runs {
		lo[j+1] = lo[j] + r
		if j > 0 && gap(j-1) {
			lo[j+1]++
		}
	}
	if lo[k] > n {
		return false
	}
	for j := range k + 1 {
		hi[j] = n - (lo[k] - lo[j])
		if j > 0 && j < k && gap(j-1) {
			hi[j]++ // the gap before run j may end the prefix
		}
	}
	// The spans of each ink of the line.
	for _, ink := range inks {
		up, fr := s.upTo[ink*stride:(ink+1)*stride], s.from[ink*stride:(ink+1)*stride]
		if up[0] == -1 { // not yet computed for this line
			set := inkSet(ink)
			up[0] = 0
			for i := 1; i <= n; i++ {
				up[i] = 0
				if line[i-1]&set != 0 {
					up[i] = up[i-1] + 1
				}
			}
			fr[n] = 0
			for i := n - 1; i >= 0; i-- {
				fr[i] = 0
				if line[i]&set != 0 {
					fr[i] = fr[i+1] + 1
				}
			}
		}
	}
	defer func() {
		for _, ink := range inks {
			s.upTo[ink*stride] = -1
		}
	}()

	// fwd row 0: only white cells; row j: cell i-1 white, or run j-1 ends
	// at i, after a white cell if run j-2 has its ink.
	clear(fwd)
	fwd[0] = true
	for i := 1; i <= hi[0]; i++ {
		fwd[i] = fwd[i-1] && white(i-1)
	}
	for j := 1; j <= k; j++ {
		row, prev := fwd[j*stride:(j+1)*stride], fwd[(j-1)*stride:j*stride]
		r, span := runs[j-1], s.upTo[inks[j-1]*stride:(inks[j-1]+1)*stride]
		needGap := j > 1 && gap(j-2)
		for i := lo[j]; i <= hi[j]; i++ {
			v := i > lo[j] && row[i-1] && white(i-1)
			if a := i - r; !v && int(span[i]) >= r {
				if needGap {
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
	clear(bwd)
	last := bwd[k*stride : (k+1)*stride]
	last[n] = true
	for i := n - 1; i >= lo[k]; i-- {
		last[i] = last[i+1] && white(i)
	}
	for j := k - 1; j >= 0; j-- {
		row, next := bwd[j*stride:(j+1)*stride], bwd[(j+1)*stride:(j+2)*stride]
		r, span := runs[j], s.from[inks[j]*stride:(inks[j]+1)*stride]
		needGap := j < k-1 && gap(j)
		for i := hi[j]; i >= lo[j]; i-- {
			v := i < hi[j] && row[i+1] && white(i)
			if e := i + r; !v && int(span[i]) >= r {
				if needGap {
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
		for p := lo[j]; p < min(hi[j]+1, n); p++ {
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
		span := s.from[inks[j]*stride : (inks[j]+1)*stride]
		gapBefore, gapAfter := j > 0 && gap(j-1), j < k-1 && gap(j)
		first, lastA := lo[j], min(hi[j]+btoi(gapBefore), n-r) // where run j may start
		end := lastA + r
		clear(cover[first : end+1])
		any := false
		for a := first; a <= lastA; a++ {
			if int(span[a]) < r {
				continue
			}
			e := a + r
			var before, after bool
			if gapBefore {
				before = a > 0 && white(a-1) && f[a-1]
			} else {
				before = f[a]
			}
			if gapAfter {
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
			for p := first; p < end; p++ {
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

// grow makes room for a line of n cells, k runs and the inks of inks.
func (s *colourLine) grow(n, k int, inks []int) {
	stride := n + 1
	if size := (k + 1) * stride; cap(s.fwd) < size {
		s.fwd, s.bwd = make([]bool, size), make([]bool, size)
	}
	if cap(s.lo) < k+1 {
		s.lo, s.hi = make([]int, k+1), make([]int, k+1)
	}
	if cap(s.cover) < n+1 {
		s.cover, s.can = make([]int32, n+1), make([]cellSet, n)
	}
	if size := MaxInks * stride; len(s.upTo) < size {
		s.upTo, s.from = make([]int32, size), make([]int32, size)
		for i := 0; i < size; i += stride {
			s.upTo[i] = -1
		}
	}
	// A line longer than the last leaves the marks of the shorter
	// stride behind: mark every ink's spans as not computed.
	if s.stride != stride {
		s.stride = stride
		for i := 0; i+stride <= len(s.upTo); i += stride {
			s.upTo[i] = -1
		}
	}
}
