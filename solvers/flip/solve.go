package flip

import (
	"context"
	"encoding/binary"
	"math"
	"math/bits"
	"sync"
	"unsafe"
)

// Answer is the solution of one board.
type Answer struct {
	Possible bool   `json:"possible"`
	Presses  Cells  `json:"presses"` // the cells to press; nil when impossible
	Count    int    `json:"count"`   // number of presses
	Color    string `json:"color"`   // final colour of every cell: "b" or "w"
	Minimal  bool   `json:"minimal"` // Count is proven the fewest possible (false when impossible)
	// Solutions is how many press sets of Count presses there are: 1, or 2
	// for two or more; 0 when impossible. It is exact when Minimal, and
	// counts only the sets found otherwise.
	Solutions int `json:"solutions"`
}

// Cells is a set of a board's cells as a bitmap: row-major cell i is bit
// i%8 of byte i/8, and bits past the last cell are clear. A bitmap keeps a
// 200x200 answer to 5 KB, where bools took 40 KB and their JSON 220 KB
// (a []byte is base64 in JSON: 6.7 KB), which in WebAssembly costs more to
// allocate and collect than the solve itself.
type Cells []byte

// Has reports whether cell i is in the set.
func (c Cells) Has(i int) bool {
	return i >= 0 && i>>3 < len(c) && c[i>>3]>>(i&7)&1 == 1
}

// maxSearchWork caps the null-space search, counted in 64-bit words
// compared; beyond it Solve settles for a locally minimal answer.
const maxSearchWork = 1 << 28

// colors are the two targets, black and white, in the order they are tried.
var colors = [2]string{"b", "w"}

// checkEvery is how many search steps pass between cancellation checks.
const checkEvery = 1 << 14

// Solve finds the fewest presses that make b meet its goal: all white, all
// black, or either colour, whichever needs fewer.
//
// Light chasing makes it a small linear system over GF(2): once the first row
// of presses is chosen, each next row must press exactly the cells still
// wrong in the row above, and what stays wrong in the last row is an affine
// function of the first row. The chase runs along the longer side, so the
// system has only min(W, H) unknowns, and its matrix is a polynomial in the
// row-press matrix: one extended Euclid on polynomials over GF(2) solves it
// for the board's shape, once, and a board then takes a sum of per-cell
// solutions, for both colours (see firstRows).
// Its solutions differ by the null space ("quiet" press sets that change
// nothing), which is searched exhaustively when small enough, over just the
// cells quiet sets press, packed 64 to a word.
func Solve(ctx context.Context, b *Board) (*Answer, error) {
	return solve(ctx, b, nil)
}

func solve(ctx context.Context, b *Board, progress func(int64)) (*Answer, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	var a [1]*Answer
	if err := solveAll(ctx, []*Board{b}, a[:], progress); err != nil {
		return nil, err
	}
	return a[0], nil
}

// target is one board's system: toWhite is the set of cells to flip to
// turn it white, as chase rows, and first a first row of presses doing it,
// or nil if none does.
type target struct {
	toWhite []uint64
	first   []uint64
}

// need is a set of cells to flip, as chase rows: cells (nil for none), or
// when flip is ^0 the cells not in it.
type need struct {
	cells []uint64
	flip  uint64
}

