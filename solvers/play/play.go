// Package play holds the types shared by the games' generators, hints,
// format converters and worker jobs. It imports nothing of gridsolve but
// jsonw, so that the game packages can use these types while package
// solvers imports the games; package solvers re-exports them under the
// same names.
package play

import (
	"strconv"
	"strings"

	"gridsolve/solvers/jsonw"
)

// Op names a job the solver worker runs for the page (the op field of its
// request): the three below, which every game has through solvers.Game
// and solvers.Player, and those a game offers itself (solvers.Operator),
// declared in its package: ships.OpReplay, iq.OpCount.
type Op string

const (
	OpSolve    Op = "solve"    // solve the puzzle: solvers.Game's Solve
	OpHint     Op = "hint"     // one step from the player's position: solvers.Player's Hint
	OpGenerate Op = "generate" // deal a new puzzle: solvers.Player's Generate
	OpJudge    Op = "judge"    // a whole judge input, as the command line answers it: solvers.Game's Judge
	OpTrace    Op = "trace"    // the solver's steps, for the page's Step through: solvers.Tracer's Trace; arg: the most steps kept
)

// Options asks a generator for one new puzzle.
type Options struct {
	W, H int // board size; games with a fixed board ignore it
	// Level is the difficulty, 1 (easy) to 3 (hard); each game says what
	// its levels mean.
	Level int
	Seed  uint64 // the same options and seed give the same puzzle
	// Pieces, when not 0, asks a game that deals pieces on a board (IQ)
	// for that many placed, instead of the level's.
	Pieces int
	// Colours, when not 0, asks a game whose puzzles may be in colour
	// (Nonogram) for a puzzle in that many inks.
	Colours int
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

// AppendJSON writes h as encoding/json would.
func (h Hint) AppendJSON(w *jsonw.Writer) {
	w.Object("")
	w.Ints("cells", h.Cells)
	w.String("move", h.Move)
	w.String("reason", h.Reason)
	w.End()
}

// Format describes one puzzle format for people: "webpbn XML", ".xml",
// and a one-line example.
type Format struct {
	Name    string `json:"name"`
	Ext     string `json:"ext"` // file name extension, with its dot
	Example string `json:"example"`
	Export  bool   `json:"export"` // Export can write it, not just Import
}

// Ints reads the integers of s, apart by spaces, as the games' own ops
// take their arg; ok is false if a word is not an integer.
func Ints(s string) (n []int, ok bool) {
	for _, f := range strings.Fields(s) {
		i, err := strconv.Atoi(f)
		if err != nil {
			return nil, false
		}
		n = append(n, i)
	}
	return n, true
}

// CaseTexts writes each case of a judge input, as its parser gave them
// (or its error), in the case's own text: every game's judge-bench Cases.
func CaseTexts[T interface{ String() string }](cases []T, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(cases))
	for i, c := range cases {
		texts[i] = c.String()
	}
	return texts, nil
}
