// Package ui is the gridsolve page: one tab per puzzle, each with a
// click-drawn editor, solving in Web Workers, share links and judge-text
// import/export. It is compiled to WebAssembly by wasm/app.
//
// Three layers, as in Tatham's collection: the editors (one per puzzle,
// in files named after it) keep a puzzle's state, draw it and turn input
// on a cell into a change; the midend (midend.go and the files it names)
// owns what every puzzle shares, in plain Go; and the Page component here
// renders both and wires the browser's events to the midend.
//
// go-app keeps an event handler attached as long as its code pointer is
// unchanged, so closures made during rendering would keep stale captured
// values. Every handler here is therefore a method of the one Page, and
// reads what it acts on from data attributes of the element.
package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gridsolve/app/share"
	"gridsolve/solvers"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// editor is the drawing surface of one puzzle.
type editor interface {
	gameParts // drawing, help, input, warm-up: see parts.go
	// game is the solvers name of the puzzle.
	game() string
	// title is the tab label.
	title() string
	// text is the puzzle in its judge text format.
	text() string
	// load replaces the puzzle by one in judge text format.
	load(text string) error
	// snapshot is the editor's whole state (puzzle, mode, marks) as text:
	// restore(snapshot()) gives the same editor. Undo and reload use it.
	snapshot() string
	restore(s string) error
	// size is the cell grid the keyboard cursor moves on; 0, 0 when the
	// editor moves its own selection (see key).
	size() (w, h int)
	// tools renders the editor's controls, built with Page.toolButton etc.
	tools(p *Page) []app.UI
	// tool applies a control: name and value come from its data attributes.
	tool(name, value string) error
	// board renders the grid, with the answer drawn when there is one.
	board(p *Page) app.UI
	// press starts a stroke on cell i, with the main button (or the other
	// one when alt); it returns the value the cell took, which the stroke
	// paints on every cell it passes, and whether anything changed.
	press(i int, alt bool) (v byte, changed bool)
	// paint sets cell i to a stroke's value; false when it changed nothing.
	paint(i int, v byte) bool
	// key handles a key pressed on the board that the page does not handle
	// itself; it reports whether the puzzle changed.
	key(key string) bool
	// setAnswer decodes the worker's JSON answer and returns its summary.
	setAnswer(raw []byte) (answerLine, error)
	// clearAnswer forgets the answer once the puzzle changes.
	clearAnswer()
}

// answerLine is a solve's summary for the status line: a "no" (no
// solution, impossible, a second miss possible) is shown as plainly as a
// "yes", not in the colour of success.
type answerLine struct {
	text string
	no   bool
}

func yes(text string) answerLine { return answerLine{text: text} }
func no(text string) answerLine  { return answerLine{text: text, no: true} }

// noKeys is embedded by editors that take no keys of their own.
type noKeys struct{}

func (noKeys) key(string) bool { return false }

// Page is the whole app.
type Page struct {
	app.Compo

	m       *midend
	worker  *jsWorker
	input   app.Func // window.gridsolveInput, called by web/input.js
	storage app.Func // the window's storage event

	helpClosed map[string]bool // games whose "How it works" the user closed
	renders    int             // renders so far, for tests to wait on
}

// New returns the page with every editor holding its starting puzzle; it
// keeps nothing until it is mounted in a browser.
func New() *Page {
	return &Page{m: newMidend(newEditors(), memStore{}, nil, nopBar{}), helpClosed: map[string]bool{}}
}

