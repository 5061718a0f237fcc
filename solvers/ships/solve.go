package ships

import (
	"context"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
)

const (
	shipCells = 28   // cells covered by the seven ships
	cheapScan = 2000 // placements scanned at every step when there are hits to cover
)

// shapes are the seven ships as drawn in the problem statement (O, Z, S, J,
// L, T, I). They may be rotated but not mirrored.
var shapes = [7][]string{
	{"xx", "xx"},
	{"xx.", ".xx"},
	{".xx", "xx."},
	{"x..", "xxx"},
	{"..x", "xxx"},
	{".x.", "xxx"},
	{"xxxx"},
}

// rotationCount is the number of distinct rotations of the seven ships: one
// for the O, two each for the S, Z and I, four each for the J, L and T.
const rotationCount = 19

// cellSet is a set of cells of a board of at most MaxSide*MaxSide cells,
// with a spare word so that a placement's two words always fit. Its
// operations are written out word by word: a loop over the eight words
// would cost a branch per word, and in wasm a pass through the function's
// dispatch on top.
type cellSet [(MaxSide*MaxSide+63)/64 + 1]uint64

// The operations below are written for eight words: with more or fewer,
// these do not compile.
const (
	_ = uint(len(cellSet{}) - 8)
	_ = uint(8 - len(cellSet{}))
)

func (s *cellSet) add(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s *cellSet) has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }

func (s *cellSet) and(t *cellSet) {
	s[0] &= t[0]
	s[1] &= t[1]
	s[2] &= t[2]
	s[3] &= t[3]
	s[4] &= t[4]
	s[5] &= t[5]
	s[6] &= t[6]
	s[7] &= t[7]
}

func (s *cellSet) andNot(t *cellSet) {
	s[0] &^= t[0]
	s[1] &^= t[1]
	s[2] &^= t[2]
	s[3] &^= t[3]
	s[4] &^= t[4]
	s[5] &^= t[5]
	s[6] &^= t[6]
	s[7] &^= t[7]
}

// complement returns the cells not in s, off the board too.
func (s *cellSet) complement() cellSet {
	return cellSet{^s[0], ^s[1], ^s[2], ^s[3], ^s[4], ^s[5], ^s[6], ^s[7]}
}

// equal is s == t without a call: Go compares arrays this long with one to
// the runtime, which in wasm compares them a byte at a time.
func (s *cellSet) equal(t *cellSet) bool {
	return (s[0]^t[0])|(s[1]^t[1])|(s[2]^t[2])|(s[3]^t[3])|(s[4]^t[4])|(s[5]^t[5])|(s[6]^t[6])|(s[7]^t[7]) == 0
}

func (s *cellSet) empty() bool {
	return s[0]|s[1]|s[2]|s[3]|s[4]|s[5]|s[6]|s[7] == 0
}

func (s *cellSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3]) +
		bits.OnesCount64(s[4]) + bits.OnesCount64(s[5]) + bits.OnesCount64(s[6]) + bits.OnesCount64(s[7])
}

// upTo returns the cells 0 .. n-1. It is written out word by word, with
// no branch: in wasm every jump goes through the function's dispatch.
func upTo(n int) cellSet {
	return cellSet{ones(n), ones(n - 64), ones(n - 128), ones(n - 192),
		ones(n - 256), ones(n - 320), ones(n - 384), ones(n - 448)}
}

// ones returns a word of its k lowest cells: none for k <= 0, all for k >=
// 64 (a shift by 64 or more leaves nothing).
func ones(k int) uint64 {
	return ^uint64(0) >> uint(64-min(max(k, 0), 64))
}

// shifted returns s with every cell i moved to i+k, for k < 64.
func (s *cellSet) shifted(k uint) cellSet {
	k &= 63
	l := 63 - k // each word takes the top k cells of the one below, shifted down by 1+l
	return cellSet{s[0] << k,
		s[1]<<k | s[0]>>1>>l, s[2]<<k | s[1]>>1>>l, s[3]<<k | s[2]>>1>>l, s[4]<<k | s[3]>>1>>l,
		s[5]<<k | s[4]>>1>>l, s[6]<<k | s[5]>>1>>l, s[7]<<k | s[6]>>1>>l}
}

