package iq

import (
	"context"
	"fmt"
	"slices"

	"gridsolve/solvers/trace"
)

// The trace of an IQ search (see package trace) is dancing links as the
// write-ups tell it, step by step:
//
//   - Choose: the open column with the fewest options, the branch point;
//     At is its column (below) and Options the options of every column.
//   - Try: a piece in one orientation laid on the board there: its cells
//     take the piece's value.
//   - Undo: the piece taken back, its cells emptied again: uncovering.
//   - Fail: a dead end, a column with no option left (At is that column),
//     or a placement the search skips because it would wall off a pocket
//     of empty cells that the pieces left cannot fill (At is the column
//     branched on).
//   - Found: the board filled; its cells are every cell the search filled,
//     so that a trace cut short still ends on the answer.
//
// A trace board holds, per cell (numbered as Kind.Index numbers them), 0
// for an empty cell and 1 to 12 for the pieces A to L; the pieces given
// in the puzzle are on the start board.
//
// Columns are numbered as the exact cover's: cell i is column i, piece p
// (0 for A) column NumCells+p, TraceColumns in all, on either board (the
// rectangle has as many cells as the triangle). Options[col] is the
// number of placements left in an open column, or 0 for a column
// covered already (the board tells these apart: the cell is filled, the
// piece is on it).
//
// The search traced is Solve's own, stopped at the first solution as the
// judge's is: Trace's answer is that solution (Solve's first), and the
// steps end on it.

// TraceColumns is the number of columns of the exact cover: 55 cells and
// 12 pieces.
const TraceColumns = NumCells + NumPieces

// Trace solves the board given in its text as Solve does, up to its first
// solution, recording up to limit steps (see the comment above).
func (Game) Trace(ctx context.Context, text string, limit int) (trace.Trace, error) {
	b, err := ParseBoard(text)
	if err != nil {
		return trace.Trace{}, err
	}
	r := trace.NewRecorder(limit)
	a, backtracks, err := solveCounting(trace.With(ctx, r), b, trace.Progress(ctx), 1, layout{})
	if err != nil {
		return trace.Trace{}, err
	}
	start := traceBoard(b)
	tr := r.Trace(start)
	if !a.Solved {
		// The verdict, past the limit too: its cells are the board as
		// given, so that a trace cut short also ends on it.
		cells := make([]int, len(start))
		for i := range cells {
			cells[i] = i
		}
		tr.Steps = append(tr.Steps, trace.Step{Kind: trace.Fail, At: -1, Nodes: a.Nodes, Backtracks: backtracks,
			Cells: cells, Values: slices.Clone(start),
			Note: fmt.Sprintf("Every branch ended in a dead end after %d nodes: the board cannot be filled.", a.Nodes)})
	}
	return tr, nil
}

// traceBoard returns b as a trace board.
func traceBoard(b *Board) []int {
	cells := make([]int, NumCells)
	for i, v := range b.cells {
		if v != 0 {
			cells[i] = int(v-'A') + 1
		}
	}
	return cells
}

// coverTrace records an exactCover's search into a trace.Recorder. The
// search calls it only when it is not nil, so an untraced search pays a
// nil check per event; its methods are never inlined into the search,
// whose code (and the page's download) would grow by their words at
// every call.
type coverTrace struct {
	r          *trace.Recorder
	backtracks int64
}

// add records a step with the search's counters, unless the recorder is
// full: then only a Found step is worth describing.
func (t *coverTrace) add(m *exactCover, s trace.Step) {
	s.Nodes, s.Backtracks = m.visited, t.backtracks
	t.r.Add(s)
}

// column returns the trace's number of header node h (see TraceColumns).
func column(h int32) int { return int(h - 1) }

// columnName names the column of header node h for a person.
func (m *exactCover) columnName(h int32) string {
	if c := headerCell(h); c >= 0 {
		r, col := m.geo.kind.RowCol(c)
		return fmt.Sprintf("The cell at row %d, column %d", r+1, col+1)
	}
	return "Piece " + Pieces[-1-headerCell(h)].Letter
}

//go:noinline
func (t *coverTrace) choose(m *exactCover, best, fewest int32) {
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: trace.Choose})
		return
	}
	if fewest == 0 {
		what := "no piece left can cover it"
		if headerCell(best) < 0 {
			what = "it fits nowhere any more"
		}
		t.add(m, trace.Step{Kind: trace.Fail, At: column(best),
			Note: fmt.Sprintf("%s: %s, a dead end.", m.columnName(best), what)})
		return
	}
	options := make([]int, TraceColumns)
	for h := m.next[0]; h != 0; h = m.next[h] {
		options[column(h)] = int(m.size[h])
	}
	t.add(m, trace.Step{Kind: trace.Choose, At: column(best), Options: options,
		Note: fmt.Sprintf("%s has the fewest options: %s.", m.columnName(best), plural(int(fewest), "placement"))})
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// placedCells returns pl's cells and, for each, value v.
func placedCells(pl *placement, v int) (cells, values []int) {
	cells, values = make([]int, len(pl.cells)), make([]int, len(pl.cells))
	for i, c := range pl.cells {
		cells[i], values[i] = int(c), v
	}
	return cells, values
}

//go:noinline
func (t *coverTrace) try(m *exactCover, best int32, pl *placement) {
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: trace.Try})
		return
	}
	cells, values := placedCells(pl, pl.piece+1)
	r, c := m.geo.kind.RowCol(int(pl.cells[0]))
	t.add(m, trace.Step{Kind: trace.Try, At: column(best), Cells: cells, Values: values,
		Note: fmt.Sprintf("Try piece %s, orientation %d of %d, from row %d, column %d.",
			Pieces[pl.piece].Letter, pl.turn+1, len(orientations[pl.piece]), r+1, c+1)})
}

//go:noinline
func (t *coverTrace) undo(m *exactCover, pl *placement) {
	t.backtracks++
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: trace.Undo})
		return
	}
	cells, values := placedCells(pl, 0)
	t.add(m, trace.Step{Kind: trace.Undo, At: -1, Cells: cells, Values: values,
		Note: fmt.Sprintf("Take piece %s back: its columns are uncovered.", Pieces[pl.piece].Letter)})
}

//go:noinline
func (t *coverTrace) walled(m *exactCover, best int32, pl *placement) {
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: trace.Fail})
		return
	}
	r, c := m.geo.kind.RowCol(int(pl.cells[0]))
	t.add(m, trace.Step{Kind: trace.Fail, At: column(best),
		Note: fmt.Sprintf("Skip piece %s, orientation %d, from row %d, column %d: it would wall off a pocket of empty cells that the pieces left cannot fill.",
			Pieces[pl.piece].Letter, pl.turn+1, r+1, c+1)})
}

// found records the board filled: every cell the search filled, so that
// a trace cut short still replays to the answer.
//
//go:noinline
func (t *coverTrace) found(m *exactCover) {
	var cells, values []int
	for _, row := range m.chosen {
		c, v := placedCells(&m.geo.placements[row], m.geo.placements[row].piece+1)
		cells, values = append(cells, c...), append(values, v...)
	}
	t.add(m, trace.Step{Kind: trace.Found, At: -1, Cells: cells, Values: values,
		Note: fmt.Sprintf("Every column is covered: the board is filled, after %d nodes and %d backtracks.", m.visited, t.backtracks)})
}
