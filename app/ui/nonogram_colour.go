package ui

import (
	"fmt"
	"strconv"
	"strings"

	"gridsolve/solvers/nonogram"
)

// A colour nonogram in the editor: its clues are numbers on swatches of
// their inks, and a solution's cells are filled with the inks. Drawing,
// editing and playing colour puzzles is not done yet (see colourNote).

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

// inkAt is the ink of cell (x, y) in the solution shown, or -1 when none
// is shown or the cell is white.
func (e *nonogramEditor) inkAt(x, y int) int {
	a := e.answer
	if !e.clues.IsColour() || a == nil || a.Status == nonogram.None || e.mode == nonoPlay ||
		y >= len(a.Grid) || x >= len(a.Grid[y]) {
		return -1
	}
	for ink := range e.clues.Inks {
		if nonogram.InkLetter(ink) == a.Grid[y][x] {
			return ink
		}
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

// textOn is a readable text colour on the RGB (six hex digits): black on
// light inks, white on dark ones.
func textOn(rgb string) string {
	v, err := strconv.ParseUint(rgb, 16, 32)
	if err != nil {
		return "#000"
	}
	r, g, b := v>>16&255, v>>8&255, v&255
	if 299*r+587*g+114*b > 128*1000 {
		return "#000"
	}
	return "#fff"
}

// colourClueText writes colour clue lines as the judge text does: "3a 1b".
func colourClueText(lines, inks [][]int) string {
	var b strings.Builder
	for l, runs := range lines {
		if len(runs) == 0 {
			b.WriteString("0")
		}
		for k, n := range runs {
			if k > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d%c", n, nonogram.InkLetter(inks[l][k]))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// drawRun draws run k of line l in the unit square at (x, y) of an image:
// the number, on a swatch of its ink in a colour puzzle.
func (e *nonogramEditor) drawRun(s *sketch, x, y float64, n int, inks [][]int, l, k int) {
	fill := ink
	if e.clues.IsColour() {
		rgb := e.clues.Inks[inks[l][k]].RGB
		s.rect(x+0.05, y+0.05, 0.9, 0.9, "#"+rgb)
		fill = textOn(rgb)
	}
	s.text(x+0.5, y+0.5, 0.55, strconv.Itoa(n), fill)
}
