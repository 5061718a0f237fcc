package iq

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/trace"
)

// Answer is one solved board, for the page.
type Answer struct {
	Solved bool     `json:"solved"`
	Rows   []string `json:"rows"` // the filled rows (no rectangle header); nil when there is no solution
	// Solutions is 0, 1, or 2 for two or more: the search stops at the
	// second completion, so a board with a unique one is told apart.
	Solutions int   `json:"solutions"`
	Nodes     int64 `json:"nodes"` // search nodes visited
}

// placement is one way to lay a piece on the empty board.
type placement struct {
	piece int     // 0 for A ... 11 for L
	turn  uint8   // its orientation: orientations[piece][turn]
	cells []uint8 // cell indices (see Kind.Index)
	mask  uint64  // the same cells as bits
	ring  uint64  // the cells off it sharing a side with it
	// columns are the header nodes of its row in the exact cover: its
	// piece's, its cells', then those of the pads (see padHeader).
	columns [rowSlots]int32

	// hopeless marks a placement walling off a pocket of the empty board
	// that no other pieces fill: it is in no solution of any board.
	hopeless bool
}

// placePieces lists every placement of every piece on g's board, and
// makes the sets of byPiece.
func (g *geometry) placePieces() {
	k := g.kind
	all := g.placements
	for p, shapes := range orientations {
		g.firstPlacement[p] = len(all)
		for turn, shape := range shapes {
			for dr := range k.Rows() {
				for dc := range k.Cols() {
					pl := placement{piece: p, turn: uint8(turn)}
					for _, c := range shape {
						r, c := c.Row+dr, c.Col+dc
						if !k.Has(r, c) {
							pl.cells = nil
							break
						}
						pl.cells = append(pl.cells, uint8(k.Index(r, c)))
					}
					if pl.cells != nil {
						for _, c := range pl.cells {
							pl.mask |= 1 << c
						}
						all = append(all, pl)
					}
				}
			}
		}
	}
	g.firstPlacement[NumPieces] = len(all)
	for i, pl := range all {
		for _, c := range pl.cells {
			all[i].ring |= g.neighbours[c]
		}
		all[i].ring &^= pl.mask
		all[i].columns[0] = pieceHeader(pl.piece)
		for k, c := range pl.cells {
			all[i].columns[1+k] = cellHeader(int(c))
		}
		for k := 1 + len(pl.cells); k < rowSlots; k++ {
			all[i].columns[k] = padHeader(k)
		}
		all[i].hopeless = walledOff(&g.neighbours, allCells, &all[i], sumsOf[allPieces&^(1<<pl.piece)])
	}
	g.placements = all
	for i, pl := range all {
		k := i - g.firstPlacement[pl.piece]
		if k >= 64*len(g.byPiece[0].every) {
			panic("iq: too many placements of one piece for pieceSets")
		}
		s := &g.byPiece[pl.piece]
		s.every[k/64] |= 1 << (k % 64)
		if !pl.hopeless {
			s.sound[k/64] |= 1 << (k % 64)
		}
		for _, c := range pl.cells {
			s.over[c][k/64] |= 1 << (k % 64)
		}
	}
}

// pieceSets are sets of one piece's placements, bit k of word w for
// placement firstPlacement[p]+64*w+k, so that build finds those off the
// filled cells 64 at a time rather than one by one.
type pieceSets struct {
	every placementSet           // all of them
	sound placementSet           // those not hopeless
	over  [NumCells]placementSet // per cell: those covering it
}

// placementSet is a set of one piece's placements: room for the 264
// placements of C and H on the rectangle.
type placementSet [5]uint64

// problem is the exact cover left by a board: its columns are the empty
// cells and the pieces not yet on the board, its rows the placements that
// fit.
type problem struct {
	board *Board
	cover *exactCover
	pool  *sync.Pool // where cover came from, emptyCovers or builtCovers (see release)
}

// The columns of every problem are numbered alike, with header nodes
// 1..NumCells for the cells and the next NumPieces for the pieces; those
// of the cells and pieces on the board are left out of the ring of open
// columns, and no row has a 1 in them.
func cellHeader(i int) int32  { return int32(1 + i) }
func pieceHeader(p int) int32 { return int32(1 + NumCells + p) }

// padHeader returns the header node of the pads in slot k of a row, which
// is never open: the root for the last slot, one more column for the slot
// before, as a row of the smallest piece has two pads. No two nodes of a
// row share a column, so the order cover and uncover go along a row in
// does not matter.
func padHeader(k int) int32 {
	if k == rowSlots-1 {
		return 0
	}
	return 1 + NumCells + NumPieces
}

// headers is the number of header nodes, the root's included.
const headers = 1 + NumCells + NumPieces + 1

