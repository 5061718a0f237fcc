package nonogram

import (
	"encoding/binary"
	"math/bits"
)

// Lines too long for the masks are solved from the grid by the table line
// solver, which costs tens of thousands of instructions for a line of 70
// cells. Probing asks about the same lines over and over, so those of up
// to longCells cells go through a cache of their own, keyed by the line
// and its known cells as bit sets.
const longCells = 128

// longKey is a line of up to longCells cells: bit p of black (white) is
// set if cell p is known black (white).
type longKey struct {
	line         int
	black, white [2]uint64
}

// hash mixes the fields of k.
func (k longKey) hash() uint64 {
	h := uint64(k.line) * 0x9e3779b97f4a7c15
	for _, w := range [...]uint64{k.black[0], k.black[1], k.white[0], k.white[1]} {
		h = (h ^ w) * 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	return h
}

// cachedLong is an entry of the long-line cache: the line of key as the
// line solver left it, and whether it has a placement.
type cachedLong struct {
	key          longKey
	black, white [2]uint64
	ok, used     bool
}

// solveLong is solveLine for line l when it has no masks.
func (s *searcher) solveLong(grid []byte, l int) bool {
	start, step, n, cross := s.lineCells(l)
	line := s.buf[:n]
	if step == 1 {
		copy(line, grid[start:start+n])
	} else {
		for p := range line {
			line[p] = grid[start+p*step]
		}
	}
	if n > longCells || s.longCache == nil {
		// The line solver settles only unknown cells, so the cells it
		// settled are those unknown before and not after: found eight
		// at a time, not by comparing the line with the grid cell by
		// cell, which cost a large puzzle a fifth of its time.
		words := n>>6 + 1
		if len(s.unknowns) < 2*words {
			s.unknowns = make([]uint64, 2*len(s.buf)>>6+2)
		}
		before, after := s.unknowns[:words], s.unknowns[words:2*words]
		unknownsOf(line, before)
		if !s.line.solve(line, s.runs[l]) {
			return false
		}
		unknownsOf(line, after)
		for w, u := range before {
			for set := u &^ after[w]; set != 0; set &= set - 1 {
				p := w<<6 | bits.TrailingZeros64(set)
				s.settleCell(grid, start+p*step, line[p], cross+p)
			}
		}
		return true
	}
	key := longKey{line: l}
	key.black, key.white = cellSets(line)
	e := &s.longCache[key.hash()&uint64(len(s.longCache)-1)]
	if !e.used || e.key != key {
		if s.longMisses++; s.longMisses > 2*len(s.longCache) && len(s.longCache) < maxCached {
			s.growLongCache()
			e = &s.longCache[key.hash()&uint64(len(s.longCache)-1)]
		}
		e.used, e.key = true, key
		e.ok = s.line.solve(line, s.runs[l])
		e.black, e.white = cellSets(line)
	}
	if !e.ok {
		return false
	}
	for w := range 2 {
		for set := e.black[w] &^ key.black[w]; set != 0; set &= set - 1 {
			p := w<<6 | bits.TrailingZeros64(set)
			s.settleCell(grid, start+p*step, black, cross+p)
		}
		for set := e.white[w] &^ key.white[w]; set != 0; set &= set - 1 {
			p := w<<6 | bits.TrailingZeros64(set)
			s.settleCell(grid, start+p*step, white, cross+p)
		}
	}
	return true
}

// growLongCache is growCache for the long-line cache.
func (s *searcher) growLongCache() {
	old := s.longCache
	s.longCache, s.longMisses = make([]cachedLong, 2*len(old)), 0
	for _, e := range old {
		if e.used {
			s.longCache[e.key.hash()&uint64(len(s.longCache)-1)] = e
		}
	}
}

// cellSets returns the black and the white cells of a line of up to
// longCells cells.
func cellSets(line []byte) (blacks, whites [2]uint64) {
	var notBlack, notWhite [3]uint64
	cellSetsOf(line, notBlack[:], notWhite[:])
	for w := range 2 {
		cells := ^uint64(0) // of the line, in word w
		if left := len(line) - w<<6; left < 64 {
			cells = 1<<uint(max(left, 0)) - 1
		}
		blacks[w], whites[w] = ^notBlack[w]&cells, ^notWhite[w]&cells
	}
	return blacks, whites
}

// unknownsOf sets in set, a word per 64 cells of line, the bits of its
// unknown cells, gathering eight cells at a time as cellSetsOf does.
func unknownsOf(line []byte, set []uint64) {
	const low = 0x0101010101010101 // bit 0 of each byte
	clear(set)
	p := 0
	for ; p+8 <= len(line); p += 8 {
		x := binary.LittleEndian.Uint64(line[p:])
		set[p>>6] |= gather(^(x|x>>1)&low) << (uint(p) & 63)
	}
	for ; p < len(line); p++ {
		set[p>>6] |= uint64(btoi(line[p] == unknown)) << (uint(p) & 63)
	}
}
