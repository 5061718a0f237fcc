package ui

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/draw"
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

// sketch is a drawing in cell units, written as SVG (see app/draw, which
// wasm/preview draws a shared link's puzzle with too).
type sketch = draw.Sketch

func newSketch(w, h float64) *sketch { return draw.NewSketch(w, h) }

// pngScale is how many PNG pixels stand for one SVG pixel: about 3000
// pixels on the longer side, 300 dpi on a printed A4 page, and never less
// than the SVG itself or more than the 8192 pixels a canvas surely takes.
func pngScale(w, h int) float64 {
	long := float64(max(w, h))
	return max(1, min(3000/long, 8192/long))
}

// ink is the colour of lines and text.
const ink = draw.Ink

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
	svg := s.SVG()
	if f.ext == ".svg" {
		download(newBlob(svg, "image/svg+xml"), name)
		t.say("done", "Saved "+name+" ("+f.name+").")
		return
	}
	w, h := s.Size()
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
