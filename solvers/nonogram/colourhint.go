package nonogram

import (
	"context"
	"errors"
	"math/bits"
	"slices"
	"strings"

	"gridsolve/solvers/msg"
)

// Hints and the designer's check for colour puzzles reason as they do in
// black and white (see nextStep and reasonFrom), on cells that are sets
// of the colours they may still take: an unknown cell of a position may
// be white or any ink, a marked one is its colour. Line reasoning is the
// colour line solver's; a probe assumes each colour of a cell in turn and
// keeps the colours that do not lead to a line that cannot fit.

// colourBoard is a board of a colour puzzle with the colour line solver.
type colourBoard struct {
	*board
	line  colourLine
	buf   []cellSet
	every cellSet   // white and every ink
	inks  []cellSet // by line: white and the inks of its runs
}

func newColourBoard(c *Clues) *colourBoard {
	b := &colourBoard{board: newBoard(c), every: cellSet(1)<<(len(c.Inks)+1) - 1}
	b.buf = make([]cellSet, max(b.h, b.w))
	b.inks = make([]cellSet, b.lines())
	for l := range b.inks {
		b.inks[l] = whiteSet
		for _, ink := range c.inksOf(l) {
			b.inks[l] |= inkSet(ink)
		}
	}
	return b
}

// setsOf turns a position into cell sets: a marked cell its colour, an
// unknown one any colour.
func (b *colourBoard) setsOf(grid []byte) []cellSet {
	sets := make([]cellSet, len(grid))
	for g, m := range grid {
		sets[g] = setOfMark(m, b.every)
	}
	return sets
}

// setOfMark is the cell set of a position's mark; unknown is any of every.
func setOfMark(m byte, every cellSet) cellSet {
	switch m {
	case markUnknown:
		return every
	case markWhite:
		return whiteSet
	}
	return inkSet(inkOf(m))
}

// markOfSet is the position mark of a cell set: its colour when it has
// one colour left, unknown otherwise.
func markOfSet(s cellSet) byte {
	switch {
	case s == whiteSet:
		return markWhite
	case s != 0 && s&(s-1) == 0:
		return InkLetter(bits.TrailingZeros32(uint32(s)) - 1)
	}
	return markUnknown
}

// solveLine narrows line l of grid in place; ok is false when the line
// cannot fit its clue, and grid is then unchanged. changed lists the
// cells it narrowed.
func (b *colourBoard) solveLine(grid []cellSet, l int, changed []int) (_ []int, ok bool) {
	idx := b.cellsOf(l)
	line := b.buf[:len(idx)]
	for i, g := range idx {
		line[i] = grid[g]
	}
	if !b.line.solve(line, b.runsOf(l), b.c.inksOf(l)) {
		return changed, false
	}
	for i, g := range idx {
		if grid[g] != line[i] {
			grid[g] = line[i]
			changed = append(changed, g)
		}
	}
	return changed, true
}

// propagate applies line reasoning to grid, in place, until it learns
// nothing more, starting from the lines marked in dirty. It returns the
// line that cannot fit, or -1.
func (b *colourBoard) propagate(ctx context.Context, grid []cellSet, dirty []bool) (failed int, err error) {
	var changed []int
	for progress := true; progress; {
		progress = false
		for l := range b.lines() {
			if !dirty[l] {
				continue
			}
			if err := ctx.Err(); err != nil {
				return -1, err
			}
			dirty[l] = false
			var ok bool
			if changed, ok = b.solveLine(grid, l, changed[:0]); !ok {
				return l, nil
			}
			for _, g := range changed {
				dirty[g/b.w], dirty[b.h+g%b.w] = true, true
				progress = true
			}
		}
	}
	return -1, nil
}

// probe assumes colour set at cell g and propagates; it returns the line
// that then cannot fit, or -1, and the grid it reached.
func (b *colourBoard) probe(ctx context.Context, grid []cellSet, g int, set cellSet) (failed int, reached []cellSet, err error) {
	try := slices.Clone(grid)
	try[g] = set
	dirty := make([]bool, b.lines())
	dirty[g/b.w], dirty[b.h+g%b.w] = true, true
	failed, err = b.propagate(ctx, try, dirty)
	return failed, try, err
}

