package nonogram

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// A position is what a player has marked so far: h lines of w characters,
// '#' for a cell marked black, 'x' for a cell known to be empty (white),
// '.' for a cell not decided yet. The reasoning below works on positions
// as flat row-major byte slices of those characters.
const (
	markBlack   = '#'
	markWhite   = 'x'
	markUnknown = '.'
)

// parsePosition reads a position for clues of h rows and w columns and
// inks colours besides white: none for black and white, where '#' marks a
// black cell, or the first inks of inkLetters. An empty position is a
// blank board. what names the text in errors.
func parsePosition(text string, h, w, inks int, what string) ([]byte, error) {
	grid := make([]byte, h*w)
	if strings.TrimSpace(text) == "" {
		for i := range grid {
			grid[i] = markUnknown
		}
		return grid, nil
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != h {
		return nil, msg.Errorf("nonogram: %s: %d rows, want %d", what, len(lines), h)
	}
	for r, line := range lines {
		line = strings.TrimSpace(line)
		if len(line) != w {
			return nil, msg.Errorf("nonogram: %s: row %d has %d cells, want %d", what, r+1, len(line), w)
		}
		for c := range w {
			switch ch := line[c]; {
			case ch == markWhite || ch == markUnknown || ch == markBlack && inks == 0:
				grid[r*w+c] = ch
			case inks > 0 && uint(inkOf(ch)) < uint(inks):
				grid[r*w+c] = ch
			case inks > 0:
				return nil, msg.Errorf("nonogram: %s: row %d, column %d: want a colour's letter (%s), 'x' or '.', got %q", what, r+1, c+1, inkLetters[:inks], ch)
			default:
				return nil, msg.Errorf("nonogram: %s: row %d, column %d: want '#', 'x' or '.', got %q", what, r+1, c+1, ch)
			}
		}
	}
	return grid, nil
}

// lineOptions tells, for every cell of a line, whether some placement of
// runs consistent with the marked cells makes it black, and whether some
// makes it white; ok is false when no placement fits at all.
//
// fit(i, j) says whether cells i.. can hold runs j..; the placements are
// then walked from the left along fitting states only, so that every
// colour recorded belongs to a complete placement. Clarity over speed:
// it costs O(cells × runs) and O(cells × run length).
func lineOptions(cells []byte, runs []int) (canBlack, canWhite []bool, ok bool) {
	n, k := len(cells), len(runs)
	whites := make([]int, n+1) // whites[i]: white cells among cells[:i]
	for i, m := range cells {
		whites[i+1] = whites[i]
		if m == markWhite {
			whites[i+1]++
		}
	}
	// runFits says whether run j may start at cell i: no white under it,
	// no black just after it.
	runFits := func(i, j int) bool {
		end := i + runs[j]
		return end <= n && whites[end] == whites[i] && (end == n || cells[end] != markBlack)
	}
	// States (i, j) for i in 0..n+1, j in 0..k, flat; i is n+1 after a run
	// that ends the line, since a run takes the white cell after it too.
	at := func(i, j int) int { return i*(k+1) + j }
	after := func(i, j int) int { return min(i+runs[j]+1, n+1) }
	fit := make([]bool, (n+2)*(k+1))
	fit[at(n, k)], fit[at(n+1, k)] = true, true
	for i := n - 1; i >= 0; i-- {
		for j := k; j >= 0; j-- {
			fit[at(i, j)] = cells[i] != markBlack && fit[at(i+1, j)] ||
				j < k && runFits(i, j) && fit[at(after(i, j), j+1)]
		}
	}
	if !fit[at(0, 0)] {
		return nil, nil, false
	}
	canBlack, canWhite = make([]bool, n), make([]bool, n)
	reached := make([]bool, (n+2)*(k+1))
	reached[at(0, 0)] = true
	for i := range n {
		for j := range k + 1 {
			if !reached[at(i, j)] || !fit[at(i, j)] {
				continue
			}
			if cells[i] != markBlack && fit[at(i+1, j)] {
				canWhite[i] = true
				reached[at(i+1, j)] = true
			}
			if j < k && runFits(i, j) && fit[at(after(i, j), j+1)] {
				end := i + runs[j]
				for c := i; c < end; c++ {
					canBlack[c] = true
				}
				if end < n {
					canWhite[end] = true
				}
				reached[at(after(i, j), j+1)] = true
			}
		}
	}
	return canBlack, canWhite, true
}

// board is the geometry of a puzzle: line l is row l for l < h, column
// l-h after.
type board struct {
	c    *Clues
	h, w int
}

func newBoard(c *Clues) *board { return &board{c: c, h: len(c.Rows), w: len(c.Cols)} }

func (b *board) lines() int { return b.h + b.w }

// cellsOf lists the grid indexes of line l in order.
func (b *board) cellsOf(l int) []int {
	var cells []int
	if l < b.h {
		for c := range b.w {
			cells = append(cells, l*b.w+c)
		}
	} else {
		for r := range b.h {
			cells = append(cells, r*b.w+l-b.h)
		}
	}
	return cells
}

func (b *board) runsOf(l int) []int {
	if l < b.h {
		return b.c.Rows[l]
	}
	return b.c.Cols[l-b.h]
}

// forced returns the undecided cells of line l that every fitting placement
// colours alike, with their colours, or ok false if none fits.
func (b *board) forced(grid []byte, l int) (cells []int, marks []byte, ok bool) {
	idx := b.cellsOf(l)
	line := make([]byte, len(idx))
	for i, g := range idx {
		line[i] = grid[g]
	}
	canBlack, canWhite, ok := lineOptions(line, b.runsOf(l))
	if !ok {
		return nil, nil, false
	}
	for i, g := range idx {
		if line[i] != markUnknown || canBlack[i] == canWhite[i] {
			continue
		}
		cells = append(cells, g)
		if canBlack[i] {
			marks = append(marks, markBlack)
		} else {
			marks = append(marks, markWhite)
		}
	}
	return cells, marks, true
}

// propagate applies line reasoning to grid, in place, until it learns
// nothing more, starting from the lines marked in dirty. It returns the
// number of cells it settled, and the line that cannot fit, or -1.
func (b *board) propagate(ctx context.Context, grid []byte, dirty []bool) (settled, failed int, err error) {
	for {
		progress := false
		for l := range b.lines() {
			if !dirty[l] {
				continue
			}
			if err := ctx.Err(); err != nil {
				return settled, -1, err
			}
			dirty[l] = false
			cells, marks, ok := b.forced(grid, l)
			if !ok {
				return settled, l, nil
			}
			for i, g := range cells {
				grid[g] = marks[i]
				dirty[g/b.w], dirty[b.h+g%b.w] = true, true
				progress = true
			}
			settled += len(cells)
		}
		if !progress {
			return settled, -1, nil
		}
	}
}

// allDirty returns dirty marks for every line.
func (b *board) allDirty() []bool {
	dirty := make([]bool, b.lines())
	for l := range dirty {
		dirty[l] = true
	}
	return dirty
}

// probe assumes mark at cell g and propagates; it returns the line that
// then cannot fit, or -1.
func (b *board) probe(ctx context.Context, grid []byte, g int, mark byte) (failed int, err error) {
	try := append([]byte(nil), grid...)
	try[g] = mark
	dirty := make([]bool, b.lines())
	dirty[g/b.w], dirty[b.h+g%b.w] = true, true
	_, failed, err = b.propagate(ctx, try, dirty)
	return failed, err
}

// A step is one hint before it is put into words.
type step struct {
	kind  stepKind
	line  int   // the line reasoned on, or that cannot fit
	cells []int // the cells the step is about
	mark  byte  // what to mark them: markBlack or markWhite, or an ink's letter
	probe byte  // for probeStep, the mark that leads to a contradiction
	right byte  // for wrongStep, the solution's mark
	// refuted, for a colour probeStep, are the colours ruled out and why
	// (probe and line are unused then).
	refuted []refutation
	// leaves, for crossStep, are the colours the row and the column each
	// leave to the cell.
	leaves [2]cellSet
}

type stepKind int

const (
	solvedStep    stepKind = iota // every cell is marked and right
	lineStep                      // line reasoning forces cells of one line
	misfitStep                    // a line cannot fit its clue with the marks
	wrongStep                     // a marked cell differs from the unique solution
	probeStep                     // a probe leads to a contradiction
	stuckStep                     // nothing short of a guess goes further
	noneStep                      // the clues have no solution
	outOfTimeStep                 // probing ran out of the hint's time
	crossStep                     // a colour cell's row and column together leave it one colour
)

// hintSearchBudget bounds the search a hint makes for the solution (to
// show wrong marks), in line solves: Solve's first progress report, a
// fraction of a second.
const hintSearchBudget = 1 << 16

// hintTime bounds a whole hint: a hint that needs more says so.
const hintTime = 2 * time.Second

// deadline is ctx past its end time, seen by Err when asked, not by a
// timer: context.WithTimeout's timer costs the worker 14 KB of raw code
// (2.4 KB Brotli). A context derived from it does not see the end (nor
// does Done close then), so a search under it needs a budget of its own
// (see solveWithin).
type deadline struct {
	context.Context
	end time.Time
}

func (d deadline) Err() error {
	if err := d.Context.Err(); err != nil {
		return err
	}
	if !time.Now().Before(d.end) {
		return context.DeadlineExceeded
	}
	return nil
}

// misfit is the step of line l that cannot fit the marked cells.
func (b *board) misfit(grid []byte, l int) step {
	var marked []int
	for _, g := range b.cellsOf(l) {
		if grid[g] != markUnknown {
			marked = append(marked, g)
		}
	}
	return step{kind: misfitStep, line: l, cells: marked}
}

// solveWithin solves c within budget line solves; a nil answer when the
// budget runs out first.
func solveWithin(ctx context.Context, c *Clues, budget int64) (*Answer, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	over := false
	a, err := Solve(ctx, c, func(nodes int64) {
		if nodes >= budget {
			over = true
			cancel()
		}
	})
	if over {
		return nil, nil
	}
	return a, err
}

// nextStep finds the hint for grid, trying in turn: lines that cannot fit,
// cells that differ from the unique solution, line reasoning (the line
// and colour with the most forced cells) and probes (the one that, once
// its contradiction is used, settles the most cells).
func nextStep(ctx context.Context, c *Clues, grid []byte) (step, error) {
	b := newBoard(c)
	for l := range b.lines() {
		if _, _, ok := b.forced(grid, l); !ok {
			return b.misfit(grid, l), nil
		}
	}
	// The solution, when a short search finds it, shows wrong marks; a
	// hard puzzle goes on to line reasoning without it, so that a hint
	// never waits for a whole search.
	a, err := solveWithin(ctx, c, hintSearchBudget)
	if err != nil {
		return step{}, err
	}
	switch {
	case a == nil:
	case a.Status == None:
		return step{kind: noneStep}, nil
	case a.Status == Unique:
		for g, m := range grid {
			if want := a.Grid[g/b.w][g%b.w]; m != markUnknown && (m == markBlack) != (want == '#') {
				return step{kind: wrongStep, cells: []int{g}, mark: m, right: markBlack + markWhite - m}, nil
			}
		}
	}
	if !strings.ContainsRune(string(grid), markUnknown) {
		return step{kind: solvedStep}, nil
	}

	best := step{kind: stuckStep}
	for l := range b.lines() {
		cells, marks, _ := b.forced(grid, l)
		for _, mark := range []byte{markBlack, markWhite} {
			var these []int
			for i, g := range cells {
				if marks[i] == mark {
					these = append(these, g)
				}
			}
			if len(these) > len(best.cells) {
				best = step{kind: lineStep, line: l, cells: these, mark: mark}
			}
		}
	}
	if best.kind == lineStep {
		return best, nil
	}

	mostSettled := -1
	for g, m := range grid {
		if m != markUnknown {
			continue
		}
		for _, assumed := range []byte{markBlack, markWhite} {
			failed, err := b.probe(ctx, grid, g, assumed)
			if errors.Is(err, context.DeadlineExceeded) {
				return step{kind: outOfTimeStep}, nil
			}
			if err != nil {
				return step{}, err
			}
			if failed < 0 {
				continue
			}
			other := markBlack + markWhite - assumed
			next := append([]byte(nil), grid...)
			next[g] = other
			dirty := make([]bool, b.lines())
			dirty[g/b.w], dirty[b.h+g%b.w] = true, true
			settled, _, err := b.propagate(ctx, next, dirty)
			if err != nil {
				return step{}, err
			}
			if settled > mostSettled {
				mostSettled = settled
				best = step{kind: probeStep, line: failed, cells: []int{g}, mark: byte(other), probe: assumed}
			}
			break // the other colour is now known: no need to probe it
		}
	}
	if best.kind == stuckStep && a != nil && a.Status == Unique {
		// A guess, but a right one: the first undecided cell as solved.
		for g, m := range grid {
			if m == markUnknown {
				best.cells, best.mark = []int{g}, markWhite
				if a.Grid[g/b.w][g%b.w] == '#' {
					best.mark = markBlack
				}
				break
			}
		}
	}
	return best, nil
}

// Hint implements solvers.Player: position is in the position format (see
// the package doc) and puzzle in any format ParseClues reads.
func (Game) Hint(ctx context.Context, puzzle, position string) (play.Hint, error) {
	c, err := ParseClues(puzzle)
	if err != nil {
		return play.Hint{}, err
	}
	if err := c.validate(); err != nil {
		return play.Hint{}, err
	}
	grid, err := parsePosition(position, len(c.Rows), len(c.Cols), len(c.Inks), "position")
	if err != nil {
		return play.Hint{}, err
	}
	// A given cell is known from the start, marked or not.
	for i, g := range c.Given {
		if grid[i] == markUnknown {
			grid[i] = g
		}
	}
	next := nextStep
	if c.IsColour() {
		next = nextColourStep
	}
	s, err := next(deadline{ctx, time.Now().Add(hintTime)}, c, grid)
	if errors.Is(err, context.DeadlineExceeded) {
		s, err = step{kind: outOfTimeStep}, nil
	}
	if err != nil {
		return play.Hint{}, err
	}
	return s.hint(newBoard(c)), nil
}

// hint puts s into words.
func (s step) hint(b *board) play.Hint {
	h := play.Hint{Cells: s.cells, Move: moveOf(s.mark)}
	switch s.kind {
	case solvedStep:
		h.Reason = "The puzzle is solved."
	case noneStep:
		h.Reason = "These clues have no solution."
	case misfitStep:
		h.Move = "wrong"
		h.Reason = msg.Sprintf("%s cannot fit clue %s with the cells you marked.", capital(b.lineName(s.line)), b.clueOf(s.line))
		if len(s.cells) == 0 { // the clue itself is too long
			h.Move = ""
			h.Reason = msg.Sprintf("%s cannot fit clue %s in %d cells: these clues have no solution.",
				capital(b.lineName(s.line)), b.clueOf(s.line), len(b.cellsOf(s.line)))
		}
	case wrongStep:
		h.Move = "wrong"
		h.Reason = msg.Sprintf("Cell %s is marked %s, but the solution has it %s.", b.cellName(s.cells[0]), b.markName(s.mark), b.markName(s.right))
	case lineStep:
		at := make([]int, len(s.cells))
		for i, g := range s.cells {
			at[i] = b.indexInLine(g, s.line) + 1
		}
		h.Reason = msg.Sprintf("%s, clue %s in %d cells: %s must be %s.", capital(b.lineName(s.line)), b.clueOf(s.line),
			len(b.cellsOf(s.line)), spans(at), b.markName(s.mark))
	case crossStep:
		h.Reason = s.crossReason(b)
	case probeStep:
		if s.refuted != nil {
			h.Reason = s.colourProbeReason(b)
			break
		}
		h.Reason = msg.Sprintf("Line reasoning is stuck. If cell %s were %s, %s could not fit its clue %s: so it is %s.",
			b.cellName(s.cells[0]), colourName(s.probe), b.lineName(s.line), clueText(b.runsOf(s.line)), colourName(s.mark))
	case outOfTimeStep:
		h.Move = ""
		h.Reason = msg.Sprintf("No step found by line reasoning and probing within %d s: try Solve.", int(hintTime.Seconds()))
	case stuckStep:
		if s.cells == nil {
			h.Move = ""
			h.Reason = "Line reasoning and probing single cells are stuck, and the clues have more than one solution."
		} else {
			h.Reason = msg.Sprintf("Line reasoning and probing single cells are stuck: a guess is needed, and in the solution cell %s is %s.",
				b.cellName(s.cells[0]), b.markName(s.mark))
		}
	}
	if h.Cells == nil {
		h.Cells = []int{}
	}
	return h
}

// moveOf is a hint's move for mark: "fill", "empty", or in a colour
// puzzle the ink's letter.
func moveOf(mark byte) string {
	switch mark {
	case markBlack:
		return "fill"
	case markWhite:
		return "empty"
	case 0, markUnknown:
		return ""
	}
	return string(mark)
}

func colourName(mark byte) string {
	if mark == markBlack {
		return "black"
	}
	return "empty"
}

// lineName names line l for a sentence, counting from 1.
func (b *board) lineName(l int) string { return lineName(l, b.h) }

// cellName writes cell g as "(row, column)", counting from 1.
func (b *board) cellName(g int) string { return msg.Sprintf("(%d, %d)", g/b.w+1, g%b.w+1) }

// indexInLine is the position of cell g along line l, from 0.
func (b *board) indexInLine(g, l int) int {
	if l < b.h {
		return g % b.w
	}
	return g / b.w
}

// capital capitalises a line's name ("row 3", "column 7"): ASCII only,
// which spares the solver worker Unicode's case tables.
func capital(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// clueText writes runs as "3 5", or "0" for an empty line.
func clueText(runs []int) string {
	if len(runs) == 0 {
		return "0"
	}
	return joinRuns(runs, " ", "")
}

// spans writes increasing cell numbers as "cell 4" or "cells 4–5, 8".
func spans(at []int) string {
	var parts []string
	for i := 0; i < len(at); {
		j := i
		for j+1 < len(at) && at[j+1] == at[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(at[i]))
		} else {
			parts = append(parts, msg.Sprintf("%d–%d", at[i], at[j]))
		}
		i = j + 1
	}
	if len(at) == 1 {
		return "cell " + parts[0]
	}
	return "cells " + strings.Join(parts, ", ")
}
