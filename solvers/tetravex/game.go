package tetravex

import (
	"context"
	"io"

	"gridsolve/solvers/msg"
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
	var done int64 // nodes of the games already solved, so progress only grows
	report := progress
	for i, p := range puzzles {
		if progress != nil {
			report = func(nodes int64) { progress(done + nodes) }
		}
		a, nodes, err := solve(ctx, p, query{limit: 1}, report)
		if err != nil {
			return err
		}
		done += nodes
		if progress != nil {
			progress(done) // each game's nodes in full, which the page's judge bench shows
		}
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
