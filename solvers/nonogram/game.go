// Package nonogram solves nonograms (paint by numbers): given the runs of
// black cells of every row and column, it finds the picture and tells
// whether it is unique.
//
// The solver settles cells with an exact line solver run to a fixpoint,
// then probes single cells for contradictions, then searches depth first,
// stopping at the second solution. Clues are read in the judge format,
// the .non format, Simon Tatham's Pattern game IDs and puzz.link URLs.
package nonogram

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// Game is the nonogram puzzle behind the common solvers.Game interface.
type Game struct{}

// Name implements solvers.Game.
func (Game) Name() string { return "nonogram" }

// Judge reads puzzles in the judge format (see Clues.String), one after the
// other, and writes for each its picture, X lines of "##" (black) and ".."
// (white) cells, or "No solution". With several solutions it writes one.
func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	text, err := io.ReadAll(io.LimitReader(in, maxInput+1))
	if err != nil {
		return fmt.Errorf("nonogram: %w", err)
	}
	if len(text) > maxInput {
		return fmt.Errorf("nonogram: input longer than %d bytes", maxInput)
	}
	lines := newLineReader(string(text))
	var puzzles []*Clues
	for !lines.skipBlank() || len(puzzles) == 0 {
		c, err := parseJudge(lines)
		if err != nil {
			if len(puzzles) > 0 {
				return fmt.Errorf("nonogram: puzzle %d: %s", len(puzzles)+1, strings.TrimPrefix(err.Error(), "nonogram: "))
			}
			return err
		}
		puzzles = append(puzzles, c)
	}
	for _, c := range puzzles {
		a, err := Solve(ctx, c, progress)
		if err != nil {
			return err
		}
		if a.Grid == nil {
			if _, err := io.WriteString(out, "No solution\n"); err != nil {
				return err
			}
			continue
		}
		var b strings.Builder
		for _, row := range a.Grid {
			for _, cell := range []byte(row) {
				if cell == '#' {
					b.WriteString("##")
				} else {
					b.WriteString("..")
				}
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
