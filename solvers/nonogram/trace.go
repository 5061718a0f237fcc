package nonogram

import (
	"context"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/trace"
)

// Trace records the steps of the solver on one black-and-white puzzle
// (solvers.Tracer), for the page's Step through: the real search of
// Solve, with one difference, that it runs alone rather than racing a
// rival that branches by another rule (see race), so that its steps are
// those of one search.
//
// The board is the grid, row by row: -1 for a cell not known yet, 0 for
// white, 1 for black. The steps are, in the words of the problem's
// "simple reasoning": a line chosen for line reasoning (Choose, At the
// line: rows 0..h-1, then columns h..h+w-1) and the cells it settles
// (Deduce, same At); a probe or a guess of one cell (Try); a line that
// cannot fit its clue any more (Fail, At the line); going back to the
// board before a probe or a guess (Undo, the cells back to unknown, which
// the Backtracks counter counts); and each solution (Found), the last
// Found setting the answer Solve gives. Nodes counts the line solves.
func (Game) Trace(ctx context.Context, text string, limit int) (trace.Trace, error) {
	c, err := ParseClues(text)
	if err != nil {
		return trace.Trace{}, err
	}
	if err := c.validate(); err != nil {
		return trace.Trace{}, err
	}
	if c.IsColour() {
		return trace.Trace{}, msg.Errorf("nonogram: Step through follows black-and-white puzzles only for now, and this one has colours")
	}
	s := newSearcher(ctx, c, trace.Progress(ctx))
	s.raceAt = 0
	start := make([]int, s.h*s.w)
	for i := range start {
		start[i] = -1
		if g := c.Given; g != nil && g[i] != NotGiven {
			start[i] = btoi(g[i] == GivenBlack)
		}
	}
	s.tr = &tracer{rec: trace.NewRecorder(limit), board: append([]int(nil), start...)}
	a, err := s.solve()
	if err != nil {
		return trace.Trace{}, err
	}
	s.tr.end(s, a)
	return s.tr.rec.Trace(start), nil
}

// tracer records a searcher's steps. board is the grid as the steps
// recorded so far leave it: a step's cells are those where the searcher's
// grid now differs from it, whatever part of the solver changed them.
type tracer struct {
	rec        *trace.Recorder
	board      []int
	backtracks int64
	why        string // the reason of the fix that follows (see searcher.fix)
}

// cellValue is a grid cell as the trace's board holds it.
func cellValue(c byte) int { return [4]int{unknown: -1, black: 1, white: 0}[c&3] }

// add records a step with the cells where grid differs from the board
// among cells (nil: every cell), and applies it; when the recorder is
// full it records nothing but the Found steps.
func (t *tracer) add(s *searcher, st trace.Step, grid []byte, cells func(yield func(int) bool)) {
	if t.rec.Full() && st.Kind != trace.Found {
		t.rec.Add(st) // dropped: marks the trace truncated
		return
	}
	if grid != nil {
		for i := range cells {
			if v := cellValue(grid[i]); v != t.board[i] {
				st.Cells = append(st.Cells, i)
				st.Values = append(st.Values, v)
				t.board[i] = v
			}
		}
	}
	st.Nodes, st.Backtracks = s.nodes, t.backtracks
	t.rec.Add(st)
}

// lineOf yields the cells of line l.
func (s *searcher) lineOf(l int) func(yield func(int) bool) {
	start, step, n, _ := s.lineCells(l)
	return func(yield func(int) bool) {
		for p := range n {
			if !yield(start + p*step) {
				return
			}
		}
	}
}

// allCells yields every cell.
func (s *searcher) allCells(yield func(int) bool) {
	for i := range s.h * s.w {
		if !yield(i) {
			return
		}
	}
}

// line records a line solve of l that settled cells, if it did.
func (t *tracer) line(s *searcher, grid []byte, l int) {
	if t.rec.Full() {
		t.rec.Add(trace.Step{})
		return
	}
	var blacks, whites []int
	p := 0
	for i := range s.lineOf(l) {
		p++
		if v := cellValue(grid[i]); v != t.board[i] {
			if v == 1 {
				blacks = append(blacks, p)
			} else {
				whites = append(whites, p)
			}
		}
	}
	if blacks == nil && whites == nil {
		return
	}
	name := capital(lineName(l, s.h)) + ", clue " + clueText(s.runs[l])
	t.add(s, trace.Step{Kind: trace.Choose, At: l, Note: name + ": line reasoning on it, as its cells changed."}, nil, nil)
	what := ""
	if blacks != nil {
		what = spans(blacks) + " black"
	}
	if whites != nil {
		if what != "" {
			what += "; "
		}
		what += spans(whites) + " empty"
	}
	_, _, n, _ := s.lineCells(l)
	note := msg.Sprintf("%s in %d cells: every way to place the clue's runs over the known cells makes %s.", name, n, what)
	t.add(s, trace.Step{Kind: trace.Deduce, At: l, Note: note}, grid, s.lineOf(l))
}