func (p *Page) OnMount(ctx app.Context) {
	p.worker = startWorker(func(f func(app.Context)) { ctx.Dispatch(f) }, p.onJobEnd)
	p.m.store, p.m.worker, p.m.bar = localStore{}, p.worker, windowBar{}
	p.m.later = func(d time.Duration, f func()) { ctx.After(d, func(app.Context) { f() }) }
	p.input = app.FuncOf(func(this app.Value, args []app.Value) any {
		ev, ok := readInput(args)
		if ok {
			ctx.Dispatch(func(ctx app.Context) { p.onInput(ctx, ev) })
		}
		return nil
	})
	app.Window().Set(jsInput, p.input)
	// Another tab of the page saved: see midend.savedElsewhere.
	p.storage = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 1 && args[0].Get("key").Type() == app.TypeString && args[0].Get("newValue").Type() == app.TypeString {
			key, value := args[0].Get("key").String(), args[0].Get("newValue").String()
			ctx.Dispatch(func(app.Context) { p.m.savedElsewhere(key, value) })
		}
		return nil
	})
	app.Window().Call("addEventListener", "storage", p.storage)
	p.m.getJSON(storageKey+"help-closed", &p.helpClosed)
	if p.helpClosed == nil {
		p.helpClosed = map[string]bool{}
	}
	p.m.loadSaved()
	for i := range p.m.tabs {
		p.m.startWork(i)
	}
}

func (p *Page) OnDismount() {
	p.worker.stop()
	app.Window().Set(jsInput, nil)
	app.Window().Call("removeEventListener", "storage", p.storage)
	p.input.Release()
	p.storage.Release()
}

// OnNav opens the puzzle of a shared link: on first load and whenever the
// fragment changes.
func (p *Page) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if u == nil { // an address go-app could not parse (web/boot.js mends most)
		p.m.openLink(strings.TrimPrefix(app.Window().Get("location").Get("hash").String(), "#"), true)
		return
	}
	p.m.openLink(u.Fragment, false)
}

func (p *Page) cur() *tab       { return p.m.cur() }
func (p *Page) current() editor { return p.m.cur().ed }

// readInput checks a call from JavaScript: a malformed one is dropped.
func readInput(args []app.Value) (inputEvent, bool) {
	if len(args) != 4 || args[0].Type() != app.TypeString || args[1].Type() != app.TypeNumber ||
		args[2].Type() != app.TypeString || args[3].Type() != app.TypeNumber {
		return inputEvent{}, false
	}
	return inputEvent{kind: inputKind(args[0].String()), cell: args[1].Int(), key: args[2].String(), mods: args[3].Int()}, true
}

func (p *Page) onInput(ctx app.Context, ev inputEvent) {
	if ev.kind == inputFile { // a file dropped on the page
		if f := app.Window().Get(jsDropped); f.Truthy() {
			app.Window().Set(jsDropped, nil)
			p.readFile(ctx, f)
		}
		return
	}
	p.m.input(ev)
}

func (p *Page) Render() app.UI {
	tabs := make([]app.UI, len(p.m.tabs))
	for i, tb := range p.m.tabs {
		tabs[i] = app.Button().ID("tab-"+tb.ed.game()).Class(classIf("tab", i == p.m.at, "active")).
			Attr("role", "tab").Aria("selected", i == p.m.at).
			DataSet("tab", i).Text(tb.ed.title()).OnClick(p.onTab)
	}
	p.renders++
	return app.Div().ID("app").Class(classIf("page", p.wide(), "wide")).DataSet("renders", p.renders).Body(
		app.Header().Body(
			app.H1().Text("gridsolve"),
			app.Nav().Class("tabs").Attr("role", "tablist").Aria("label", "Puzzles").Body(tabs...),
		),
		app.If(p.m.unsaved != "", func() app.UI {
			return app.P().ID("unsaved").Class("warn-banner").Attr("role", "alert").Text(p.m.unsaved)
		}),
		app.Main().Body(
			app.Div().Class("column").Body(p.renderEditor(), p.renderSteps(), p.renderHelp(), p.renderJudge()),
			app.Aside().Class("side").Body(
				p.renderSolve(),
				p.renderShare(),
				p.renderImport(),
				p.renderFiles(),
			),
		),
	)
}

// wide reports a board too big for the editor's column of a 1280 px
// screen even at 14 px cells: the page then gives it the whole width.
func (p *Page) wide() bool {
	w, _ := p.current().size()
	return w*14+p.current().marginChars()*9 > 760
}