// headerCell returns the cell of header node h, or -1-p for piece p's.
func headerCell(h int32) int {
	if h <= NumCells {
		return int(h - 1)
	}
	return -1 - int(h-1-NumCells)
}

// layout says how newProblem lays out the matrix, so the search order.
type layout struct {
	keep func(i int) bool // only placements keep accepts, when not nil
	rng  *rand.Rand       // rows of each column in a random order, when not nil
	// judge asks for the matrix and column order Judge has always used,
	// so that its answers stay byte for byte the same: placements leaving
	// any region of a size no other pieces sum to left out, ties between
	// columns going to the first.
	judge bool
}

// occupancy returns b's filled cells (bit i: cell i) and the pieces not
// on it yet (bit p: piece p).
func (b *Board) occupancy() (filled uint64, left uint16) {
	left = allPieces
	for i, v := range b.cells {
		if v != 0 {
			filled |= 1 << i
			left &^= 1 << (v - 'A')
		}
	}
	return filled, left
}

// newProblem builds the exact cover for b.
func newProblem(ctx context.Context, b *Board, progress func(int64), how layout) (*problem, error) {
	if err := Validate(b); err != nil {
		return nil, err
	}
	filled, left := b.occupancy()
	pr := &problem{board: b}
	g := b.kind.geo()
	var m *exactCover
	if filled == 0 && how.keep == nil && how.rng == nil && !how.judge {
		pr.pool = &g.emptyCovers
		m = pr.pool.Get().(*exactCover)
	} else {
		pr.pool = &builtCovers
		m = pr.pool.Get().(*exactCover)
		m.build(g, filled, left, how)
	}
	m.geo, m.ctx, m.progress = g, ctx, progress
	if r := trace.From(ctx); r != nil {
		m.rec = &coverTrace{r: r}
	}
	m.empty, m.left = allCells&^filled, left
	if !how.judge {
		m.tie = 1
	}
	pr.cover = m
	return pr, nil
}

// build makes m the matrix of g's board with the cells filled and the
// pieces left, in m's memory where it is large enough.
func (m *exactCover) build(g *geometry, filled uint64, left uint16, how layout) {
	if cap(m.rows) < len(g.placements) {
		m.rows = make([]int32, 0, len(g.placements))
	}
	use := m.rows[:0]
	empty := allCells &^ filled
	for p := range NumPieces {
		bit := uint16(1) << p
		if left&bit == 0 {
			continue
		}
		// The placements off the cells filled, 64 at a time.
		fit := g.byPiece[p].sound
		if how.judge {
			fit = g.byPiece[p].every
		}
		for f := filled; f != 0; f &= f - 1 {
			over := &g.byPiece[p].over[bits.TrailingZeros64(f)]
			fit[0], fit[1], fit[2], fit[3], fit[4] = fit[0]&^over[0], fit[1]&^over[1], fit[2]&^over[2], fit[3]&^over[3], fit[4]&^over[4]
		}
		sums := sumsOf[left&^bit]
		for w, word := range fit {
			for ; word != 0; word &= word - 1 {
				i := g.firstPlacement[p] + 64*w + bits.TrailingZeros64(word)
				if how.keep != nil && !how.keep(i) {
					continue
				}
				pl := &g.placements[i]
				var fits bool
				if how.judge {
					fits = fillable(&g.neighbours, empty&^pl.mask, sums)
				} else {
					// The pieces on the board make pockets of their own.
					fits = filled == 0 || !walledOff(&g.neighbours, empty, pl, sums)
				}
				if fits {
					use = append(use, int32(i))
				}
			}
		}
	}
	if how.rng != nil {
		how.rng.Shuffle(len(use), func(i, j int) { use[i], use[j] = use[j], use[i] })
	}
	m.rows, m.geo = use, g
	m.reset(headers-1, len(use))
	m.close(padHeader(rowSlots - 2))
	for i := range NumCells {
		if filled>>i&1 != 0 {
			m.close(cellHeader(i))
		}
	}
	for p := range NumPieces {
		if left>>p&1 == 0 {
			m.close(pieceHeader(p))
		}
	}
	for _, i := range use {
		m.addRow(&g.placements[i].columns)
	}
}

// builtCovers keeps matrices of other boards for reuse: build writes
// every link anew, so they come back in any state. Allocating and
// collecting the memory of a matrix costs WebAssembly about a tenth of a
// short search.
var builtCovers = sync.Pool{New: func() any { return new(exactCover) }}

// release hands pr's matrix back to the pool it came from once the search
// on it has returned, which leaves every link as it found it; pr must not
// be used after. It is no defer: a search cut short by a panic may leave
// links off, and its matrix is dropped, as are those of callers that
// never release.
func (pr *problem) release() {
	m := pr.cover
	if pr.pool == nil || m == nil {
		return
	}
	*m = exactCover{nodes: m.nodes, size: m.size, next: m.next, prev: m.prev, rows: m.rows, geo: m.geo, chosen: m.chosen[:0]}
	pr.pool.Put(m)
	pr.cover, pr.pool = nil, nil
}

