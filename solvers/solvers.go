// Package solvers puts the five puzzle solvers behind one small interface,
// shared by the command-line front end and the browser's solver worker.
//
// Each puzzle lives in its own package (solvers/ships, solvers/flip, ...),
// pure Go with no syscall/js, so it is tested and benchmarked natively.
package solvers

import (
	"context"
	"io"

	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/jsonw"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/play"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
	"gridsolve/solvers/trace"
)

// Game is one kind of puzzle.
//
// progress, when not nil, is called now and then by long searches with the
// number of search nodes visited so far; ctx cancels a search.
type Game interface {
	// Name is the command-line name: ships, flip, iq, nonogram or tetravex.
	Name() string
	// Judge reads every instance in the judge text format from in, solves
	// them in order and writes the judge answers to out. Malformed input is
	// reported as an error before anything is written.
	Judge(ctx context.Context, in io.Reader, out io.Writer, progress func(nodes int64)) error
	// Solve solves one instance given in the judge text format (the format
	// the page imports and exports) and returns an answer detailed enough
	// for the page to draw it, which writes its own JSON (a jsonw.Appender,
	// as encoding/json would write it: the worker has no encoding/json).
	Solve(ctx context.Context, text string, progress func(nodes int64)) (any, error)
}

// Options, Hint and Format live in package play, which the game packages
// can import without a cycle.
type (
	Options = play.Options // asks a generator for one new puzzle
	Hint    = play.Hint    // one step and why it is right
	Format  = play.Format  // one puzzle format, described for people
	Op      = play.Op      // a job of the solver worker
)

// The jobs every game has (see Op).
const (
	OpSolve    = play.OpSolve
	OpHint     = play.OpHint
	OpGenerate = play.OpGenerate
	OpJudge    = play.OpJudge
	OpTrace    = play.OpTrace
)

// Player is implemented by games the page can deal and help with, on top
// of Game. Puzzles and positions are in the game's judge text format
// unless the game's package documents a position format of its own.
type Player interface {
	// Generate returns a new puzzle in the judge text format whose
	// solution is unique where the game promises that (see its docs).
	Generate(ctx context.Context, o Options) (string, error)
	// Hint returns one step towards solving puzzle from the player's
	// position, with the reason in one sentence, never the whole answer.
	Hint(ctx context.Context, puzzle, position string) (Hint, error)
}

// Converter is implemented by games that read and write puzzle formats
// other than their judge text (files from webpbn, Tatham's collection,
// puzz.link, a plain text grid...).
type Converter interface {
	// Import reads a puzzle in any format the game knows, detected from
	// the text itself, and returns it as judge text with the format's name.
	Import(text string) (judge string, format Format, err error)
	// Export writes a puzzle given as judge text in the format named.
	Export(judge, format string) (string, error)
	// Formats lists every format, the judge format first.
	Formats() []Format
}

// Operator is implemented by games with jobs of their own for the solver
// worker, beyond solve, hint and generate: Ships replays a finished game,
// IQ counts a share of a board's completions. The game's package declares
// each op as a constant and documents its text and arg.
type Operator interface {
	// Ops lists the game's own jobs, none of OpSolve, OpHint, OpGenerate.
	Ops() []Op
	// Run runs one of them on the puzzle text with its argument arg (the
	// request's position), and returns an answer that writes itself as
	// JSON. An op not in Ops or a malformed arg is an error.
	Run(ctx context.Context, op Op, text, arg string, progress func(nodes int64)) (jsonw.Appender, error)
}

// Tracer is implemented by games whose solver records its steps for the
// page's "Step through" view (see package trace).
type Tracer interface {
	// Trace solves the puzzle text as Solve does, recording up to limit
	// steps of the real search, and returns them with the starting board.
	Trace(ctx context.Context, text string, limit int) (trace.Trace, error)
}

// Bench is implemented by games the page's judge bench takes apart: it
// cuts a judge input into its cases, to open one in the editor and to
// name the case where two outputs part.
type Bench interface {
	// Cases cuts judge input into its cases in order, each the judge
	// text of that case alone (what the editor loads); malformed input
	// is the error Judge gives.
	Cases(judge string) ([]string, error)
	// Join is the judge input of the cases given, each one case's judge
	// text as Cases returns it: Cases(Join(c)) is c.
	Join(cases []string) string
	// CaseName names case i (from 0) as the problem's output does:
	// "Game #3" for Ships' third game.
	CaseName(i int) string
	// Sample is the sample input of the problem's statement, several
	// cases where the problem allows them.
	Sample() string
}

// All lists every game, in the order the page shows them.
var All = []Game{ships.Game{}, flip.Game{}, iq.Game{}, nonogram.Game{}, tetravex.Game{}}

// Lookup returns the game with the given name.
func Lookup(name string) (Game, bool) {
	for _, g := range All {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}

// NodeCount adds up the progress reports of a judge run, for the command
// line's -nodes and the page's judge bench. Some games count the nodes of
// each puzzle afresh, so a report smaller than the one before starts a new
// puzzle whose nodes come on top of the last puzzle's.
type NodeCount struct {
	done, last int64 // nodes of the finished puzzles; last report
}

// Add takes one progress report and returns the total so far.
func (c *NodeCount) Add(nodes int64) int64 {
	if nodes < c.last {
		c.done += c.last
	}
	c.last = nodes
	return c.Total()
}

// Total is the nodes of every report so far.
func (c *NodeCount) Total() int64 { return c.done + c.last }
