package nonogram

import (
	"context"
	"math/bits"
	"slices"
)

// The colour solver works as the black and white one does, on its own
// types so that black and white stays as it was: line solving to a
// fixpoint (colourLine), then probing, then depth-first search, stopping
// at the second solution. A cell is a set of the colours it may still
// take, so a probe tries each colour of a cell in turn: colours that lead
// to a contradiction are struck out, and any other cell is narrowed to
// the colours it took in the probes that did not.

// solveColour is Solve for valid colour clues.
func solveColour(ctx context.Context, c *Clues, progress func(int64)) (*Answer, int64, error) {
	s := newColourSearcher(ctx, c, progress)
	s.run()
	if s.err != nil {
		return nil, s.nodes, s.err
	}
	return answerOf(s.solutions, s.render), s.nodes, nil
}

// run looks for two solutions: line solving from the start, then probes
// and search.
func (s *colourSearcher) run() {
	grid := s.start()
	if grid != nil && s.tr != nil {
		s.tr.started(s, grid)
	}
	if grid != nil && s.plausible() {
		for l := range s.runs {
			s.push(l)
		}
		if s.propagate(grid) {
			s.search(grid)
		}
	}
}

// colourSearcher holds the clues and the work space of one colour solve.
type colourSearcher struct {
	clues      *Clues
	h, w       int
	runs, inks [][]int // rows 0..h-1, then columns h..h+w-1

	line colourLine
	buf  []cellSet
	lineQueue
	cache colourCache // from the first probe on

	// trail lists the cells a probe changed and what they were, to undo
	// it; union and hits gather, over the probes of one cell that did
	// not fail, the colours each cell took and how many of them changed
	// it, stamp whether the probe under way has counted it yet.
	probing bool
	trail   []trailCell
	union   []cellSet
	hits    []int32
	stamp   []int32
	touched []int

	solutions [][]cellSet

	tr *colourTracer // records the steps for Trace; nil, and free, otherwise

	ctx      context.Context
	progress func(int64)
	nodes    int64
	err      error
}

// trailCell is a cell changed by a probe and what it was before.
type trailCell struct {
	cell int
	was  cellSet
}

func newColourSearcher(ctx context.Context, c *Clues, progress func(int64)) *colourSearcher {
	h, w := len(c.Rows), len(c.Cols)
	return &colourSearcher{
		clues: c, h: h, w: w,
		runs:      append(append(make([][]int, 0, h+w), c.Rows...), c.Cols...),
		inks:      append(append(make([][]int, 0, h+w), c.RowInks...), c.ColInks...),
		buf:       make([]cellSet, max(h, w)),
		lineQueue: newLineQueue(h + w),
		ctx:       ctx, progress: progress,
	}
}

// start returns the grid before any reasoning: each cell white or an ink
// both its row and its column have, or its given colour; nil when a given
// colour is not one of those.
func (s *colourSearcher) start() []cellSet {
	lineInks := make([]cellSet, len(s.runs))
	for l, inks := range s.inks {
		for _, ink := range inks {
			lineInks[l] |= inkSet(ink)
		}
	}
	grid := make([]cellSet, s.h*s.w)
	for i := range grid {
		grid[i] = whiteSet | lineInks[i/s.w]&lineInks[s.h+i%s.w]
		if s.clues.Given == nil {
			continue
		}
		switch g := s.clues.Given[i]; g {
		case NotGiven:
		case GivenWhite:
			grid[i] &= whiteSet
		default:
			grid[i] &= inkSet(inkOf(g))
		}
		if grid[i] == 0 {
			return nil
		}
	}
	return grid
}

// plausible rejects clues that are impossible at a glance: a line too
// short for its runs, or an ink with more cells in the rows than in the
// columns.
func (s *colourSearcher) plausible() bool {
	var total [2][MaxInks]int
	for l, runs := range s.runs {
		n, side := s.w, 0
		if l >= s.h {
			n, side = s.h, 1
		}
		need := 0
		for j, r := range runs {
			need += r
			if j > 0 && s.inks[l][j] == s.inks[l][j-1] {
				need++
			}
			total[side][s.inks[l][j]] += r
		}
		if need > n {
			return false
		}
	}
	return total[0] == total[1]
}

// lineQueue is a ring holding the queued dirty lines from head; inQueue
// marks them. The black and white searcher has the same fields of its
// own: embedding a lineQueue there cost its line-solvable puzzles 0.1 to
// 0.2% more instructions (callgrind, BenchmarkSolveLines30 and 50).
type lineQueue struct {
	queue        []int
	head, queued int
	inQueue      []bool
}