// sumsOf has, for each set of pieces (bit p: piece p), bit s set when
// some of them cover s cells together.
var sumsOf = func() (sums [1 << NumPieces]uint64) {
	for set := range sums {
		sums[set] = 1
		for p := range NumPieces {
			if set>>p&1 != 0 {
				sums[set] |= sums[set] << len(Pieces[p].Cells)
			}
		}
	}
	return sums
}()

// maxPieceSize is the number of cells of the largest pieces.
const maxPieceSize = 5

// maxPocket is the largest region of empty cells walledOff measures:
// larger ones are all but always fillable, and growing them costs time.
const maxPocket = 6

// walledOff reports whether laying pl on the empty cells leaves, next to
// it, a region of at most maxPocket empty cells whose size is not in sums
// (bit s set: size s fillable), given the board's neighbours.
func walledOff(neighbours *[NumCells]uint64, empty uint64, pl *placement, sums uint64) bool {
	empty &^= pl.mask
	around := pl.ring & empty
	var big uint64 // cells of the regions found larger than maxPocket
	for around != 0 {
		// The first step grows from one cell, with no loop over cells.
		start := bits.TrailingZeros64(around)
		grow := neighbours[start] & empty
		region := grow | 1<<start
		size := bits.OnesCount64(region)
		for {
			if region&big != 0 { // the same region as a large one
				size = maxPocket + 1
			}
			if grow == 0 || size > maxPocket {
				break
			}
			var next uint64
			for g := grow; g != 0; g &= g - 1 {
				next |= neighbours[bits.TrailingZeros64(g)]
			}
			grow = next & empty &^ region
			region |= grow
			size = bits.OnesCount64(region)
		}
		if size <= maxPocket && sums&(1<<size) == 0 {
			return true
		}
		if size > maxPocket {
			big |= region
		}
		around &^= region
	}
	return false
}

// fillable reports whether every region of connected empty cells has a
// size in sums (bit s set: size s), given the board's neighbours.
func fillable(neighbours *[NumCells]uint64, empty, sums uint64) bool {
	for empty != 0 {
		region := empty & -empty
		for grow := region; grow != 0; {
			var next uint64
			for g := grow; g != 0; g &= g - 1 {
				next |= neighbours[bits.TrailingZeros64(g)]
			}
			grow = next & empty &^ region
			region |= grow
		}
		if sums&(1<<bits.OnesCount64(region)) == 0 {
			return false
		}
		empty &^= region
	}
	return true
}

// allPieces has a bit for every piece.
const allPieces = 1<<NumPieces - 1

// allCells has a bit for every cell of the board.
const allCells = 1<<NumCells - 1

// Solve fills the board with the missing pieces, if it can, and tells
// whether that completion is the only one.
func Solve(ctx context.Context, b *Board) (*Answer, error) {
	return solve(ctx, b, nil, 2)
}

// solve is Solve reporting the search nodes visited to progress and
// stopping at the limit-th completion (1 or 2).
func solve(ctx context.Context, b *Board, progress func(nodes int64), limit int) (*Answer, error) {
	return solveLaidOut(ctx, b, progress, limit, layout{})
}

// solveLaidOut is solve on the matrix laid out as how says.
func solveLaidOut(ctx context.Context, b *Board, progress func(nodes int64), limit int, how layout) (*Answer, error) {
	a, _, err := solveCounting(ctx, b, progress, limit, how)
	return a, err
}

// solveCounting is solveLaidOut that also returns the pieces the search
// took back when ctx has it traced, for the trace's last step.
func solveCounting(ctx context.Context, b *Board, progress func(nodes int64), limit int, how layout) (a *Answer, backtracks int64, err error) {
	pr, err := newProblem(ctx, b, progress, how)
	if err != nil {
		return nil, 0, err
	}
	a = &Answer{}
	pr.cover.search(func(rows []int32) bool {
		if a.Solutions == 0 {
			a.Rows = pr.fill(rows).rows()
		}
		a.Solutions++
		return a.Solutions < limit
	})
	if pr.cover.err != nil {
		return nil, 0, pr.cover.err
	}
	a.Solved, a.Nodes = a.Solutions > 0, pr.cover.visited
	if pr.cover.rec != nil {
		backtracks = pr.cover.rec.backtracks
	}
	pr.release()
	return a, backtracks, nil
}

// Count returns the number of ways to fill the board with the missing
// pieces.
func Count(ctx context.Context, b *Board) (int64, error) {
	// Each worker searches its own copy of the matrix, taking the first
	// level's branches one at a time from a shared counter.
	var branch atomic.Int64
	claim := func() int { return int(branch.Add(1) - 1) }
	return count(ctx, b, min(runtime.GOMAXPROCS(0), maxWorkers), claim, nil)
}

