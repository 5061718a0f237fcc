// Package preview draws the puzzle of a shared link as the page's Save…
// image draws it (app/draw), for wasm/preview to show while the page's
// own program is still downloading. It knows the nonogram only: the
// shared link the page is most often opened with, and the one measured
// (bench/loadtime).
package preview

import (
	"gridsolve/app/draw"
	"gridsolve/app/share/payload"
	"gridsolve/solvers/nonogram"
)

// maxSide is the largest nonogram side the page's editor opens (its
// nonoMaxSide): a link it refuses gets no preview either.
const maxSide = 50

// SVG is the picture of the puzzle in a link's fragment (with or without
// its '#'), and whether there is one: a link the page would refuse, to a
// game the preview does not draw, or no link at all gets none.
func SVG(fragment string) (svg string, ok bool) {
	game, data, err := payload.Split(fragment)
	if err != nil || game != "nonogram" {
		return "", false
	}
	text, err := payload.Inflate(data)
	if err != nil {
		return "", false
	}
	c, err := nonogram.ParseClues(text)
	if err != nil || len(c.Rows) > maxSide || len(c.Cols) > maxSide {
		return "", false
	}
	return draw.Nonogram(c, nil).SVG(), true
}
