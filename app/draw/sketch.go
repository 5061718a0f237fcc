// Package draw draws puzzles as pictures: a Sketch is a few shapes in cell
// units, written as SVG. The page's Save… images are drawn with it, and
// so is the preview a shared link shows before the page's program has
// arrived (wasm/preview). It is plain Go, without the page's framework
// and without fmt (see solvers/msg), so that the preview stays small.
package draw

import (
	"html"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
)

// cellPx is the size of one cell unit in the SVG's own pixels.
const cellPx = 32

// Ink is the colour of lines and text.
const Ink = "#222"

// Sketch is a drawing on a W×H area of cell units, with a half-unit margin
// around it and a caption line under it when there is one.
type Sketch struct {
	W, H    float64
	Caption string
	Body    strings.Builder // SVG elements, in cell units
}

// NewSketch starts a drawing of w×h cell units.
func NewSketch(w, h float64) *Sketch { return &Sketch{W: w, H: h} }

// num writes a coordinate in the fewest digits that read back as the same
// number: 0.5 as "0.5", 2 as "2", a third as "0.3333333333333333".
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func (s *Sketch) Rect(x, y, w, h float64, fill string) {
	msg.Fprintf(&s.Body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(x), num(y), num(w), num(h), fill)
}

func (s *Sketch) Line(x1, y1, x2, y2, width float64) {
	msg.Fprintf(&s.Body, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="%s" stroke-linecap="square"/>`,
		num(x1), num(y1), num(x2), num(y2), num(width))
}

func (s *Sketch) Circle(cx, cy, r float64, fill, stroke string) {
	msg.Fprintf(&s.Body, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="0.08"/>`, num(cx), num(cy), num(r), fill, stroke)
}

// Triangle fills the triangle through three points.
func (s *Sketch) Triangle(x1, y1, x2, y2, x3, y3 float64, fill string) {
	msg.Fprintf(&s.Body, `<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`, num(x1), num(y1), num(x2), num(y2), num(x3), num(y3), fill)
}

// Text writes t centred on (x, y), size units high.
func (s *Sketch) Text(x, y, size float64, t, fill string) {
	msg.Fprintf(&s.Body, `<text x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%s</text>`,
		num(x), num(y), num(size), fill, html.EscapeString(t))
}

// Grid draws the lines of a w×h grid of unit cells at (x, y), every
// thick-th line heavier as on printed nonograms (0 for none).
func (s *Sketch) Grid(x, y float64, w, h, thick int) {
	weight := func(i, n int) float64 {
		if i == 0 || i == n || (thick > 0 && i%thick == 0) {
			return 0.07
		}
		return 0.025
	}
	for i := 0; i <= w; i++ {
		s.Line(x+float64(i), y, x+float64(i), y+float64(h), weight(i, w))
	}
	for j := 0; j <= h; j++ {
		s.Line(x, y+float64(j), x+float64(w), y+float64(j), weight(j, h))
	}
}

// captionLines wraps the caption to the drawing's width, at about 0.3
// units a character, and never narrower than 24 characters.
func (s *Sketch) captionLines() []string {
	width := max(24, int(s.W/0.3))
	var lines []string
	line := ""
	for _, word := range strings.Fields(s.Caption) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// captionLine is the height of a caption line, in cell units.
const captionLine = 0.8

// Size is the sketch's size in SVG pixels, margin and caption included.
// A caption wider than the drawing widens the picture.
func (s *Sketch) Size() (w, h int) {
	lines := s.captionLines()
	ch, cw := 0.0, s.W
	if len(lines) > 0 {
		ch = 0.4 + captionLine*float64(len(lines))
		for _, l := range lines {
			cw = max(cw, 0.3*float64(len(l)))
		}
	}
	return int((cw + 1) * cellPx), int((s.H + 1 + ch) * cellPx)
}

// SVG writes the sketch as a standalone SVG document on a white ground.
func (s *Sketch) SVG() string {
	w, h := s.Size()
	vw, vh := float64(w)/cellPx, float64(h)/cellPx
	x0 := -0.5 - (vw-1-s.W)/2 // a wide caption centres the drawing
	var b strings.Builder
	msg.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="%s -0.5 %s %s" font-family="Helvetica, Arial, sans-serif">`,
		w, h, num(x0), num(vw), num(vh))
	msg.Fprintf(&b, `<rect x="%s" y="-0.5" width="%s" height="%s" fill="#fff"/>`, num(x0), num(vw), num(vh))
	b.WriteString(s.Body.String())
	for i, l := range s.captionLines() {
		msg.Fprintf(&b, `<text x="%s" y="%s" font-size="0.5" fill="#222" text-anchor="middle" dominant-baseline="central">%s</text>`,
			num(s.W/2), num(s.H+0.4+captionLine*(float64(i)+0.5)), html.EscapeString(l))
	}
	b.WriteString("</svg>\n")
	return b.String()
}
