package draw

import (
	"strconv"

	"gridsolve/solvers/nonogram"
)

// Nonogram draws a nonogram: its clues around an empty grid, ruled every
// five cells as printed nonograms are, with its given cells; a non-nil
// answer (one with a solution) fills in the picture.
func Nonogram(c *nonogram.Clues, a *nonogram.Answer) *Sketch {
	w, h := len(c.Cols), len(c.Rows)
	// Clues take one unit per number, left of the rows and above the columns.
	left, top := 1, 1
	for _, r := range c.Rows {
		left = max(left, len(r))
	}
	for _, col := range c.Cols {
		top = max(top, len(col))
	}
	s := NewSketch(float64(left+w), float64(top+h))
	x0, y0 := float64(left), float64(top)
	for y, runs := range c.Rows {
		for k, n := range runs {
			drawRun(s, c, x0-float64(len(runs)-k), y0+float64(y), n, c.RowInks, y, k)
		}
	}
	for x, runs := range c.Cols {
		for k, n := range runs {
			drawRun(s, c, x0+float64(x), y0-float64(len(runs)-k), n, c.ColInks, x, k)
		}
	}
	for i, g := range c.Given { // the puzzle's own cells, as Pattern prints them
		x, y := x0+float64(i%w), y0+float64(i/w)
		if k := InkOfCell(g, len(c.Inks)); k >= 0 {
			s.Rect(x, y, 1, 1, inkColour(c, k))
		} else if g == nonogram.GivenWhite {
			s.Circle(x+0.5, y+0.5, 0.12, Ink, "none")
		}
	}
	if a != nil {
		for y, row := range a.Grid {
			for x := range min(len(row), w) {
				if k := InkOfCell(row[x], len(c.Inks)); k >= 0 {
					s.Rect(x0+float64(x), y0+float64(y), 1, 1, inkColour(c, k))
				}
			}
		}
		if a.Status == nonogram.Multiple {
			s.Caption = "One of several solutions."
		}
	}
	s.Grid(x0, y0, w, h, 5)
	return s
}

// InkOfCell is the ink of a cell byte in a puzzle of inks colours (0 for
// black and white, whose one ink is '#'), or -1 for a white, dotted or
// unknown cell.
func InkOfCell(v byte, inks int) int {
	if inks == 0 {
		if v == nonogram.GivenBlack {
			return 0
		}
		return -1
	}
	for k := range inks {
		if nonogram.InkLetter(k) == v {
			return k
		}
	}
	return -1
}

// inkColour is the CSS colour of ink k: black in a black and white puzzle.
func inkColour(c *nonogram.Clues, k int) string {
	if !c.IsColour() {
		return Ink
	}
	return "#" + c.Inks[k].RGB
}

// TextOn is a readable text colour on the RGB (six hex digits): black on
// light inks, white on dark ones.
func TextOn(rgb string) string {
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

// drawRun draws run k of line l in the unit square at (x, y): the number,
// on a swatch of its ink in a colour puzzle.
func drawRun(s *Sketch, c *nonogram.Clues, x, y float64, n int, inks [][]int, l, k int) {
	fill := Ink
	if c.IsColour() {
		rgb := c.Inks[inks[l][k]].RGB
		s.Rect(x+0.05, y+0.05, 0.9, 0.9, "#"+rgb)
		fill = TextOn(rgb)
	}
	s.Text(x+0.5, y+0.5, 0.55, strconv.Itoa(n), fill)
}