// CountPart counts the completions of the board given in its text
// whose first choice of the search is one of the branches part, part+parts,
// part+2*parts... (0 <= part < parts). The parts 0 to parts-1 add up to
// the full count, so parts workers, each counting one part, share the
// work; how evenly depends on the board (the empty board has a dozen or so
// branches).
func CountPart(ctx context.Context, text string, part, parts int, progress func(nodes int64)) (int64, error) {
	if parts < 1 || part < 0 || part >= parts {
		return 0, msg.Errorf("iq: part %d of %d: want 0 <= part < parts", part, parts)
	}
	b, err := ParseBoard(text)
	if err != nil {
		return 0, err
	}
	return count(ctx, b, 1, partClaim(part, parts), progress)
}

// partClaim hands out the branches part, part+parts, part+2*parts... and,
// once that would pass math.MaxInt, MaxInt itself, past every branch: a
// huge parts must not wrap round to branches counted already.
func partClaim(part, parts int) func() int {
	next := part
	return func() int {
		n := next
		next = min(next, math.MaxInt-parts) + parts
		return n
	}
}

// count counts the completions of b over the first-level branches claim
// hands out to workers searches (see searchShare), reporting the nodes of
// a lone worker to progress.
func count(ctx context.Context, b *Board, workers int, claim func() int, progress func(int64)) (int64, error) {
	keep, times := symmetryCut(b)
	problems := make([]*problem, workers)
	for w := range problems {
		pr, err := newProblem(ctx, b, progress, layout{keep: keep})
		if err != nil {
			return 0, err
		}
		problems[w] = pr
	}
	counts := make([]int64, workers)
	var wg sync.WaitGroup
	for w, pr := range problems {
		wg.Go(func() {
			pr.cover.searchShare(func([]int32) bool {
				counts[w]++
				return true
			}, claim)
		})
	}
	wg.Wait()
	var n int64
	for w, pr := range problems {
		if pr.cover.err != nil {
			return 0, pr.cover.err
		}
		n += counts[w]
	}
	return times * n, nil
}

// maxWorkers bounds the goroutines of Count: the first level has a dozen
// branches or so, more workers would idle.
const maxWorkers = 4

// symmetryCut returns which placements count needs and how many times
// its count. A board its own image under some of its board's symmetries
// has solutions in sets of images, one per such symmetry and the
// identity, all different when a piece not on the board has no placement
// that these symmetries leave in place. It is then enough to count the
// solutions with that piece at the least (by its cells as bits) of its
// images, times the size of the sets: the triangle's mirror halves the
// search of a symmetric board, the rectangle's three symmetries quarter
// that of the empty one.
func symmetryCut(b *Board) (keep func(int) bool, times int64) {
	c := cut{g: b.kind.geo(), piece: -1}
	for _, s := range c.g.symmetries {
		same := true
		for i, v := range b.cells {
			same = same && b.cells[s[i]] == v
		}
		if same {
			c.own = append(c.own, s)
		}
	}
	var fixed [NumPieces]bool // some placement of the piece is its own image
	for i, pl := range c.g.placements {
		_, f := c.least(i)
		fixed[pl.piece] = fixed[pl.piece] || f
	}
	for p := NumPieces - 1; p >= 0; p-- {
		if !fixed[p] && !slices.Contains(b.cells[:], 'A'+byte(p)) {
			c.piece = p
		}
	}
	if c.piece < 0 || len(c.own) == 0 {
		return func(int) bool { return true }, 1
	}
	return c.keep, int64(1 + len(c.own))
}

// cut is the choice of symmetryCut: the symmetries own of g's board that
// leave the board as it is, and the piece that tells images apart.
type cut struct {
	g     *geometry
	own   [][NumCells]uint8
	piece int
}

// keep reports whether placement i is in the solutions counted.
func (c *cut) keep(i int) bool {
	least, _ := c.least(i)
	return c.g.placements[i].piece != c.piece || least
}

// least reports whether placement i is the least of its images under
// c.own, and fixed whether it is one of them.
func (c *cut) least(i int) (least, fixed bool) {
	pl := &c.g.placements[i]
	least = true
	for _, s := range c.own {
		var image uint64
		for _, k := range pl.cells {
			image |= 1 << s[k]
		}
		least = least && image >= pl.mask
		fixed = fixed || image == pl.mask
	}
	return least, fixed
}

// fill returns a copy of the board with the placements of rows added.
func (pr *problem) fill(rows []int32) *Board {
	b := *pr.board
	for _, r := range rows {
		pl := pr.cover.geo.placements[r]
		for _, c := range pl.cells {
			b.cells[c] = 'A' + byte(pl.piece)
		}
	}
	return &b
}