// candidates are the colours cell g may take that both its lines have,
// within set.
func (b *colourBoard) candidates(g int, set cellSet) cellSet {
	return set & b.inks[g/b.w] & b.inks[b.h+g%b.w]
}

// refutation is a colour a probe rules out, and the line that then
// cannot fit.
type refutation struct {
	mark byte
	line int
}

// nextColourStep is nextStep for a colour puzzle.
func nextColourStep(ctx context.Context, c *Clues, grid []byte) (step, error) {
	b := newColourBoard(c)
	sets := b.setsOf(grid)
	for l := range b.lines() {
		if _, ok := b.solveLine(slices.Clone(sets), l, nil); !ok {
			return b.misfit(grid, l), nil
		}
	}
	a, err := solveWithin(ctx, c, hintSearchBudget)
	if err != nil {
		return step{}, err
	}
	solution := func(g int) byte {
		if m := a.Grid[g/b.w][g%b.w]; m != '.' {
			return m
		}
		return markWhite
	}
	switch {
	case a == nil:
	case a.Status == None:
		return step{kind: noneStep}, nil
	case a.Status == Unique:
		for g, m := range grid {
			if m != markUnknown && m != solution(g) {
				return step{kind: wrongStep, cells: []int{g}, mark: m, right: solution(g)}, nil
			}
		}
	}
	if !strings.ContainsRune(string(grid), markUnknown) {
		return step{kind: solvedStep}, nil
	}

	// Line reasoning: the line and colour with the most cells it settles.
	best := step{kind: stuckStep}
	left := make([][]cellSet, b.lines()) // the colours each line alone leaves its cells
	for l := range b.lines() {
		line := slices.Clone(sets)
		changed, _ := b.solveLine(line, l, nil)
		for _, g := range b.cellsOf(l) {
			left[l] = append(left[l], line[g])
		}
		var byColour [MaxInks + 1][]int // the cells settled, in line order, by colour: white, then the inks
		for _, g := range changed {
			if set := line[g]; set&(set-1) == 0 {
				k := bits.TrailingZeros32(uint32(set))
				byColour[k] = append(byColour[k], g)
			}
		}
		for _, these := range byColour {
			if len(these) > len(best.cells) {
				best = step{kind: lineStep, line: l, cells: these, mark: markOfSet(line[these[0]])}
			}
		}
	}
	if best.kind == lineStep {
		return best, nil
	}
	// A cell's row and column together: each alone leaves it colours,
	// and they share one.
	for g, m := range grid {
		row, col := left[g/b.w][g%b.w], left[b.h+g%b.w][g/b.w]
		if both := row & col; m == markUnknown && both != 0 && markOfSet(both) != markUnknown {
			return step{kind: crossStep, line: g / b.w, cells: []int{g}, mark: markOfSet(both), leaves: [2]cellSet{row, col}}, nil
		}
	}

	// Probes: the first cell, row-major, whose every colour but one leads
	// to a line that cannot fit.
	for g, m := range grid {
		if m != markUnknown {
			continue
		}
		var refuted []refutation
		var kept []cellSet
		for set := b.candidates(g, sets[g]); set != 0 && len(kept) < 2; set &= set - 1 {
			one := set & -set
			failed, _, err := b.probe(ctx, sets, g, one)
			if errors.Is(err, context.DeadlineExceeded) {
				return step{kind: outOfTimeStep}, nil
			}
			if err != nil {
				return step{}, err
			}
			if failed < 0 {
				kept = append(kept, one)
			} else {
				refuted = append(refuted, refutation{markOfSet(one), failed})
			}
		}
		if len(kept) == 1 && len(refuted) > 0 {
			return step{kind: probeStep, cells: []int{g}, mark: markOfSet(kept[0]), refuted: refuted}, nil
		}
	}
	if a != nil && a.Status == Unique {
		// A guess, but a right one: the first undecided cell as solved.
		g := strings.IndexByte(string(grid), markUnknown)
		best.cells, best.mark = []int{g}, solution(g)
	}
	return best, nil
}

