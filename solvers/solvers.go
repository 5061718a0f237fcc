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
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
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
	// the page imports and exports) and returns a JSON-encodable answer
	// detailed enough for the page to draw it.
	Solve(ctx context.Context, text string, progress func(nodes int64)) (any, error)
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
