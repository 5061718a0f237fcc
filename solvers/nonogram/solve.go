package nonogram

import (
	"context"
	"errors"
	"math/bits"
	"slices"

	"gridsolve/solvers/msg"
)

// Answer is the outcome of solving one nonogram, as the page draws it.
type Answer struct {
	Status Status   `json:"status"`
	Grid   []string `json:"grid"`            // a solution, rows of '#' (black), or of the inks' letters in colour, and '.' (white); nil if none
	Other  []string `json:"other,omitempty"` // a second solution when the status is "multiple"
}

// Status is how many solutions a puzzle has, as the page and the judge
// say it.
type Status string

const (
	Unique   Status = "unique"
	Multiple Status = "multiple" // two or more
	None     Status = "none"
)

// Solve finds up to two solutions of c that keep its given cells: line
// solving from the given cells to a fixpoint, then probing single cells,
// then depth-first search on the most telling cell. A search that runs
// long is raced against one that picks its cells by another rule (see
// race). progress, if not nil, is called now and then with the number of
// line solves done so far.
func Solve(ctx context.Context, c *Clues, progress func(int64)) (*Answer, error) {
	a, _, err := solveCounting(ctx, c, progress)
	return a, err
}

// solveCounting is Solve, and the line solves it took.
func solveCounting(ctx context.Context, c *Clues, progress func(int64)) (*Answer, int64, error) {
	if err := c.validate(); err != nil {
		return nil, 0, err
	}
	if c.IsColour() {
		return solveColour(ctx, c, progress)
	}
	s := newSearcher(ctx, c, progress)
	a, err := s.solve()
	return a, s.nodes, err
}

// solve is Solve for valid clues.
func (s *searcher) solve() (*Answer, error) {
	a, err := s.solveAlone()
	if r := s.rival; r != nil {
		r.stop() // it has returned if it won, and returns now if it lost
		s.nodes += r.nodes
		if err == errRivalWon {
			return r.final, r.err
		}
	}
	return a, err
}

