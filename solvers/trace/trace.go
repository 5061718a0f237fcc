// Package trace records what a solver does, step by step, so the page's
// "Step through" view can replay the real search rather than a second
// implementation of it.
//
// A game's board for the trace is a []int of cells, each holding a value
// the game's package defines (a nonogram cell's ink, the piece covering an
// IQ cell, the card on a Tetravex square, ...). Every Step sets some cells
// to new values and says why; replaying the steps in order from the
// game's starting board ends on the solver's answer. Going back is
// undoing the sets, which Cursor does for every game alike.
//
// Recording is off unless a Recorder is put in the solve's context:
// solvers call From once and, when it is nil, pay nothing more.
package trace

import (
	"context"

	"gridsolve/solvers/jsonw"
)

// Kind says what a step is.
type Kind uint8

const (
	// Choose: the search picks where to branch next (a line, a column,
	// a square); At names it and no cell needs to change.
	Choose Kind = iota + 1
	// Try: a choice the search may take back: a guess, a piece, a card,
	// a press of the first row.
	Try
	// Deduce: cells that follow from what is known, by reasoning.
	Deduce
	// Fail: a contradiction; the branch cannot be completed. At and Cells
	// show where it appeared.
	Fail
	// Undo: the backtrack; cells return to what they were before a Try.
	Undo
	// Found: a solution is complete.
	Found
)

// Step is one event of a search. Cells and Values are parallel: cell
// Cells[i] takes value Values[i]. At is the game's: which line, column or
// square the step is about (-1 for none). Note says why, in one sentence
// for a person, as a hint's reason does ("Row 3, clue 2 1: cells 4-5 are
// black"). Nodes and Backtracks are the search's counters after the step.
// Options, when a game has them, are counts the write-ups show (dancing
// links' option count per column).
type Step struct {
	Kind       Kind   `json:"kind"`
	At         int    `json:"at"`
	Note       string `json:"note,omitempty"`
	Cells      []int  `json:"cells,omitempty"`
	Values     []int  `json:"values,omitempty"`
	Nodes      int64  `json:"nodes"`
	Backtracks int64  `json:"backtracks"`
	Options    []int  `json:"options,omitempty"`
}

// Trace is a recorded solve: the board it starts from, in the game's
// cell values, and its steps. Replay(Start, Steps) is the solver's answer
// as a board, even when Truncated (the Found step is always kept).
type Trace struct {
	Start     []int  `json:"start"`
	Steps     []Step `json:"steps"`
	Truncated bool   `json:"truncated"`
}

// AppendJSON writes t as encoding/json would: the solver worker sends
// traces to the page (the worker has no encoding/json, see package jsonw).
func (t *Trace) AppendJSON(w *jsonw.Writer) {
	if w.Null("", t == nil) {
		return
	}
	w.Object("")
	w.Ints("start", t.Start)
	if !w.Null("steps", t.Steps == nil) {
		w.Array("steps")
		for i := range t.Steps {
			t.Steps[i].appendJSON(w)
		}
		w.EndArray()
	}
	w.Bool("truncated", t.Truncated)
	w.End()
}

func (s *Step) appendJSON(w *jsonw.Writer) {
	w.Object("")
	w.Int("kind", int64(s.Kind))
	w.Int("at", int64(s.At))
	if s.Note != "" {
		w.String("note", s.Note)
	}
	if len(s.Cells) > 0 {
		w.Ints("cells", s.Cells)
	}
	if len(s.Values) > 0 {
		w.Ints("values", s.Values)
	}
	w.Int("nodes", s.Nodes)
	w.Int("backtracks", s.Backtracks)
	if len(s.Options) > 0 {
		w.Ints("options", s.Options)
	}
	w.End()
}

// Valid reports whether every step sets cells of the board, each to one
// value: a trace that came from elsewhere (the worker) is checked before
// a Cursor walks it.
func (t *Trace) Valid() bool {
	for _, s := range t.Steps {
		if len(s.Cells) != len(s.Values) {
			return false
		}
		for _, c := range s.Cells {
			if c < 0 || c >= len(t.Start) {
				return false
			}
		}
	}
	return true
}

// Recorder keeps the first steps of a search, up to a limit, so a long
// search neither runs out of memory nor floods the page.
type Recorder struct {
	limit     int
	steps     []Step
	truncated bool
}

// NewRecorder records up to limit steps, plus every Found step even after
// the limit, so a truncated trace still ends on the answer: a search that
// goes on after a solution (to learn whether it is unique) ends with a
// Found step that sets the answer again.
func NewRecorder(limit int) *Recorder { return &Recorder{limit: limit} }