// solveAll solves checked boards of one shape together into answers: their
// linear systems differ only in the right-hand sides, so they share one
// setup (see firstRows).
func solveAll(ctx context.Context, boards []*Board, answers []*Answer, progress func(int64)) error {
	c := newChaser(boards[0])
	sys := c.system()
	size := c.h * c.words
	// One buffer holds every board packed and its first row and
	// remainder, then the two colours' presses, white's as chase lays
	// them out, reused from board to board, and first used by firstRows
	// to chase in.
	pooled := words.get(len(boards)*(size+sys.stride) + c.chaseWords() + size + 3)
	defer words.put(pooled)
	buf := *pooled
	var one [1]target // a lone board's, kept off the heap
	targets := one[:]
	if len(boards) > 1 {
		targets = make([]target, len(boards))
	}
	for i, b := range boards {
		// Three words of capacity more, which chaseShort reads.
		targets[i].toWhite = c.pack(buf[i*size:][:size:size+3], b.Black)
	}
	sums, presses := buf[len(boards)*size:][:len(boards)*sys.stride], buf[len(boards)*(size+sys.stride):]
	quiet := c.firstRows(targets, presses, sums)

	var quietFull [][]uint64 // made once, when a board first needs it
	for i, t := range targets {
		if t.first == nil {
			answers[i] = &Answer{}
			continue
		}
		cands, counts := c.pressSets(presses, t, sys.flipAll)
		if quietFull == nil {
			quietFull = make([][]uint64, len(quiet))
			for j, q := range quiet {
				quietFull[j], _ = c.chase(q, need{}, make([]uint64, c.chaseWords()))
			}
		}
		// Only the colours the goal accepts are searched and compared.
		lo, hi := boards[i].Goal.colours()
		var ties [len(colors)]int
		minimal, err := fewest(ctx, cands[lo:hi], quietFull, ties[lo:hi], progress)
		if err != nil {
			return err
		}
		best := lo
		for j := lo; j < hi; j++ {
			if len(quiet) > 0 { // fewest may have changed it
				counts[j] = popcount(cands[j])
			}
			if counts[j] < counts[best] {
				best = j
			}
		}
		// Press sets reaching different colours differ, so ties add up.
		solutions := 0
		for j := lo; j < hi; j++ {
			if counts[j] == counts[best] {
				solutions = min(solutions+ties[j], 2)
			}
		}
		answers[i] = &Answer{
			Possible:  true,
			Presses:   c.unpack(cands[best]),
			Count:     counts[best],
			Color:     colors[best],
			Minimal:   minimal,
			Solutions: solutions,
		}
	}
	return nil
}

// pressSets returns the presses of every row turning t's board black and
// white, in the order of colors, and how many each has. It writes them
// into dst, of c.chaseWords() words for white's chase and h*words more for
// black, and three more if it can, which unpackShort reads; flipAll is the
// shape's system.flipAll.
func (c *chaser) pressSets(dst []uint64, t target, flipAll []uint64) (sets [len(colors)][]uint64, counts [len(colors)]int) {
	size := c.h * c.words
	white, _ := c.chase(t.first, need{cells: t.toWhite}, dst[:c.chaseWords()])
	black := dst[c.chaseWords():][:size]
	counts[1], counts[0] = xorCount(black, white, flipAll)
	return [...][]uint64{black, white}, counts
}

// rows is the shape of a bit-packed board seen by light chasing: h rows of
// w bits, each row a bitset of words uint64s.
type rows struct {
	w, h, words int
	last        uint64 // mask of the bits in use in a row's last word
}

func newRows(w, h int) rows {
	words := (w + 63) / 64
	return rows{w: w, h: h, words: words, last: ^uint64(0) >> (64*words - w)}
}

// chase presses first as row 0, then in each next row exactly the cells of
// the row above that still need a flip (see need). It works in p, of h+2
// rows: a clear row, then each row's presses, then the cells of the last
// row still needing a flip; it returns those presses and those cells.
//
// Laid out so, one window of three rows, above, this one and next, slides
// down p: with fewer slices to keep, WebAssembly keeps more in registers.
func (c rows) chase(first []uint64, need need, p []uint64) (presses, left []uint64) {
	n := c.words
	clear(p[:2*n])
	copy(p[n:2*n], first) // none when nil
	if n <= 4 && need.cells != nil && need.flip == 0 {
		c.chaseShort(need.cells, p)
		return p[n : (c.h+1)*n], p[(c.h+1)*n : (c.h+2)*n]
	}
	flip := need.flip // past the row's end too: cleared below
	cells, step := need.cells, n
	if cells == nil {
		cells, step = p[:n], 0 // the clear row on top, for every row
	}
	for r := range c.h {
		win := p[r*n : (r+3)*n]
		wrong := cells[r*step : r*step+n]
		// A press flips its own cell and both row neighbours; carry is
		// the last cell of the word before, as bit 0. Four words go in
		// one step, as in WebAssembly every loop turn costs a dispatch,
		// each stored once made, which keeps few values live.
		var carry uint64
		i := 0
		for ; i+4 <= n; i += 4 {
			a := (*[4]uint64)(win[i:])
			x := (*[4]uint64)(win[n+i:])
			w := (*[4]uint64)(wrong[i:])
			out := (*[4]uint64)(win[2*n+i:])
			var after uint64
			if i+4 < n {
				after = win[n+i+4]
			}
			out[0] = x[0] ^ x[0]<<1 ^ x[0]>>1 ^ carry ^ x[1]<<63 ^ flip ^ a[0] ^ w[0]
			out[1] = x[1] ^ x[1]<<1 ^ x[1]>>1 ^ x[0]>>63 ^ x[2]<<63 ^ flip ^ a[1] ^ w[1]
			out[2] = x[2] ^ x[2]<<1 ^ x[2]>>1 ^ x[1]>>63 ^ x[3]<<63 ^ flip ^ a[2] ^ w[2]
			out[3] = x[3] ^ x[3]<<1 ^ x[3]>>1 ^ x[2]>>63 ^ after<<63 ^ flip ^ a[3] ^ w[3]
			carry = x[3] >> 63
		}
		for ; i < n; i++ {
			x := win[n+i]
			t := x ^ x<<1 ^ x>>1 ^ carry ^ flip ^ win[i] ^ wrong[i]
			carry = x >> 63
			if i+1 < n {
				t ^= win[n+i+1] << 63
			}
			win[2*n+i] = t
		}
		win[3*n-1] &= c.last
	}
	return p[n : (c.h+1)*n], p[(c.h+1)*n : (c.h+2)*n]
}

