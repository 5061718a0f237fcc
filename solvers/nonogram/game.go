// Package nonogram solves nonograms (paint by numbers): given the runs of
// black cells of every row and column, it finds the picture and tells
// whether it is unique. Colour puzzles, whose runs each have an ink of a
// palette, solve the same way (see Ink), by a solver of their own, so
// that black and white keeps its speed.
//
// The solver settles cells with an exact line solver run to a fixpoint,
// then probes single cells for contradictions, then searches depth first,
// stopping at the second solution. Clues are read in the judge format,
// webpbn's XML, the .non format, Simon Tatham's Pattern game IDs,
// puzz.link URLs and plain pictures, told apart by their first characters
// (see ParseClues), and written in all but the last (Game.Export).
//
// Game also deals puzzles and gives hints (solvers.Player). Generated
// puzzles always have a unique solution; their level says what solves
// them from the blank board: Easy, line reasoning alone, one row or
// column at a time; Medium, line reasoning with one or two probes (a probe
// assumes a colour for one cell and keeps the other when line reasoning
// then finds a line that cannot fit); Hard, more probes or search.
//
// A position, what a player has marked so far, is h lines of w
// characters: '#' for a cell marked black, 'x' for a cell known to be
// empty, '.' for a cell not decided yet; an empty position is a blank
// board. A hint points at, in this order: a line that cannot fit its clue
// with the marks, a mark that differs from the unique solution, the cells
// of one line that line reasoning forces (the line and colour with the
// most), the cell whose probe contradicts and settles most once used, or,
// when all that is stuck, a cell from the unique solution.
package nonogram

import (
	"context"
	"io"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Game is the nonogram puzzle behind the common solvers.Game interface.
type Game struct{}

// Name implements solvers.Game.
func (Game) Name() string { return "nonogram" }

// Judge reads puzzles in the judge format (see Clues.String), one after the
// other, and writes for each its picture, X lines of "##" (black) and ".."
// (white) cells, or "No solution". With several solutions it writes one.
// A colour puzzle's cells are its inks' letters twice, "aa", and "..".
func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	text, err := io.ReadAll(io.LimitReader(in, maxInput+1))
	if err != nil {
		return msg.Errorf("nonogram: %w", err)
	}
	if len(text) > maxInput {
		return msg.Errorf("nonogram: input longer than %d bytes", maxInput)
	}
	puzzles, err := parseAll(string(text))
	if err != nil {
		return err
	}
	tally := play.NewTally(progress)
	for _, c := range puzzles {
		a, nodes, err := solveCounting(ctx, c, tally.Case())
		if err != nil {
			return err
		}
		tally.Ended(nodes)
		if a.Grid == nil {
			if _, err := io.WriteString(out, "No solution\n"); err != nil {
				return err
			}
			continue
		}
		var b strings.Builder
		for _, row := range a.Grid {
			for _, cell := range []byte(row) {
				// Black and white cells are '#' or '.', a colour
				// puzzle's an ink's letter or '.': each written twice.
				b.WriteByte(cell)
				b.WriteByte(cell)
			}
			b.WriteByte('\n')
		}
		if _, err := io.WriteString(out, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// Solve implements solvers.Game: text is one puzzle in any format ParseClues
// reads, and the result is an *Answer.
func (Game) Solve(ctx context.Context, text string, progress func(int64)) (any, error) {
	c, err := ParseClues(text)
	if err != nil {
		return nil, err
	}
	return Solve(ctx, c, progress)
}

// parseAll reads every puzzle of a judge input, at least one.
func parseAll(text string) ([]*Clues, error) {
	lines := newLineReader(text)
	var puzzles []*Clues
	for !lines.skipBlank() || len(puzzles) == 0 {
		c, err := parseJudge(lines)
		if err != nil {
			if len(puzzles) > 0 {
				return nil, msg.Errorf("nonogram: puzzle %d: %s", len(puzzles)+1, strings.TrimPrefix(err.Error(), "nonogram: "))
			}
			return nil, err
		}
		puzzles = append(puzzles, c)
	}
	return puzzles, nil
}