// solveAlone is solve without the rival's answer, if it won the race.
func (s *searcher) solveAlone() (*Answer, error) {
	grid := make([]byte, s.h*s.w)
	for i, g := range s.given {
		if g != NotGiven {
			grid[i] = white - byte(btoi(g == GivenBlack))
		}
	}
	s.loadMasks(grid)
	if s.plausible() {
		for _, l := range s.leastSlackFirst() {
			s.push(l)
		}
		if s.propagate(grid) {
			s.search(grid)
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	return answerOf(s.solutions, s.render), nil
}

// leastSlackFirst returns the lines in the order of their slack, the cells
// left once their runs are packed one apart, least first (a line without
// runs has none: its cells are white). The first
// propagation solves them in that order: a line with little slack settles
// many cells, so the roomy lines, which settle nothing from an empty grid,
// are solved once their crossing lines have told them something. A
// line-solvable picture of 200×200 takes 15% fewer line solves than in
// the order of the lines.
func (s *searcher) leastSlackFirst() []int {
	order, slack := make([]int, len(s.runs)), make([]int, len(s.runs))
	for l, runs := range s.runs {
		_, _, n, _ := s.lineCells(l)
		order[l], slack[l] = l, n+1
		for _, r := range runs {
			slack[l] -= r + 1
		}
		if len(runs) == 0 {
			slack[l] = 0 // all white
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return slack[a] - slack[b] })
	return order
}

// answerOf is the answer of a search that found solutions, none to two,
// drawn by render.
func answerOf[Grid any](solutions []Grid, render func(Grid) []string) *Answer {
	a := &Answer{Status: None}
	switch len(solutions) {
	case 1:
		a.Status, a.Grid = Unique, render(solutions[0])
	case 2:
		a.Status, a.Grid, a.Other = Multiple, render(solutions[0]), render(solutions[1])
	}
	return a
}

// searcher holds the clues and the work space of one Solve call.
type searcher struct {
	clues *Clues
	h, w  int
	runs  [][]int // rows 0..h-1, then columns h..h+w-1
	given []byte  // Clues.Given: every solution keeps these cells

	line   lineSolver
	tables maskTables
	buf    []byte
	// unknowns is solveLong's work space: the unknown cells of a line
	// before and after its line solve.
	unknowns []uint64
	// When no line is longer than wordCells, notBlack and notWhite mirror
	// the grid as masks per line (see maskTables.solve), kept up to date by
	// setCell, and cache holds the line solver's answers from the first
	// probe on (see startCaching): probing and search ask about the same
	// lines over and over. When only the rows or only the columns are that
	// short, as in a 70x50 puzzle, the masks mirror those, the nMasked
	// lines from firstMasked (none without masks), and the long lines are
	// solved from the grid by solveLong (settleLine may clear bits of
	// their masks, which nothing reads).
	// masks holds both, notBlack then notWhite, and beforeProbe a copy of
	// it as it was before the probes of a cell, which undoes them at the
	// cost of one copy rather than a mask update per cell they settled; it
	// is taken only when settle begins or fixes cells, since undone probes
	// leave the masks as they were.
	notBlack, notWhite []uint64
	masks, beforeProbe []uint64
	firstMasked        int
	nMasked            uint
	allMasked          bool
	rowOf, colOf       []uint8      // of each cell, saving divisions
	cache              *lineCache   // nil until startCaching
	longCache          []cachedLong // see solveLong
	longMisses         int
	caching            bool // see startCaching
	// queue is a ring holding the queued dirty lines from head; inQueue
	// marks them.
	queue        []int
	head, queued int
	inQueue      []bool

	// trail lists the cells settled since the last probe began (only
	// probes record them, as only they are undone cell by cell); settled
	// and seen keep those of a cell's black probe and their colours, fixes
	// what probing learnt.
	trail   []int
	settled []int
	seen    []byte
	fixes   []fixedCell
	// When the masks are on, probed remembers of each cell the last probes
	// that learnt nothing and the lines they read, and changed holds the
	// clock of the last change to each line outside probes: a probe reads
	// only its lines, so while none of them changes it would learn nothing
	// again, and settle skips it.
	probed  []probeMemo
	changed []int64
	clock   int64
	probing bool
	noMemo  bool // for tests: probe every time
	plain   bool // for tests: solve every line from the grid, uncached

	solutions [][]byte

	// byProduct picks the cell to branch on by productScore rather than
	// branchScore. raceAt is the line solves after which the rival next
	// runs, 0 for never (see race). A rival takes turns on turn, won is
	// whether it finished first, and final is its answer.
	byProduct bool
	raceAt    int64
	rival     *searcher
	turn      chan bool
	won       bool
	final     *Answer

	ctx      context.Context
	progress func(int64)
	nodes    int64
	err      error

	tr *tracer // records the steps for Trace; nil, and free, otherwise
}

func newSearcher(ctx context.Context, c *Clues, progress func(int64)) *searcher {
	h, w := len(c.Rows), len(c.Cols)
	runs := append(append(make([][]int, 0, h+w), c.Rows...), c.Cols...)
	return &searcher{
		clues: c, h: h, w: w, runs: runs, given: c.Given,
		raceAt:   raceStart,
		buf:      make([]byte, max(h, w)),
		queue:    make([]int, h+w),
		inQueue:  make([]bool, h+w),
		ctx:      ctx,
		progress: progress,
	}
}

func (s *searcher) plausible() bool { return plausible(s.h, s.w, s.runs) }

// plausible rejects clues that are impossible at a glance, rows 0..h-1 of
// w cells, then columns, before the line solver allocates tables sized by
// the number of runs (and finds that the runs cannot fit).
func plausible(h, w int, lines [][]int) bool {
	total := [2]int{}
	for l, runs := range lines {
		n, side := w, 0
		if l >= h {
			n, side = h, 1
		}
		if !fits(runs, n) {
			return false
		}
		for _, r := range runs {
			total[side] += r
		}
	}
	return total[0] == total[1]
}

// push marks line l dirty.
func (s *searcher) push(l int) {
	if s.inQueue[l] {
		return
	}
	s.inQueue[l] = true
	at := s.head + s.queued // wrapped without a division, which costs tens of cycles
	if at >= len(s.queue) {
		at -= len(s.queue)
	}
	s.queue[at] = l
	s.queued++
}

// pop takes the first dirty line off the queue, which must have one.
func (s *searcher) pop() int {
	l := s.queue[s.head]
	if s.head++; s.head == len(s.queue) {
		s.head = 0
	}
	s.queued--
	s.inQueue[l] = false
	return l
}

// pushCell marks both lines through cell i dirty.
func (s *searcher) pushCell(i int) {
	s.push(i / s.w)
	s.push(s.h + i%s.w)
}

// propagate runs the line solver on dirty lines until none is left and
// reports whether grid is still consistent.
func (s *searcher) propagate(grid []byte) bool {
	for s.queued > 0 {
		l := s.pop()
		if s.err != nil || !s.solveLine(grid, l) {
			for s.queued > 0 {
				s.pop()
			}
			if s.tr != nil && s.err == nil {
				s.tr.fail(s, l)
			}
			return false
		}
		if s.tr != nil {
			s.tr.line(s, grid, l)
		}
	}
	return true
}

// solveLine refines line l of grid and marks the crossing lines of every
// cell it settles.
func (s *searcher) solveLine(grid []byte, l int) bool {
	s.count()
	if !s.masked(l) {
		return s.solveLong(grid, l)
	}
	_, _, n, _ := s.lineCells(l)
	key := lineKey{l, s.notBlack[l], s.notWhite[l]}
	var canBlack, canWhite uint64
	var ok bool
	if s.cache == nil {
		canBlack, canWhite, ok = s.tables.solve(n, s.runs[l], key.notBlack, key.notWhite)
	} else {
		canBlack, canWhite = s.cache.solve(&s.tables, n, s.runs[l], key)
		ok = canBlack|canWhite != 0
	}
	if !ok {
		return false
	}
	unknown := key.notBlack & key.notWhite
	blacks, whites := unknown&^canWhite, unknown&^canBlack
	if blacks|whites == 0 {
		return true
	}
	if !s.probing {
		s.clock++
		s.changed[l] = s.clock
	}
	s.settleLine(grid, l, blacks, whites)
	return true
}

// lineCells returns where the cells of line l are: grid[start+p*step] for
// p < n, and cell p is on line cross+p.
func (s *searcher) lineCells(l int) (start, step, n, cross int) { return lineCells(s.h, s.w, l) }

// lineCells is searcher.lineCells for an h×w grid.
func lineCells(h, w, l int) (start, step, n, cross int) {
	if l < h {
		return l * w, 1, w, h
	}
	return l - h, w, h, 0
}

// settleLine is settleCell for the cells of line l, which has masks, that
// a line solve settled, by position: blacks and whites. Their bits are
// cleared in the masks of line l all at once, and in those of the crossing
// lines one by one. It stays lean because it is where search spends most
// of its cell updates: one loop for both colours, choosing without
// branches, which would go either way.
func (s *searcher) settleLine(grid []byte, l int, blacks, whites uint64) {
	start, step, _, cross := s.lineCells(l)
	// A cell of line l at position p is at position at of line cross+p,
	// whose masks are notBlack[cross+p] and, lines further in masks,
	// notWhite[cross+p].
	at := uint64(l)
	if l >= s.h {
		at -= uint64(s.h)
	}
	lines := len(s.notBlack)
	for set := blacks | whites; set != 0; set &= set - 1 {
		p := bits.TrailingZeros64(set)
		i, k := start+p*step, cross+p
		isWhite := int(whites >> p & 1)
		grid[i] = [2]byte{black, white}[isWhite]
		s.masks[isWhite*lines+k] &^= 1 << at
		if s.probing {
			s.trail = append(s.trail, i)
		} else {
			s.changed[k] = s.clock
		}
		s.push(k)
	}
	s.notBlack[l] &^= blacks
	s.notWhite[l] &^= whites
}

// settleCell gives cell i colour, records it on the trail when probing
// and marks the crossing line.
func (s *searcher) settleCell(grid []byte, i int, colour byte, crossing int) {
	s.setCell(grid, i, colour)
	if s.probing {
		s.trail = append(s.trail, i)
	}
	s.push(crossing)
}

// setCell gives cell i of grid colour, unknown included, and updates the
// masks.
func (s *searcher) setCell(grid []byte, i int, colour byte) {
	grid[i] = colour
	if !s.allMasked {
		if s.notBlack != nil {
			s.setCellSome(i, colour)
		}
		return
	}
	r, c := s.rowOf[i]&63, s.colOf[i]&63
	nb, nw := notBlackBit[colour&3], notWhiteBit[colour&3]
	inRowB, inRowW := &s.notBlack[r], &s.notWhite[r]
	rowB, rowW := *inRowB&^(1<<c)|nb<<c, *inRowW&^(1<<c)|nw<<c
	if !s.probing && (rowB != *inRowB || rowW != *inRowW) {
		s.clock++
		s.changed[r], s.changed[s.h+int(c)] = s.clock, s.clock
	}
	*inRowB, *inRowW = rowB, rowW
	inColB, inColW := &s.notBlack[s.h+int(c)], &s.notWhite[s.h+int(c)]
	*inColB = *inColB&^(1<<r) | nb<<r
	*inColW = *inColW&^(1<<r) | nw<<r
}

// setCellSome is setCell's update of the masks when only some lines have
// them: the rows or the columns.
func (s *searcher) setCellSome(i int, colour byte) {
	r, c := int(s.rowOf[i]), int(s.colOf[i])
	nb, nw := notBlackBit[colour&3], notWhiteBit[colour&3]
	for _, at := range [2][2]int{{r, c}, {s.h + c, r}} {
		if l, p := at[0], uint(at[1]); s.masked(l) {
			s.notBlack[l] = s.notBlack[l]&^(1<<p) | nb<<p
			s.notWhite[l] = s.notWhite[l]&^(1<<p) | nw<<p
		}
	}
	if !s.probing {
		s.clock++
		s.changed[r], s.changed[s.h+c] = s.clock, s.clock
	}
}

// masked reports whether line l has masks.
func (s *searcher) masked(l int) bool { return uint(l-s.firstMasked) < s.nMasked }

// notBlackBit and notWhiteBit are a cell's bits in the masks by colour.
var (
	notBlackBit = [4]uint64{unknown: 1, black: 0, white: 1}
	notWhiteBit = [4]uint64{unknown: 1, black: 1, white: 0}
)

// probeMemo is what the probes of a cell that learnt nothing found: the
// cells each colour settled, and the lines they read.
type probeMemo struct {
	clock          int64 // when; 0 for never
	lines          [2]uint64
	nBlack, nWhite int
}

// remember records that the probes of cell c learnt nothing; the cells
// settled are in s.settled (black) and s.trail (white).
func (s *searcher) remember(c int) {
	m := &s.probed[c]
	m.clock, m.lines = s.clock, [2]uint64{}
	mark := func(l int) { m.lines[l>>6] |= 1 << (l & 63) }
	for _, cells := range [2][]int{s.settled, s.trail} {
		for _, i := range cells {
			mark(int(s.rowOf[i]))
			mark(s.h + int(s.colOf[i]))
		}
	}
	m.nBlack, m.nWhite = len(s.settled), len(s.trail)
}

// unchanged reports whether none of the lines the memo m read has changed
// since.
func (s *searcher) unchanged(m *probeMemo) bool {
	if m.clock == 0 {
		return false
	}
	for w, set := range m.lines {
		for ; set != 0; set &= set - 1 {
			if s.changed[w<<6|bits.TrailingZeros64(set)] > m.clock {
				return false
			}
		}
	}
	return true
}

// loadMasks sets the masks from grid, if the rows or the columns are short
// enough for them. A probe memo lists lines in two words, so there are at
// most 128.
func (s *searcher) loadMasks(grid []byte) {
	if s.h > wordCells && s.w > wordCells || s.h+s.w > 128 || s.plain {
		return
	}
	if s.notBlack == nil {
		n := s.h + s.w
		s.firstMasked, s.nMasked = 0, uint(n)
		if s.w > wordCells {
			s.firstMasked, s.nMasked = s.h, uint(s.w) // the columns: rows are too long
		} else if s.h > wordCells {
			s.nMasked = uint(s.h) // the rows: columns are too long
		}
		s.allMasked = s.nMasked == uint(n)
		s.masks = make([]uint64, 2*n)
		s.notBlack, s.notWhite = s.masks[:n:n], s.masks[n:]
		s.changed = make([]int64, s.h+s.w)
		s.rowOf, s.colOf = make([]uint8, len(grid)), make([]uint8, len(grid))
		for r := range s.h {
			for c := range s.w {
				s.rowOf[r*s.w+c], s.colOf[r*s.w+c] = uint8(r), uint8(c)
			}
		}
	}
	// Every cell unknown, then the known ones set: a puzzle starts with
	// none.
	for l := range s.notBlack {
		n := s.w
		if l >= s.h {
			n = s.h
		}
		s.notBlack[l], s.notWhite[l] = 1<<n-1, 1<<n-1
	}
	for i, c := range grid {
		if c != unknown {
			s.setCell(grid, i, c)
		}
	}
}

// restoreMasks sets the masks to saved, notBlack then notWhite, marking
// the lines that change, and those without masks, which may have.
func (s *searcher) restoreMasks(saved []uint64) {
	n := len(s.notBlack)
	for l := range n {
		if s.notBlack[l] != saved[l] || s.notWhite[l] != saved[n+l] || !s.masked(l) {
			s.notBlack[l], s.notWhite[l] = saved[l], saved[n+l]
			s.clock++
			s.changed[l] = s.clock
		}
	}
}

// lineKey is a line and its known cells, as masks for maskTables.solve.
type lineKey struct {
	line               int
	notBlack, notWhite uint64
}

// hash mixes the fields of k.
func (k lineKey) hash() uint64 {
	h := uint64(k.line)*0x9e3779b97f4a7c15 ^ k.notBlack
	h = (h*0xff51afd7ed558ccd ^ k.notWhite) * 0xc4ceb9fe1a85ec53
	return h ^ h>>29
}

// cachedLine is an entry of the line cache: what maskTables.solve said of
// key, with no cell that may be black or white when the line has no
// placement. An empty entry has the zero key, which no line has, since
// every cell may be black or white.
type cachedLine struct {
	key                lineKey
	canBlack, canWhite uint64
}

// startCaching makes the line caches, the probe memo and the other work
// space of probes, at the first probe: line solving alone settles many
// puzzles, and until a probe is undone no line is solved twice in the
// same state, since its known cells only grow.
func (s *searcher) startCaching() {
	s.caching = true
	s.seen = make([]byte, s.h*s.w)
	// The masks are as settle found them: no probe has changed them yet.
	s.beforeProbe = slices.Clone(s.masks)
	if s.notBlack != nil {
		s.cache = newLineCache()
		if !s.noMemo {
			s.probed = make([]probeMemo, s.h*s.w)
		}
	}
	if !s.allMasked && !s.plain {
		s.longCache = make([]cachedLong, minCached)
	}
}

// lineCache holds maskTables.solve's answers by line state: probing,
// search and learning meet the same line in the same state again and
// again.
type lineCache struct {
	entries []cachedLine
	misses  int // since it last grew
}

func newLineCache() *lineCache { return &lineCache{entries: make([]cachedLine, minCached)} }

// solve returns maskTables.solve's cells of key's line that may be black
// and white, for n cells and runs, both none if the line has no
// placement: from the cache, or solved and kept.
func (c *lineCache) solve(tables *maskTables, n int, runs []int, key lineKey) (canBlack, canWhite uint64) {
	e := &c.entries[key.hash()&uint64(len(c.entries)-1)]
	if e.key != key {
		// The cache grows with the work done, so that it costs easy
		// puzzles little.
		if c.misses++; c.misses > 2*len(c.entries) && len(c.entries) < maxCached {
			c.grow()
			e = &c.entries[key.hash()&uint64(len(c.entries)-1)]
		}
		var ok bool
		e.key = key
		if e.canBlack, e.canWhite, ok = tables.solve(n, runs, key.notBlack, key.notWhite); !ok {
			e.canBlack, e.canWhite = 0, 0
		}
	}
	return e.canBlack, e.canWhite
}

// grow doubles the cache, keeping its entries: those of lines still
// being probed are asked for again.
func (c *lineCache) grow() {
	old := c.entries
	c.entries, c.misses = make([]cachedLine, 2*len(old)), 0
	for _, e := range old {
		if e.key != (lineKey{}) {
			c.entries[e.key.hash()&uint64(len(c.entries)-1)] = e
		}
	}
}

// The line cache has a power of two entries, from minCached to maxCached,
// a few megabytes. An entry holds the last line whose key hashes to it.
const (
	minCached = 1 << 8
	maxCached = 1 << 16
)

// count records one search node, a line solve, reporting progress and
// noticing cancellation now and then.
func (s *searcher) count() {
	s.nodes++
	if s.nodes%256 == 0 {
		s.checkIn() // kept out of count so that count is inlined
	}
}

// checkIn notices cancellation and reports progress, every 256 and every
// 65536 line solves, and takes turns in the race.
func (s *searcher) checkIn() {
	if s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.progress != nil && s.nodes%(1<<16) == 0 {
		done := s.nodes
		if s.rival != nil {
			done += s.rival.nodes
		}
		s.progress(done)
	}
	if s.raceAt > 0 && s.nodes >= s.raceAt && s.err == nil {
		s.race()
	}
	if s.turn != nil && s.nodes%raceTurn == 0 && !s.pause() {
		s.err = errRaceLost
	}
}

// The race. Which cell to branch on decides the size of a search, and no
// rule wins on every puzzle: branchScore halves the search of webpbn #6574
// (Forever), but searches seven times longer than productScore on
// random40-7, and the two trade places from one random puzzle to the next
// by factors of ten. So a search that passes raceStart line solves starts
// a rival searcher from the clues, branching by the other rule, and the
// two take turns of raceTurn line solves until one finishes: a long
// search costs at most about twice what the better rule alone takes, and
// a short one nothing. The rival has a goroutine but runs only in its
// turns, which keeps the line solves done the same from run to run, and
// the page's worker on one search at a time.
const (
	raceStart = 1 << 17
	raceTurn  = 1 << 14 // a multiple of 256, where checkIn runs
)

var (
	errRivalWon = errors.New("the rival search finished first")
	errRaceLost = errors.New("the other search finished first")
)

// race gives the rival a turn, starting it the first time, and stops s
// with errRivalWon when the rival has finished. The rival runs on a
// goroutine only in its turns: one starts when its turn channel receives
// true, and ends when the rival sends false on it, or true once finished.
func (s *searcher) race() {
	r := s.rival
	if r == nil {
		r = newSearcher(s.ctx, s.clues, nil)
		r.byProduct, r.raceAt, r.turn = !s.byProduct, 0, make(chan bool)
		s.rival = r
		go func() {
			if <-r.turn {
				r.final, _ = r.solveAlone()
			}
			r.turn <- true
		}()
	}
	s.raceAt = s.nodes + raceTurn
	r.turn <- true
	if r.won = <-r.turn; r.won {
		s.err = errRivalWon
	}
}

// pause ends a rival's turn and reports whether it gets another.
func (s *searcher) pause() bool {
	s.turn <- false
	return <-s.turn
}

// stop ends the race of rival r: if it has not finished, it is told it has
// lost, and returns.
func (r *searcher) stop() {
	if !r.won {
		r.turn <- false
		<-r.turn
	}
}

// search records the solutions of the propagated grid, stopping at two.
func (s *searcher) search(grid []byte) {
	cell, ok := s.settle(grid)
	if !ok {
		return
	}
	if cell < 0 {
		s.solutions = append(s.solutions, grid)
		if s.tr != nil {
			s.tr.found(s, grid, len(s.solutions))
		}
		return
	}
	// The masks match grid now; they are saved to be restored for the
	// second branch, cheaper than loading them from grid again.
	var masks []uint64
	if s.notBlack != nil {
		masks = append([]uint64(nil), s.masks...)
	}
	for branch, c := range [...]byte{black, white} {
		next := append([]byte(nil), grid...)
		if branch > 0 && masks != nil {
			s.restoreMasks(masks)
		}
		if s.tr != nil {
			s.tr.guess(s, next, cell, c, branch)
		}
		s.setCell(next, cell, c)
		if s.tr != nil {
			s.tr.try(s, next, cell, msg.Sprintf("Guess: cell %s is %s (line reasoning and probes are stuck).", s.cellName(cell), colourWord(c)))
		}
		s.pushCell(cell)
		if s.propagate(next) {
			s.search(next)
		}
		if s.err != nil || len(s.solutions) == 2 {
			return
		}
	}
}

// settle probes the unknown cells of the propagated grid on the frontier:
// a colour that leads to a contradiction is ruled out, and cells that both
// colours settle alike are fixed, until nothing more is learnt. It reports
// whether grid may still have a solution and returns the cell to branch on,
// -1 when grid is complete: the one by branchScore. Probes change grid in
// place and are undone through the trail, so a probe costs what it
// settles, not the size of the grid.
func (s *searcher) settle(grid []byte) (cell int, ok bool) {
	copy(s.beforeProbe, s.masks) // none before the first probe: see startCaching
	for {
		learnt := false
		best, bestScore := -1, -1
		for c := range grid {
			if grid[c] != unknown || !s.frontier(grid, c) {
				continue
			}
			if s.probed != nil && s.unchanged(&s.probed[c]) {
				m := &s.probed[c]
				if score := s.score(m.nBlack, m.nWhite); score > bestScore {
					best, bestScore = c, score
				}
				continue
			}
			if !s.caching {
				s.startCaching()
			}
			s.probing = true
			blackOK := s.probe(grid, c, black)
			s.settled = append(s.settled[:0], s.trail...)
			for _, i := range s.settled {
				s.seen[i] = grid[i]
			}
			s.undo(grid)
			if s.tr != nil {
				s.tr.probed(s, grid, c, black, blackOK)
			}
			// When black fails, fixing white propagates all that a white
			// probe would, and finds out whether white fails too.
			whiteOK := blackOK && s.probe(grid, c, white)
			nBlack, nWhite := len(s.settled), len(s.trail)
			s.fixes = s.fixes[:0]
			switch {
			case s.err != nil:
			case !blackOK:
				s.fixes = append(s.fixes, fixedCell{c, white})
			case !whiteOK:
				s.fixes = append(s.fixes, fixedCell{c, black})
			default:
				for _, i := range s.trail {
					if s.seen[i] == grid[i] {
						s.fixes = append(s.fixes, fixedCell{i, grid[i]})
					}
				}
				if len(s.fixes) == 0 && s.probed != nil {
					s.remember(c)
				}
			}
			s.undo(grid)
			if s.tr != nil {
				s.tr.probedWhite(s, grid, c, blackOK, whiteOK)
			}
			s.probing = false
			for _, i := range s.settled {
				s.seen[i] = unknown
			}
			if s.err != nil {
				return -1, false
			}
			if len(s.fixes) > 0 {
				learnt = true
				if !s.fix(grid) {
					return -1, false
				}
				copy(s.beforeProbe, s.masks)
				continue
			}
			if score := s.score(nBlack, nWhite); score > bestScore {
				best, bestScore = c, score
			}
		}
		if !learnt {
			return best, true
		}
	}
}

// branchScore ranks a cell to branch on by the cells its black and white
// probes settle: first by the fewer, then by the more. The branch that
// settles less is the one whose subtree costs most, so it is the one to
// shrink; ranking by product instead lets one strong colour hide a weak
// one, and costs deep searches such as webpbn #6574 twice the line solves.
func branchScore(nBlack, nWhite int) int {
	return min(nBlack, nWhite)<<32 | max(nBlack, nWhite)
}

// productScore ranks a cell by the product of what its probes settle,
// so that both branches shrink; the rival rule of the race.
func productScore(nBlack, nWhite int) int {
	return (nBlack + 1) * (nWhite + 1)
}

// score ranks a cell to branch on by s's rule.
func (s *searcher) score(nBlack, nWhite int) int {
	if s.byProduct {
		return productScore(nBlack, nWhite)
	}
	return branchScore(nBlack, nWhite)
}

// probe sets cell c to colour and propagates, leaving on the trail every
// cell it settled.
func (s *searcher) probe(grid []byte, c int, colour byte) bool {
	s.setCell(grid, c, colour)
	if s.tr != nil {
		s.tr.try(s, grid, c, msg.Sprintf("Probe: suppose cell %s is %s, and follow line reasoning from it.", s.cellName(c), colourWord(colour)))
	}
	s.trail = append(s.trail[:0], c)
	s.pushCell(c)
	return s.propagate(grid)
}

// undo clears the cells on the trail, settled since the masks were copied
// to beforeProbe.
func (s *searcher) undo(grid []byte) {
	for _, i := range s.trail {
		grid[i] = unknown
	}
	copy(s.masks, s.beforeProbe)
	s.trail = s.trail[:0]
}

// fix settles the cells in s.fixes for good and propagates.
func (s *searcher) fix(grid []byte) bool {
	for _, f := range s.fixes {
		s.setCell(grid, f.cell, f.colour)
		s.pushCell(f.cell)
	}
	if s.tr != nil {
		s.tr.deduce(s, grid)
	}
	return s.propagate(grid)
}

// fixedCell is a cell that probing settled.
type fixedCell struct {
	cell   int
	colour byte
}

// frontier reports whether cell c is worth probing: on the edge of the grid
// or next to a settled cell, where a guess meets constraints soonest.
// Probing every cell costs too much on grids that line solving barely
// touches.
func (s *searcher) frontier(grid []byte, c int) bool {
	r, col := c/s.w, c%s.w
	return r == 0 || r == s.h-1 || col == 0 || col == s.w-1 ||
		grid[c-s.w] != unknown || grid[c+s.w] != unknown ||
		grid[c-1] != unknown || grid[c+1] != unknown
}

// render draws grid as rows of '#' (black) and '.', cut from one string.
func (s *searcher) render(grid []byte) []string { return render(grid, s.h, s.w) }

// render is searcher.render for an h×w grid.
func render(grid []byte, h, w int) []string {
	glyph := [4]byte{unknown: '.', black: '#', white: '.'}
	drawn := make([]byte, len(grid))
	for i, c := range grid {
		drawn[i] = glyph[c&3]
	}
	all := string(drawn)
	rows := make([]string, h)
	for r := range rows {
		rows[r] = all[r*w : (r+1)*w]
	}
	return rows
}
