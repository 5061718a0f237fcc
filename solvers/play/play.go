// Package play holds the types shared by the games' generators, hints and
// format converters. It imports nothing of gridsolve, so that the game
// packages can use these types while package solvers imports the games;
// package solvers re-exports them under the same names.
package play

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

// Format describes one puzzle format for people: "webpbn XML", ".xml",
// and a one-line example.
type Format struct {
	Name    string `json:"name"`
	Ext     string `json:"ext"` // file name extension, with its dot
	Example string `json:"example"`
	Export  bool   `json:"export"` // Export can write it, not just Import
}
