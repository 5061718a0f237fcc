package ui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
)

// Files: Save… writes the puzzle in a chosen format as a download, Open…
// and a file dropped anywhere on the page (web/input.js) read one, the
// format detected as for a pasted puzzle.

// maxFile bounds a file read: no puzzle comes near it.
const maxFile = 8 << 20

// converter returns the formats of a game (every game has them; see
// solvers.TestEveryGameConverts).
func converter(game string) (solvers.Converter, bool) {
	g, _ := solvers.Lookup(game)
	c, ok := g.(solvers.Converter)
	return c, ok
}

// boardFormats is implemented by editors whose formats depend on the
// board shown (a game of two boards, each with texts of its own).
type boardFormats interface {
	formats() []solvers.Format
}

// saveFormats lists the formats the shown game can write, judge text first
// (or the board's own text, for a boardFormats editor).
func (p *Page) saveFormats() []solvers.Format {
	judge := solvers.Format{Name: "judge text", Ext: ".txt", Export: true}
	c, ok := converter(p.current().game())
	if !ok {
		return []solvers.Format{judge}
	}
	all := c.Formats()
	if b, ok := p.current().(boardFormats); ok {
		all = b.formats()
	}
	var out []solvers.Format
	for _, f := range all {
		if f.Export {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return []solvers.Format{judge}
	}
	return out
}

func (p *Page) renderFiles() app.UI {
	formats := p.saveFormats()
	t := p.cur()
	t.saveAs = max(0, min(t.saveAs, len(formats)+len(images)-1))
	opts := make([]app.UI, 0, len(formats)+len(images))
	for i, f := range formats {
		opts = append(opts, app.Option().Value(strconv.Itoa(i)).Text(f.Name+" ("+f.Ext+")").Selected(i == t.saveAs))
	}
	for k, f := range images {
		i := len(formats) + k
		opts = append(opts, app.Option().Value(strconv.Itoa(i)).Text(f.name+" ("+f.ext+")").Selected(i == t.saveAs))
	}
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Label().Class("button").For("open-file").Text("Open…"),
			app.Input().Type("file").ID("open-file").Class("visually-hidden").Accept(acceptFiles).OnChange(p.onOpenFile),
			app.Button().ID("save").Text("Save…").OnClick(p.onSave),
			app.Select().ID("save-format").Aria("label", "File format").Body(opts...).OnChange(p.onSaveFormat),
		),
		app.P().Class("hint").Text(p.dropHint()),
	)
}

func (p *Page) onSaveFormat(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		p.cur().saveAs = n
	}
}

// pictureOpener is an editor that makes its puzzle of a picture file
// (the nonogram's, nonogram_picture.go).
type pictureOpener interface {
	openPicture(p *Page, ctx app.Context, file app.Value)
}

// pictureTab is the title of the tab that opens pictures.
func (p *Page) pictureTab() string {
	for _, t := range p.m.tabs {
		if _, ok := t.ed.(pictureOpener); ok {
			return t.ed.title()
		}
	}
	return ""
}

// dropHint is the line under Open…: a tab that opens pictures says so.
func (p *Page) dropHint() string {
	if _, ok := p.current().(pictureOpener); ok {
		return "Or drop a puzzle file, or a picture to make a " + strings.ToLower(p.current().title()) + " of (PNG, JPEG, GIF, WebP), anywhere on the page."
	}
	return "Or drop a puzzle file anywhere on the page."
}

// acceptFiles is what Open… offers to open: the file extensions of every
// game's formats, and any plain text or XML file.
var acceptFiles = accepted(solvers.All)

func accepted(games []solvers.Game) string {
	exts := ","
	for _, g := range games {
		if c, ok := g.(solvers.Converter); ok {
			for _, f := range c.Formats() {
				if f.Ext != "" && !strings.Contains(exts, ","+f.Ext+",") {
					exts += f.Ext + ","
				}
			}
		}
	}
	return exts[1:] + "text/plain,text/xml" + acceptPictures
}

// fileName is a sensible name for the puzzle's file: the game's name, the
// puzzle's size and ext, such as "<game>-25x25.txt".
func fileName(ed editor, ext string) string {
	w, h := ed.fileSize()
	if w > 0 && h > 0 {
		return fmt.Sprintf("%s-%dx%d%s", ed.game(), w, h, ext)
	}
	return ed.game() + ext
}

// formatExt is the end of the file name for formats[k]: its extension,
// after a word of its name when a format before it has the same one, so
// that no two formats save under one name ("<game>-8x8.tatham-pattern.txt").
func formatExt(formats []solvers.Format, k int) string {
	k = max(0, min(k, len(formats)-1))
	f := formats[k]
	for _, g := range formats[:k] {
		if g.Ext == f.Ext {
			return "." + formatSlug(f.Name) + f.Ext
		}
	}
	return f.Ext
}

// formatSlug makes a format's name a word for a file name: "Tatham's
// Pattern game ID" is "tatham-pattern".
func formatSlug(name string) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	}) {
		w = strings.TrimSuffix(w, "'s")
		if w != "game" && w != "id" && w != "text" && w != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, "-")
}

// exportAs writes the shown puzzle in the chosen format.
func (p *Page) exportAs() (text string, f solvers.Format, err error) {
	formats := p.saveFormats()
	f = formats[max(0, min(p.cur().saveAs, len(formats)-1))]
	text = p.current().text()
	if c, ok := converter(p.current().game()); ok {
		text, err = c.Export(text, f.Name)
	}
	return text, f, err
}

func (p *Page) onSave(ctx app.Context, e app.Event) {
	t := p.cur()
	if k := t.saveAs - len(p.saveFormats()); k >= 0 && k < len(images) {
		p.saveImage(ctx, t, images[k])
		return
	}
	text, f, err := p.exportAs()
	if err != nil {
		t.say("error", "Could not save as "+f.Name+": "+err.Error())
		return
	}
	name := fileName(t.ed, formatExt(p.saveFormats(), t.saveAs))
	download(newBlob(text, "text/plain;charset=utf-8"), name)
	t.say("done", "Saved "+name+" ("+f.Name+").")
}

func newBlob(data, mime string) app.Value {
	return app.Window().Get("Blob").New([]any{data}, map[string]any{"type": mime})
}

// download offers blob to the user as a file named name.
func download(blob app.Value, name string) {
	win := app.Window()
	url := win.Get("URL").Call("createObjectURL", blob)
	a := win.Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	win.Get("document").Get("body").Call("append", a)
	a.Call("click")
	a.Call("remove")
	win.Get("URL").Call("revokeObjectURL", url)
}

func (p *Page) onOpenFile(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	files := src.Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return
	}
	p.readFile(ctx, files.Index(0))
	src.Set("value", "") // the same file can be opened again
}

// readFile reads a File the user gave and loads the puzzle in it.
func (p *Page) readFile(ctx app.Context, file app.Value) {
	t := p.cur()
	name := file.Get("name").String()
	if isPicture(name, file.Get("type").String()) {
		opener, ok := t.ed.(pictureOpener)
		if !ok {
			t.say(stateError, clip(name, 60)+" is a picture: pictures open on the "+p.pictureTab()+" tab, as a puzzle to draw.")
			return
		}
		opener.openPicture(p, ctx, file)
		return
	}
	if file.Get("size").Int() > maxFile {
		t.say("error", fmt.Sprintf("%s is larger than %d MiB: not a puzzle file.", clip(name, 60), maxFile>>20))
		return
	}
	file.Call("text").Then(func(v app.Value) {
		text := v.String()
		ctx.Dispatch(func(ctx app.Context) { p.m.importText(text, clip(name, 60)) })
	})
}