// chaseShort is chase for rows of at most four words and cells to flip
// as given, what a solve chases. It keeps the row above and this one in
// registers, four words each, and writes the next row as four words:
// those past the row's end are clear, and written over by the rows after
// or fall in the three words chaseWords leaves past the last row. It reads
// cells four words at a time too, past their end if their capacity allows.
func (c rows) chaseShort(cells, p []uint64) {
	n := c.words
	mask := c.shortMasks()
	x := (*[4]uint64)(p[n:])
	a0, a1, a2, a3 := uint64(0), uint64(0), uint64(0), uint64(0)
	x0, x1, x2, x3 := x[0]&mask[0], x[1]&mask[1], x[2]&mask[2], x[3]&mask[3]
	out := p[2*n:]
	var short [4]uint64 // the last rows' cells, fewer than four words
	for range c.h {
		w := fourWords(cells, &short) // a solve's have room (see solveAll)
		y0 := (x0 ^ x0<<1 ^ x0>>1 ^ x1<<63 ^ a0 ^ w[0]) & mask[0]
		y1 := (x1 ^ x1<<1 ^ x1>>1 ^ x0>>63 ^ x2<<63 ^ a1 ^ w[1]) & mask[1]
		y2 := (x2 ^ x2<<1 ^ x2>>1 ^ x1>>63 ^ x3<<63 ^ a2 ^ w[2]) & mask[2]
		y3 := (x3 ^ x3<<1 ^ x3>>1 ^ x2>>63 ^ a3 ^ w[3]) & mask[3]
		o := (*[4]uint64)(out)
		o[0], o[1], o[2], o[3] = y0, y1, y2, y3
		a0, a1, a2, a3 = x0, x1, x2, x3
		x0, x1, x2, x3 = y0, y1, y2, y3
		cells, out = cells[n:], out[n:]
	}
}

// fourWords returns the first four words of v, read past its end when its
// capacity allows, else copied into short: the words past v's end are
// then what short held before, which the short paths mask off.
func fourWords(v []uint64, short *[4]uint64) *[4]uint64 {
	if cap(v) >= 4 {
		return (*[4]uint64)(v[:4])
	}
	for i, y := range v { // not copy: inlined, copy cost the short paths 3%
		short[i] = y
	}
	return short
}

// shortMasks returns the cells of each of a row's words, four of them,
// for rows of at most four words: those past the row's end are clear.
func (c rows) shortMasks() (mask [4]uint64) {
	for i := range c.words - 1 {
		mask[i] = ^uint64(0)
	}
	mask[c.words-1] = c.last
	return mask
}

// chaseWords is the length chase wants of p: h+2 rows and three words
// more (see chaseShort).
func (c rows) chaseWords() int { return (c.h+2)*c.words + 3 }

// chaser is the board's shape as light chasing sees it: chase rows run along
// the longer side, so a row has w = min(W, H) bits.
type chaser struct {
	rows
	transposed bool // rows run down the board's columns
	boardW     int
}

func newChaser(b *Board) chaser {
	if b.W > b.H {
		return chaser{rows: newRows(b.H, b.W), transposed: true, boardW: b.W}
	}
	return chaser{rows: newRows(b.W, b.H), boardW: b.W}
}

