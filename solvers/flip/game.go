// Package flip solves the Flip game (POJ 1753), a Lights Out variant:
// pressing a cell flips it and its orthogonal neighbours, and the answer is
// the fewest presses that bring the board to its goal: one colour, black or
// white, as POJ 1753 asks (the default), or all white, as Simon Tatham's
// Flip asks, or all black (see Goal).
//
// The judge format is POJ's: boards of 16 cells, b (black) or w (white),
// read as a 4×4 board row by row, with whitespace ignored, one board after
// another until the end of the input. The answer to each is one line: the
// fewest presses, or "Impossible".
//
// The page also uses a sized text format for any size up to
// MaxSide×MaxSide, which carries the goal (see format.go): a "w h" header
// line, with the goal's word after it unless it is either colour, then h
// lines of w cells:
//
//	5 3 white
//	bwwbb
//	wwbbw
//	bbbww
//
// Without the header, 16 cells are a 4×4 judge board. ParseBoard reads both
// forms and Board.String writes the sized one. The judge reads boards in
// the sized form too, one after another, when its input starts with a
// header.
//
// For play mode, Generate deals solvable boards whose level is their
// fewest-press count, Hint names one press of a fewest-press solution
// from the player's board, and Board.Solved says when the goal is met.
// Import and Export also read and write Simon Tatham's Flip game IDs
// (crosses only, goal all white) and plain # and . grids.
package flip

import (
	"context"
	"io"

	"gridsolve/solvers/msg"
)

// maxInput caps the judge input read.
const maxInput = 8 << 20

// judgeBatch is how many judge boards share one setup of their system
// (see firstRows).
const judgeBatch = 30

// Game is the flip puzzle behind the common solvers.Game interface.
type Game struct{}

func (Game) Name() string { return "flip" }

// Judge answers every board of the judge input, one line each: 4×4 boards,
// or sized boards, which may name their goals, when the input starts with
// a "w h" header.
func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	data, err := io.ReadAll(io.LimitReader(in, maxInput+1))
	if err != nil {
		return msg.Errorf("flip: reading input: %w", err)
	}
	if len(data) > maxInput {
		return msg.Errorf("flip: input is larger than %d bytes", maxInput)
	}
	boards, err := parseJudge(data)
	if err != nil {
		return err
	}
	answers := make([]*Answer, judgeBatch)
	for start, end := 0, 0; start < len(boards); start = end {
		// A batch is boards of one shape (see solveAll).
		for end = start + 1; end < len(boards) && end-start < judgeBatch &&
			boards[end].W == boards[start].W && boards[end].H == boards[start].H; end++ {
		}
		batch := boards[start:end]
		if err := solveAll(ctx, batch, answers, nil); err != nil {
			return err
		}
		for j, a := range answers[:len(batch)] {
			i := start + j
			if (i+1)%checkEvery == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if progress != nil {
				progress(int64(i + 1)) // a board is a node: boards are solved in batches
			}
			line := []byte("Impossible\n")
			if a.Possible {
				line = msg.Appendf(nil, "%d\n", a.Count)
			}
			if _, err := out.Write(line); err != nil {
				return err
			}
		}
	}
	return nil
}

// Solve solves one board in either text form ParseBoard reads and returns
// its *Answer.
func (Game) Solve(ctx context.Context, text string, progress func(int64)) (any, error) {
	b, err := ParseBoard(text)
	if err != nil {
		return nil, err
	}
	return solve(ctx, b, progress)
}
