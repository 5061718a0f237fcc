package ui

import (
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/picture"
	"gridsolve/solvers/nonogram"
)

// Open a picture as a nonogram: a PNG, JPEG, GIF or WebP opened or
// dropped on the Nonogram tab comes up in a dialog, scaled to a chosen
// size in cells, black and white by a threshold or reduced to a few
// colours, with a preview; "Use this picture" makes it the drawn picture,
// one undo step, and the designer's check (or a Solve, where the check
// does not run) says at once whether its clues have one solution. The
// browser decodes and scales the picture (web/picture.js), so app.wasm
// carries no image decoder; app/picture counts the pixels.

// pictureLong is the long side, in cells, a picture opens at.
const pictureLong = 20

// maxPictureFile bounds a picture file read.
const maxPictureFile = 64 << 20

// pictureDialog is the dialog's state, kept by the nonogram editor but in
// no snapshot: a reload closes it.
type pictureDialog struct {
	open   bool
	seq    int    // counts the pictures opened: a late answer about an earlier one is dropped
	name   string // the file's name, clipped
	note   string // what the dialog says: reading, or why the picture cannot be opened
	failed bool   // the note is an error
	url    string // an object URL of the file, for the <img> (web/picture.js keeps it)
	nw, nh int    // the picture's size in pixels, once decoded
	w, h   int    // its size in cells
	free   bool   // width and height are set apart (Keep proportions unticked)
	colour bool   // reduce to colours, not black and white
	level  int    // black and white: cells darker than it are black
	inks   int    // colour: how many inks at most
	scaled picture.Image
	cells  []int         // the result, row-major: 0 white, k ink k-1
	rgb    []picture.RGB // its inks' colours (black and white: none)
}

// decoded sets the size of a picture just decoded, nw×nh pixels: at most
// pictureLong cells on its long side.
func (d *pictureDialog) decoded(nw, nh int) {
	d.nw, d.nh, d.note, d.failed = nw, nh, "", false
	d.w, d.h = picture.Fit(nw, nh, min(pictureLong, max(nw, nh)))
}

// setScaled takes the picture scaled to the cells; the first one sets
// the threshold that best parts its dark and light.
func (d *pictureDialog) setScaled(m picture.Image, first bool) {
	d.scaled = m
	if first {
		d.level = picture.Otsu(m)
	}
	d.reduce()
}

// reduce works out the cells from the scaled picture.
func (d *pictureDialog) reduce() {
	if d.scaled.W != d.w || d.scaled.H != d.h {
		d.cells, d.rgb = nil, nil
		return
	}
	if !d.colour {
		d.cells, d.rgb = picture.Threshold(d.scaled, d.level), nil
		return
	}
	d.cells, d.rgb = picture.Quantise(d.scaled, d.inks)
	if len(d.rgb) == 1 { // one ink: a black and white puzzle
		d.rgb = nil
	}
}

// tool applies a control of the dialog; rescale says the picture must
// be scaled again for a new size.
func (d *pictureDialog) tool(name, value string) (rescale bool, err error) {
	n, nerr := strconv.Atoi(strings.TrimSpace(value))
	switch name {
	case "w", "h":
		if nerr != nil {
			return false, fmt.Errorf("%q is not a number of cells.", clip(value, 12))
		}
		switch {
		case d.free && name == "w":
			d.w = max(1, min(nonoMaxSide, n))
		case d.free:
			d.h = max(1, min(nonoMaxSide, n))
		default:
			d.w, d.h = picture.Keep(d.nw, d.nh, n, name == "w")
		}
		return true, nil
	case "keep":
		d.free = value != "true"
		if !d.free {
			d.w, d.h = picture.Keep(d.nw, d.nh, d.w, true)
			return true, nil
		}
	case "colour":
		d.colour = value == "true"
	case "level":
		if nerr != nil || n < 0 || n > 256 {
			return false, errors.New("The threshold is a level from 0 to 256.")
		}
		d.level = n
	case "inks":
		if nerr != nil || n < picture.MinInks || n > picture.MaxInks {
			return false, fmt.Errorf("A picture is reduced to %d to %d colours.", picture.MinInks, picture.MaxInks)
		}
		d.inks = n
	}
	d.reduce()
	return false, nil
}

