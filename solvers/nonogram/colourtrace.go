package nonogram

import (
	"context"
	"math/bits"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/trace"
)

// traceColour is Trace for colour clues: the steps of solveColour's
// search. A cell's value on the board is -1 while more than one colour is
// left to it, 0 for white and k for ink k-1 (the letter InkLetter(k-1)).
func traceColour(ctx context.Context, c *Clues, limit int) (trace.Trace, error) {
	s := newColourSearcher(ctx, c, trace.Progress(ctx))
	start := make([]int, s.h*s.w)
	for i := range start {
		start[i] = -1
		if c.Given == nil {
			continue
		}
		switch g := c.Given[i]; g {
		case NotGiven:
		case GivenWhite:
			start[i] = 0
		default:
			start[i] = inkOf(g) + 1
		}
	}
	t := &colourTracer{tracer: tracer{rec: trace.NewRecorder(limit), board: append([]int(nil), start...)}, b: newBoard(c)}
	s.tr = t
	s.run()
	if s.err != nil {
		return trace.Trace{}, s.err
	}
	t.end(s)
	return t.rec.Trace(start), nil
}

// colourTracer records a colourSearcher's steps, as tracer does a black
// and white one's, in the palette's words.
type colourTracer struct {
	tracer
	b *board
}

// started records the cells the start grid settles, if any: those whose
// row and column have no ink in common.
func (t *colourTracer) started(s *colourSearcher, grid []cellSet) {
	for i, v := range t.board {
		if v < 0 && setValue(grid[i]) >= 0 {
			t.deduce(s, grid, "Before any reasoning: a cell whose row and column have no colour in common is empty.")
			return
		}
	}
}

// setValue is a cell set as the trace's board holds it.
func setValue(set cellSet) int {
	if set&(set-1) != 0 {
		return -1
	}
	return bits.TrailingZeros32(uint32(set))
}

func (t *colourTracer) add(s *colourSearcher, st trace.Step, grid []cellSet, cells func(yield func(int) bool)) {
	var value func(int) int
	if grid != nil {
		value = func(i int) int { return setValue(grid[i]) }
	}
	t.record(st, s.nodes, cells, value)
}

// every yields every cell of the board.
func (t *colourTracer) every(yield func(int) bool) {
	for i := range t.board {
		if !yield(i) {
			return
		}
	}
}

// lineOf yields the cells of line l.
func (t *colourTracer) lineOf(l int) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for _, g := range t.b.cellsOf(l) {
			if !yield(g) {
				return
			}
		}
	}
}

// line records a line solve of l that settled cells, if it did.
func (t *colourTracer) line(s *colourSearcher, grid []cellSet, l int) {
	if t.rec.Full() {
		t.rec.Add(trace.Step{})
		return
	}
	var settled [MaxInks + 1][]int // positions in the line, from 1, by the colour settled
	cells := t.b.cellsOf(l)
	for p, g := range cells {
		if v := setValue(grid[g]); v >= 0 && v != t.board[g] {
			settled[v] = append(settled[v], p+1)
		}
	}
	var what []string
	for v, at := range settled {
		if at != nil {
			what = append(what, spans(at)+" "+t.b.markName(markOfSet(1<<v)))
		}
	}
	if what == nil {
		return
	}
	name := capital(t.b.lineName(l)) + ", clue " + t.b.clueOf(l)
	t.add(s, trace.Step{Kind: trace.Choose, At: l, Note: name + ": line reasoning on it, as its cells changed."}, nil, nil)
	note := msg.Sprintf("%s in %d cells: every way to place the clue's runs over the colours left makes %s.", name, len(cells), strings.Join(what, "; "))
	t.add(s, trace.Step{Kind: trace.Deduce, At: l, Note: note}, grid, t.lineOf(l))
}

// fail records that line l cannot fit its clue.
func (t *colourTracer) fail(s *colourSearcher, l int) {
	note := msg.Sprintf("%s cannot fit its clue %s with the colours left: a contradiction.", capital(t.b.lineName(l)), t.b.clueOf(l))
	t.add(s, trace.Step{Kind: trace.Fail, At: l, Note: note}, nil, nil)
}

