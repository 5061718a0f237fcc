package flip

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// The first-row system is solved with polynomials over GF(2), in O(w²) bit
// work where elimination takes O(w³), once per board shape, then for each
// single cell left wrong (O(w³) bits, in words); each board's solution is a
// sum of those (system.byCell).
//
// What stays wrong in the last row after chasing from first row x is
// M x + (what chasing from no presses leaves). M = P(T) for T the
// row-press matrix (a press flips its cell and both row neighbours:
// tridiagonal, all ones) and P the polynomial of the chase recurrence
// p[r+1] = T p[r] + p[r-1]. T is tridiagonal, so the vectors T^k e0 (e0
// the row's first cell), k < w, have their last 1 at k: they form a
// triangular basis, and a row x of w cells is X(T) e0 for one polynomial X
// of degree < w. The characteristic polynomial χ of T kills
// e0 and nothing smaller does, so M x = b, written in that basis, is
//
//	P X ≡ B (mod χ).
//
// With g = gcd(P, χ) = u P + v χ, it is solvable exactly when g divides B,
// by X = u B/g; and the quiet rows, P X ≡ 0, are the multiples of χ/g:
// (χ/g) t^i for i < deg g.
//
// Polynomials are bitsets, coefficient of t^k at bit k, all of the same
// length, enough for degree w.

// firstRows solves for the first row of presses: it sets each target's
// first row turning its board white, or nil if none does, and returns a
// basis of the quiet first rows, whose chases change nothing, shared: not
// to be changed. It chases in scratch, of c.chaseWords() words or more, and
// writes each target's first row followed by its remainder into sums, of
// len(targets)*stride words, which the first rows keep.
//
// Solving is linear in what chasing leaves wrong, so the shape's system
// holds it worked out for each single cell left wrong (see system.byCell):
// a board takes one chase and one sum. Black needs no solving of its own
// (see system.flipAll).
func (c *chaser) firstRows(targets []target, scratch, sums []uint64) [][]uint64 {
	sys := c.system()
	n := c.words
	for i := range targets {
		_, left := c.chase(nil, need{cells: targets[i].toWhite}, scratch[:c.chaseWords()])
		sum := sums[i*sys.stride:][:sys.stride]
		sys.solveLeft(sum, left)
		if isZero(sum[n:]) {
			targets[i].first = sum[:n:n]
		}
	}
	return sys.quiet
}

// system is what solving takes of a board shape alone, the same for all
// boards of it.
type system struct {
	w, h, words int
	krylov      []uint64 // row k is T^k e0
	// Row k of solving is T^k u(T) e0, the first row for B/g = t^k: as
	// X = u B/g, the first row for any B/g = q is the sum of rows k of q's
	// terms t^k, with no product to take.
	solving []uint64
	chi, g  []uint64
	quiet   [][]uint64
	// Row j of byCell, stride words, is what cell j left wrong adds to
	// the first row (n words) and to the remainder of B mod g (the rest):
	// both are linear in what is left wrong, so a board's are the sum of
	// its cells' rows (see solveLeft), with no polynomial work per board.
	byCell []uint64
	stride int
	// flipAll is every row's presses flipping every cell. That is always
	// possible (Sutner: the all-ones board of Lights Out is solvable on
	// every grid), so a board can be turned black exactly when it can be
	// turned white, by the white presses plus these.
	flipAll []uint64
}

// lastSystem is the system of the shape last solved: the page solves and
// deals boards of one size over and over, and the judge only 4×4 boards.
// A system never changes once made, so goroutines may share it.
var lastSystem atomic.Pointer[system]

// system returns the system of c's shape.
func (c *chaser) system() *system {
	if sys := lastSystem.Load(); sys != nil && sys.w == c.w && sys.h == c.h {
		return sys
	}
	sys := newSystem(c.rows)
	lastSystem.Store(sys)
	return sys
}