// fail records that line l cannot fit its clue.
func (t *tracer) fail(s *searcher, l int) {
	note := msg.Sprintf("%s cannot fit its clue %s with the cells known: a contradiction.", capital(lineName(l, s.h)), clueText(s.runs[l]))
	t.add(s, trace.Step{Kind: trace.Fail, At: l, Note: note}, nil, nil)
}

// try records that cell c of grid was set by a probe or a guess.
func (t *tracer) try(s *searcher, grid []byte, c int, note string) {
	t.add(s, trace.Step{Kind: trace.Try, At: -1, Note: note}, grid, func(yield func(int) bool) { yield(c) })
}

// undo records the board going back to grid, and counts a backtrack.
func (t *tracer) undo(s *searcher, grid []byte, note string) {
	t.backtracks++
	t.add(s, trace.Step{Kind: trace.Undo, At: -1, Note: note}, grid, s.allCells)
}

// deduce records cells that probing settled, with why.
func (t *tracer) deduce(s *searcher, grid []byte) {
	t.add(s, trace.Step{Kind: trace.Deduce, At: -1, Note: t.why}, grid, s.allCells)
}

// found records solution k (from 1).
func (t *tracer) found(s *searcher, grid []byte, k int) {
	note := "Solution 1: every row and column fits its clue. The search goes on to learn whether it is the only one."
	if k == 2 {
		note = "Solution 2: a second picture fits every clue, so the puzzle is not unique. The search stops here."
	}
	t.add(s, trace.Step{Kind: trace.Found, At: -1, Note: note}, grid, s.allCells)
}

// end records how the search ended: the answer's picture, or that there
// is none.
func (t *tracer) end(s *searcher, a *Answer) {
	switch a.Status {
	case None:
		t.add(s, trace.Step{Kind: trace.Fail, At: -1, Note: "Every branch ends in a contradiction: these clues have no solution."}, nil, nil)
		return
	case Unique:
		t.add(s, trace.Step{Kind: trace.Found, At: -1, Note: "The search is over: solution 1 is the only one."}, s.solutions[0], s.allCells)
	case Multiple:
		t.add(s, trace.Step{Kind: trace.Found, At: -1, Note: "The search is over: two solutions, so the puzzle is not unique; the first is shown."}, s.solutions[0], s.allCells)
	}
}

// cellName writes cell i as "(row, column)", counting from 1.
func (s *searcher) cellName(i int) string { return msg.Sprintf("(%d, %d)", i/s.w+1, i%s.w+1) }

// colourWord names a grid colour in a note.
func colourWord(c byte) string {
	if c == black {
		return "black"
	}
	return "empty"
}

// probed records the end of the probe of cell c as colour: the board back
// to grid, as it was before.
func (t *tracer) probed(s *searcher, grid []byte, c int, colour byte, ok bool) {
	note := msg.Sprintf("Back from the probe of %s as %s: it fits so far.", s.cellName(c), colourWord(colour))
	if !ok {
		note = msg.Sprintf("Back from the probe of %s as %s: it led to a contradiction, so the cell cannot be %s.", s.cellName(c), colourWord(colour), colourWord(colour))
	}
	t.undo(s, grid, note)
}

// probedWhite records the end of the white probe of cell c, which runs
// when the black one fits, and says why the fixes that follow hold.
func (t *tracer) probedWhite(s *searcher, grid []byte, c int, blackOK, whiteOK bool) {
	if blackOK {
		t.probed(s, grid, c, white, whiteOK)
	}
	switch {
	case !blackOK:
		t.why = msg.Sprintf("Cell %s cannot be black, so it is empty.", s.cellName(c))
	case !whiteOK:
		t.why = msg.Sprintf("Cell %s cannot be empty, so it is black.", s.cellName(c))
	default:
		t.why = msg.Sprintf("Both probes of cell %s settle these cells alike, so they are settled either way.", s.cellName(c))
	}
}

// guess records, before the second branch of a guess at cell, the board
// going back to grid, as it was before the first.
func (t *tracer) guess(s *searcher, grid []byte, cell int, c byte, branch int) {
	if branch == 0 {
		return
	}
	t.undo(s, grid, msg.Sprintf("Back to the guess at %s: now try it %s.", s.cellName(cell), colourWord(c)))
}
