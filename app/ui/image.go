package ui

import (
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/iq"
	"gridsolve/solvers/tetravex"
)

// Images: every editor draws its puzzle, and its answer once solved, as a
// sketch: a few shapes in cell units, written as SVG. Save… downloads the
// SVG, or a PNG the browser rasterises from it at print resolution.

// drawer is an editor that can draw its puzzle or, when answer, the
// solver's answer to it.
type drawer interface {
	draw(answer bool) (*sketch, error)
}

// Errors for an answer image that cannot be drawn.
var (
	errNoAnswer   = errors.New("solve it first")
	errNoSolution = errors.New("the puzzle has no solution to draw")
)

// cellPx is the size of one cell unit in the SVG's own pixels; PNGs are
// drawn larger (see pngScale).
const cellPx = 32

// sketch is a drawing on a w×h area of cell units, with a half-unit margin
// around it and a caption line under it when there is one.
type sketch struct {
	w, h    float64
	caption string
	body    strings.Builder // SVG elements, in cell units
}

func newSketch(w, h float64) *sketch { return &sketch{w: w, h: h} }

// num writes a coordinate with at most three decimals.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func (s *sketch) rect(x, y, w, h float64, fill string) {
	fmt.Fprintf(&s.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(x), num(y), num(w), num(h), fill)
}

func (s *sketch) line(x1, y1, x2, y2, width float64) {
	fmt.Fprintf(&s.body, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="%s" stroke-linecap="square"/>`,
		num(x1), num(y1), num(x2), num(y2), num(width))
}

func (s *sketch) circle(cx, cy, r float64, fill, stroke string) {
	fmt.Fprintf(&s.body, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="0.08"/>`, num(cx), num(cy), num(r), fill, stroke)
}

// triangle fills the triangle through three points.
func (s *sketch) triangle(x1, y1, x2, y2, x3, y3 float64, fill string) {
	fmt.Fprintf(&s.body, `<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`, num(x1), num(y1), num(x2), num(y2), num(x3), num(y3), fill)
}

// text writes t centred on (x, y), size units high.
func (s *sketch) text(x, y, size float64, t, fill string) {
	fmt.Fprintf(&s.body, `<text x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%s</text>`,
		num(x), num(y), num(size), fill, html.EscapeString(t))
}

// grid draws the lines of a w×h grid of unit cells at (x, y), every
// thick-th line heavier as on printed nonograms (0 for none).
func (s *sketch) grid(x, y float64, w, h, thick int) {
	weight := func(i, n int) float64 {
		if i == 0 || i == n || (thick > 0 && i%thick == 0) {
			return 0.07
		}
		return 0.025
	}
	for i := 0; i <= w; i++ {
		s.line(x+float64(i), y, x+float64(i), y+float64(h), weight(i, w))
	}
	for j := 0; j <= h; j++ {
		s.line(x, y+float64(j), x+float64(w), y+float64(j), weight(j, h))
	}
}

