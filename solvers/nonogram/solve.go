package nonogram

import (
	"context"
	"strings"
)

// Answer is the outcome of solving one nonogram, as the page draws it.
type Answer struct {
	Status string   `json:"status"`          // "unique", "multiple" or "none"
	Grid   []string `json:"grid"`            // a solution, rows of '#' (black) and '.' (white); nil if none
	Other  []string `json:"other,omitempty"` // a second solution when the status is "multiple"
}

// Solve finds up to two solutions of c: line solving to a fixpoint, then
// probing single cells, then depth-first search on the most telling cell.
// progress, if not nil, is called now and then with the number of
// propagations done so far.
func Solve(ctx context.Context, c *Clues, progress func(int64)) (*Answer, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	s := newSearcher(ctx, c, progress)
	grid := make([]byte, s.h*s.w)
	if s.plausible() {
		for l := range s.runs {
			s.push(l)
		}
		if s.propagate(grid) {
			s.search(grid)
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	a := &Answer{Status: "none"}
	switch len(s.solutions) {
	case 1:
		a.Status, a.Grid = "unique", s.render(s.solutions[0])
	case 2:
		a.Status, a.Grid, a.Other = "multiple", s.render(s.solutions[0]), s.render(s.solutions[1])
	}
	return a, nil
}

// searcher holds the clues and the work space of one Solve call.
type searcher struct {
	h, w int
	runs [][]int // rows 0..h-1, then columns h..h+w-1

	lines lineSolver
	buf   []byte
	// queue is a ring of dirty lines; queued marks the lines in it.
	queue        []int
	head, queued int
	inQueue      []bool

	solutions [][]byte

	ctx      context.Context
	progress func(int64)
	nodes    int64
	err      error
}

func newSearcher(ctx context.Context, c *Clues, progress func(int64)) *searcher {
	h, w := len(c.Rows), len(c.Cols)
	runs := append(append(make([][]int, 0, h+w), c.Rows...), c.Cols...)
	return &searcher{
		h: h, w: w, runs: runs,
		buf:      make([]byte, max(h, w)),
		queue:    make([]int, h+w),
		inQueue:  make([]bool, h+w),
		ctx:      ctx,
		progress: progress,
	}
}

// plausible rejects clues that are impossible at a glance, before the line
// solver allocates tables sized by the number of runs.
func (s *searcher) plausible() bool {
	total := [2]int{}
	for l, runs := range s.runs {
		n, side := s.w, 0
		if l >= s.h {
			n, side = s.h, 1
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
	s.queue[(s.head+s.queued)%len(s.queue)] = l
	s.queued++
}

// pushCell marks both lines through cell i dirty.
func (s *searcher) pushCell(i int) {
	s.push(i / s.w)
	s.push(s.h + i%s.w)
}

// propagate runs the line solver on dirty lines until none is left and
// reports whether grid is still consistent. It counts as one search node.
func (s *searcher) propagate(grid []byte) bool {
	s.count()
	for s.queued > 0 {
		l := s.queue[s.head]
		s.head = (s.head + 1) % len(s.queue)
		s.queued--
		s.inQueue[l] = false
		if s.err != nil || !s.solveLine(grid, l) {
			for s.queued > 0 {
				s.inQueue[s.queue[s.head]] = false
				s.head = (s.head + 1) % len(s.queue)
				s.queued--
			}
			return false
		}
	}
	return true
}

// solveLine refines line l of grid and marks the crossing lines of every
// cell it settles.
func (s *searcher) solveLine(grid []byte, l int) bool {
	if l < s.h {
		row := grid[l*s.w : (l+1)*s.w]
		line := s.buf[:s.w]
		copy(line, row)
		if !s.lines.solve(line, s.runs[l]) {
			return false
		}
		for p, c := range line {
			if row[p] != c {
				row[p] = c
				s.push(s.h + p)
			}
		}
		return true
	}
	col := l - s.h
	line := s.buf[:s.h]
	for p := range line {
		line[p] = grid[p*s.w+col]
	}
	if !s.lines.solve(line, s.runs[l]) {
		return false
	}
	for p, c := range line {
		if grid[p*s.w+col] != c {
			grid[p*s.w+col] = c
			s.push(p)
		}
	}
	return true
}

// count records one search node, reporting progress and noticing
// cancellation now and then.
func (s *searcher) count() {
	s.nodes++
	if s.nodes%64 == 0 && s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.progress != nil && s.nodes%1024 == 0 {
		s.progress(s.nodes)
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
		return
	}
	for _, c := range [...]byte{black, white} {
		next := append([]byte(nil), grid...)
		next[cell] = c
		s.pushCell(cell)
		if s.propagate(next) {
			s.search(next)
		}
		if s.err != nil || len(s.solutions) == 2 {
			return
		}
	}
}

// settle probes the unknown cells of the propagated grid on the frontier: a colour that
// leads to a contradiction is ruled out, and cells that both colours settle
// alike are fixed, until nothing more is learnt. It reports whether grid may
// still have a solution and returns the cell to branch on, -1 when grid is
// complete: the one whose weaker colour settles the most cells.
func (s *searcher) settle(grid []byte) (cell int, ok bool) {
	tryBlack := make([]byte, len(grid))
	tryWhite := make([]byte, len(grid))
	for {
		learnt := false
		best, bestScore := -1, -1
		for c := range grid {
			if grid[c] != unknown || !s.frontier(grid, c) {
				continue
			}
			copy(tryBlack, grid)
			tryBlack[c] = black
			s.pushCell(c)
			blackOK := s.propagate(tryBlack)
			copy(tryWhite, grid)
			tryWhite[c] = white
			s.pushCell(c)
			whiteOK := s.propagate(tryWhite)
			switch {
			case s.err != nil || !blackOK && !whiteOK:
				return -1, false
			case !blackOK:
				copy(grid, tryWhite)
				learnt = true
			case !whiteOK:
				copy(grid, tryBlack)
				learnt = true
			default:
				nBlack, nWhite, agreed := 0, 0, false
				for i, g := range grid {
					if g != unknown {
						continue
					}
					if tryBlack[i] != unknown {
						nBlack++
					}
					if tryWhite[i] != unknown {
						nWhite++
					}
					if tryBlack[i] != unknown && tryBlack[i] == tryWhite[i] {
						grid[i] = tryBlack[i]
						s.pushCell(i)
						agreed = true
					}
				}
				if agreed {
					learnt = true
					if !s.propagate(grid) {
						return -1, false
					}
				}
				if score := min(nBlack, nWhite); score > bestScore && grid[c] == unknown {
					best, bestScore = c, score
				}
			}
		}
		if !learnt {
			return best, true
		}
	}
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

// render draws grid as rows of '#' and '.'.
func (s *searcher) render(grid []byte) []string {
	rows := make([]string, s.h)
	var b strings.Builder
	for r := range rows {
		b.Reset()
		for _, c := range grid[r*s.w : (r+1)*s.w] {
			if c == black {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}
