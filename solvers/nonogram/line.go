package nonogram

// Cell states of a grid under construction.
const (
	unknown byte = iota
	black
	white
)

// lineSolver settles the cells of one line that take the same colour in
// every placement of the runs consistent with the cells already known.
//
// It is exact: a dynamic programme over (cell, run) computes, for each
// prefix and suffix of the line, whether it can hold the first (last) runs,
// so a cell is black only if no consistent placement leaves it white, and
// the other way round. Its tables are reused between calls.
type lineSolver struct {
	fwd    []bool // fwd[i*(k+1)+j]: cells [0,i) can hold exactly runs [0,j)
	bwd    []bool // bwd[i*(k+1)+j]: cells [i,n) can hold exactly runs [j,k)
	whites []int  // whites[i]: known white cells among [0,i)
	cover  []int  // difference array: placements of some run covering a cell
}

// solve refines line in place and reports whether any placement fits.
// runs must be positive.
func (s *lineSolver) solve(line []byte, runs []int) bool {
	n, k := len(line), len(runs)
	if !fits(runs, n) {
		return false
	}
	stride := k + 1
	size := (n + 1) * stride
	if cap(s.fwd) < size {
		s.fwd = make([]bool, size)
		s.bwd = make([]bool, size)
	}
	if cap(s.whites) < n+1 {
		s.whites = make([]int, n+1)
		s.cover = make([]int, n+1)
	}
	fwd, bwd := s.fwd[:size], s.bwd[:size]
	whites, cover := s.whites[:n+1], s.cover[:n+1]
	whites[0] = 0
	for i, c := range line {
		whites[i+1] = whites[i]
		if c == white {
			whites[i+1]++
		}
	}
	// noWhite reports whether a run may occupy cells [a,b).
	noWhite := func(a, b int) bool { return whites[b] == whites[a] }

	// leftOK: run j may start at a, given what precedes it.
	leftOK := func(a, j int) bool {
		if a == 0 {
			return j == 0
		}
		return line[a-1] != black && fwd[(a-1)*stride+j]
	}
	// rightOK: run j may end just before e, given what follows it.
	rightOK := func(e, j int) bool {
		if e == n {
			return j == k-1
		}
		return line[e] != black && bwd[(e+1)*stride+j+1]
	}

	for j := range stride {
		fwd[j] = j == 0
		bwd[n*stride+j] = j == k
	}
	for i := 1; i <= n; i++ {
		for j := 0; j <= k; j++ {
			v := line[i-1] != black && fwd[(i-1)*stride+j]
			if !v && j > 0 {
				a := i - runs[j-1]
				v = a >= 0 && noWhite(a, i) && leftOK(a, j-1)
			}
			fwd[i*stride+j] = v
		}
	}
	if !fwd[n*stride+k] {
		return false
	}
	for i := n - 1; i >= 0; i-- {
		for j := k; j >= 0; j-- {
			v := line[i] != black && bwd[(i+1)*stride+j]
			if !v && j < k {
				e := i + runs[j]
				v = e <= n && noWhite(i, e) && rightOK(e, j)
			}
			bwd[i*stride+j] = v
		}
	}

	clear(cover)
	for j, r := range runs {
		for a := 0; a+r <= n; a++ {
			if noWhite(a, a+r) && leftOK(a, j) && rightOK(a+r, j) {
				cover[a]++
				cover[a+r]--
			}
		}
	}
	covered := 0
	for p := range line {
		covered += cover[p]
		canBlack := covered > 0
		canWhite := false
		if line[p] != black {
			for j := 0; j <= k; j++ {
				if fwd[p*stride+j] && bwd[(p+1)*stride+j] {
					canWhite = true
					break
				}
			}
		}
		switch {
		case canBlack && !canWhite:
			line[p] = black
		case canWhite && !canBlack:
			line[p] = white
		case !canBlack && !canWhite:
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