// captionLines wraps the caption to the drawing's width, at about 0.3
// units a character, and never narrower than 24 characters.
func (s *sketch) captionLines() []string {
	width := max(24, int(s.w/0.3))
	var lines []string
	line := ""
	for _, word := range strings.Fields(s.caption) {
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

// size is the sketch's size in SVG pixels, margin and caption included.
// A caption wider than the drawing widens the picture.
func (s *sketch) size() (w, h int) {
	lines := s.captionLines()
	ch, cw := 0.0, s.w
	if len(lines) > 0 {
		ch = 0.4 + captionLine*float64(len(lines))
		for _, l := range lines {
			cw = max(cw, 0.3*float64(len(l)))
		}
	}
	return int((cw + 1) * cellPx), int((s.h + 1 + ch) * cellPx)
}

// svg writes the sketch as a standalone SVG document on a white ground.
func (s *sketch) svg() string {
	w, h := s.size()
	vw, vh := float64(w)/cellPx, float64(h)/cellPx
	x0 := -0.5 - (vw-1-s.w)/2 // a wide caption centres the drawing
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="%s -0.5 %s %s" font-family="Helvetica, Arial, sans-serif">`,
		w, h, num(x0), num(vw), num(vh))
	fmt.Fprintf(&b, `<rect x="%s" y="-0.5" width="%s" height="%s" fill="#fff"/>`, num(x0), num(vw), num(vh))
	b.WriteString(s.body.String())
	for i, l := range s.captionLines() {
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="0.5" fill="#222" text-anchor="middle" dominant-baseline="central">%s</text>`,
			num(s.w/2), num(s.h+0.4+captionLine*(float64(i)+0.5)), html.EscapeString(l))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// pngScale is how many PNG pixels stand for one SVG pixel: about 3000
// pixels on the longer side, 300 dpi on a printed A4 page, and never less
// than the SVG itself or more than the 8192 pixels a canvas surely takes.
func pngScale(w, h int) float64 {
	long := float64(max(w, h))
	return max(1, min(3000/long, 8192/long))
}

// Colours shared with the page (web/app.css): the IQ pieces and the
// tetravex edge values.
var (
	pieceColor = map[byte]string{'A': "#e6194b", 'B': "#3cb44b", 'C': "#ffe119", 'D': "#4a8fe7", 'E': "#f58231", 'F': "#b06ad6",
		'G': "#42d4f4", 'H': "#f032e6", 'I': "#bfef45", 'J': "#fabed4", 'K': "#c8a26b", 'L': "#a9a9ff"}
	valueColor = [10]string{"#f6f6f6", "#ffd6d6", "#ffe3c2", "#fff3b0", "#d8f5c8", "#c4ecec", "#cfe0ff", "#e2d4ff", "#f8d1ec", "#dcdcdc"}
)

const ink = "#222"

func (e *shipsEditor) draw(answer bool) (*sketch, error) {
	b, a := e.b, e.answer
	if answer && (a == nil || len(a.Known) != len(b.Cells)) {
		return nil, errNoAnswer
	}
	s := newSketch(float64(b.W), float64(b.H))
	for i, v := range b.Cells {
		x, y := float64(i%b.W), float64(i/b.W)
		switch {
		case v == 'x':
			s.rect(x, y, 1, 1, ink)
		case v == 'o':
			s.circle(x+0.5, y+0.5, 0.12, ink, "none")
		case answer && a.Known[i] == 'x':
			s.rect(x, y, 1, 1, "#f5a623")
		case answer && a.Known[i] == 'o':
			s.rect(x, y, 1, 1, "#d6ebff")
		case answer && len(a.Ship) == len(b.Cells):
			s.rect(x, y, 1, 1, fmt.Sprintf("rgba(245,166,35,%.2f)", 0.06+0.8*a.Ship[i]))
			s.text(x+0.5, y+0.5, 0.38, strconv.Itoa(int(a.Ship[i]*100+0.5)), ink)
		}
		if answer && i == a.Next {
			s.circle(x+0.5, y+0.5, 0.36, "none", "#d0021b")
		}
	}
	s.grid(0, 0, b.W, b.H, 0)
	if answer {
		s.caption = "Win with at most one more miss: no. Numbers: % of layouts with a ship there."
		if a.Win {
			s.caption = "Win with at most one more miss: yes. Numbers: % of layouts with a ship there."
		}
	}
	return s, nil
}

func (e *flipEditor) draw(answer bool) (*sketch, error) {
	b, a := e.cells, e.answer
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if !a.Possible {
			return nil, errNoSolution
		}
	}
	s := newSketch(float64(b.W), float64(b.H))
	for i, black := range b.Black {
		x, y := float64(i%b.W), float64(i/b.W)
		if black {
			s.rect(x, y, 1, 1, ink)
		}
		if answer && a.Presses.Has(i) {
			s.circle(x+0.5, y+0.5, 0.3, "none", "#d0021b")
		}
	}
	s.grid(0, 0, b.W, b.H, 0)
	if answer {
		colour := "white"
		if a.Color == "b" {
			colour = "black"
		}
		s.caption = fmt.Sprintf("Press the %d circled cells: every cell turns %s.", a.Count, colour)
	}
	return s, nil
}

func (e *iqEditor) draw(answer bool) (*sketch, error) {
	a := e.answer
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if !a.Solved || len(a.Rows) != iq.Size {
			return nil, errNoSolution
		}
	}
	s := newSketch(iq.Size, iq.Size)
	for r := range iq.Size {
		for c := range r + 1 {
			l := e.b.At(r, c)
			if l == iq.Empty && answer && c < len(a.Rows[r]) {
				l = a.Rows[r][c]
			}
			x, y := float64(c), float64(r)
			if color, ok := pieceColor[l]; ok {
				s.rect(x, y, 1, 1, color)
				s.text(x+0.5, y+0.5, 0.5, string(l), ink)
			}
			s.line(x, y, x+1, y, 0.03)
			s.line(x, y, x, y+1, 0.03)
		}
		s.line(float64(r+1), float64(r), float64(r+1), float64(r+1), 0.07) // the stair's right side
		s.line(float64(r), float64(r), float64(r+1), float64(r), 0.07)     // and its tread
	}
	s.line(0, 0, 0, iq.Size, 0.07)
	s.line(0, iq.Size, iq.Size, iq.Size, 0.07)
	return s, nil
}