// pack writes the black cells as chase-row bitsets into v, of c.h*c.words
// words with any contents, and returns it.
func (c *chaser) pack(v []uint64, cells []bool) []uint64 {
	if c.transposed {
		return c.packColumns(v, cells)
	}
	// Every word takes 64 cells, those of a row's last word past its end
	// from the next row, cleared after: a word is always the same eight
	// multiplies and no loop, which in WebAssembly costs a dispatch a
	// turn. Only the board's last cells, under 64, go one at a time.
	le := binary.LittleEndian
	in := boolBytes(cells)
	if len(in) < 64 { // a small board: all its cells in one word, cut in rows
		all := packShort(in)
		for r := range c.h {
			v[r] = all >> (r * c.w) & c.last
		}
		return v
	}
	for r := range c.h {
		row := v[r*c.words : (r+1)*c.words]
		rest := in[r*c.w:] // this row's cells and those after
		for t := range row {
			s := rest[64*t:]
			if len(s) < 64 { // the board's last cells: this word's alone
				row[t] = packShort(s[:min(len(s), c.w-64*t)])
				continue
			}
			g := (*[64]byte)(s)
			row[t] = le.Uint64(g[0:])*gather8>>56 |
				le.Uint64(g[8:])*gather8>>56<<8 |
				le.Uint64(g[16:])*gather8>>56<<16 |
				le.Uint64(g[24:])*gather8>>56<<24 |
				le.Uint64(g[32:])*gather8>>56<<32 |
				le.Uint64(g[40:])*gather8>>56<<40 |
				le.Uint64(g[48:])*gather8>>56<<48 |
				le.Uint64(g[56:])*gather8>>56<<56
		}
		row[len(row)-1] &= c.last
	}
	return v
}

// packShort packs the board's last cells, fewer than 64, into a word. It
// stays out of pack's loop, where inlined it cost WebAssembly a tenth more
// in all of pack.
//
//go:noinline
func packShort(s []byte) uint64 {
	var x uint64
	j := 0
	for ; j+8 <= len(s); j += 8 { // eight cells at a time
		x |= binary.LittleEndian.Uint64(s[j:]) * gather8 >> 56 << j
	}
	for ; j < len(s); j++ {
		x |= uint64(s[j]) << j
	}
	return x
}

// packColumns is pack for a transposed board, whose chase row r is board
// column r. It is apart from pack so that WebAssembly compiles it only for
// boards that need it.
func (c *chaser) packColumns(v []uint64, cells []bool) []uint64 {
	le := binary.LittleEndian
	// Chase row r is board column r. Blocks of 8 columns by 8 rows
	// go as one 8x8 bit matrix, gathered a board row per byte and
	// turned a column per byte; the last block of a column may have
	// fewer rows, and the columns past the whole blocks go one cell
	// at a time. Unsigned, j/64 and j%64 are a shift and a mask.
	clear(v)
	in, bw, w := boolBytes(cells), c.boardW, c.words
	for r := 0; r+8 <= c.h; r += 8 {
		for j := 0; j < c.w; j += 8 {
			var m uint64
			if s := in[j*bw+r:]; j+8 <= c.w {
				m = le.Uint64(s)*gather8>>56 |
					le.Uint64(s[bw:])*gather8>>56<<8 |
					le.Uint64(s[2*bw:])*gather8>>56<<16 |
					le.Uint64(s[3*bw:])*gather8>>56<<24 |
					le.Uint64(s[4*bw:])*gather8>>56<<32 |
					le.Uint64(s[5*bw:])*gather8>>56<<40 |
					le.Uint64(s[6*bw:])*gather8>>56<<48 |
					le.Uint64(s[7*bw:])*gather8>>56<<56
			} else {
				for y := range c.w - j {
					m |= le.Uint64(s[y*bw:]) * gather8 >> 56 << (8 * y)
				}
			}
			m = transpose8(m)
			d := v[r*w+j/64:][:7*w+1]
			at := uint(j % 64)
			d[0] |= m & 0xff << at
			d[w] |= m >> 8 & 0xff << at
			d[2*w] |= m >> 16 & 0xff << at
			d[3*w] |= m >> 24 & 0xff << at
			d[4*w] |= m >> 32 & 0xff << at
			d[5*w] |= m >> 40 & 0xff << at
			d[6*w] |= m >> 48 & 0xff << at
			d[7*w] |= m >> 56 << at
		}
	}
	for r := c.h &^ 7; r < c.h; r++ {
		for j := range uint(c.w) {
			v[uint(r*w)+j/64] |= uint64(in[j*uint(bw)+uint(r)]) << (j % 64)
		}
	}
	return v
}