func newLineQueue(lines int) lineQueue {
	return lineQueue{queue: make([]int, lines), inQueue: make([]bool, lines)}
}

// push marks line l dirty.
func (s *lineQueue) push(l int) {
	if s.inQueue[l] {
		return
	}
	s.inQueue[l] = true
	at := s.head + s.queued
	if at >= len(s.queue) {
		at -= len(s.queue)
	}
	s.queue[at] = l
	s.queued++
}

// pop takes the first dirty line off the queue, which must have one.
func (s *lineQueue) pop() int {
	l := s.queue[s.head]
	if s.head++; s.head == len(s.queue) {
		s.head = 0
	}
	s.queued--
	s.inQueue[l] = false
	return l
}

// pushCell marks both lines through cell i dirty.
func (s *colourSearcher) pushCell(i int) {
	s.push(i / s.w)
	s.push(s.h + i%s.w)
}

// propagate runs the line solver on dirty lines until none is left and
// reports whether grid is still consistent.
func (s *colourSearcher) propagate(grid []cellSet) bool {
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

// solveLine narrows line l of grid and marks the crossing lines of every
// cell it changes.
func (s *colourSearcher) solveLine(grid []cellSet, l int) bool {
	s.nodes++
	if s.nodes%256 == 0 {
		s.checkIn()
	}
	start, step, n, cross := l*s.w, 1, s.w, s.h
	if l >= s.h {
		start, step, n, cross = l-s.h, s.w, s.h, 0
	}
	line := s.buf[:n]
	for p := range line {
		line[p] = grid[start+p*step]
	}
	if !s.cache.solve(&s.line, l, line, s.runs[l], s.inks[l]) {
		return false
	}
	for p, set := range line {
		if i := start + p*step; grid[i] != set {
			if s.probing {
				s.trail = append(s.trail, trailCell{i, grid[i]})
			}
			grid[i] = set
			s.push(cross + p)
		}
	}
	return true
}

// checkIn notices cancellation and reports progress, every 256 and every
// 65536 line solves.
func (s *colourSearcher) checkIn() {
	if s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.progress != nil && s.nodes%(1<<16) == 0 {
		s.progress(s.nodes)
	}
}

// search records the solutions of the propagated grid, stopping at two.
func (s *colourSearcher) search(grid []cellSet) {
	cell, ok := s.settle(grid)
	if !ok || s.err != nil {
		return
	}
	if cell < 0 {
		s.solutions = append(s.solutions, grid)
		if s.tr != nil {
			s.tr.found(s, grid, len(s.solutions))
		}
		return
	}
	for branch, set := 0, grid[cell]; set != 0; branch, set = branch+1, set&(set-1) {
		next := slices.Clone(grid)
		next[cell] = set & -set
		if s.tr != nil {
			s.tr.guess(s, grid, next, cell, set&-set, branch)
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

// settle probes the undecided cells of the propagated grid on the
// frontier, each in every colour it may take, until nothing more is
// learnt. It reports whether grid may still have a solution and returns
// the cell to branch on, -1 when grid is complete: the one whose probes
// settle most in the colour that settles least.
func (s *colourSearcher) settle(grid []cellSet) (cell int, ok bool) {
	if s.union == nil {
		s.union, s.hits, s.stamp = make([]cellSet, len(grid)), make([]int32, len(grid)), make([]int32, len(grid))
	}
	probeID := int32(0)
	for {
		learnt := false
		best, bestScore := -1, -1
		for c, set := range grid {
			if set&(set-1) == 0 || !s.frontier(grid, c) {
				continue
			}
			if s.cache.line == nil {
				s.cache.start(s.h*s.w, max(s.h, s.w))
			}
			var failed cellSet
			succeeded := int32(0)
			fewest, total := len(grid), 0
			for try := set; try != 0; try &= try - 1 {
				colour := try & -try
				s.probing = true
				s.trail = append(s.trail[:0], trailCell{c, grid[c]})
				grid[c] = colour
				s.pushCell(c)
				if s.tr != nil {
					s.tr.probe(s, grid, c, colour)
				}
				fits := s.propagate(grid)
				if !fits {
					failed |= colour
				} else {
					probeID++
					for _, t := range s.trail {
						if i := t.cell; s.stamp[i] != probeID {
							s.stamp[i] = probeID
							if s.hits[i] == succeeded {
								if succeeded == 0 {
									s.touched = append(s.touched, i)
								}
								s.union[i] |= grid[i]
								s.hits[i]++
							}
						}
					}
					succeeded++
					fewest, total = min(fewest, len(s.trail)), total+len(s.trail)
				}
				for k := len(s.trail) - 1; k >= 0; k-- {
					grid[s.trail[k].cell] = s.trail[k].was
				}
				s.probing = false
				if s.tr != nil && s.err == nil {
					s.tr.probed(s, grid, c, colour, fits)
				}
				if s.err != nil {
					return -1, false
				}
			}
			// What every probe that did not fail agrees on is known.
			fixed := false
			for _, i := range s.touched {
				if s.hits[i] == succeeded && s.union[i] != grid[i] && i != c {
					grid[i] = s.union[i]
					s.pushCell(i)
					fixed = true
				}
				s.union[i], s.hits[i] = 0, 0
			}
			s.touched = s.touched[:0]
			if failed != 0 {
				grid[c] &^= failed
				s.pushCell(c)
				fixed = true
			}
			if fixed {
				learnt = true
				if s.tr != nil {
					s.tr.learnt(s, grid, c, failed)
				}
				if grid[c] == 0 || !s.propagate(grid) {
					return -1, false
				}
				continue
			}
			if score := fewest<<32 | total; score > bestScore {
				best, bestScore = c, score
			}
		}
		if !learnt {
			return best, true
		}
	}
}

// frontier reports whether cell c is worth probing: on the edge of the
// grid or next to a decided cell (see searcher.frontier).
func (s *colourSearcher) frontier(grid []cellSet, c int) bool {
	r, col := c/s.w, c%s.w
	decided := func(i int) bool { return grid[i]&(grid[i]-1) == 0 }
	return r == 0 || r == s.h-1 || col == 0 || col == s.w-1 ||
		decided(c-s.w) || decided(c+s.w) || decided(c-1) || decided(c+1)
}

// render draws grid as rows of the inks' letters and '.' for white.
func (s *colourSearcher) render(grid []cellSet) []string {
	drawn := make([]byte, len(grid))
	for i, set := range grid {
		drawn[i] = '.'
		if set != whiteSet {
			drawn[i] = InkLetter(bits.TrailingZeros32(uint32(set)) - 1)
		}
	}
	all := string(drawn)
	rows := make([]string, s.h)
	for r := range rows {
		rows[r] = all[r*s.w : (r+1)*s.w]
	}
	return rows
}

// colourCache holds the colour line solver's answers once probing starts:
// probes and search ask about the same lines over and over. An entry
// holds the last line whose line number and cells hash to it, its cells
// before and after, and whether it had a placement.
type colourCache struct {
	width   int // cells an entry holds: the longest line
	line    []int32
	hash    []uint64
	before  []cellSet
	after   []cellSet
	settled []bool // whether the line had a placement
}

// colourEntries is the number of entries of the colourCache of a puzzle
// of so many cells, a power of two: a quarter of the cells, 64 to 4,096.
// A cache bigger than the puzzle needs costs more than it saves: with
// 4,096 entries, random 20×20 puzzles in 3 to 5 inks took 0.13–1.17 ms
// each (warm benchmark), 0.06–0.35 ms with 128.
func colourEntries(cells int) int {
	n := 64
	for n < cells/4 && n < 4096 {
		n *= 2
	}
	return n
}

// start makes the cache of a puzzle of so many cells, for lines of up to
// width cells.
func (c *colourCache) start(cells, width int) {
	c.width = width
	n := colourEntries(cells)
	c.line, c.hash = make([]int32, n), make([]uint64, n)
	c.before, c.after = make([]cellSet, n*width), make([]cellSet, n*width)
	c.settled = make([]bool, n)
	for i := range c.line {
		c.line[i] = -1
	}
}

// solve is s.solve for line l, from the cache when it has the line.
func (c *colourCache) solve(s *colourLine, l int, line []cellSet, runs, inks []int) bool {
	if c.line == nil {
		return s.solve(line, runs, inks)
	}
	h := uint64(l) * 0x9e3779b97f4a7c15
	for _, set := range line {
		h = (h ^ uint64(set)) * 0xff51afd7ed558ccd
	}
	h ^= h >> 29
	e := int(h & uint64(len(c.line)-1))
	before, after := c.before[e*c.width:][:len(line)], c.after[e*c.width:][:len(line)]
	if c.line[e] == int32(l) && c.hash[e] == h && slices.Equal(before, line) {
		if c.settled[e] {
			copy(line, after)
		}
		return c.settled[e]
	}
	c.line[e], c.hash[e] = int32(l), h
	copy(before, line)
	c.settled[e] = s.solve(line, runs, inks)
	copy(after, line)
	return c.settled[e]
}