func (p *Page) renderEditor() app.UI {
	t := p.cur()
	return app.Section().Class("editor").Aria("label", t.ed.title()+" editor").Body(
		app.Div().Class("tools").Body(
			app.Div().Class("buttons history").Body(
				app.Button().ID("undo").Text("Undo").Title("Undo (Ctrl+Z)").
					Disabled(!t.hist.canUndo()).OnClick(p.onUndo),
				app.Button().ID("redo").Text("Redo").Title("Redo (Ctrl+Shift+Z or Ctrl+Y)").
					Disabled(!t.hist.canRedo()).OnClick(p.onRedo),
			),
			app.Div().Class("tools-editor").Body(t.ed.tools(p)...),
			app.Div().Class("tools-editor tools-play").Body(p.playTools()...),
			p.zoomButtons(),
		),
		app.Div().Class("boardbox").DataSet(attrZoom, int(t.zoomed())).Style("--zoom", t.zoomed().css()).
			Body(t.ed.board(p)),
	)
}

// zoomButtons zoom the board out, back to fit the screen, and in.
func (p *Page) zoomButtons() app.UI {
	z := p.cur().zoomed()
	return app.Div().Class("buttons zoom").Attr("role", "group").Aria("label", "Zoom").Body(
		app.Button().ID("zoom-out").Text("−").Aria("label", "Zoom out").Title("Zoom out (−, Ctrl+wheel, pinch)").
			DataSet("zoom-step", zoomOut).Disabled(z <= zoomMin).OnClick(p.onZoom),
		app.Button().ID("zoom-fit").Class(classIf("", z == zoomFit, "active")).Text("Fit").
			Title("Fit the board to the screen (0); now "+strconv.Itoa(int(z))+"%").Aria("pressed", z == zoomFit).
			DataSet("zoom-step", zoomToFit).OnClick(p.onZoom),
		app.Button().ID("zoom-in").Text("+").Aria("label", "Zoom in").Title("Zoom in (+, Ctrl+wheel, pinch)").
			DataSet("zoom-step", zoomIn).Disabled(z >= zoomMax).OnClick(p.onZoom),
	)
}

func (p *Page) onZoom(ctx app.Context, e app.Event) {
	p.m.zoom(ctx.JSSrc().Get("dataset").Get("zoomStep").String(), 0)
}

// renderHelp is the tab's "How it works": open until the user closes it.
func (p *Page) renderHelp() app.UI {
	game := p.current().game()
	var formats []solvers.Format
	if c, ok := converter(game); ok {
		formats = c.Formats()
	}
	return helpPanel(p.current(), !p.helpClosed[game], formats).ID("help").DataSet("game", game).OnToggle(p.onHelpToggle)
}

func (p *Page) onHelpToggle(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	game := src.Get("dataset").Get("game").String()
	if _, ok := p.m.tabIndex(game); !ok {
		return
	}
	p.helpClosed[game] = !src.Get("open").Bool()
	p.m.setJSON(storageKey+"help-closed", p.helpClosed)
}

func (p *Page) renderSolve() app.UI {
	t := p.cur()
	status := t.status
	if t.solving != 0 {
		status = p.m.busyText(t)
	}
	// The job whose time (and nodes) the status shows as it runs.
	running := t.solving
	if t.state == stateBusy && running == 0 {
		running = max(t.dealing, t.hinting)
	}
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Button().ID("solve").Class("primary").Text("Solve").Title("Solve (S or Ctrl+Enter)").
				Disabled(t.solving != 0).OnClick(p.onSolve),
			app.Button().ID("cancel").Text("Cancel").Title("Cancel (Esc)").
				Disabled(!p.m.busy()).OnClick(p.onCancel),
		),
		app.P().ID("status").Class(classIf("status "+string(t.state), t.answerNo, "no")).Aria("live", "polite").
			DataSet("state", t.state).DataSet("seq", p.m.finished).DataSet("revealing", t.rows.upTo >= 0).Body(
			app.If(running != 0, func() app.UI { return app.Span().Class("spinner").Aria("hidden", true) }),
			app.Span().Class("status-text").Text(status),
			// Filled in by web/solver.js as the search goes; its box has a
			// fixed size, so its updates never lay out the page again.
			app.If(running != 0, func() app.UI {
				return app.Span().ID(progressID).Class("progress").DataSet("job", running).
					Text(p.worker.progress(running))
			}),
		),
	)
}