// unpack turns chase-row bitsets into the row-major cells of the board.
func (c *chaser) unpack(v []uint64) Cells {
	if c.transposed {
		return c.unpackColumns(v)
	}
	if c.words <= 4 {
		return c.unpackShort(v)
	}
	n := c.w * c.h
	// Chase rows are board rows: their bits go out end to end, a word
	// at a time, through acc, which holds the fill < 64 bits not yet
	// written. Shifts are masked to 0..63, which they are, so that the
	// compiler need not handle larger ones; x >> (64-k), which must be 0
	// for k = 0, is written x >> 1 >> (63-k). The words are written as
	// words, not bytes: in WebAssembly that took a third off unpack.
	out := make([]uint64, (n+63)/64)
	tail := uint(c.w-1)%64 + 1 // bits in a row's last word
	whole := c.words - 1       // words of a row but its last
	var acc uint64
	fill, k := uint(0), 0
	for r := range c.h {
		row := v[r*c.words : (r+1)*c.words]
		for t := range whole { // whole words keep fill
			x := row[t]
			out[k] = acc | x<<(fill&63)
			k++
			acc = x >> 1 >> ((63 - fill) & 63)
		}
		x := row[whole] & c.last
		acc |= x << (fill & 63)
		if fill += tail; fill >= 64 {
			out[k] = acc
			k++
			fill -= 64
			acc = x >> 1 >> ((tail - 1 - fill) & 63) // the bits of x left
		}
	}
	if fill > 0 {
		out[k] = acc
	}
	return wordCells(out)[:(n+7)/8]
}

// unpackShort is unpack for rows of at most four words. Each row goes
// out as four words, those past its end clear, shifted to its first bit
// as five: no loop but the rows', which in WebAssembly costs a dispatch a
// turn. The answer has four words more than its cells take for the last.
func (c *chaser) unpackShort(v []uint64) Cells {
	n := c.w * c.h
	mask := c.shortMasks()
	out := make([]uint64, (n+63)/64+4)
	var short [4]uint64 // the last rows, fewer than four words
	at := uint(0)       // the bit of out where this row goes
	for range c.h {
		x := fourWords(v, &short) // a solve's have room (see pressSets)
		x0, x1, x2, x3 := x[0]&mask[0], x[1]&mask[1], x[2]&mask[2], x[3]&mask[3]
		// The words after this row's first hold none of the rows
		// before. x >> (64-f), which must be 0 for f = 0, is written
		// x >> 1 >> (63-f).
		f := at % 64
		o := (*[5]uint64)(out[at/64:])
		o[0] |= x0 << f
		o[1] = x0>>1>>(63-f) | x1<<f
		o[2] = x1>>1>>(63-f) | x2<<f
		o[3] = x2>>1>>(63-f) | x3<<f
		o[4] = x3 >> 1 >> (63 - f)
		at += uint(c.w)
		v = v[c.words:]
	}
	return wordCells(out)[:(n+7)/8]
}

// orByte ORs the byte x into out at bit i, the bits past a word's end into
// the next word, which must exist.
func orByte(out []uint64, i uint, x uint64) {
	out[i/64] |= x << (i % 64)
	out[i/64+1] |= x >> 1 >> (63 - i%64)
}