func (e *nonogramEditor) draw(answer bool) (*sketch, error) {
	c, a := e.clues, e.answer
	w, h := len(c.Cols), len(c.Rows)
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if a.Status == "none" || len(a.Grid) != h {
			return nil, errNoSolution
		}
	}
	// Clues take one unit per number, left of the rows and above the columns.
	left, top := 1, 1
	for _, r := range c.Rows {
		left = max(left, len(r))
	}
	for _, col := range c.Cols {
		top = max(top, len(col))
	}
	s := newSketch(float64(left+w), float64(top+h))
	x0, y0 := float64(left), float64(top)
	for y, runs := range c.Rows {
		for k, n := range runs {
			s.text(x0-float64(len(runs)-k)+0.5, y0+float64(y)+0.5, 0.55, strconv.Itoa(n), ink)
		}
	}
	for x, runs := range c.Cols {
		for k, n := range runs {
			s.text(x0+float64(x)+0.5, y0-float64(len(runs)-k)+0.5, 0.55, strconv.Itoa(n), ink)
		}
	}
	if answer {
		for y, row := range a.Grid {
			for x := range min(len(row), w) {
				if row[x] == '#' {
					s.rect(x0+float64(x), y0+float64(y), 1, 1, ink)
				}
			}
		}
		if a.Status == "multiple" {
			s.caption = "One of several solutions."
		}
	}
	s.grid(x0, y0, w, h, 5)
	return s, nil
}

// card is the size of a tetravex card in cell units, and gap the space
// between cards not yet placed.
const (
	card = 2.0
	gap  = 0.25
)

func (e *tetravexEditor) draw(answer bool) (*sketch, error) {
	p, a := e.puzzle, e.answer
	order := make([]int, len(p.Cards))
	for i := range order {
		order[i] = i
	}
	step := card + gap
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if !a.Possible || len(a.Place) != len(order) {
			return nil, errNoSolution
		}
		order, step = a.Place, card // a solved board: the cards touch
	}
	side := float64(p.N-1)*step + card
	s := newSketch(side, side)
	for i, k := range order {
		drawCard(s, float64(i%p.N)*step, float64(i/p.N)*step, p.Cards[k])
	}
	return s, nil
}

