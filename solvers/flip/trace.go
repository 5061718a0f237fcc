package flip

import (
	"context"
	"slices"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/trace"
)

// Trace records the steps of light chasing on one board (solvers.Tracer),
// for the page's Step through: the first row's presses, then the chase
// row by row, each row pressing the cells under those of the row above
// that are still the wrong colour, until the last row shows whether the
// first row works. The first row is the one of the solver's answer, found
// by its linear algebra over the same chase (see Solve); on a board at
// most four wide, as POJ 1753's 4×4, every first row is chased first, for
// each colour the goal allows, as the problem's classic enumeration does,
// so that the fewest presses show among them all.
//
// The board is the W×H cells, row by row, each 0 (white) or 1 (black),
// plus 2 when the cell is pressed; on a board at most four wide, a table
// of the enumeration follows, two cells per first row (mask m, a press in
// column x when bit x is set): cell W*H+2m for the chase to all white,
// W*H+2m+1 to all black, each -1 until chased, -2 when that first row
// fails, else its presses in all. At is the row a step is about, -1 for
// none. The last step, Found, sets the solver's answer: its presses marked
// and every cell in its final colour; an impossible board ends on Fail.
func (Game) Trace(ctx context.Context, text string, limit int) (trace.Trace, error) {
	b, err := ParseBoard(text)
	if err != nil {
		return trace.Trace{}, err
	}
	a, err := solve(ctx, b, trace.Progress(ctx))
	if err != nil {
		return trace.Trace{}, err
	}
	n := b.W * b.H
	start := make([]int, n)
	for i, black := range b.Black {
		start[i] = boolInt(black)
	}
	if b.W <= enumerateWidth {
		start = append(start, make([]int, 2<<b.W)...)
		for k := n; k < len(start); k++ {
			start[k] = -1
		}
	}
	c := &chase{b: b, rec: trace.NewRecorder(limit), start: start, board: append([]int(nil), start...)}
	if b.W <= enumerateWidth {
		c.enumerate()
	} else if a.Possible {
		var first []bool
		for x := range b.W {
			first = append(first, a.Presses.Has(x))
		}
		c.run(first, a.Color == "b", msg.Sprintf("First row: %s, the row the solver's linear algebra found for all %s.", rowText(first), colourName(a.Color == "b")), -1)
	}
	c.end(a)
	return c.rec.Trace(start), nil
}

// enumerateWidth is the widest board whose every first row the trace
// chases: 16 rows per colour.
const enumerateWidth = 4

// chase records light chasing on one board.
type chase struct {
	b            *Board
	rec          *trace.Recorder
	start, board []int
	nodes, backs int64
}

// add records a step setting cells to values, and applies it; once the
// recorder is full, it records and applies nothing but a Found step.
func (c *chase) add(st trace.Step) {
	if c.rec.Full() && st.Kind != trace.Found {
		c.rec.Add(st) // dropped: marks the trace truncated
		return
	}
	for k, i := range st.Cells {
		c.board[i] = st.Values[k]
	}
	st.Nodes, st.Backtracks = c.nodes, c.backs
	c.rec.Add(st)
}

// press returns the step's cells and values for pressing the cells of set
// on the board as it is, each flipping it and its neighbours: the cells
// of set are on one row, so only that row and the two beside it change.
func (c *chase) press(set []int) (cells, values []int) {
	if len(set) == 0 {
		return nil, nil
	}
	w, h := c.b.W, c.b.H
	y := set[0] / w
	lo, hi := max(0, y-1)*w, min(h, y+2)*w
	now := slices.Clone(c.board[lo:hi])
	for _, i := range set {
		x := i % w
		now[i-lo] |= 2
		for _, d := range [...][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if nx, ny := x+d[0], y+d[1]; nx >= 0 && nx < w && ny >= 0 && ny < h {
				now[ny*w+nx-lo] ^= 1
			}
		}
	}
	for k, v := range now {
		if v != c.board[lo+k] {
			cells, values = append(cells, lo+k), append(values, v)
		}
	}
	return cells, values
}