func newSystem(c rows) *system {
	w, n := c.w, c.words
	pw := (w + 64) / 64 // words of a polynomial of degree <= w
	newPoly := func() []uint64 { return make([]uint64, pw) }
	sys := &system{w: w, h: c.h, words: n, krylov: make([]uint64, w*n)}

	sys.krylov[0] = 1
	for k := 1; k < w; k++ {
		c.timesT(sys.krylov[k*n:][:n], sys.krylov[(k-1)*n:][:n])
	}

	// χ of w cells by its recurrence χ' = (t+1) χ + χ'' on the number of
	// cells, from 0 and 1 (none), each step written over χ''.
	chi, prev := newPoly(), newPoly()
	chi[0] = 1
	for range w {
		xorShifted(prev, chi, 1)
		xor(prev, chi)
		prev, chi = chi, prev
	}
	// P mod χ by the chase's recurrence P' = t P + P'', from 0 and 1 (no
	// rows).
	p := newPoly()
	p[0] = 1
	clear(prev)
	for range c.h {
		xorShifted(prev, p, 1)
		if prev[w/64]>>(w%64)&1 == 1 {
			xor(prev, chi)
		}
		prev, p = p, prev
	}

	// Extended Euclid: each r is s P mod χ; it ends with g = r0, u = s0.
	r0, r1 := slices.Clone(chi), p
	s0, s1 := newPoly(), newPoly()
	s1[0] = 1
	for polyDeg(r1) >= 0 {
		for d1 := polyDeg(r1); ; {
			d0 := polyDeg(r0)
			if d0 < d1 {
				break
			}
			xorShifted(r0, r1, d0-d1)
			xorShifted(s0, s1, d0-d1)
		}
		r0, r1, s0, s1 = r1, r0, s1, s0
	}
	sys.chi, sys.g = chi, r0
	sys.solving = make([]uint64, w*n)
	combine(sys.solving[:n], sys.krylov, s0) // u(T) e0
	for k := 1; k < w; k++ {
		c.timesT(sys.solving[k*n:][:n], sys.solving[(k-1)*n:][:n])
	}

	cofactor := newPoly() // χ/g
	polyDivide(cofactor, slices.Clone(chi), sys.g)
	sys.quiet = make([][]uint64, polyDeg(sys.g))
	for i := range sys.quiet {
		sys.quiet[i] = combine(make([]uint64, n), sys.krylov, cofactor)
		polyTimesT(cofactor)
	}

	sys.stride = n + (polyDeg(sys.g)+63)/64
	sys.byCell = make([]uint64, w*sys.stride+3) // see solveLeftShort
	cell := make([]uint64, n)
	for j := range w {
		clear(cell)
		cell[j/64] = 1 << (j % 64)
		sys.solveSlowly(sys.byCell[j*sys.stride:][:sys.stride], cell)
	}
	all := need{flip: ^uint64(0)}
	_, left := c.chase(nil, all, make([]uint64, c.chaseWords()))
	first := make([]uint64, sys.stride)
	sys.solveSlowly(first, left)
	sys.flipAll, _ = c.chase(first[:n], all, make([]uint64, c.chaseWords()))
	return sys
}

// solveSlowly sets sum, of stride words, to the first row X = u (B div g)
// for B the Krylov polynomial of left, what a chase leaves wrong, followed
// by B mod g, zero when X solves it; it spoils left. solveLeft gets the
// same faster from byCell, which this makes.
func (sys *system) solveSlowly(sum, left []uint64) {
	b, quotient := make([]uint64, len(sys.chi)), make([]uint64, len(sys.chi))
	sys.toPoly(b, left)
	polyDivide(quotient, b, sys.g)
	combine(sum[:sys.words], sys.solving, quotient)
	copy(sum[sys.words:], b)
}

