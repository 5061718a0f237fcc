package ships

import (
	"context"
	"errors"
	"io"

	"gridsolve/solvers/jsonw"
	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
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
	tally := play.NewTally(progress)
	for k, b := range boards {
		v, err := judge(ctx, b, tally.Case(), nil)
		if err != nil {
			return err
		}
		tally.Ended(v.nodes)
		verdict := "no."
		if v.win {
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

// OpReplay is Ships' job of its own for the solver worker, the end of a
// game: text is the fleet, fully revealed as Generate deals it, and arg
// the shots in order, row-major cell numbers apart by spaces. The answer
// is a ReplayAnswer.
const OpReplay play.Op = "replay"

// ReplayAnswer is Replay's answer as the worker sends it: for each shot,
// whether the judge said yes on the board as it was just before.
type ReplayAnswer []bool

// Ops lists Ships' own job, OpReplay.
func (Game) Ops() []play.Op { return []play.Op{OpReplay} }

// Run runs OpReplay.
func (Game) Run(ctx context.Context, op play.Op, text, arg string, _ func(int64)) (jsonw.Appender, error) {
	if op != OpReplay {
		return nil, msg.Errorf("ships has no job %.20q", string(op))
	}
	shots, ok := play.Ints(arg)
	if !ok {
		return nil, errors.New("replay: shots are cell numbers")
	}
	sure, err := Replay(ctx, text, shots)
	if err != nil {
		return nil, err
	}
	return ReplayAnswer(sure), nil
}
