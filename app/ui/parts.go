package ui

import (
	"encoding/json"
	"slices"
	"strings"

	"gridsolve/solvers"
)

// newEditors makes one editor of each game, in the order of the tabs
// (solvers.All's): a new game's editor is one more line here. Each game's
// home is app/ui/<game>.go: its editor, its images, its help panel and the
// parts below, so that the shared files name no game.
func newEditors() []editor {
	return []editor{newShips(), newFlip(), newIQ(), newNonogram(), newTetravex()}
}

// gameParts is what a game's home gives the page's shared code besides
// editing, as Tatham's game struct declares a game's drawing and colours:
// every editor has every part, none is found by type assertion.
type gameParts interface {
	// draw sketches the puzzle or, when answer, the solver's answer to it,
	// for Save… as SVG or PNG (see image.go).
	draw(answer bool) (*sketch, error)
	// colours are the page's colours (web/app.css) the images draw with too.
	colours() cssColours
	// help is the "How it works" panel's content (see help.go).
	help() gameHelp
	// input is what the board takes beyond every board's keys and clicks.
	input() boardInput
	// warmup is the puzzle web/solver.js deals and solves while the page
	// waits for the user.
	warmup() warmup
	// fileSize is the puzzle's size, as its file name and the status give
	// it; 0, 0 when it has none.
	fileSize() (w, h int)
	// marginChars is the width, in characters, of what the board draws
	// beside its cells (row clues), for Page.wide.
	marginChars() int
	// openShared loads the puzzle of a shared link (judge text) as the
	// person who opens it wants it: ready to play where the game can play
	// it, as New deals a puzzle, with editing one click away.
	openShared(text string) error
}

// boardInput is what a board takes beyond the keys every board takes
// (arrows, Space, Enter, X, the shortcuts): web/input.js reads it from the
// data attributes of #grid (see contract.go), so it knows no game.
type boardInput struct {
	keys     string // more KeyboardEvent.key values for the editor's key method, space-separated
	wheelKey string // the key a wheel turn over the board stands for, or ""
	// hover, when not nil, hears the cell under a mouse or pen (-1: off
	// the board), to preview a move there.
	hover func(cell int)
}

// takes reports whether key is one of the board's own keys.
func (in boardInput) takes(key string) bool {
	return slices.Contains(strings.Fields(in.keys), key)
}

// warmup is a puzzle web/solver.js deals and solves, as a Solve would,
// while the page waits for the user: V8 then has the solver's code
// optimised before the first Solve (see warm in solver.js).
type warmup struct {
	deal  solvers.Options // the size and level dealt; solver.js sets the seed
	clear string          // cells of the dealt text blanked ('.') before the solve
	order int             // the warm-up deals the games by order, meant quickest first
}

// Each game's warmup says what its deal and solve took natively (late in
// 2026).

// warmupEntry is a warmup as web/solver.js reads it.
type warmupEntry struct {
	Game  string `json:"game"`
	Clear string `json:"clear"`
	Order int    `json:"order"`
	W     int    `json:"w"`
	H     int    `json:"h"`
	Level int    `json:"level"`
}

// warmups is the warm-up table web/solver.js runs, as JSON (see
// gridsolveSolver.init in contract.go).
func warmups(eds []editor) string {
	table := make([]warmupEntry, len(eds))
	for i, ed := range eds {
		w := ed.warmup()
		table[i] = warmupEntry{ed.game(), w.clear, w.order, w.deal.W, w.deal.H, w.deal.Level}
	}
	text, _ := json.Marshal(table) // plain values: it cannot fail
	return string(text)
}
