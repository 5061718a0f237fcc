package flip

// Goal is the colour a board must end in for the puzzle to be solved. The
// zero Goal is POJ 1753's rule, so a board that names none keeps it; so
// does any value but AllWhite and AllBlack, which every solve need not
// check.
//
// Simon Tatham's Flip is won only when every cell is light. Its light
// cells are gridsolve's white ones: a game ID's grid has 1 for a dark
// cell, drawn dark, and the game is complete when every bit is 0 (flip.c,
// execute_move), so Tatham's puzzles have the goal AllWhite.
type Goal uint8

const (
	Either   Goal = iota // all black or all white, whichever takes fewer presses
	AllWhite             // every cell white: Tatham's Flip, "light"
	AllBlack             // every cell black: "dark"
)

// Goals lists every goal, in the order a picker shows them.
var Goals = [...]Goal{Either, AllWhite, AllBlack}

// goalWords are the goals' words in the "w h" header (see format.go), and
// goalNames their names for people.
var (
	goalWords = [...]string{"either", "white", "black"}
	goalNames = [...]string{"one colour", "all white", "all black"}
)

// String names the goal for people, as in "Make the board all white.":
// "one colour", "all white" or "all black".
func (g Goal) String() string {
	if g > AllBlack {
		g = Either
	}
	return goalNames[g]
}

// colours is the goal's targets as a range of indexes into colors,
// black 0 and white 1.
func (g Goal) colours() (lo, hi int) {
	switch g {
	case AllWhite:
		return 1, 2
	case AllBlack:
		return 0, 1
	}
	return 0, 2
}

// Solved reports whether every cell of b has a colour its goal accepts.
func (b *Board) Solved() bool {
	lo, hi := b.Goal.colours()
	for _, black := range b.Black {
		if c := 1 - boolInt(black); black != b.Black[0] || c < lo || c >= hi {
			return false
		}
	}
	return true
}