// solveLeft sets sum, of stride words, to what solveSlowly gives for left.
func (sys *system) solveLeft(sum, left []uint64) {
	if len(sum) <= 4 {
		sys.solveLeftShort(sum, left)
		return
	}
	clear(sum)
	for t, bitset := range left {
		for ; bitset != 0; bitset &= bitset - 1 {
			j := 64*t + bits.TrailingZeros64(bitset)
			row := sys.byCell[j*len(sum):][:len(sum)]
			i := 0
			for ; i+4 <= len(sum); i += 4 { // as xorCount, written out to be inlined
				s, x := (*[4]uint64)(sum[i:]), (*[4]uint64)(row[i:])
				s[0], s[1], s[2], s[3] = s[0]^x[0], s[1]^x[1], s[2]^x[2], s[3]^x[3]
			}
			for ; i < len(sum); i++ {
				sum[i] ^= row[i]
			}
		}
	}
}

// solveLeftShort is solveLeft for a stride of at most four words, most
// shapes': it keeps the sum in registers and takes each row of byCell as
// four words, those past its end from the next row or the three words
// more byCell has, and left out of sum.
func (sys *system) solveLeftShort(sum, left []uint64) {
	var s0, s1, s2, s3 uint64
	for t, bitset := range left {
		for ; bitset != 0; bitset &= bitset - 1 {
			j := 64*t + bits.TrailingZeros64(bitset)
			row := (*[4]uint64)(sys.byCell[j*len(sum):])
			s0, s1, s2, s3 = s0^row[0], s1^row[1], s2^row[2], s3^row[3]
		}
	}
	s := [4]uint64{s0, s1, s2, s3}
	for i := range sum {
		sum[i] = s[i]
	}
}

// toPoly sets b, which must start zero, to row x in the Krylov basis,
// spoiling x.
func (sys *system) toPoly(b, x []uint64) {
	for k := polyDeg(x); k >= 0; k = polyDeg(x) {
		b[k/64] |= 1 << (k % 64)
		xor(x, sys.krylov[k*sys.words:][:sys.words])
	}
}

// combine sets dst to the sum of the rows k of rows, each len(dst) words,
// for the terms t^k of a, and returns it: with the Krylov basis, the
// inverse of toPoly.
func combine(dst, rows, a []uint64) []uint64 {
	n := len(dst)
	clear(dst)
	for t, bitset := range a {
		for ; bitset != 0; bitset &= bitset - 1 {
			k := 64*t + bits.TrailingZeros64(bitset)
			xor(dst, rows[k*n:][:n])
		}
	}
	return dst
}

// timesT sets dst to T x: x's cells each pressed within a row of c.w.
func (c rows) timesT(dst, x []uint64) {
	for i, v := range x {
		t := v ^ v<<1 ^ v>>1
		if i > 0 {
			t ^= x[i-1] >> 63
		}
		if i+1 < len(x) {
			t ^= x[i+1] << 63
		}
		dst[i] = t
	}
	dst[len(dst)-1] &= c.last
}

// isZero reports whether v has no bit set.
func isZero(v []uint64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// polyDeg returns the degree of a, -1 for zero.
func polyDeg(a []uint64) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != 0 {
			return 64*i + 63 - bits.LeadingZeros64(a[i])
		}
	}
	return -1
}

// xorShifted adds src times t^s to dst, dropping what passes dst's end.
func xorShifted(dst, src []uint64, s int) {
	q, r := s/64, uint(s%64)
	for i := len(dst) - 1; i >= q; i-- {
		x := src[i-q] << r
		if r > 0 && i-q > 0 {
			x |= src[i-q-1] >> (64 - r)
		}
		dst[i] ^= x
	}
}

// polyDivide sets quotient, which must start zero, to a divided by d (not
// zero), leaves the remainder in a, and reports whether it is zero.
func polyDivide(quotient, a, d []uint64) (exact bool) {
	dd := polyDeg(d)
	for da := polyDeg(a); da >= dd; da = polyDeg(a) {
		xorShifted(a, d, da-dd)
		quotient[(da-dd)/64] |= 1 << ((da - dd) % 64)
	}
	return polyDeg(a) < 0
}

// polyTimesT multiplies a by t, dropping what passes its end.
func polyTimesT(a []uint64) {
	for i := len(a) - 1; i > 0; i-- {
		a[i] = a[i]<<1 | a[i-1]>>63
	}
	a[0] <<= 1
}