func (p *Page) renderShare() app.UI {
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Button().ID("share").Text("Share link").OnClick(p.onShare),
		),
		app.If(p.m.shareURL != "", func() app.UI {
			return app.Input().ID("share-url").Class("wide").ReadOnly(true).Aria("label", "Share link").
				Value(p.m.shareURL).OnFocus(p.onSelectAll)
		}),
	)
}

func (p *Page) renderImport() app.UI {
	return app.Div().Class("card").Body(
		app.Label().For("import-text").Text("Judge text"),
		// The box follows the shown puzzle: go-app sets its value only when
		// the text differs from the last render's, so typing in it is kept
		// until the puzzle itself changes.
		app.Textarea().ID("import-text").Class("wide mono").Rows(8).Spellcheck(false).
			Placeholder("Paste a puzzle in the judge format, then Load.").Text(p.current().text()),
		app.Div().Class("buttons").Body(
			app.Button().ID("import-load").Text("Load").OnClick(p.onImport),
			app.Button().ID("export").Text("Export").OnClick(p.onExport),
		),
	)
}

// Handlers.

func (p *Page) onTab(ctx app.Context, e app.Event) {
	i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("tab").String())
	if err != nil || i == p.m.at {
		return
	}
	p.m.showTab(i)
}

func (p *Page) onUndo(ctx app.Context, e app.Event)   { p.m.undo() }
func (p *Page) onRedo(ctx app.Context, e app.Event)   { p.m.redo() }
func (p *Page) onSolve(ctx app.Context, e app.Event)  { p.m.solve() }
func (p *Page) onCount(ctx app.Context, e app.Event)  { p.m.count() }
func (p *Page) onCancel(ctx app.Context, e app.Event) { p.m.cancel() }

func (p *Page) onTool(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	value := src.Get("dataset").Get("v")
	if !value.Truthy() { // an input: its value is the control's value
		value = src.Get("value")
		if src.Get("type").String() == "number" {
			lo, _ := strconv.Atoi(src.Get("min").String())
			hi, _ := strconv.Atoi(src.Get("max").String())
			last := src.Call("getAttribute", "value").String()
			v, note := clampField(src.Get("value").String(), last, lo, hi)
			src.Set("value", v)
			p.m.applyTool(src.Get("dataset").Get("tool").String(), v)
			if t := p.cur(); note != "" && t.state != stateError {
				t.say(stateIdle, note)
			}
			return
		}
	}
	p.m.applyTool(src.Get("dataset").Get("tool").String(), value.String())
}

// clampField brings a number field's value into its lo..hi range, or back
// to its last value when it holds no number, and says so when it changed
// what was typed.
func clampField(typed, last string, lo, hi int) (v, note string) {
	n, err := strconv.Atoi(strings.TrimSpace(typed))
	if err != nil {
		return last, fmt.Sprintf("%q is not a number: the size stays %s.", clip(typed, 12), last)
	}
	v = strconv.Itoa(max(lo, min(hi, n)))
	if v != strconv.Itoa(n) {
		note = fmt.Sprintf("Sizes go from %d to %d: %d became %s.", lo, hi, n, v)
	}
	return v, note
}

func (p *Page) onSelectAll(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }

// onJobEnd takes a job's end from the worker, on the UI goroutine.
func (p *Page) onJobEnd(ctx app.Context, id int, ok bool, result string) {
	if t := p.m.jobEnded(id, ok, result); t != nil {
		reveal(ctx, t)
	}
}