// palette is the result's inks as the editor keeps them; nil for black
// and white.
func (d *pictureDialog) palette() []nonogram.Ink {
	if d.rgb == nil {
		return nil
	}
	inks := make([]nonogram.Ink, len(d.rgb))
	for k, c := range d.rgb {
		inks[k] = nonogram.Ink{RGB: c.Hex()}
	}
	return inks
}

// snapshot is the result as the editor's drawn picture (see
// nonogramEditor.snapshot).
func (d *pictureDialog) snapshot() string {
	pic := blankPicture(d.w, d.h)
	for i, v := range d.cells {
		pic[i/d.w][i%d.w] = min(v, max(1, len(d.rgb)))
	}
	inks := d.palette()
	e := &nonogramEditor{mode: nonoDraw, pic: pic, clues: cluesOfPicture(pic, inks)}
	return e.snapshot()
}

// use makes the dialog's result the Nonogram tab's drawn picture, one
// undo step, and closes the dialog. The designer's check follows the
// edit; where it does not run (a colour picture, a board larger than it
// checks live) a Solve says at once whether the picture is unique.
func (d *pictureDialog) use(m *midend) error {
	i, ok := m.tabIndex("nonogram")
	if !ok || d.cells == nil {
		return errors.New("There is no picture to use.")
	}
	e := m.tabs[i].ed.(*nonogramEditor)
	m.endStroke()
	if err := e.restore(d.snapshot()); err != nil {
		return err
	}
	d.open = false
	m.edited(i)
	m.tabs[i].say(stateIdle, fmt.Sprintf("The picture %s is drawn as a %s nonogram: its clues follow it. Undo takes it back.", d.name, sizeText(d.w, d.h)))
	if _, checked := e.work(); !checked && i == m.at {
		m.solve()
	}
	return nil
}

// isPicture reports whether a file given to the page is meant as a
// picture: an image type or a picture's extension. Its first bytes then
// tell whether it is one the page opens.
func isPicture(name, mime string) bool {
	if strings.HasPrefix(mime, "image/") {
		return true
	}
	dot := strings.LastIndexByte(name, '.')
	return dot >= 0 && strings.Contains(" png jpg jpeg jfif gif webp bmp svg avif heic tif tiff ico ", " "+strings.ToLower(name[dot+1:])+" ")
}

// acceptPictures are the picture types Open… offers besides puzzle files.
const acceptPictures = ",image/png,image/jpeg,image/gif,image/webp"

// The browser side (web/picture.js).

func jsPictures() app.Value { return app.Window().Get(jsPicture) }

// nonogram is the Nonogram tab's editor.
func (p *Page) nonogram() (*nonogramEditor, *tab) {
	i, _ := p.m.tabIndex("nonogram")
	t := p.m.tabs[i]
	return t.ed.(*nonogramEditor), t
}

// openPicture reads a picture file on the Nonogram tab (pictureOpener):
// its first bytes say whether it is a picture and how large, then the
// browser decodes it.
func (e *nonogramEditor) openPicture(p *Page, ctx app.Context, file app.Value) {
	_, t := p.nonogram()
	d := &e.pict
	name := clip(file.Get("name").String(), 60)
	js := jsPictures()
	inks := d.inks
	if inks == 0 {
		inks = 3
	}
	// A new dialog, in the mode and colours the last one was left in.
	*d = pictureDialog{open: true, seq: d.seq + 1, name: name, note: "Reading " + name + "…", level: 128, inks: inks, colour: d.colour}
	switch {
	case !js.Truthy():
		p.pictureFailed(t, d, "the page has not finished loading: try again in a moment")
		return
	case file.Get("size").Int() > maxPictureFile:
		p.pictureFailed(t, d, fmt.Sprintf("it is larger than %d MiB", maxPictureFile>>20))
		return
	}
	seq := d.seq
	js.Call("head", file, picture.Head).Then(func(v app.Value) {
		var head []byte
		if v.Truthy() {
			head = make([]byte, v.Get("length").Int())
			app.CopyBytesToGo(head, v)
		}
		ctx.Dispatch(func(ctx app.Context) { p.pictureHead(ctx, seq, file, v.Truthy(), head) })
	})
}

