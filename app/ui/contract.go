package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The contract between this Go code and the page's JavaScript (web/input.js,
// web/solver.js, web/boot.js), written down here once; each JS file points
// here. The JS knows no game: what differs between games reaches it as data
// from Go (the #grid attributes, the warm-up table).
//
// Window names:
//
//	gridsolveInput(kind, i, key, mods)   Go, called by input.js (jsInput)
//	gridsolveDropped                     input.js: the File dropped on the page, for kind "file" (jsDropped)
//	gridsolveSolver                      solver.js: the worker pool, called by Go (jsSolver; see solver.go)
//	gridsolveOffline                     boot.js, for tests: settles once an offline copy is kept
//	gridsolvePicture                     picture.js: decodes and scales a picture, called by Go (jsPicture; see below)
//
// gridsolveInput's kinds and arguments (i is -1 and key "" when unused):
//
//	"down"     i: the cell a stroke starts on; mods&modAlt: the other button, or a long press
//	"move"     i: the next cell the stroke enters (at most once a frame)
//	"up"       the stroke ends; "cancel": the browser took the pointer away
//	"key"      key: KeyboardEvent.key; mods: modShift, modCtrl, modOnBoard
//	"shiftup"  Shift was released (ends a Shift+arrows stroke)
//	"hover"    i: the cell under a mouse or pen, -1 off the board; only over a #grid with data-hover
//	"file"     a file was dropped on the page: it is in window.gridsolveDropped
//	"zoom"     Ctrl+wheel over the board's box: key "in" or "out"; a pinch there:
//	           i, the zoom in percent (at most once a frame)
//
// input.js sends a "key" for Escape and Ctrl+Enter anywhere, Ctrl+Z/Y and
// S outside a text field, and, on a focused board, the keys every board
// takes (arrows, Space, Enter, X, ".", and + = - 0, which zoom a board
// whose data-keys does not list them) and those its data-keys lists.
//
// Data attributes the JS reads:
//
//	#grid [data-i]        a cell's index, row-major (input.js)
//	#grid[data-hover]     the board hears "hover" (attrHover)
//	#grid[data-keys]      more board keys, space-separated KeyboardEvent.key values (attrKeys)
//	#grid[data-wheel-key] the key a wheel turn over the board stands for (attrWheelKey)
//	[data-zoom]           the board's box, around #grid: its zoom in percent, which a
//	                      pinch starts from; Ctrl+wheel and pinches over it zoom
//	[data-start]          a play timer's start, Unix ms: input.js shows the time since
//	#progress[data-job]   the job whose progress solver.js writes there (progressID)
//
// gridsolveSolver, called by Go (solver.go):
//
//	init(onEnd, warmups)  onEnd(id, kind, text): a job ended, kind "done" (text: the
//	                      worker's JSON result, UTF-8 bytes in a Uint8Array, or a
//	                      string) or "fail" (text: why); warmups: JSON,
//	                      the puzzles to warm up on, [{game, clear, order, w, h,
//	                      level}], run by order (see warmupEntry in parts.go)
//	post(id, op, game, text, position, options)   options {w, h, level, seed, pieces}
//	count(id, game, text)  a count split over several workers
//	race(id, ops, args, game, text)  the jobs ops (an array), each with its argument
//	                      (args[i], sent as the position), on one puzzle in a worker
//	                      each, the first ops as the machine has cores; the first
//	                      answer ends the job, a failed worker only its own part
//	                      until none is left
//	progress(id), cancel(id)   the job's progress line; cancel returns the last one
//	stop()
//	live(), jobs(), warmed()   for tests: the workers alive; the jobs running; the
//	                      games the last warm-up solved
//
// gridsolvePicture, called by Go (nonogram_picture.go); every promise
// resolves, never rejects:
//
//	head(file, n)   the file's first n bytes, a Uint8Array; null when it cannot be read
//	open(file)      decodes the picture (the one open before is closed): [width, height,
//	                an object URL of the file], or a string, why it cannot
//	pixels(w, h)    the open picture drawn on white at w×h, RGBA bytes (a
//	                Uint8ClampedArray); null when none is open
//	close()         forgets the picture open and its URL
//
// Events: solver.js dispatches "gridsolve-solver-ready" on window once the
// first worker has loaded the solvers (boot.js waits for it).
//
// The workers' messages (solver.js and worker.js to app.wasm in its worker
// role, wasm/app/worker.go, whose window names are gridsolveReady and
// gridsolveRun) are described at the top of web/worker.js. boot.js sets
// window.gridsolveModule, the page's compiled module, which solver.js
// sends to each worker.

// Window names (see above).
const (
	jsInput   = "gridsolveInput"
	jsDropped = "gridsolveDropped"
	jsSolver  = "gridsolveSolver"
	jsPicture = "gridsolvePicture"
)

// The mods bits of a gridsolveInput call.
const (
	modAlt     = 1 // down: the other button, or a long press
	modShift   = 2
	modCtrl    = 4 // Ctrl, or Cmd on macOS
	modOnBoard = 8 // the key was pressed with the board focused
)

// The data attributes of #grid that declare a board's input (without
// go-app's "data-" prefix).
const (
	attrHover    = "hover"
	attrKeys     = "keys"
	attrWheelKey = "wheel-key"
	attrZoom     = "zoom" // on the board's box, not #grid
)

// withInput puts a board's input (see boardInput) on its #grid.
func withInput(grid app.HTMLDiv, in boardInput) app.HTMLDiv {
	if in.hover != nil {
		grid = grid.DataSet(attrHover, 1)
	}
	if in.keys != "" {
		grid = grid.DataSet(attrKeys, in.keys)
	}
	if in.wheelKey != "" {
		grid = grid.DataSet(attrWheelKey, in.wheelKey)
	}
	return grid
}
