// Package iq solves the IQ puzzle of NOI 2005 (智慧珠游戏): fill a triangle
// of 55 cells, ten rows of 1 to 10 cells, with the twelve pieces A to L,
// each once, turned and flipped at will.
//
// The judge format is ten lines, line i holding i characters: '.' for an
// empty cell or the letter of a piece placed in advance. The answer is the
// filled board, or "No solution". The statement promises that pre-placed
// pieces are whole, well-formed pieces, so a board breaking that promise
// is rejected as malformed input rather than answered "No solution". Judge
// also accepts several boards one after the other, as in SPOJ PRLGAME.
//
// The solver is Knuth's Algorithm X with dancing links over the exact
// cover whose columns are the empty cells and the unused pieces; it
// leaves out, before and during the search, placements that wall off a
// pocket the pieces left cannot fill. Solve tells a unique completion from
// several, Count counts them all, and CountPart a share of them, so that
// several workers can count one board.
//
// For play, Generate deals starting positions whose completion is unique,
// Hint gives the next piece from a player's position, and Orientations,
// Board.Fit and Board.Place lay whole pieces.
//
// The same twelve pieces are those of Kanoodle (IQ Puzzler), whose
// booklet poses its challenges on a rectangle of 5 rows of 11 cells: a
// Board is of either Kind, the triangle or the rectangle. The rectangle
// has a text of its own, a header line and its rows (see format.go), which
// everything but Judge reads; the judge format stays the triangle's.
// Cells are numbered row by row from 0 at the top left (Kind.Index,
// Kind.RowCol): on the triangle row r, column c (both from 0) is
// r*(r+1)/2 + c, on the rectangle r*11 + c. A page draws a board as a
// Kind.Rows by Kind.Cols grid of squares, Kind.Has telling the cells, and
// writes an editor's grid as text with NewBoard, Board.Set and
// Board.String.
package iq

import (
	"context"
	"errors"
	"io"
	"strings"

	"gridsolve/solvers/jsonw"
	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Game is the iq puzzle behind the common solvers.Game interface.
type Game struct{}

func (Game) Name() string { return "iq" }

// Judge solves every board of the input (one in the NOI format, several in
// the SPOJ one) and prints each filled board or "No solution".
func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	boards, err := ReadBoards(in)
	if err != nil {
		return err
	}
	for _, b := range boards {
		if err := Validate(b); err != nil {
			return err
		}
	}
	tally := play.NewTally(progress)
	for _, b := range boards {
		a, err := solveLaidOut(ctx, b, tally.Case(), 1, layout{judge: true})
		if err != nil {
			return err
		}
		tally.Ended(a.Nodes)
		text := "No solution\n"
		if a.Solved {
			text = strings.Join(a.Rows, "\n") + "\n"
		}
		if _, err := io.WriteString(out, text); err != nil {
			return err
		}
	}
	return nil
}

// Solve solves one board given in its text (the judge format for a
// triangle) and returns an *Answer, telling a unique completion from
// several.
func (Game) Solve(ctx context.Context, text string, progress func(int64)) (any, error) {
	b, err := ParseBoard(text)
	if err != nil {
		return nil, err
	}
	return solve(ctx, b, progress, 2)
}

// OpCount is IQ's job of its own for the solver worker: a share of a
// count that several workers split. text is the board in the judge
// format, arg the share, "part parts" (two numbers apart by spaces; see
// CountPart), and the answer a CountAnswer.
const OpCount play.Op = "count"

// CountAnswer is the number of completions an OpCount counted.
type CountAnswer int64

// Ops lists IQ's own job, OpCount.
func (Game) Ops() []play.Op { return []play.Op{OpCount} }

// Run runs OpCount.
func (Game) Run(ctx context.Context, op play.Op, text, arg string, progress func(int64)) (jsonw.Appender, error) {
	if op != OpCount {
		return nil, msg.Errorf("iq has no job %.20q", string(op))
	}
	share, ok := play.Ints(arg)
	if !ok || len(share) != 2 {
		return nil, errors.New("count: the part is two numbers, part and parts")
	}
	n, err := CountPart(ctx, text, share[0], share[1], progress)
	if err != nil {
		return nil, err
	}
	return CountAnswer(n), nil
}