// pictureHead checks a picture file's first bytes, then has it decoded.
func (p *Page) pictureHead(ctx app.Context, seq int, file app.Value, read bool, head []byte) {
	e, t := p.nonogram()
	d := &e.pict
	if d.seq != seq || !d.open {
		return
	}
	format, w, h, err := picture.Sniff(head)
	switch {
	case !read:
		p.pictureFailed(t, d, "the browser could not read the file")
		return
	case errors.Is(err, picture.ErrNotPicture):
		p.pictureFailed(t, d, "it is not a PNG, JPEG, GIF or WebP picture")
		return
	case errors.Is(err, picture.ErrDamaged):
		p.pictureFailed(t, d, fmt.Sprintf("it says it is a %s picture, but it is damaged", format))
		return
	case w*h > picture.MaxPixels:
		p.pictureFailed(t, d, fmt.Sprintf("it is %s pixels, too large to open here (at most %d megapixels)", sizeText(w, h), picture.MaxPixels/1_000_000))
		return
	}
	d.note = "Decoding " + d.name + "…"
	jsPictures().Call("open", file).Then(func(v app.Value) {
		ctx.Dispatch(func(ctx app.Context) { p.pictureDecoded(ctx, seq, v) })
	})
}

// pictureDecoded takes the browser's answer: the picture's size and URL,
// or why it could not decode it.
func (p *Page) pictureDecoded(ctx app.Context, seq int, v app.Value) {
	e, t := p.nonogram()
	d := &e.pict
	if d.seq != seq || !d.open {
		return
	}
	if v.Type() == app.TypeString {
		p.pictureFailed(t, d, v.String())
		return
	}
	nw, nh := v.Index(0).Int(), v.Index(1).Int()
	if nw <= 0 || nh <= 0 || nw*nh > picture.MaxPixels {
		p.pictureFailed(t, d, fmt.Sprintf("it is %s pixels: too large or empty", sizeText(nw, nh)))
		return
	}
	d.decoded(nw, nh)
	d.url = v.Index(2).String()
	p.scalePicture(d, true)
	ctx.Defer(func(app.Context) {
		if b := app.Window().GetElementByID("picture-use"); b.Truthy() {
			b.Call("focus")
		}
	})
}

// scalePicture has the browser scale the picture for the dialog's cells,
// and works out the cells.
func (p *Page) scalePicture(d *pictureDialog, first bool) {
	s := picture.Sample(d.nw, d.nh, d.w, d.h)
	v := jsPictures().Call("pixels", d.w*s, d.h*s)
	if !v.Truthy() || v.Get("length").Int() != d.w*s*d.h*s*4 {
		d.note, d.failed = "The browser could not scale the picture.", true
		return
	}
	pix := make([]byte, d.w*s*d.h*s*4)
	app.CopyBytesToGo(pix, v)
	d.setScaled(picture.Shrink(picture.Image{W: d.w * s, H: d.h * s, Pix: pix}, d.w, d.h), first)
}

// pictureFailed says why a picture cannot be opened, in the dialog and
// the status line.
func (p *Page) pictureFailed(t *tab, d *pictureDialog, why string) {
	d.note, d.failed = d.name+" cannot be opened as a picture: "+why+".", true
	d.cells = nil
	if js := jsPictures(); js.Truthy() {
		js.Call("close")
	}
	t.say(stateError, d.note)
}