// unpackColumns is unpack for a transposed board (see packColumns).
func (c *chaser) unpackColumns(v []uint64) Cells {
	n := c.w * c.h
	// As pack, backwards: 8 chase rows by 8 of their bits go as
	// one 8x8 bit matrix, turned a board row per byte, the last
	// block of a chase row cut at its end. A byte lands at any bit
	// of out, so its high bits go to the next word: one word more
	// than the cells need takes those past the last. Unsigned, i/64
	// and i%64 are a shift and a mask.
	out := make([]uint64, (n+63)/64+1)
	bw, w := uint(c.boardW), c.words
	for r := 0; r+8 <= c.h; r += 8 {
		for j := 0; j < c.w; j += 8 {
			s := v[r*w+j/64:][:7*w+1]
			at := uint(j % 64)
			m := transpose8(s[0]>>at&0xff | s[w]>>at&0xff<<8 |
				s[2*w]>>at&0xff<<16 | s[3*w]>>at&0xff<<24 |
				s[4*w]>>at&0xff<<32 | s[5*w]>>at&0xff<<40 |
				s[6*w]>>at&0xff<<48 | s[7*w]>>at&0xff<<56)
			i := uint(j)*bw + uint(r)
			if j+8 > c.w { // bits past the row's end are not cells
				for y := range uint(c.w - j) {
					orByte(out, i+y*bw, m>>(8*y)&0xff)
				}
				continue
			}
			orByte(out, i, m&0xff)
			orByte(out, i+bw, m>>8&0xff)
			orByte(out, i+2*bw, m>>16&0xff)
			orByte(out, i+3*bw, m>>24&0xff)
			orByte(out, i+4*bw, m>>32&0xff)
			orByte(out, i+5*bw, m>>40&0xff)
			orByte(out, i+6*bw, m>>48&0xff)
			orByte(out, i+7*bw, m>>56)
		}
	}
	for r := c.h &^ 7; r < c.h; r++ {
		for j := range uint(c.w) {
			i := j*bw + uint(r)
			out[i/64] |= v[uint(r*w)+j/64] >> (j % 64) & 1 << (i % 64)
		}
	}
	return wordCells(out)[:(n+7)/8]
}

// littleEndian is whether a word's bytes lie low first in memory, as on
// WebAssembly and amd64, so that its bits are in Cells' order.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// wordCells views bit-packed words, bit i of the set at bit i%64 of word
// i/64, as Cells, in place.
func wordCells(words []uint64) Cells {
	if !littleEndian {
		for i, x := range words {
			words[i] = bits.ReverseBytes64(x)
		}
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), 8*len(words))
}

// boolBytes views cells as their bytes, each 0 or 1 (as Go stores bools),
// so that pack moves eight cells in one 64-bit word.
func boolBytes(cells []bool) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(cells))), len(cells))
}

// transpose8 transposes an 8x8 bit matrix held a row per byte, low byte
// and low bit first: bit 8i+k goes to bit 8k+i. Three rounds swap ever
// larger blocks across the diagonal: single bits, 2x2 and 4x4 blocks.
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	return x ^ t ^ t<<28
}

// gather8 times eight bytes of 0 or 1 brings them, as the eight bits of a
// byte in the same order, to the word's top byte.
const gather8 = 0x0102040810204080

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// wordPool keeps solves' scratch buffers for the next solve: in
// WebAssembly, allocating and collecting them took a sixth of a 200x200
// solve.
type wordPool struct{ p sync.Pool }

var words wordPool

// get returns a buffer of n words, with any contents, as the pointer the
// pool keeps, so that giving it back allocates nothing.
func (w *wordPool) get(n int) *[]uint64 {
	if b, ok := w.p.Get().(*[]uint64); ok && cap(*b) >= n {
		*b = (*b)[:n]
		return b
	}
	b := make([]uint64, n)
	return &b
}

// put gives b back; nothing may use it after.
func (w *wordPool) put(b *[]uint64) { w.p.Put(b) }

// fewest replaces each press set in cands by the smallest one reachable by
// adding quiet press sets. It reports whether that is proven the smallest:
// true when the 2^len(quiet) combinations were all tried, false when that
// was too much work and it stopped at a set no single quiet set improves.
// It sets ties[i], of len(cands), to how many sets as small as cands[i] it
// met, 1 or 2 (two or more).
func fewest(ctx context.Context, cands, quiet [][]uint64, ties []int, progress func(int64)) (minimal bool, err error) {
	for i := range ties {
		ties[i] = 1
	}
	if len(quiet) == 0 {
		return true, nil
	}
	return fewestQuiet(ctx, cands, quiet, ties, progress)
}