// drawCard draws a card as four triangles meeting in its centre, each
// coloured and labelled by its edge value.
func drawCard(s *sketch, x, y float64, c tetravex.Card) {
	cx, cy := x+card/2, y+card/2
	corners := [5][2]float64{{x, y}, {x + card, y}, {x + card, y + card}, {x, y + card}, {x, y}}
	for side := range 4 { // top, right, bottom, left: between corners side and side+1
		p, q := corners[side], corners[side+1]
		v := c[side]
		s.triangle(p[0], p[1], q[0], q[1], cx, cy, valueColor[v%10])
		// The label sits a third of the way from the edge's middle to the centre.
		lx, ly := (p[0]+q[0])/2, (p[1]+q[1])/2
		s.text(lx+(cx-lx)/2.6, ly+(cy-ly)/2.6, 0.55, strconv.Itoa(v), ink)
	}
	s.line(x, y, x+card, y+card, 0.02)
	s.line(x+card, y, x, y+card, 0.02)
	for side := range 4 {
		p, q := corners[side], corners[side+1]
		s.line(p[0], p[1], q[0], q[1], 0.05)
	}
}

// Check at compile time that every editor draws.
var _ = []drawer{(*shipsEditor)(nil), (*flipEditor)(nil), (*iqEditor)(nil), (*nonogramEditor)(nil), (*tetravexEditor)(nil)}

// imageFormat is a Save… choice that writes a picture, not a puzzle text.
type imageFormat struct {
	name, ext string
	answer    bool // the solver's answer rather than the puzzle
}

// images are offered after the game's puzzle formats.
var images = []imageFormat{
	{"puzzle image", ".svg", false}, {"puzzle image", ".png", false},
	{"answer image", ".svg", true}, {"answer image", ".png", true},
}

// saveImage downloads the shown puzzle, or its answer, as an image: the
// SVG as it is, or a PNG the browser rasterises from it (asynchronously:
// the status says when it is saved).
func (p *Page) saveImage(ctx app.Context, t *tab, f imageFormat) {
	d, ok := t.ed.(drawer)
	if !ok {
		t.say("error", "This puzzle cannot be drawn as an image.")
		return
	}
	s, err := d.draw(f.answer)
	if err != nil {
		t.say("error", "No "+f.name+": "+err.Error()+".")
		return
	}
	kind := ""
	if f.answer {
		kind = "-answer"
	}
	name := fileName(t.ed, kind+f.ext)
	svg := s.svg()
	if f.ext == ".svg" {
		download(newBlob(svg, "image/svg+xml"), name)
		t.say("done", "Saved "+name+" ("+f.name+").")
		return
	}
	w, h := s.size()
	scale := pngScale(w, h)
	pw, ph := int(float64(w)*scale+0.5), int(float64(h)*scale+0.5)
	t.say("busy", "Drawing "+name+"…")
	win := app.Window()
	url := win.Get("URL").Call("createObjectURL", newBlob(svg, "image/svg+xml"))
	img := win.Get("Image").New()
	var onload, onerror, saved app.Func
	release := func() {
		win.Get("URL").Call("revokeObjectURL", url)
		onload.Release()
		onerror.Release()
	}
	fail := func(why string) {
		ctx.Dispatch(func(ctx app.Context) { t.say("error", "Could not draw "+name+": "+why+".") })
	}
	onload = app.FuncOf(func(app.Value, []app.Value) any {
		canvas := win.Get("document").Call("createElement", "canvas")
		canvas.Set("width", pw)
		canvas.Set("height", ph)
		canvas.Call("getContext", "2d").Call("drawImage", img, 0, 0, pw, ph)
		release()
		saved = app.FuncOf(func(_ app.Value, args []app.Value) any {
			saved.Release()
			if len(args) == 0 || !args[0].Truthy() {
				fail("the browser made no PNG")
				return nil
			}
			download(args[0], name)
			ctx.Dispatch(func(ctx app.Context) {
				t.say("done", fmt.Sprintf("Saved %s (%s, %d×%d pixels).", name, f.name, pw, ph))
			})
			return nil
		})
		canvas.Call("toBlob", saved, "image/png")
		return nil
	})
	onerror = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		fail("the browser could not read the SVG")
		return nil
	})
	img.Set("onload", onload)
	img.Set("onerror", onerror)
	img.Set("src", url)
}