// Add records s, or drops it once the limit is reached.
func (r *Recorder) Add(s Step) {
	if len(r.steps) < r.limit || s.Kind == Found {
		r.steps = append(r.steps, s)
		return
	}
	r.truncated = true
}

// Full tells a solver that further steps other than Found are dropped, so
// it can skip the work of describing them.
func (r *Recorder) Full() bool { return len(r.steps) >= r.limit }

// Trace returns what was recorded, starting from start.
func (r *Recorder) Trace(start []int) Trace {
	return Trace{Start: start, Steps: r.steps, Truncated: r.truncated}
}

// Steps returns the steps recorded, in order.
func (r *Recorder) Steps() []Step { return r.steps }

// Truncated reports whether steps were dropped.
func (r *Recorder) Truncated() bool { return r.truncated }

type key struct{}

type progressKey struct{}

// WithProgress returns a context that carries a search's progress
// function, as Solve takes it, to a Tracer (whose Trace takes none).
func WithProgress(ctx context.Context, progress func(nodes int64)) context.Context {
	return context.WithValue(ctx, progressKey{}, progress)
}

// Progress returns the progress function of ctx, or nil.
func Progress(ctx context.Context) func(nodes int64) {
	f, _ := ctx.Value(progressKey{}).(func(int64))
	return f
}

// With returns a context that has solvers record into r.
func With(ctx context.Context, r *Recorder) context.Context {
	return context.WithValue(ctx, key{}, r)
}

// From returns the recorder of ctx, or nil when the solve is not traced.
func From(ctx context.Context) *Recorder {
	r, _ := ctx.Value(key{}).(*Recorder)
	return r
}

// Cursor walks a trace over a board, forward and back.
type Cursor struct {
	board []int
	steps []Step
	at    int     // steps[:at] are applied
	prev  [][]int // prev[i]: the values steps[i] overwrote
}

// NewCursor starts at board (which it copies) before the first step.
func NewCursor(board []int, steps []Step) *Cursor {
	return &Cursor{board: append([]int(nil), board...), steps: steps, prev: make([][]int, len(steps))}
}

// Board is the board after the steps applied so far; it is the cursor's
// own, valid until the next move.
func (c *Cursor) Board() []int { return c.board }

// At is the number of steps applied.
func (c *Cursor) At() int { return c.at }

// Len is the number of steps in the trace.
func (c *Cursor) Len() int { return len(c.steps) }

// Step returns the last step applied, or false before the first.
func (c *Cursor) Step() (Step, bool) {
	if c.at == 0 {
		return Step{}, false
	}
	return c.steps[c.at-1], true
}

// Peek returns the next step, or false at the end.
func (c *Cursor) Peek() (Step, bool) {
	if c.at == len(c.steps) {
		return Step{}, false
	}
	return c.steps[c.at], true
}

// Forward applies the next step; false at the end.
func (c *Cursor) Forward() bool {
	if c.at == len(c.steps) {
		return false
	}
	s := c.steps[c.at]
	p := c.prev[c.at][:0]
	for i, cell := range s.Cells {
		p = append(p, c.board[cell])
		c.board[cell] = s.Values[i]
	}
	c.prev[c.at] = p
	c.at++
	return true
}

// Back undoes the last step applied; false at the start.
func (c *Cursor) Back() bool {
	if c.at == 0 {
		return false
	}
	c.at--
	s, p := c.steps[c.at], c.prev[c.at]
	for i := len(s.Cells) - 1; i >= 0; i-- {
		c.board[s.Cells[i]] = p[i]
	}
	return true
}

// Seek moves to just after n steps (0 is the start), either way.
func (c *Cursor) Seek(n int) {
	n = max(0, min(n, len(c.steps)))
	for c.at < n && c.Forward() {
	}
	for c.at > n && c.Back() {
	}
}

// NextOf moves forward to just after the next step of kind k, or to the
// end when there is none, and reports whether it found one: "jump to the
// next backtrack" is NextOf(Undo).
func (c *Cursor) NextOf(k Kind) bool {
	for c.Forward() {
		if c.steps[c.at-1].Kind == k {
			return true
		}
	}
	return false
}

// Replay returns the board after every step, from a copy of start: a
// game's tests check it equals the solver's answer.
func Replay(start []int, steps []Step) []int {
	c := NewCursor(start, steps)
	c.Seek(len(steps))
	return c.Board()
}
