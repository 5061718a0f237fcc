package ui

import (
	"fmt"
	"strings"

	"gridsolve/app/draw"
	"gridsolve/solvers/nonogram"
)

// A colour nonogram in the editor: its clues are numbers on swatches of
// their inks, cells are filled with the inks, and a palette of 2 to
// nonoMaxInks inks is edited beside the board. Black and white is the
// one-ink case: it has no palette (Clues.Inks is nil), a puzzle becomes
// colour when an ink is added and black and white again when one is left.
// Everywhere the editor keeps a cell, it is by the judge text's bytes:
// '#' (black) or an ink's letter for a filled cell, 'x' dotted, '.' not
// known or white; a picture keeps 0 for white and k for ink k-1.

// nonoMaxInks is the most inks the editor gives a colour puzzle.
const nonoMaxInks = 5

// newInks are the inks Add colour offers, in order, skipping those in use.
var newInks = []nonogram.Ink{
	{Name: "red", RGB: "e02020"}, {Name: "blue", RGB: "2060d0"}, {Name: "green", RGB: "20a040"},
	{Name: "orange", RGB: "f09020"}, {Name: "purple", RGB: "8040c0"}, {Name: "brown", RGB: "805020"},
}

// inkOfCell is the ink of a cell byte in a puzzle of inks colours, or -1
// (see draw.InkOfCell).
func inkOfCell(v byte, inks int) int { return draw.InkOfCell(v, inks) }

// cellOfInk is the byte of a cell filled with ink k: the inverse of inkOfCell.
func cellOfInk(k, inks int) byte {
	if inks == 0 {
		return filled
	}
	return nonogram.InkLetter(k)
}

// picChar is how the snapshot writes a picture's cell v.
func (e *nonogramEditor) picChar(v int) byte {
	if v == 0 {
		return '.'
	}
	return cellOfInk(v-1, len(e.clues.Inks))
}

// fill is what the picker's ink fills a cell with in play.
func (e *nonogramEditor) fill() byte { return cellOfInk(e.ink, len(e.clues.Inks)) }

// playable reports whether v is a cell of the player's grid: unknown,
// dotted or filled with one of the puzzle's inks.
func (e *nonogramEditor) playable(v byte) bool {
	return v == unknown || v == dotted || inkOfCell(v, len(e.clues.Inks)) >= 0
}

// lineInks is line l's inks, nil in a black and white puzzle.
func lineInks(inks [][]int, l int) []int {
	if inks == nil {
		return nil
	}
	return inks[l]
}

// cluesOfPicture is the clues of a picture (0 white, k ink k-1) in the
// palette inks, nil for black and white.
func cluesOfPicture(pic [][]int, inks []nonogram.Ink) *nonogram.Clues {
	if inks != nil {
		return nonogram.ColourCluesOf(pic, inks)
	}
	return nonogram.CluesOf(blackCells(pic, nil))
}

// blackCells is a black and white picture's cells as CluesOf reads them,
// written into reuse when it has the picture's size: a stroke paints
// many cells, and each derives the clues again.
func blackCells(pic [][]int, reuse [][]bool) [][]bool {
	w := 0
	if len(pic) > 0 {
		w = len(pic[0])
	}
	black := reuse
	if len(black) != len(pic) || len(black) > 0 && len(black[0]) != w {
		cells := make([]bool, len(pic)*w)
		black = make([][]bool, len(pic))
		for y := range black {
			black[y] = cells[y*w : (y+1)*w : (y+1)*w]
		}
	}
	for y, row := range pic {
		for x, v := range row {
			black[y][x] = v > 0
		}
	}
	return black
}

// inkLabel puts an ink's name in a cell's spoken label for its colour.
func inkLabel(label, name string) string {
	for _, word := range []string{"black", "filled", "empty"} {
		if strings.Contains(label, word) {
			return strings.Replace(label, word, name, 1)
		}
	}
	return name + ", " + label
}

// splitRunInk splits a typed run "3a" of a puzzle of inks colours into its
// digits and ink (-1 in black and white), or says what is wrong with it.
func splitRunInk(f string, inks int) (digits string, ink int, err error) {
	last := f[len(f)-1]
	letter := last < '0' || last > '9'
	switch {
	case f == "0":
		return f, -1, nil
	case inks == 0 && letter:
		return "", -1, fmt.Errorf("%q names a colour, but this puzzle is black and white: add a colour first", clip(f, 12))
	case inks == 0:
		return f, -1, nil
	case !letter:
		return "", -1, fmt.Errorf("%q has no colour: write its letter after it, as in %sa", clip(f, 12), clip(f, 12))
	}
	if ink = inkOfCell(last, inks); ink < 0 {
		return "", -1, fmt.Errorf("%q: the colours are the letters a to %c", clip(f, 12), nonogram.InkLetter(inks-1))
	}
	return f[:len(f)-1], ink, nil
}

// writeRun writes run k of line l as a clue number: plain for a black and
// white puzzle, on a swatch of its ink for a colour one.
func (e *nonogramEditor) writeRun(b *strings.Builder, n int, inks [][]int, l, k int) {
	if !e.clues.IsColour() {
		fmt.Fprintf(b, `<span>%d</span>`, n)
		return
	}
	ink := inks[l][k]
	rgb := e.clues.Inks[ink].RGB
	fmt.Fprintf(b, `<span class="ink" style="background:#%s;color:%s" title="%s">%d</span>`,
		rgb, textOn(rgb), inkName(e.clues, ink), n)
}

// inkAt is the ink cell (x, y) shows in a colour puzzle: the player's in
// play, else the solution's when one is shown, else the picture's or the
// given cell's; -1 for white, unknown or dotted, and in black and white.
func (e *nonogramEditor) inkAt(x, y int) int {
	n := len(e.clues.Inks)
	if n == 0 {
		return -1
	}
	i := y*e.width() + x
	if e.mode == nonoPlay {
		return inkOfCell(e.grid[i], n)
	}
	if a := e.answer; a != nil && a.Status != nonogram.None && y < len(a.Grid) && x < len(a.Grid[y]) {
		return inkOfCell(a.Grid[y][x], n)
	}
	if e.mode == nonoDraw {
		return e.pic[y][x] - 1
	}
	if e.given(i) {
		return inkOfCell(e.clues.Given[i], n)
	}
	return -1
}

// inkStyle is the inline style filling cell (x, y) with its ink, or "".
func (e *nonogramEditor) inkStyle(x, y int) string {
	if ink := e.inkAt(x, y); ink >= 0 {
		return "background:#" + e.clues.Inks[ink].RGB
	}
	return ""
}

// inkName is how people are told ink i: its name, else its letter.
func inkName(c *nonogram.Clues, i int) string {
	if name := c.Inks[i].Name; name != "" {
		return name
	}
	return "colour " + string(nonogram.InkLetter(i))
}

// textOn is a readable text colour on the RGB (six hex digits).
func textOn(rgb string) string { return draw.TextOn(rgb) }