// revealRows is how many board rows a frame rebuilds when an answer is
// revealed: about 300 cells of a 50-wide board.
const revealRows = 6

// reveal rebuilds the tab's board a few rows per frame, from the top, so
// a big answer never keeps the page busy for long.
func reveal(ctx app.Context, t *tab) {
	t.rows.upTo = revealRows
	var step func(ctx app.Context)
	step = func(ctx app.Context) {
		if t.rows.upTo < 0 {
			return // revealed already, by a change or a tab switch
		}
		if t.rows.upTo += revealRows; t.rows.upTo >= len(t.rows.rows) {
			t.rows.upTo = -1
			return
		}
		ctx.After(16*time.Millisecond, step)
	}
	ctx.After(16*time.Millisecond, step)
}

func (p *Page) onShare(ctx app.Context, e app.Event) {
	ed, t := p.current(), p.cur()
	loc := app.Window().Get("location")
	p.m.shareURL = loc.Get("origin").String() + loc.Get("pathname").String() + "#" + share.Encode(ed.game(), ed.text())
	clipboard := app.Window().Get("navigator").Get("clipboard")
	if !clipboard.Truthy() {
		t.say(stateIdle, "Copy the link below.")
		return
	}
	t.say(stateIdle, "Copying the link…")
	p.m.copying++
	n := p.m.copying
	clipboard.Call("writeText", p.m.shareURL).Then(func(app.Value) {
		ctx.Dispatch(func(app.Context) {
			if n == p.m.copying {
				p.m.copying = 0
				t.say(stateDone, "Link copied to the clipboard.")
			}
		})
	})
	ctx.After(time.Second, func(app.Context) {
		if n == p.m.copying { // the clipboard has not answered
			p.m.copying = 0
			t.say(stateIdle, "Copy the link below.")
		}
	})
}

func (p *Page) onImport(ctx app.Context, e app.Event) {
	text := app.Window().GetElementByID("import-text").Get("value").String()
	if strings.TrimSpace(text) == "" {
		p.cur().say(stateError, "Paste a puzzle into the text box first.")
		return
	}
	p.m.importText(text, fromTextBox)
}

func (p *Page) onExport(ctx app.Context, e app.Event) {
	app.Window().GetElementByID("import-text").Set("value", p.current().text())
	p.cur().say(stateIdle, "The puzzle's judge text is in the box.")
}

// Rendering helpers for the editors' controls.

// toolButton is a button applying tool name with value v.
func (p *Page) toolButton(label, name, v string, active bool) app.HTMLButton {
	return app.Button().Class(classIf("tool", active, "active")).Aria("pressed", active).
		DataSet("tool", name).DataSet("v", v).Text(label).OnClick(p.onTool)
}

// toolNumber is a number field applying tool name with its value on change.
func (p *Page) toolNumber(label, name string, value, lo, hi int) app.UI {
	return app.Label().Class("field").Body(
		app.Span().Text(label),
		app.Input().Type("number").ID("field-"+name).DataSet("tool", name).
			Min(lo).Max(hi).Value(value).OnChange(p.onTool),
	)
}

// solutionsLine says how many solutions a solver found, which stops
// counting at two.
func solutionsLine(n int, what string) string {
	switch n {
	case 0:
		return "No " + what + "."
	case 1:
		return "The only " + what + "."
	}
	return "One of two or more " + what + "s."
}

func classIf(base string, cond bool, extra string) string {
	if cond {
		return base + " " + extra
	}
	return base
}

// errorOf turns what JavaScript threw (a panic of syscall/js) into an
// error in a user's words where it can.
func errorOf(r any) error {
	err, ok := r.(error)
	if !ok {
		err = fmt.Errorf("%v", r)
	}
	if strings.Contains(err.Error(), "Quota") || strings.Contains(err.Error(), "quota") {
		return errors.New("its storage for this page is full")
	}
	return err
}
