package tetravex

import (
	"context"
	"errors"
	"io"
)

// Game is the tetravex puzzle behind the common solvers.Game interface.
type Game struct{}

func (Game) Name() string { return "tetravex" }

func (Game) Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(int64)) error {
	return errors.New("tetravex: not implemented yet")
}

func (Game) Solve(ctx context.Context, text string, progress func(int64)) (any, error) {
	return nil, errors.New("tetravex: not implemented yet")
}
