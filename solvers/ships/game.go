package ships

import (
	"context"
	"io"

	"gridsolve/solvers/msg"
)

// Game is the ships puzzle behind the common solvers.Game interface.
type Game struct{}

func (Game) Name() string { return "ships" }

// Judge answers every game of the input with "yes." or "no.": whether the
// remaining ship cells can surely be found with at most one more miss.
func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	boards, err := Parse(in)
	if err != nil {
		return err
	}
	for k, b := range boards {
		win, err := decide(ctx, b, progress)
		if err != nil {
			return err
		}
		verdict := "no."
		if win {
			verdict = "yes."
		}
		if _, err := msg.Fprintf(out, "Game #%d\n%s\n\n", k+1, verdict); err != nil {
			return err
		}
	}
	return nil
}

// Solve analyses one game and returns an *Answer.
func (Game) Solve(ctx context.Context, text string, progress func(int64)) (any, error) {
	b, err := ParseBoard(text)
	if err != nil {
		return nil, err
	}
	return analyze(ctx, b, progress)
}