// fewestQuiet is fewest for a shape with quiet sets. It is a function of
// its own because most shapes have none, and WebAssembly engines compile a
// whole function once it runs often: a search called only to return at
// once would still have its body compiled, on the page's first solves.
func fewestQuiet(ctx context.Context, cands, quiet [][]uint64, ties []int, progress func(int64)) (minimal bool, err error) {
	k := len(quiet)
	// Only the cells some quiet set presses can change: the search packs
	// just those densely, and counts the rest once.
	support := make([]uint64, len(quiet[0]))
	for _, q := range quiet {
		for j, x := range q {
			support[j] |= x
		}
	}
	words := (popcount(support) + 63) / 64
	// Testing k first keeps the shift from overflowing.
	if k > 40 || uint64(len(cands)*words)<<k > maxSearchWork {
		for _, v := range cands {
			if err := descend(ctx, v, quiet); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	// The first m quiet sets are tabled: all their 2^m sums. The rest
	// are walked in Gray code, one XOR per step, and each step compares
	// its sum plus every table entry without writing anything.
	m := min(k, 8)
	for m > 0 && words<<m > 1<<16 { // keeps the table within 512 KiB
		m--
	}
	dense := make([]uint64, (len(cands)+k+1<<m)*words)
	take := func() []uint64 {
		d := dense[:words:words]
		dense = dense[words:]
		return d
	}
	qs := make([][]uint64, k)
	for j, q := range quiet {
		qs[j] = take()
		gather(qs[j], q, support)
	}
	table := make([][]uint64, 1<<m)
	table[0] = take()
	for t := 1; t < len(table); t++ {
		table[t] = take()
		copy(table[t], table[t&(t-1)])
		xor(table[t], qs[bits.TrailingZeros(uint(t))])
	}
	cur := make([][]uint64, len(cands))
	fixed := make([]int, len(cands)) // presses outside the support
	least := make([]int, len(cands))
	leastCode := make([]uint64, len(cands))
	for i, v := range cands {
		cur[i] = take()
		gather(cur[i], v, support)
		fixed[i] = popcount(v) - popcount(cur[i])
		least[i], ties[i] = math.MaxInt, 0
	}
	for s := uint64(0); s < 1<<(k-m); s++ {
		if s > 0 {
			for _, v := range cur {
				xor(v, qs[m+bits.TrailingZeros64(s)])
			}
		}
		if done := s << m; done%checkEvery == 0 && done > 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			if progress != nil {
				progress(int64(done))
			}
		}
		for i, v := range cur {
			for t, sum := range table {
				v := v[:len(sum)] // lets the compiler drop bounds checks
				count := fixed[i]
				for j, x := range sum {
					count += bits.OnesCount64(x ^ v[j])
				}
				if count < least[i] {
					least[i], leastCode[i], ties[i] = count, (s^s>>1)<<m|uint64(t), 1
				} else if count == least[i] {
					ties[i] = 2
				}
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

// gather packs the bits of v selected by mask densely into dst, which must
// start zeroed.
func gather(dst, v, mask []uint64) {
	n := 0
	for t, m := range mask {
		x := v[t] & m
		if m&(m+1) == 0 { // only low bits, already in place: the usual case
			put(dst, n, x)
			n += bits.OnesCount64(m)
			continue
		}
		for ; m != 0; m &= m - 1 {
			put(dst, n, x>>bits.TrailingZeros64(m)&1)
			n++
		}
	}
}

// put ORs x into dst from bit n on.
func put(dst []uint64, n int, x uint64) {
	if x == 0 {
		return
	}
	dst[n/64] |= x << (n % 64)
	if n%64 != 0 && n/64+1 < len(dst) {
		dst[n/64+1] |= x >> (64 - n%64)
	}
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

// xorCount sets dst to a ^ b, all of one length and apart, and returns
// the number of bits set in a and in dst. It takes four words a turn, as in WebAssembly
// every loop turn costs a dispatch.
func xorCount(dst, a, b []uint64) (onesA, onesDst int) {
	a, b = a[:len(dst)], b[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, x, y := (*[4]uint64)(dst[i:]), (*[4]uint64)(a[i:]), (*[4]uint64)(b[i:])
		d[0], d[1], d[2], d[3] = x[0]^y[0], x[1]^y[1], x[2]^y[2], x[3]^y[3]
		onesA += bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) + bits.OnesCount64(x[2]) + bits.OnesCount64(x[3])
		onesDst += bits.OnesCount64(d[0]) + bits.OnesCount64(d[1]) + bits.OnesCount64(d[2]) + bits.OnesCount64(d[3])
	}
	for ; i < len(dst); i++ {
		dst[i] = a[i] ^ b[i]
		onesA += bits.OnesCount64(a[i])
		onesDst += bits.OnesCount64(dst[i])
	}
	return onesA, onesDst
}

// popcount counts the bits set in v, four words a turn (see xorCount).
func popcount(v []uint64) int {
	n := 0
	for ; len(v) >= 4; v = v[4:] {
		x := (*[4]uint64)(v)
		n += bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) + bits.OnesCount64(x[2]) + bits.OnesCount64(x[3])
	}
	for _, x := range v {
		n += bits.OnesCount64(x)
	}
	return n
}