// try records that cell c of grid was set by a probe or a guess.
func (t *colourTracer) try(s *colourSearcher, grid []cellSet, c int, note string) {
	t.add(s, trace.Step{Kind: trace.Try, At: -1, Note: note}, grid, func(yield func(int) bool) { yield(c) })
}

// undo records the board going back to grid, and counts a backtrack.
func (t *colourTracer) undo(s *colourSearcher, grid []cellSet, note string) {
	t.backtracks++
	t.add(s, trace.Step{Kind: trace.Undo, At: -1, Note: note}, grid, t.every)
}

// deduce records the cells of grid settled since the last step, with why.
func (t *colourTracer) deduce(s *colourSearcher, grid []cellSet, why string) {
	t.add(s, trace.Step{Kind: trace.Deduce, At: -1, Note: why}, grid, t.every)
}

// probe records the probe of cell c as colour.
func (t *colourTracer) probe(s *colourSearcher, grid []cellSet, c int, colour cellSet) {
	t.try(s, grid, c, msg.Sprintf("Probe: suppose cell %s is %s, and follow line reasoning from it.", t.b.cellName(c), t.b.markName(markOfSet(colour))))
}

// probed records the end of the probe of cell c as colour: the board back
// to grid, as it was before.
func (t *colourTracer) probed(s *colourSearcher, grid []cellSet, c int, colour cellSet, ok bool) {
	name := t.b.markName(markOfSet(colour))
	note := msg.Sprintf("Back from the probe of %s as %s: it fits so far.", t.b.cellName(c), name)
	if !ok {
		note = msg.Sprintf("Back from the probe of %s as %s: it led to a contradiction, so the cell cannot be %s.", t.b.cellName(c), name, name)
	}
	t.undo(s, grid, note)
}

// learnt records what the probes of cell c settled: the colours that
// failed struck out, and the cells every other probe agreed on.
func (t *colourTracer) learnt(s *colourSearcher, grid []cellSet, c int, failed cellSet) {
	why := msg.Sprintf("Every probe of cell %s that fits settles these cells alike, so they are settled whichever colour it is.", t.b.cellName(c))
	if failed != 0 {
		why = msg.Sprintf("Cell %s cannot be %s, and what every other probe of it settles alike is settled.", t.b.cellName(c), t.b.setName(failed))
	}
	t.deduce(s, grid, why)
}

// guess records a branch of the search at cell: after the first, the
// board goes back to grid, as it was before the guess.
func (t *colourTracer) guess(s *colourSearcher, grid, next []cellSet, cell int, colour cellSet, branch int) {
	name := t.b.markName(markOfSet(colour))
	if branch > 0 {
		t.undo(s, grid, msg.Sprintf("Back to the guess at %s: now try it %s.", t.b.cellName(cell), name))
	}
	t.try(s, next, cell, msg.Sprintf("Guess: cell %s is %s (line reasoning and probes are stuck).", t.b.cellName(cell), name))
}

// found records solution k (from 1).
func (t *colourTracer) found(s *colourSearcher, grid []cellSet, k int) {
	note := "Solution 1: every row and column fits its clue. The search goes on to learn whether it is the only one."
	if k == 2 {
		note = "Solution 2: a second picture fits every clue, so the puzzle is not unique. The search stops here."
	}
	t.add(s, trace.Step{Kind: trace.Found, At: -1, Note: note}, grid, t.every)
}

// end records how the search ended: the first solution's picture, or
// that there is none.
func (t *colourTracer) end(s *colourSearcher) {
	switch len(s.solutions) {
	case 0:
		t.add(s, trace.Step{Kind: trace.Fail, At: -1, Note: "Every branch ends in a contradiction: these clues have no solution."}, nil, nil)
	case 1:
		t.add(s, trace.Step{Kind: trace.Found, At: -1, Note: "The search is over: solution 1 is the only one."}, s.solutions[0], t.every)
	default:
		t.add(s, trace.Step{Kind: trace.Found, At: -1, Note: "The search is over: two solutions, so the puzzle is not unique; the first is shown."}, s.solutions[0], t.every)
	}
}