// run chases from the first row of presses first to all black (or
// white), recording each row, and returns the presses in all, or -1 when
// the last row is left wrong. table is the enumeration's cell for it, or
// -1.
func (c *chase) run(first []bool, black bool, note string, table int) int {
	w, h := c.b.W, c.b.H
	want := boolInt(black)
	var set []int
	for x, p := range first {
		if p {
			set = append(set, x)
		}
	}
	presses := len(set)
	cells, values := c.press(set)
	c.nodes++
	c.add(trace.Step{Kind: trace.Try, At: 0, Note: note, Cells: cells, Values: values})
	for y := 1; y < h; y++ {
		if c.rec.Full() {
			c.add(trace.Step{}) // marks the trace truncated
			return -1
		}
		var wrong, cols []int
		for x := range w {
			if c.board[(y-1)*w+x]&1 != want {
				wrong = append(wrong, y*w+x)
				cols = append(cols, x+1)
			}
		}
		presses += len(wrong)
		cells, values := c.press(wrong)
		c.nodes++
		what := "none is, so nothing is pressed"
		if len(wrong) > 0 {
			what = msg.Sprintf("press under them: %s", columnsText(cols))
		}
		c.add(trace.Step{Kind: trace.Deduce, At: y, Cells: cells, Values: values,
			Note: msg.Sprintf("Row %d: the cells of row %d that are not %s must be flipped from below; %s.", y+1, y, colourName(black), what)})
	}
	left := 0
	for x := range w {
		if c.board[(h-1)*w+x]&1 != want {
			left++
		}
	}
	st := trace.Step{Kind: trace.Deduce, At: h - 1,
		Note: msg.Sprintf("The last row is all %s: this first row works, with %d presses in all.", colourName(black), presses)}
	result := presses
	if left > 0 {
		result = -2
		st = trace.Step{Kind: trace.Fail, At: h - 1,
			Note: msg.Sprintf("The last row keeps %d cells that are not %s, and no row is left to flip them: this first row fails.", left, colourName(black))}
	}
	if table >= 0 {
		st.Cells, st.Values = []int{table}, []int{result}
	}
	c.add(st)
	if result < 0 {
		return -1
	}
	return presses
}

// enumerate chases every first row, for each colour the goal allows,
// going back to the starting board after each.
func (c *chase) enumerate() {
	w, n := c.b.W, c.b.W*c.b.H
	lo, hi := c.b.Goal.colours()
	for k := hi - 1; k >= lo; k-- { // white first: colors is black, white
		black := colors[k] == "b"
		c.add(trace.Step{Kind: trace.Choose, At: -1,
			Note: msg.Sprintf("All %s: each of the %d first rows of presses, chased down the board.", colourName(black), 1<<w)})
		for m := range 1 << w {
			if c.rec.Full() {
				c.add(trace.Step{})
				return
			}
			first := make([]bool, w)
			for x := range first {
				first[x] = m>>x&1 == 1
			}
			c.run(first, black, msg.Sprintf("First row %s for all %s: press %s.", rowText(first), colourName(black), pressText(first)), n+2*m+boolInt(black))
			c.back("Back to the board as given, for the next first row.")
		}
	}
}

// back records the board going back to its start.
func (c *chase) back(note string) {
	var cells, values []int
	for i := range c.b.W * c.b.H {
		if c.board[i] != c.start[i] {
			cells, values = append(cells, i), append(values, c.start[i])
		}
	}
	c.backs++
	c.add(trace.Step{Kind: trace.Undo, At: -1, Note: note, Cells: cells, Values: values})
}

// end records the solver's answer a: its presses and final colour.
func (c *chase) end(a *Answer) {
	if !a.Possible {
		c.add(trace.Step{Kind: trace.Fail, At: -1, Note: "No first row of presses makes the board one colour the goal allows: it is impossible."})
		return
	}
	var cells, values []int
	final := boolInt(a.Color == "b")
	for i := range c.b.W * c.b.H {
		v := final + 2*boolInt(a.Presses.Has(i))
		if c.board[i] != v {
			cells, values = append(cells, i), append(values, v)
		}
	}
	proof := "the fewest, as the solver proves"
	if !a.Minimal {
		proof = "the fewest the solver found in its time"
	}
	c.add(trace.Step{Kind: trace.Found, At: -1, Cells: cells, Values: values,
		Note: msg.Sprintf("All %s in %d presses: %s.", colourName(a.Color == "b"), a.Count, proof)})
}

func colourName(black bool) string {
	if black {
		return "black"
	}
	return "white"
}

// rowText draws a first row of presses: '#' pressed, '.' not.
func rowText(first []bool) string {
	var b strings.Builder
	for _, p := range first {
		b.WriteByte(".#"[boolInt(p)])
	}
	return b.String()
}

// pressText names the columns a first row presses.
func pressText(first []bool) string {
	var cols []int
	for x, p := range first {
		if p {
			cols = append(cols, x+1)
		}
	}
	if cols == nil {
		return "nothing"
	}
	return columnsText(cols)
}

// columnsText writes columns as "column 2" or "columns 1, 3".
func columnsText(cols []int) string {
	parts := make([]string, len(cols))
	for k, x := range cols {
		parts[k] = msg.Sprintf("%d", x)
	}
	if len(cols) == 1 {
		return "column " + parts[0]
	}
	return "columns " + strings.Join(parts, ", ")
}
