package tetravex

import (
	"context"
	"io"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Game is the tetravex puzzle behind the common solvers.Game interface.
type Game struct{}

func (Game) Name() string { return "tetravex" }

// Judge answers every game of the input with "Game k: Possible" or
// "Game k: Impossible", each followed by a blank line.
func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	puzzles, err := Parse(in)
	if err != nil {
		return err
	}
	tally := play.NewTally(progress)
	for i, p := range puzzles {
		a, nodes, err := solve(ctx, p, query{limit: 1}, tally.Case())
		if err != nil {
			return err
		}
		tally.Ended(nodes)
		verdict := "Impossible"
		if a.Possible {
			verdict = "Possible"
		}
		if _, err := msg.Fprintf(out, "Game %d: %s\n\n", i+1, verdict); err != nil {
			return err
		}
	}
	return nil
}

// Solve solves one game given in the judge format and returns an *Answer.
func (Game) Solve(ctx context.Context, text string, progress func(int64)) (any, error) {
	p, err := ParsePuzzle(text)
	if err != nil {
		return nil, err
	}
	return Solve(ctx, p, progress)
}
