package flip

import (
	"context"
	"math/bits"
	"slices"
)

// Answer is the solution of one board.
type Answer struct {
	Possible bool   `json:"possible"`
	Presses  []bool `json:"presses"` // row-major cells to press; nil when impossible
	Count    int    `json:"count"`   // number of presses
	Color    string `json:"color"`   // final colour of every cell: "b" or "w"
	Minimal  bool   `json:"minimal"` // Count is proven the fewest possible (false when impossible)
}

// maxSearchWork caps the null-space search, counted in 64-bit words XORed;
// beyond it Solve settles for a locally minimal answer.
const maxSearchWork = 1 << 28

// colors are the two targets, black and white, in the order they are tried.
var colors = [2]string{"b", "w"}

// checkEvery is how many search steps pass between cancellation checks.
const checkEvery = 1 << 14

// Solve finds the fewest presses that turn b into one colour, black or white,
// whichever needs fewer.
//
// Light chasing makes it a small linear system over GF(2): once the first row
// of presses is chosen, each next row must press exactly the cells still
// wrong in the row above, and what stays wrong in the last row is an affine
// function of the first row. The chase runs along the longer side, so the
// system has only min(W, H) unknowns. Its solutions differ by the null space
// ("quiet" press sets that change nothing), which is searched exhaustively
// in Gray-code order when small enough.
func Solve(ctx context.Context, b *Board) (*Answer, error) {
	return solve(ctx, b, nil)
}

func solve(ctx context.Context, b *Board, progress func(int64)) (*Answer, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	c := newChaser(b)
	// needs[k] is the set of cells to flip to make the board all colors[k].
	needs := [2][]uint64{c.pack(b.Black, false), c.pack(b.Black, true)}
	firsts, quiet := c.firstRows(needs)

	var cands [][]uint64
	var candColors []string
	for k, first := range firsts {
		if first != nil {
			cands = append(cands, c.fullPresses(first, needs[k]))
			candColors = append(candColors, colors[k])
		}
	}
	if len(cands) == 0 {
		return &Answer{}, nil
	}
	quietFull := make([][]uint64, len(quiet))
	for i, q := range quiet {
		quietFull[i] = c.fullPresses(q, nil)
	}
	minimal, err := fewest(ctx, cands, quietFull, progress)
	if err != nil {
		return nil, err
	}
	best := 0
	for i := range cands {
		if popcount(cands[i]) < popcount(cands[best]) {
			best = i
		}
	}
	return &Answer{
		Possible: true,
		Presses:  c.unpack(cands[best]),
		Count:    popcount(cands[best]),
		Color:    candColors[best],
		Minimal:  minimal,
	}, nil
}

// chaser holds the board's shape as seen by light chasing: rows of w bits
// (w the shorter side), each row a bitset of words uint64s, h rows.
type chaser struct {
	w, h, words int
	last        uint64 // mask of the bits in use in a row's last word
	transposed  bool   // rows run down the board's columns
}

func newChaser(b *Board) *chaser {
	c := &chaser{w: b.W, h: b.H}
	if b.W > b.H {
		c.w, c.h, c.transposed = b.H, b.W, true
	}
	c.words = (c.w + 63) / 64
	c.last = ^uint64(0) >> (64*c.words - c.w)
	return c
}

// cell returns the board index of bit j in chase row r.
func (c *chaser) cell(r, j int) int {
	if c.transposed {
		return j*c.h + r
	}
	return r*c.w + j
}

// pack returns the cells whose colour equals want as chase-row bitsets.
func (c *chaser) pack(cells []bool, want bool) []uint64 {
	v := make([]uint64, c.h*c.words)
	for r := range c.h {
		for j := range c.w {
			if cells[c.cell(r, j)] == want {
				v[r*c.words+j/64] |= 1 << (j % 64)
			}
		}
	}
	return v
}

// unpack turns chase-row bitsets back into row-major cells.
func (c *chaser) unpack(v []uint64) []bool {
	cells := make([]bool, c.w*c.h)
	for r := range c.h {
		for j := range c.w {
			cells[c.cell(r, j)] = v[r*c.words+j/64]>>(j%64)&1 == 1
		}
	}
	return cells
}

// chase presses first as row 0, then in each next row exactly the cells of
// the row above that still need a flip (need, nil for none), writing every
// row's presses to presses. It returns the cells of the last row still
// needing a flip.
func (c *chaser) chase(first, need, presses []uint64) []uint64 {
	n := c.words
	copy(presses, first)
	todo := make([]uint64, n)
	for r := range c.h {
		row := presses[r*n : (r+1)*n]
		for i, x := range row {
			// A press flips its own cell and both row neighbours.
			t := x ^ x<<1 ^ x>>1
			if i > 0 {
				t ^= row[i-1] >> 63
			}
			if i+1 < n {
				t ^= row[i+1] << 63
			}
			if r > 0 {
				t ^= presses[(r-1)*n+i]
			}
			if need != nil {
				t ^= need[r*n+i]
			}
			todo[i] = t
		}
		todo[n-1] &= c.last
		if r+1 < c.h {
			copy(presses[(r+1)*n:], todo)
		}
	}
	return todo
}