// colourReasonFrom is reasonFrom for a colour puzzle: grid is a position,
// and a cell counts as settled when one colour is left to it. A probe
// rules out every colour of a cell that leads to a line that cannot fit.
func colourReasonFrom(ctx context.Context, c *Clues, grid []byte) (reasoning, error) {
	b := newColourBoard(c)
	sets := b.setsOf(grid)
	var r reasoning
	failed, err := b.propagate(ctx, sets, b.allDirty())
	if err != nil {
		return r, err
	}
	marks := func() []byte {
		m := make([]byte, len(sets))
		for g, s := range sets {
			m[g] = markOfSet(s)
		}
		return m
	}
	r.lines = marks()
	r.linesFailed, r.failed = failed >= 0, failed >= 0
	for learnt := !r.failed; learnt; {
		learnt = false
		for g, s := range sets {
			if markOfSet(s) != markUnknown {
				continue
			}
			left := s
			for set := s; set != 0; set &= set - 1 {
				one := set & -set
				failed, _, err := b.probe(ctx, sets, g, one)
				if err != nil {
					return r, err
				}
				if failed >= 0 {
					left &^= one
				}
			}
			if left == s {
				continue
			}
			r.probes = append(r.probes, g)
			learnt = true
			sets[g] = left
			dirty := make([]bool, b.lines())
			dirty[g/b.w], dirty[b.h+g%b.w] = true, true
			if failed, err = b.propagate(ctx, sets, dirty); err != nil {
				return r, err
			}
			if left == 0 || failed >= 0 {
				r.failed = true
				r.grid = marks()
				return r, nil
			}
		}
	}
	r.grid = marks()
	return r, nil
}

// markName names a mark in a sentence: "black" or "empty", or in a colour
// puzzle the ink's name from the palette, else "colour" and its letter.
func (b *board) markName(mark byte) string {
	if !b.c.IsColour() || mark == markWhite {
		return colourName(mark)
	}
	if name := b.c.Inks[inkOf(mark)].Name; name != "" {
		return name
	}
	return "colour " + string(mark)
}

// clueOf writes line l's clue as the judge format does: "3 5", "3a 1b",
// "0" for an empty line.
func (b *board) clueOf(l int) string {
	runs := b.runsOf(l)
	if !b.c.IsColour() || len(runs) == 0 {
		return clueText(runs)
	}
	var s strings.Builder
	writeColourRuns(&s, runs, b.c.inksOf(l))
	return s.String()[1:]
}

// colourProbeReason puts a colour probe into words: "Line reasoning is
// stuck. If cell (2, 3) were empty, row 2 could not fit its clue 2a 1b;
// if it were red, …: so it is blue."
func (s step) colourProbeReason(b *board) string {
	var parts []string
	for i, r := range s.refuted {
		were := "if it were"
		if i == 0 {
			were = "If cell " + b.cellName(s.cells[0]) + " were"
		}
		parts = append(parts, msg.Sprintf("%s %s, %s could not fit its clue %s", were, b.markName(r.mark), b.lineName(r.line), b.clueOf(r.line)))
	}
	return msg.Sprintf("Line reasoning is stuck. %s: so it is %s.", strings.Join(parts, "; "), b.markName(s.mark))
}

// crossReason puts a crossStep into words: "Row 1, clue 2a 1b in 5 cells,
// leaves cell 1 empty or red; column 1, clue 1a in 4 cells, leaves it
// red or blue: so cell (1, 1) is red."
func (s step) crossReason(b *board) string {
	g := s.cells[0]
	col := b.h + g%b.w
	return msg.Sprintf("%s, clue %s in %d cells, leaves cell %d %s; %s, clue %s in %d cells, leaves it %s: so cell %s is %s.",
		capital(b.lineName(s.line)), b.clueOf(s.line), b.w, g%b.w+1, b.setName(s.leaves[0]),
		b.lineName(col), b.clueOf(col), b.h, b.setName(s.leaves[1]), b.cellName(g), b.markName(s.mark))
}

// setName names the colours of a cell set: "empty or red".
func (b *board) setName(set cellSet) string {
	var names []string
	for ; set != 0; set &= set - 1 {
		names = append(names, b.markName(markOfSet(set&-set)))
	}
	return strings.Join(names, " or ")
}