// first returns the lowest cell in s, or -1 if s is empty.
func (s *cellSet) first() int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// each calls f for every cell of s in increasing order.
func (s *cellSet) each(f func(i int)) {
	for i, w := range s {
		for w != 0 {
			f(i*64 + bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}

// orientations lists, for each ship of shapes, its distinct rotations as
// cell offsets (dx, dy), starting at 0 and sorted by row, then column.
// They are written out rather than worked out from the drawings at start-
// up, which took more code than the table; TestOrientations works them
// out.
var orientations = [7][][4][2]int{
	{{{0, 0}, {1, 0}, {0, 1}, {1, 1}}},
	{{{0, 0}, {1, 0}, {1, 1}, {2, 1}}, {{1, 0}, {0, 1}, {1, 1}, {0, 2}}},
	{{{1, 0}, {2, 0}, {0, 1}, {1, 1}}, {{0, 0}, {0, 1}, {1, 1}, {1, 2}}},
	{{{0, 0}, {0, 1}, {1, 1}, {2, 1}}, {{0, 0}, {1, 0}, {0, 1}, {0, 2}}, {{0, 0}, {1, 0}, {2, 0}, {2, 1}}, {{1, 0}, {1, 1}, {0, 2}, {1, 2}}},
	{{{2, 0}, {0, 1}, {1, 1}, {2, 1}}, {{0, 0}, {0, 1}, {0, 2}, {1, 2}}, {{0, 0}, {1, 0}, {2, 0}, {0, 1}}, {{0, 0}, {1, 0}, {1, 1}, {1, 2}}},
	{{{1, 0}, {0, 1}, {1, 1}, {2, 1}}, {{0, 0}, {0, 1}, {1, 1}, {0, 2}}, {{0, 0}, {1, 0}, {2, 0}, {1, 1}}, {{1, 0}, {0, 1}, {1, 1}, {1, 2}}},
	{{{0, 0}, {1, 0}, {2, 0}, {3, 0}}, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}},
}

// placement is one ship put somewhere on the board. Its cells span at most
// 3*MaxSide+4 < 64 consecutive cell numbers, so two words hold them.
type placement struct {
	ship int32     // int32s keep it to 24 bytes
	word int32     // first word holding its cells
	bits [2]uint64 // its cells in words word and word+1
}

func (p *placement) meets(s *cellSet) bool {
	return s[p.word]&p.bits[0] != 0 || s[p.word+1]&p.bits[1] != 0
}

func (p *placement) addTo(s *cellSet) {
	s[p.word] |= p.bits[0]
	s[p.word+1] |= p.bits[1]
}

func (p *placement) removeFrom(s *cellSet) {
	s[p.word] &^= p.bits[0]
	s[p.word+1] &^= p.bits[1]
}

// rotation is one ship turned one way, with the cells where it may start.
// Its placements are those starts in increasing order, made when needed:
// a step finds where it still fits a word of starts at a time (fit), and
// only the few placements tried are ever made.
type rotation struct {
	ship   int
	offs   [4]uint // its cells, counted from its first one: 0 < offs[k] < 64 for k > 0
	shape  uint64  // bit offs[k] for each k
	back   uint64  // bit 63-offs[k] for each k: start c covers cell i if bit c-i+63 is set
	starts cellSet // first cells of its placements: on the board, clear of misses
	fits   cellSet // the starts where it fitted when last counted (see fit)
}

// at returns r's placement starting at cell c.
func (r *rotation) at(c int) placement {
	// Unsigned, and the high word shifted twice (shape>>(64-c%64) would
	// shift by 64 when c%64 == 0), so that every shift is known to stay
	// below 64 and compiles to one instruction.
	u := uint(c)
	return placement{ship: int32(r.ship), word: int32(u / 64), bits: [2]uint64{r.shape << (u % 64), r.shape >> 1 >> (63 - u%64)}}
}

// startsCovering returns the starts c of r whose placement covers cell i, as
// the bits c-(i-63) of a word.
func (r *rotation) startsCovering(i int) uint64 {
	var window uint64 // the starts i-63 .. i
	if lo := i - 63; lo >= 0 {
		w, b := lo>>6, uint(lo&63)
		window = r.starts[w]>>b | r.starts[w+1]<<(64-b)
	} else {
		window = r.starts[0] << uint(-lo)
	}
	return window & r.back
}

// fit finds the placements of the rotations rots whose cells are all
// free: it sets each rotation's fits to their starts, and returns how many
// there are. One call counts a ship's places, turned every way: in wasm a
// call costs more than a turn of a loop. Shifting the free cells by each
// offset tests all the starts in a word at once, so it takes one word of
// the board at a time (words, at most len(cellSet)-1: a start's cells may
// reach into the next word).
func fit(rots []rotation, free *cellSet, words int) (n int) {
	// The pointer is checked once here: in wasm a nil check is code, and
	// in every case below it would be repeated, as no case is sure to
	// follow another.
	_ = free[0]
	words = min(words, len(free)-1)
	for ; len(rots) > 0; rots = rots[1:] { // not indexed: a register less
		r := &rots[0]
		k1, k2, k3, l1, l2, l3 := r.shifts()
		// One case per word, falling through to the words below, rather
		// than a loop: in wasm every turn of a loop goes through the
		// function's dispatch again, and constant indices need no bounds
		// checks.
		switch words {
		case 7:
			n += r.fitWord(free, 6, k1, k2, k3, l1, l2, l3)
			fallthrough
		case 6:
			n += r.fitWord(free, 5, k1, k2, k3, l1, l2, l3)
			fallthrough
		case 5:
			n += r.fitWord(free, 4, k1, k2, k3, l1, l2, l3)
			fallthrough
		case 4:
			n += r.fitWord(free, 3, k1, k2, k3, l1, l2, l3)
			fallthrough
		case 3:
			n += r.fitWord(free, 2, k1, k2, k3, l1, l2, l3)
			fallthrough
		case 2:
			n += r.fitWord(free, 1, k1, k2, k3, l1, l2, l3)
			fallthrough
		case 1:
			n += r.fitWord(free, 0, k1, k2, k3, l1, l2, l3)
		}
	}
	return n
}

// fitWord is word i of fit, with its shifts.
func (r *rotation) fitWord(free *cellSet, i int, k1, k2, k3, l1, l2, l3 uint) int {
	a := r.fitsIn(free, i, k1, k2, k3, l1, l2, l3)
	r.fits[i] = a
	return bits.OnesCount64(a)
}

// fitsIn returns the starts in word i (below len(free)-1) of r's
// placements whose cells are all free: word i of fit, alone, with its
// shifts (see fit).
func (r *rotation) fitsIn(free *cellSet, i int, k1, k2, k3, l1, l2, l3 uint) uint64 {
	f, g := free[i], free[i+1]
	return r.starts[i] & f & (f>>k1 | g<<l1) & (f>>k2 | g<<l2) & (f>>k3 | g<<l3)
}

// shifts returns the shifts fit takes for r: masked, every shift is known
// to stay below 64, and so compiles to one instruction; for offsets 1..63
// the masks change nothing.
func (r *rotation) shifts() (k1, k2, k3, l1, l2, l3 uint) {
	k1, k2, k3 = r.offs[1]&63, r.offs[2]&63, r.offs[3]&63
	return k1, k2, k3, (64 - k1) & 63, (64 - k2) & 63, (64 - k3) & 63
}

// cover adds to open the cells of r's placements that start in at, whose
// cells are on the board (words long). Like fit, it has a case per word.
func (r *rotation) cover(at, open *cellSet, words int) {
	k1, k2, k3, l1, l2, l3 := r.shifts()
	_, _ = at[0], open[0]
	switch min(words, len(at)-1) {
	case 7:
		coverWord(at, open, 6, k1, k2, k3, l1, l2, l3)
		fallthrough
	case 6:
		coverWord(at, open, 5, k1, k2, k3, l1, l2, l3)
		fallthrough
	case 5:
		coverWord(at, open, 4, k1, k2, k3, l1, l2, l3)
		fallthrough
	case 4:
		coverWord(at, open, 3, k1, k2, k3, l1, l2, l3)
		fallthrough
	case 3:
		coverWord(at, open, 2, k1, k2, k3, l1, l2, l3)
		fallthrough
	case 2:
		coverWord(at, open, 1, k1, k2, k3, l1, l2, l3)
		fallthrough
	case 1:
		coverWord(at, open, 0, k1, k2, k3, l1, l2, l3)
	}
}

// coverWord is word i of cover: the cells of the placements starting in
// it, and those carried up from the word below.
func coverWord(at, open *cellSet, i int, k1, k2, k3, l1, l2, l3 uint) {
	a, c := at[i], uint64(0)
	if i > 0 {
		b := at[i-1]
		c = b>>l1 | b>>l2 | b>>l3
	}
	open[i] |= a | a<<k1 | a<<k2 | a<<k3 | c
}

// search enumerates the distinct ship grids consistent with a board.
type search struct {
	ctx      context.Context
	progress func(int64)
	nodes    int64
	err      error

	fitted
	byShip [7][]placement // placements of each ship, listed when needed
	cover  [][]placement  // placements covering each cell, listed when needed
	listed cellSet        // the cells whose cover list is made
	lists  []placement    // where the cover lists are cut from
	hits   cellSet        // cells that must be ship
	water  cellSet        // cells that must be water on top of the 'o' ones
	free   int            // number of cells that are not 'o'
	words  int            // number of words holding the board's cells

	used cellSet // cells taken by placed ships, and the water cells
	left uint8   // ships not placed yet, one bit each
	// room[d] is a number of places per rotation that every ship left has
	// at least, at the step d ships deep, known from the steps above it
	// (see step).
	room   [8]int
	bare   bool  // no water added to the board's
	limit  int   // stop once more than limit distinct grids are found
	budget int64 // stop once the search has visited this many nodes
	// stop is budget, or -1 once the search is over for another reason
	// (see arm), so that over, asked at every node, is one comparison.
	stop     int64
	gridList // the distinct grids found

	// Sampling mode: stop at the first grid, try choices in random order,
	// and place the free ships in a fixed order (counting their places on
	// every step costs more than the sample is worth).
	sample  bool
	rand    func(n int) int
	leaves  int        // grids reached, repeats included
	scratch [8][]int32 // shuffled choices (indices in the list), one buffer per depth
	iota    []int32    // 0, 1, 2, ...: the unshuffled indices

	cells []int     // step's hits to cover, reused
	reach []cellSet // and the cells each may share a ship with

	rec *fleetTrace // records the search's steps; nil when not traced
}

func newSearch(ctx context.Context, b *Board, progress func(int64)) *search {
	s := new(search)
	s.init(ctx, b, progress)
	return s
}

// fitted are the rotations that fit a board, and where.
type fitted struct {
	rots        [rotationCount]rotation // rots[:nrots] fit the board, ship by ship
	nrots       int
	from        [8]int // ship i's rotations are rots[from[i]:from[i+1]]
	places      int    // number of placements
	perRotation int    // the fewest places per rotation of a ship
}

// sizedFit is fitted for an empty board w by h.
type sizedFit struct {
	w, h int
	fitted
}

// lastFit keeps the rotations fitted to an empty board of the last size set
// up, for the next boards of that size: a judge input's, or the page's,
// most often. Working them out took a sixth of the time to judge an open
// board. It is never changed, only replaced, so searches may share it.
var lastFit atomic.Pointer[sizedFit]

// init sets up the zero search s for board b. Being a method, it lets
// decide keep its search on the stack: the search's own tables are arrays
// inside it, so that a judged board costs few allocations.
func (s *search) init(ctx context.Context, b *Board, progress func(int64)) {
	s.ctx, s.progress, s.left, s.budget = ctx, progress, 1<<7-1, math.MaxInt64
	n := b.W * b.H
	s.words = (n + 63) / 64
	hits, misses := b.cells()
	room := upTo(n) // cells that are not 'o', where ships may go
	room.andNot(&misses)
	s.hits, s.free = hits, room.count()
	if f := lastFit.Load(); f != nil && f.w == b.W && f.h == b.H {
		s.fitted = f.fitted
	} else {
		s.fitEmpty(b.W, b.H)
		lastFit.Store(&sizedFit{b.W, b.H, s.fitted})
	}
	if !misses.empty() {
		s.refit(&room, s.words)
	}
}

// fitEmpty sets f to the rotations that fit an empty board w by h.
func (f *fitted) fitEmpty(w, h int) {
	n := w * h
	// within[x] holds the cells of the columns where a ship x wide may
	// have its left edge: within[1] is the board, and each next one loses
	// its last column.
	var within [5]cellSet
	var col0 cellSet // the first column
	for y := range h {
		col0.add(y * w)
	}
	within[1] = upTo(n)
	for x := 2; x <= min(4, w); x++ {
		within[x] = within[x-1]
		last := col0.shifted(uint(w - x + 1))
		within[x].andNot(&last)
	}
	// above[y] holds the rows a ship y high may start in.
	var above [5]cellSet
	for y := 1; y <= min(4, h); y++ {
		above[y] = upTo((h - y + 1) * w)
	}
	f.perRotation = 1 << 30
	for ship, orients := range orientations {
		f.from[ship] = f.nrots
		places := 0
		for _, o := range orients {
			ow, oh := max(o[0][0], o[1][0], o[2][0], o[3][0])+1, o[3][1]+1 // sorted by row
			if ow > w || oh > h {
				continue
			}
			// The cells counted from the first, o[0] (they are sorted by
			// row, then column): started at c, the ship covers shape
			// shifted by c. It starts at first+y*w+x for every x <= w-ow
			// and y <= h-oh: those of the rows and columns, the left
			// edges shifted by first.
			first := o[0][1]*w + o[0][0]
			r := &f.rots[f.nrots]
			r.ship = ship
			r.offs = [4]uint{0, uint(o[1][1]*w + o[1][0] - first), uint(o[2][1]*w + o[2][0] - first), uint(o[3][1]*w + o[3][0] - first)}
			r.shape = 1 | 1<<r.offs[1] | 1<<r.offs[2] | 1<<r.offs[3]
			r.back = 1<<63 | 1<<63>>r.offs[1] | 1<<63>>r.offs[2] | 1<<63>>r.offs[3]
			r.starts = within[ow]
			r.starts.and(&above[oh])
			if first > 0 {
				r.starts = r.starts.shifted(uint(first))
			}
			k := r.starts.count()
			f.nrots++
			f.places += k
			places += k
		}
		f.perRotation = min(f.perRotation, perRotation(places, f.nrots-f.from[ship]))
	}
	f.from[7] = f.nrots
}

// refit keeps f's starts clear of the cells not in room, and the rotations
// that still have some.
func (f *fitted) refit(room *cellSet, words int) {
	from := f.from
	f.nrots, f.places, f.perRotation = 0, 0, 1<<30
	for ship := range 7 {
		f.from[ship] = f.nrots
		places := 0
		for i := from[ship]; i < from[ship+1]; i++ {
			f.rots[f.nrots] = f.rots[i]
			if k := fit(f.rots[f.nrots:f.nrots+1], room, words); k > 0 {
				r := &f.rots[f.nrots]
				r.starts = r.fits
				f.nrots++
				f.places += k
				places += k
			}
		}
		f.perRotation = min(f.perRotation, perRotation(places, f.nrots-f.from[ship]))
	}
	f.from[7] = f.nrots
}

// rotationsOf returns the rotations of ship that fit the board.
func (s *search) rotationsOf(ship int) []rotation {
	return s.rots[s.from[ship]:s.from[ship+1]]
}

// placements returns the placements of ship, rotation by rotation, each in
// order of its starts. Only random descents need them as a list, so it is
// made the first time it is asked for.
func (s *search) placements(ship int) []placement {
	if s.byShip[ship] != nil {
		return s.byShip[ship]
	}
	list := []placement{}
	rots := s.rotationsOf(ship)
	for k := range rots {
		r := &rots[k]
		for w, x := range r.starts {
			for ; x != 0; x &= x - 1 {
				list = append(list, r.at(w*64+bits.TrailingZeros64(x)))
			}
		}
	}
	s.byShip[ship] = list
	return list
}

// covering returns the placements covering cell i, in the order of
// placements. Only the search's hits need these lists, and often none
// does, so each is made the first time it is asked for.
func (s *search) covering(i int) []placement {
	if s.listed.has(i) {
		return s.cover[i]
	}
	if s.cover == nil {
		s.cover = make([][]placement, 64*s.words)
	}
	lists := s.lists
	start := len(lists)
	for k := range s.nrots {
		r := &s.rots[k]
		for m := r.startsCovering(i); m != 0; m &= m - 1 {
			lists = append(lists, r.at(i-63+bits.TrailingZeros64(m)))
		}
	}
	s.lists = lists
	s.cover[i] = lists[start:len(lists):len(lists)]
	s.listed.add(i)
	return s.cover[i]
}

// enumerate collects the distinct grids (ship cell sets) consistent with the
// board, stopping once more than limit are found or the node budget is
// spent. It reports whether the enumeration stopped early.
func (s *search) enumerate(limit int) (capped bool, err error) {
	s.collect(limit)
	return s.run()
}

// run enumerates the grids into the list started by collect, as enumerate
// does.
func (s *search) run() (capped bool, err error) {
	s.used, s.bare = s.water, s.water.empty()
	s.room[0] = 0
	if s.bare { // else the set-up's count of places is not the top's
		s.room[0] = s.perRotation
	}
	s.arm()
	if s.hits.count() <= shipCells && s.free >= shipCells {
		s.step()
	}
	return len(s.grids) > s.limit || s.nodes > s.budget, s.err
}

// collect starts a new list of distinct grids, to stop at limit+1.
func (s *search) collect(limit int) {
	s.limit, s.gridList = limit, newGridList(limit)
}

// gridList is a list of distinct grids, and the hash table that finds them
// in it (see addGrid).
type gridList struct {
	grids []cellSet
	seen  []int32 // 1 + index in grids, or 0
}

// newGridList makes a list with room for the judge's limits (under 30) up
// front.
func newGridList(limit int) gridList {
	return gridList{make([]cellSet, 0, min(limit+1, 64)), make([]int32, 2*64)}
}

// emptied returns l's storage as an empty list, or a new list if l has
// none.
func (l *gridList) emptied(limit int) gridList {
	if l.seen == nil {
		return newGridList(limit)
	}
	clear(l.seen)
	return gridList{l.grids[:0], l.seen}
}

// judgeLists keep decide's lists of grids from one board to the next. In
// wasm, allocating them for every board, and collecting them later, cost
// about a tenth of the time of judging an open board.
var judgeLists = sync.Pool{New: func() any { return new(gridList) }}

// addGrid appends g, whose hash is h (see gridHash), to s.grids unless it
// is there already, and reports whether it was new. The grids are found
// through s.seen, a hash table kept at most half full, probed linearly. It
// stands in for a map: a grid hashed from the one before it costs far less
// than the runtime's hash of a 64-byte key, above all in wasm.
func (s *search) addGrid(g *cellSet, h uint64) bool {
	if 2*(len(s.grids)+1) > len(s.seen) {
		s.growSeen()
	}
	seen := s.seen
	for i := slot(h, len(seen)); ; i = (i + 1) & (len(seen) - 1) {
		switch k := seen[i]; {
		case k == 0:
			s.grids = append(s.grids, *g)
			seen[i] = int32(len(s.grids))
			if len(s.grids) > s.limit {
				s.stop = -1
			}
			return true
		case s.grids[k-1].equal(g):
			return false
		}
	}
}

// growSeen doubles the hash table of grids. It is apart from addGrid,
// which runs for every grid found, to keep that small.
func (s *search) growSeen() {
	s.seen = make([]int32, 2*len(s.seen))
	for k := range s.grids {
		i := slot(gridHash(&s.grids[k]), len(s.seen))
		for s.seen[i] != 0 {
			i = (i + 1) & (len(s.seen) - 1)
		}
		s.seen[i] = int32(k + 1)
	}
}

// gridHash is the hash of a grid: a sum over its words, word i weighed
// 2i+1, times an odd number. Cells added to a grid add their own words'
// share, so the last ship's grids are hashed from the grid without it, two
// words each (see placement.hash).
func gridHash(g *cellSet) uint64 {
	return hashKey * (g[0] + 3*g[1] + 5*g[2] + 7*g[3] + 9*g[4] + 11*g[5] + 13*g[6] + 15*g[7])
}

const hashKey = 0x9e3779b97f4a7c15 // 2**64 over the golden ratio

// hash is what p's cells add to the hash of a grid that has none of them.
func (p *placement) hash() uint64 {
	w := 2*uint64(p.word) + 1
	return hashKey * (w*p.bits[0] + (w+2)*p.bits[1])
}

// slot is where a grid of hash h is looked for first in a table of size
// n, a power of 2. A product's bits depend on the bits of its factors at
// and below them only, so the slot is taken from the top bits: grids that
// differ in a word's high cells alone, such as the same ships with the
// last one moved along a row, would all share a slot in its middle bits.
func slot(h uint64, n int) int {
	return int(h >> (64 - bits.TrailingZeros(uint(n))))
}

// checkIn reports progress and notes a cancelled context. A step calls it
// now and then.
func (s *search) checkIn() {
	if s.progress != nil {
		s.progress(s.nodes)
	}
	if err := s.ctx.Err(); err != nil && s.err == nil {
		s.err, s.stop = err, -1
	}
}

// over reports whether the search has ended: cancelled, enough grids found
// or the node budget spent.
func (s *search) over() bool { return s.nodes > s.stop }

// arm sets stop for a search about to start from the current budget, error
// and grids; during the search only checkIn and addGrid move it.
func (s *search) arm() {
	s.stop = s.budget
	if s.err != nil || len(s.grids) > s.limit {
		s.stop = -1
	}
}

func (s *search) fits(p *placement) bool {
	return s.left>>p.ship&1 != 0 && !p.meets(&s.used)
}

// try places p, searches on and takes p back.
func (s *search) try(p *placement) {
	p.addTo(&s.used)
	s.left &^= 1 << p.ship
	if s.rec != nil {
		s.rec.place(s, p)
	}
	s.step()
	if s.rec != nil {
		s.rec.takeBack(s, p)
	}
	s.left |= 1 << p.ship
	p.removeFrom(&s.used)
}

// step places one more ship. Every hit must end up covered, so it branches
// on whichever has the fewest choices: the uncovered hit with the fewest
// placements covering it, or the ship with the fewest places left. Before
// that it drops states that cannot be completed. Each step counts as a
// node, and ends the search once over.
func (s *search) step() {
	if s.left == 0 {
		s.leaf()
		return
	}
	if s.nodes++; s.nodes&(1<<14-1) == 0 {
		s.checkIn()
	}
	if s.over() {
		return
	}
	todo := s.hits
	todo.andNot(&s.used)
	left := bits.OnesCount8(s.left)
	if todo.count() > 4*left {
		if s.rec != nil {
			s.rec.tooManyHits(s, todo.count(), left)
		}
		return
	}

	// The choice: the placements of ship bestShip that fit, or else those
	// of best that fit.
	best, bestShip, bestN := []placement(nil), -1, 1<<30
	var open cellSet // cells some ship left could still take, gathered while few
	// Scanning where every ship left fits (a word of starts at a time, see
	// fit) finds the ship with fewest places and the cells no ship can
	// reach any more. On a cramped board that prunes a lot; on an open
	// board it prunes nothing: there only the hits are looked at, and with
	// none left, once a count above shows room to spare, nothing is (see
	// room). Pruning or not, the grids found are the same. A random
	// descent keeps to the cheap part.
	noHits := todo.empty() // no hit left to cover
	if noHits && left == 1 && !s.sample {
		// The last ship, with nothing to choose: the scan would only find
		// where it fits, as lastShip does, and that some place does.
		if s.rec != nil {
			s.rec.anyPlace(s, true)
		}
		s.branchShip(bits.TrailingZeros8(s.left))
		return
	}
	scan := !s.sample && (noHits || s.places <= cheapScan)
	depth := 7 - left
	// A ship placed covers 4 cells, and a cell is in at most 4 places of
	// a rotation, so every ship left loses at most 16 places per rotation
	// to the next ship placed. While each keeps more than 4*7, every ship
	// left still fits, and any one of them alone reaches more cells than
	// the ships left need: the scan would find nothing, and the ship to
	// branch on may be any.
	s.room[depth+1] = s.room[depth] - 16
	if noHits && scan && s.room[depth] > 4*7 {
		if s.rec != nil {
			s.rec.anyPlace(s, false)
		}
		s.branchShip(bits.TrailingZeros8(s.left))
		return
	}
	if scan {
		fewest := 1 << 30 // places per rotation of a ship left
		free := s.used.complement()
		// The open cells matter only while they are too few to spare one:
		// once there are more than the ships left need, they are not
		// gathered any more (on an open board, after the first rotation).
		roomy := false
		for ships := s.left; ships != 0; ships &= ships - 1 {
			ship := bits.TrailingZeros8(ships)
			rots := s.rotationsOf(ship)
			n, k := 0, 0 // placements of ship that fit, and its rotations counted
			for ; k < len(rots) && !roomy; k++ {
				n += fit(rots[k:k+1], &free, s.words)
				rots[k].cover(&rots[k].fits, &open, s.words)
				roomy = open.count() > 4*left
			}
			if k < len(rots) {
				n += fit(rots[k:], &free, s.words)
			}
			fewest = min(fewest, perRotation(n, len(rots)))
			if n < bestN {
				bestShip, bestN = ship, n
			}
		}
		switch free := open.count(); {
		case bestN == 0 || free < 4*left:
			if s.rec != nil {
				s.rec.cramped(s, bestShip, bestN, free, left)
			}
			return
		case free == 4*left:
			todo, noHits = open, false // no room to spare: every open cell is a ship cell
		}
		s.room[depth+1] = max(s.room[depth], fewest) - 16
	}
	if noHits { // the choice is made: the scan's ship, or any ship when sampling
		if !scan {
			s.branch(s.placements(bits.TrailingZeros8(s.left)))
			return
		}
		if s.rec != nil {
			s.rec.fewestPlaces(s, bestShip, bestN)
		}
		s.branchShip(bestShip)
		return
	}
	// cells and reach are dead before the search goes deeper, so every
	// step reuses the same two buffers.
	cells, reach := s.cells[:0], s.reach[:0] // reach: cells some fitting placement shares with each hit
	bestCell := -1
	for w, x := range todo {
		for ; x != 0; x &= x - 1 {
			i := w*64 + bits.TrailingZeros64(x)
			n := 0
			var r cellSet
			cover := s.covering(i)
			for k := range cover {
				if p := &cover[k]; s.fits(p) {
					n++
					p.addTo(&r)
				}
			}
			if n < bestN {
				best, bestShip, bestN, bestCell = cover, -1, n, i
			}
			cells, reach = append(cells, i), append(reach, r)
		}
	}
	s.cells, s.reach = cells, reach
	if bestN == 0 || shipsNeeded(cells, reach) > left {
		if s.rec != nil {
			s.rec.uncoverable(s, bestCell, bestN, left)
		}
		return
	}
	if s.rec != nil {
		s.rec.branchOn(s, bestShip, bestCell, bestN)
	}
	if bestShip >= 0 {
		s.branchShip(bestShip)
		return
	}
	s.branch(best)
}

// perRotation is places shared out over rotations, or 0 for none.
func perRotation(places, rotations int) int {
	return places / max(rotations, 1)
}

// leaf is the step with every ship placed: it counts as a node, and
// records the grid if it covers every hit. branchShip has it written out
// for the last ship.
func (s *search) leaf() {
	if s.nodes++; s.nodes&(1<<14-1) == 0 {
		s.checkIn()
	}
	if s.over() {
		return
	}
	todo := s.hits
	todo.andNot(&s.used)
	if todo.empty() {
		s.leaves++
		g := s.used
		g.andNot(&s.water)
		isNew := s.addGrid(&g, gridHash(&g))
		if s.rec != nil {
			s.rec.grid(s, isNew)
		}
	} else if s.rec != nil {
		s.rec.uncovered(s, todo.first())
	}
}

// shipsNeeded is a lower bound on the ships needed to cover the hits:
// hits no placement can share, picked greedily, fewest neighbours first.
func shipsNeeded(hits []int, reach []cellSet) int {
	var todo cellSet
	for _, i := range hits {
		todo.add(i)
	}
	n := 0
	for {
		best, bestDeg := -1, 1<<30
		for k, i := range hits {
			if !todo.has(i) {
				continue
			}
			r := reach[k]
			r.and(&todo)
			if d := r.count(); d < bestDeg {
				best, bestDeg = k, d
			}
		}
		if best < 0 {
			return n
		}
		n++
		todo.andNot(&reach[best])
		todo[hits[best]>>6] &^= 1 << (hits[best] & 63)
	}
}

// branch tries every placement in list that fits, in order, or in random
// order when sampling, where it stops at the first grid found. It returns
// as soon as the search is over, rather than trying the rest only for each
// to stop at once: on an open board that was most of the nodes.
func (s *search) branch(list []placement) {
	if !s.sample {
		for k := range list {
			if p := &list[k]; s.fits(p) {
				if s.try(p); s.over() {
					return
				}
			}
		}
		return
	}
	// The indices are shuffled rather than the placements, six times
	// smaller, and copied from iota in one go.
	for k := len(s.iota); k < len(list); k++ {
		s.iota = append(s.iota, int32(k))
	}
	depth := 7 - bits.OnesCount8(s.left)
	order := append(s.scratch[depth][:0], s.iota[:len(list)]...)
	s.scratch[depth] = order
	found := s.leaves
	for i := range order { // lazy Fisher-Yates shuffle
		j := i + s.rand(len(order)-i)
		order[i], order[j] = order[j], order[i]
		if p := &list[order[i]]; s.fits(p) {
			s.try(p)
			if s.leaves > found || s.over() {
				return
			}
		}
	}
}

// branchShip tries the placements of ship that fit, as branch does with
// its list, making only those it tries. It finds them a word of starts at
// a time, when its loop comes to the word: a search that ends early, as on
// an open board, needs only the first.
func (s *search) branchShip(ship int) {
	rots := s.rotationsOf(ship)
	if s.left == 1<<ship {
		s.lastShip(rots)
		return
	}
	free := s.used.complement()
	for k := range rots {
		r := &rots[k]
		k1, k2, k3, l1, l2, l3 := r.shifts()
		for w := range s.words {
			x := r.fitsIn(&free, w, k1, k2, k3, l1, l2, l3)
			for ; x != 0; x &= x - 1 {
				// try, written out: in wasm a call costs more than its work
				p := r.at(w*64 + bits.TrailingZeros64(x))
				p.addTo(&s.used)
				s.left &^= 1 << ship
				if s.rec != nil {
					s.rec.place(s, &p)
				}
				s.step()
				if s.rec != nil {
					s.rec.takeBack(s, &p)
				}
				s.left |= 1 << ship
				p.removeFrom(&s.used)
				if s.over() {
					return
				}
			}
		}
	}
}

// lastShip is branchShip for the last ship, rotated rots ways: each
// placement that fits ends the fleet, and is a leaf, written out here: in
// wasm a call per grid cost a tenth of the search. A leaf's grid holds
// every hit when its placement covers the hits left, counted on the
// placement's two words, not tested board-wide; and it is hashed from the
// grid of the ships before it.
func (s *search) lastShip(rots []rotation) {
	todo := s.hits
	todo.andNot(&s.used)
	hitsLeft := todo.count()
	before := s.used // the grid but for the last ship
	if !s.bare {     // else there is no water to take off
		before.andNot(&s.water)
	}
	h := gridHash(&before)
	free := s.used.complement()
	for k := range rots {
		r := &rots[k]
		k1, k2, k3, l1, l2, l3 := r.shifts()
		for w := range s.words {
			x := r.fitsIn(&free, w, k1, k2, k3, l1, l2, l3)
			for ; x != 0; x &= x - 1 {
				p := r.at(w*64 + bits.TrailingZeros64(x))
				if s.nodes++; s.nodes&(1<<14-1) == 0 {
					s.checkIn()
				}
				if s.over() {
					return
				}
				if bits.OnesCount64(todo[p.word]&p.bits[0])+bits.OnesCount64(todo[p.word+1]&p.bits[1]) != hitsLeft {
					continue
				}
				s.leaves++
				// addGrid's common case, written out: a grid whose slot is
				// empty, with room for it in the list and the table.
				hp, n, seen := h+p.hash(), len(s.grids), s.seen
				if i := slot(hp, len(seen)); seen[i] == 0 && 2*n+2 <= len(seen) && n < cap(s.grids) {
					s.grids = s.grids[:n+1]
					s.grids[n] = before
					p.addTo(&s.grids[n])
					seen[i] = int32(n + 1)
					if s.rec != nil {
						s.rec.lastShip(s, &p, true)
					}
					if n >= s.limit { // over
						s.stop = -1
						return
					}
					continue
				}
				g := before
				p.addTo(&g)
				isNew := s.addGrid(&g, hp)
				if s.rec != nil {
					s.rec.lastShip(s, &p, isNew)
				}
				if s.over() {
					return
				}
			}
		}
	}
}

// winnable decides the game for the distinct consistent grids, with one miss
// to spare. A shot at an unknown cell where exactly one grid has water is
// safe: a miss identifies that grid, a hit rules it out. Any shot where two
// or more grids have water may be a miss that leaves two candidates. Ruling
// a grid out never hurts, so removing such grids greedily until one is left
// decides the game. It returns the first shot of the winning plan, or -1.
func winnable(grids []cellSet, unknown cellSet) (win bool, shot int) {
	shot = -1
	alive := append([]cellSet(nil), grids...)
	for len(alive) > 1 {
		removed := false
		for g := range alive {
			// cells unknown, water in grid g, ship in every other grid
			cells := unknown
			cells.andNot(&alive[g])
			for h := range alive {
				if h != g {
					for w := range cells {
						cells[w] &= alive[h][w]
					}
				}
			}
			if c := cells.first(); c >= 0 {
				if shot < 0 {
					shot = c
				}
				alive = append(alive[:g], alive[g+1:]...)
				removed = true
				break
			}
		}
		if !removed {
			return false, -1
		}
	}
	return len(alive) == 1, shot
}

// hitsLimit is the most distinct grids a winnable board can have: every safe
// shot rules out one grid using a distinct unknown cell that all remaining
// grids cover, and the last grid covers those cells and the known hits with
// its 28 ship cells.
func hitsLimit(b *Board) int {
	hits, _ := b.cells()
	return gridsLimit(&hits)
}

// gridsLimit is hitsLimit for a board with these hits.
func gridsLimit(hits *cellSet) int { return shipCells + 1 - hits.count() }

// decide answers the judge question for one board.
func decide(ctx context.Context, b *Board, progress func(int64)) (bool, error) {
	v, err := judge(ctx, b, progress, nil)
	return v.win, err
}

// verdict is the judge's answer on a board and why.
type verdict struct {
	win  bool
	why  reason
	shot int // the first shot of the winning plan, or -1
	// grids is the number of distinct grids found (the limit and one
	// more when capped); nodes the search nodes.
	grids int
	nodes int64
}

// reason says why the judge answered as it did.
type reason uint8

const (
	tooSmall     reason = iota + 1 // fewer cells than the ships need
	tooManyHits                    // more hits than ship cells
	tooManyGrids                   // more grids than one miss can tell apart
	told                           // the grids were found: winnable decided
)

// judge is decide, telling why, with the search traced into rec when it
// is not nil.
func judge(ctx context.Context, b *Board, progress func(int64), rec *fleetTrace) (verdict, error) {
	if b.W*b.H < shipCells {
		return verdict{why: tooSmall, shot: -1}, nil
	}
	var s search
	s.init(ctx, b, progress)
	s.rec = rec
	limit := gridsLimit(&s.hits)
	if limit < 1 {
		return verdict{why: tooManyHits, shot: -1}, nil
	}
	l := judgeLists.Get().(*gridList)
	defer judgeLists.Put(l)
	s.limit, s.gridList = limit, l.emptied(limit)
	over, err := s.run()
	*l = s.gridList // with whatever it grew
	v := verdict{why: tooManyGrids, shot: -1, grids: len(s.grids), nodes: s.nodes}
	if err != nil || over {
		return v, err
	}
	v.why = told
	v.win, v.shot = winnable(s.grids, unknownCells(b))
	return v, nil
}

func unknownCells(b *Board) cellSet {
	x, o := b.cells()
	u := upTo(len(b.Cells))
	u.andNot(&x)
	u.andNot(&o)
	return u
}