// onPicture handles the dialog's controls, one handler for its clicks,
// changes and inputs: the control's data-pic names it, its value is its
// data-v, its box ticked or its value. A button acts on a click, a
// slider as it moves, any other field once changed.
func (p *Page) onPicture(ctx app.Context, e app.Event) {
	el := e.Get("target")
	name := el.Get("dataset").Get("pic")
	kind, button := e.Get("type").String(), el.Get("tagName").String() == "BUTTON"
	want := "change"
	switch {
	case button:
		want = "click"
	case el.Get("type").String() == "range":
		want = "input"
	}
	if !name.Truthy() || kind != want {
		return
	}
	ed, _ := p.nonogram()
	d := &ed.pict
	v := el.Get("value").String()
	switch {
	case button:
		v = el.Get("dataset").Get("v").String()
	case el.Get("type").String() == "checkbox":
		v = strconv.FormatBool(el.Get("checked").Bool())
	}
	switch name.String() {
	case "use":
		if err := d.use(p.m); err != nil {
			d.note, d.failed = err.Error(), true
			return
		}
		p.closePicture(d)
		return
	case "cancel":
		p.closePicture(d)
		return
	}
	if d.nw == 0 {
		return // not decoded yet
	}
	rescale, err := d.tool(name.String(), v)
	d.note, d.failed = "", err != nil
	if err != nil {
		d.note = err.Error()
	}
	if rescale {
		// The field shows the side kept, which may not be the one typed.
		side := d.h
		if name.String() == "w" {
			side = d.w
		}
		el.Set("value", side)
		p.scalePicture(d, false)
	}
}

// onPictureKey closes the dialog on Escape, which then cancels nothing else.
func (p *Page) onPictureKey(ctx app.Context, e app.Event) {
	if e.Get("key").String() != "Escape" {
		return
	}
	e.Call("stopPropagation")
	ed, _ := p.nonogram()
	p.closePicture(&ed.pict)
}

func (p *Page) closePicture(d *pictureDialog) {
	d.open, d.cells, d.scaled, d.url = false, nil, picture.Image{}, ""
	if js := jsPictures(); js.Truthy() {
		js.Call("close")
	}
}

// pictureUI is the dialog, over the page while it is open. Its text,
// pictures and buttons are raw HTML, and one handler hears all its
// controls: go-app's element builders cost app.wasm far more code than a
// string does. Only its fields are elements, so that the one being used
// is never replaced (a raw block is, whenever its text changes).
func (e *nonogramEditor) pictureUI(p *Page) app.UI {
	d := &e.pict
	if !d.open {
		return nil
	}
	var top, end strings.Builder
	title := "Open a picture: " + d.name
	if d.nw > 0 {
		title += " (" + sizeText(d.nw, d.nh) + " pixels)"
	}
	top.WriteString(`<div><p id="picture-title" class="picture-title">` + html.EscapeString(title) + `</p>`)
	if d.cells != nil {
		top.WriteString(`<div class="picture-views"><div class="picture-view"><img src="` + html.EscapeString(d.url) +
			`" alt="The picture opened"><span>The picture</span></div><div class="picture-view">` + d.previewSVG() +
			`<span>` + html.EscapeString(d.summary()) + `</span></div></div>`)
	}
	top.WriteString(`</div>`)
	end.WriteString(`<div>`)
	if d.note != "" {
		class := "hint"
		if d.failed {
			class = "hint error"
		}
		end.WriteString(`<p id="picture-note" class="` + class + `" role="status">` + html.EscapeString(d.note) + `</p>`)
	}
	end.WriteString(`<div class="buttons">`)
	if d.cells != nil {
		end.WriteString(`<button id="picture-use" class="primary" data-pic="use">Use this picture</button>`)
	}
	cancel := "Cancel"
	if d.failed {
		cancel = "Close"
	}
	end.WriteString(`<button id="picture-cancel" data-pic="cancel">` + cancel + `</button></div></div>`)
	body := []app.UI{app.Raw(top.String())}
	if d.cells != nil {
		how := pictureField{"Black below " + strconv.Itoa(d.level), "level", "range", 0, 256, d.level}
		if d.colour {
			how = pictureField{"Colours besides white", "inks", "number", picture.MinInks, picture.MaxInks, d.inks}
		}
		fields := []app.UI{}
		for _, f := range []pictureField{
			{"Width", "w", "number", 1, nonoMaxSide, d.w},
			{"Height", "h", "number", 1, nonoMaxSide, d.h},
			{"Keep proportions", "keep", "checkbox", 0, 1, boolInt(!d.free)},
			{"Colours", "colour", "checkbox", 0, 1, boolInt(d.colour)},
			how,
		} {
			fields = append(fields, f.ui())
		}
		body = append(body, app.Div().Class("tools-editor picture-fields").Body(fields...))
	}
	return app.Div().Class("modal").Body(
		app.Div().ID("picture-dialog").Class("card picture-dialog").Attr("role", "dialog").Aria("modal", "true").
			Aria("labelledby", "picture-title").OnClick(p.onPicture).OnChange(p.onPicture).OnInput(p.onPicture).
			OnKeyDown(p.onPictureKey).Body(append(body, app.Raw(end.String()))...),
	)
}