// fullPresses returns the presses of every row when chasing from first.
func (c *chaser) fullPresses(first, need []uint64) []uint64 {
	presses := make([]uint64, c.h*c.words)
	c.chase(first, need, presses)
	return presses
}

// firstRows solves for the first row of presses. For each target in needs
// (the cells to flip), it returns a first row reaching it, or nil if none
// does; it also returns a basis of the quiet first rows, whose chases change
// nothing.
func (c *chaser) firstRows(needs [2][]uint64) ([2][]uint64, [][]uint64) {
	w, n := c.w, c.words
	// Row i of the system: the unknowns (bits 0..w-1) whose presses leave
	// last-row cell i wrong, then the right-hand sides for the two targets
	// (bits w and w+1). The leftover of first row x is P(T)x for T the
	// symmetric tridiagonal row-press matrix, so the system is symmetric and
	// chasing unit vector e_i yields row i as well as column i.
	width := (w + 2 + 63) / 64
	m := make([][]uint64, w)
	scratch := make([]uint64, c.h*n)
	unit := make([]uint64, n)
	for i := range m {
		m[i] = make([]uint64, width)
		unit[i/64] = 1 << (i % 64)
		copy(m[i], c.chase(unit, nil, scratch))
		unit[i/64] = 0
	}
	for k, need := range needs {
		rhs := c.chase(make([]uint64, n), need, scratch)
		for i := range m {
			m[i][(w+k)/64] |= (rhs[i/64] >> (i % 64) & 1) << ((w + k) % 64)
		}
	}

	bit := func(v []uint64, j int) uint64 { return v[j/64] >> (j % 64) & 1 }
	var pivots []int // pivots[r] is the unknown solved by row r
	for col := 0; col < w; col++ {
		r := len(pivots)
		p := r
		for p < w && bit(m[p], col) == 0 {
			p++
		}
		if p == w {
			continue
		}
		m[r], m[p] = m[p], m[r]
		for i := range m {
			if i != r && bit(m[i], col) == 1 {
				xor(m[i], m[r])
			}
		}
		pivots = append(pivots, col)
	}

	var firsts [2][]uint64
	for k := range firsts {
		solvable := true
		for _, row := range m[len(pivots):] {
			solvable = solvable && bit(row, w+k) == 0
		}
		if solvable {
			x := make([]uint64, n)
			for r, col := range pivots {
				x[col/64] |= bit(m[r], w+k) << (col % 64)
			}
			firsts[k] = x
		}
	}
	var quiet [][]uint64
	for free := 0; free < w; free++ {
		if slices.Contains(pivots, free) {
			continue
		}
		x := make([]uint64, n)
		x[free/64] |= 1 << (free % 64)
		for r, col := range pivots {
			x[col/64] |= bit(m[r], free) << (col % 64)
		}
		quiet = append(quiet, x)
	}
	return firsts, quiet
}

// fewest replaces each press set in cands by the smallest one reachable by
// adding quiet press sets. It reports whether that is proven the smallest:
// true when the 2^len(quiet) combinations were all tried, false when that
// was too much work and it stopped at a set no single quiet set improves.
func fewest(ctx context.Context, cands, quiet [][]uint64, progress func(int64)) (bool, error) {
	k := len(quiet)
	if k == 0 {
		return true, nil
	}
	// Testing k first keeps the shift from overflowing.
	if k > 40 || uint64(len(cands)*len(quiet[0]))<<k > maxSearchWork {
		for _, v := range cands {
			if err := descend(ctx, v, quiet); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	cur := make([][]uint64, len(cands))
	least := make([]int, len(cands))
	leastCode := make([]uint64, len(cands))
	for i, v := range cands {
		cur[i] = slices.Clone(v)
		least[i] = popcount(v)
	}
	// Gray code: step s differs from step s-1 in one quiet set, so each
	// step costs one XOR.
	for s := uint64(1); s < 1<<k; s++ {
		if s%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			if progress != nil {
				progress(int64(s))
			}
		}
		q := quiet[bits.TrailingZeros64(s)]
		for i, v := range cur {
			v = v[:len(q)] // lets the compiler drop bounds checks
			count := 0
			for j, x := range q {
				v[j] ^= x
				count += bits.OnesCount64(v[j])
			}
			if count < least[i] {
				least[i], leastCode[i] = count, s^s>>1
			}
		}
	}
	for i, v := range cands {
		for j, q := range quiet {
			if leastCode[i]>>j&1 == 1 {
				xor(v, q)
			}
		}
	}
	return true, nil
}

// descend adds quiet press sets to v while any single one makes it smaller.
func descend(ctx context.Context, v []uint64, quiet [][]uint64) error {
	count := popcount(v)
	for improved := true; improved; {
		if err := ctx.Err(); err != nil {
			return err
		}
		improved = false
		for _, q := range quiet {
			after := 0
			for j, x := range q {
				after += bits.OnesCount64(v[j] ^ x)
			}
			if after < count {
				xor(v, q)
				count, improved = after, true
			}
		}
	}
	return nil
}

func xor(dst, src []uint64) {
	for i, x := range src {
		dst[i] ^= x
	}
}

func popcount(v []uint64) int {
	n := 0
	for _, x := range v {
		n += bits.OnesCount64(x)
	}
	return n
}
