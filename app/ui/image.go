package ui

import (
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Images: every editor draws its puzzle, and its answer once solved, as a
// sketch (its draw method, in the game's home): a few shapes in cell
// units, written as SVG. Save… downloads the SVG, or a PNG the browser
// rasterises from it at print resolution.

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

// num writes a coordinate in the fewest digits that read back as the same
// number: 0.5 as "0.5", 2 as "2", a third as "0.3333333333333333".
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

// ink is the colour of lines and text.
const ink = "#222"

// cssColours are colours an image shares with the page, so that a saved
// picture looks like the board: each is the background a selector of
// web/app.css gives in light mode, and TestImageColoursMatchCSS holds
// the two equal.
type cssColours []struct{ selector, colour string }

// of is the colour of selector, "" when it has none here.
func (cs cssColours) of(selector string) string {
	for _, c := range cs {
		if c.selector == selector {
			return c.colour
		}
	}
	return ""
}

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
	s, err := t.ed.draw(f.answer)
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