// pictureField is a field of the dialog: a number, a slider (range) or a
// box to tick (checkbox, ticked when v is 1), with its control's name
// (data-pic; its id is picture-name).
type pictureField struct {
	label, name, kind string
	lo, hi, v         int
}

func (f pictureField) ui() app.UI {
	in := app.Input().Type(f.kind).ID("picture-"+f.name).DataSet("pic", f.name)
	if f.kind == "checkbox" {
		return app.Label().Class("check").Body(in.Checked(f.v == 1), app.Span().Text(f.label))
	}
	return app.Label().Class("field picture-"+f.kind).Body(app.Span().Text(f.label), in.Min(f.lo).Max(f.hi).Value(f.v))
}

// summary says what the preview shows.
func (d *pictureDialog) summary() string {
	if d.cells == nil {
		return ""
	}
	size := sizeText(d.w, d.h) + " cells"
	switch {
	case d.colour && d.rgb == nil:
		return size + ": one colour besides white, so black and white"
	case d.colour:
		return fmt.Sprintf("%s in %d colours", size, len(d.rgb))
	}
	black := 0
	for _, v := range d.cells {
		black += v
	}
	return fmt.Sprintf("%s, %d black", size, black)
}

// previewSVG draws the cells, one path per ink, with the cells as text
// (the drawn picture's letters, rows joined by "/") in data-cells.
func (d *pictureDialog) previewSVG() string {
	if d.cells == nil {
		return `<svg id="picture-preview" class="picture-preview" viewBox="0 0 1 1"></svg>`
	}
	w, h := d.w, d.h
	colours := []string{ink}
	if d.rgb != nil {
		colours = colours[:0]
		for _, c := range d.rgb {
			colours = append(colours, "#"+c.Hex())
		}
	}
	var b, text strings.Builder
	for y := range h {
		if y > 0 {
			text.WriteByte('/')
		}
		for x := range w {
			v := d.cells[y*w+x]
			if v == 0 {
				text.WriteByte('.')
			} else {
				text.WriteByte(cellOfInk(min(v, len(colours))-1, len(d.rgb)))
			}
		}
	}
	fmt.Fprintf(&b, `<svg id="picture-preview" class="picture-preview" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="Preview: %s" data-cells="%s"><rect width="%d" height="%d" fill="#fff"/>`,
		w, h, d.summary(), text.String(), w, h)
	for k, c := range colours {
		fmt.Fprintf(&b, `<path fill="%s" d="`, c)
		for y := range h {
			for x := 0; x < w; {
				if min(d.cells[y*w+x], len(colours)) != k+1 {
					x++
					continue
				}
				run := 1
				for x+run < w && min(d.cells[y*w+x+run], len(colours)) == k+1 {
					run++
				}
				fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
				x += run
			}
		}
		b.WriteString(`"/>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
