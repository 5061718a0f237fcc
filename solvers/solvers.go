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

// Options asks a generator for one new puzzle.
type Options struct {
	W, H int // board size; games with a fixed board ignore it
	// Level is the difficulty, 1 (easy) to 3 (hard); each game says what
	// its levels mean.
	Level int
	Seed  uint64 // the same options and seed give the same puzzle
}

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

// Hint is one step and why it is right.
type Hint struct {
	// Cells are the row-major board cells the step is about: the cells to
	// fill, press, shoot, or cover with a piece or card.
	Cells []int `json:"cells"`
	// Move says what to do there, in the game's own words: "fill", "empty",
	// "press", "shoot", a piece letter, a card number...
	Move string `json:"move"`
	// Reason is one sentence for a person: "Row 7, clue 3 5 in 10 cells:
	// cells 4–5 must be black."
	Reason string `json:"reason"`
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

// Format describes one puzzle format for people: "webpbn XML", ".xml",
// and a one-line example.
type Format struct {
	Name    string `json:"name"`
	Ext     string `json:"ext"` // file name extension, with its dot
	Example string `json:"example"`
	Export  bool   `json:"export"` // Export can write it, not just Import
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
