// Package ui is the gridsolve page: one tab per puzzle, each with a
// click-drawn editor, solving in a Web Worker, share links and judge-text
// import/export. It is compiled to WebAssembly by wasm/ui.
//
// go-app keeps an event handler attached as long as its code pointer is
// unchanged, so closures made during rendering would keep stale captured
// values. Every handler here is therefore a method of the one Page, and
// reads what it acts on from data attributes of the element.
package ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/share"
)

// editor is the drawing surface of one puzzle.
type editor interface {
	// game is the solvers name of the puzzle.
	game() string
	// title is the tab label.
	title() string
	// text is the puzzle in its judge text format.
	text() string
	// load replaces the puzzle by one in judge text format.
	load(text string) error
	// tools renders the editor's controls, built with Page.toolButton etc.
	tools(p *Page) []app.UI
	// tool applies a control: name and value come from its data attributes.
	tool(name, value string) error
	// board renders the grid, with the answer drawn when there is one.
	board(p *Page) app.UI
	// click handles a click on cell i; it reports whether the puzzle changed.
	click(i int) bool
	// key handles a key pressed on cell i; it reports whether the puzzle changed.
	key(i int, key string) bool
	// setAnswer decodes the worker's JSON answer and returns a summary line.
	setAnswer(raw []byte) (string, error)
	// clearAnswer forgets the answer once the puzzle changes.
	clearAnswer()
}

// noKeys is embedded by editors that take no keyboard input.
type noKeys struct{}

func (noKeys) key(int, string) bool { return false }

// Page is the whole app.
type Page struct {
	app.Compo

	editors []editor
	tab     int // index into editors

	status    string
	state     string // idle, busy, done or error: the status line's look
	solving   int    // request id of the running solve, 0 when idle
	solveTab  int    // the editor the running solve belongs to
	shareURL  string
	lastFrag  string // the fragment the page last wrote or read
	solver    *solver
	requestID int
	finished  int // solves ended (answered, failed or cancelled), for tests to wait on
	renders   int // renders so far, for tests to wait on
}

const storageKey = "gridsolve/"

// New returns the page with every editor holding its starting puzzle.
func New() *Page {
	return &Page{
		editors: []editor{newShips(), newFlip(), newIQ(), newNonogram(), newTetravex()},
		state:   "idle",
		status:  "Draw a puzzle, then Solve.",
	}
}

func (p *Page) OnMount(ctx app.Context) {
	p.solver = startSolver(func(f func(app.Context)) { ctx.Dispatch(f) }, p.onWorker)
	var tab string
	ctx.LocalStorage().Get(storageKey+"tab", &tab)
	for i, ed := range p.editors {
		var text string
		if ctx.LocalStorage().Get(storageKey+ed.game(), &text); text != "" {
			ed.load(text) // a stale or broken saved puzzle just keeps the default
		}
		if ed.game() == tab {
			p.tab = i
		}
	}
}

func (p *Page) OnDismount() { p.solver.stop() }

// OnNav opens the puzzle of a shared link: on first load and whenever the
// fragment changes to one the page did not write itself.
func (p *Page) OnNav(ctx app.Context) {
	frag := ctx.Page().URL().Fragment
	if frag == "" {
		p.writeFragment()
		return
	}
	if frag == p.lastFrag {
		return
	}
	p.lastFrag = frag
	game, text, err := share.Decode(frag)
	if err == nil {
		i := p.editorIndex(game)
		if err = p.editors[i].load(text); err == nil {
			p.tab = i
			p.editors[i].clearAnswer()
			p.save(ctx)
			p.setStatus("idle", "Opened the shared "+p.editors[i].title()+" puzzle.")
			return
		}
	}
	p.setStatus("error", "Could not open the shared link: "+err.Error())
}

func (p *Page) editorIndex(game string) int {
	for i, ed := range p.editors {
		if ed.game() == game {
			return i
		}
	}
	return 0
}

func (p *Page) setStatus(state, msg string) { p.state, p.status = state, msg }

func (p *Page) current() editor { return p.editors[p.tab] }

// edited is called after every change to the puzzle: the answer is stale,
// the link and the saved copy are not.
func (p *Page) edited(ctx app.Context) {
	p.current().clearAnswer()
	p.shareURL = ""
	if p.solving == 0 {
		p.setStatus("idle", "Draw a puzzle, then Solve.")
	}
	p.save(ctx)
}

// save keeps the puzzle in localStorage (it survives a reload) and in the
// URL fragment (the address bar is always a link to it).
func (p *Page) save(ctx app.Context) {
	ed := p.current()
	ctx.LocalStorage().Set(storageKey+ed.game(), ed.text())
	ctx.LocalStorage().Set(storageKey+"tab", ed.game())
	p.writeFragment()
}

func (p *Page) writeFragment() {
	ed := p.current()
	p.lastFrag = share.Encode(ed.game(), ed.text())
	app.Window().Get("history").Call("replaceState", nil, "", "#"+p.lastFrag)
}

func (p *Page) Render() app.UI {
	ed := p.current()
	tabs := make([]app.UI, len(p.editors))
	for i, e := range p.editors {
		tabs[i] = app.Button().ID("tab-"+e.game()).Class(classIf("tab", i == p.tab, "active")).
			DataSet("tab", i).Text(e.title()).OnClick(p.onTab)
	}
	p.renders++
	return app.Div().ID("app").Class("page").DataSet("renders", p.renders).Body(
		app.Header().Body(
			app.H1().Text("gridsolve"),
			app.Nav().Class("tabs").Body(tabs...),
		),
		app.Main().Body(
			app.Section().Class("editor").Body(
				app.Div().Class("tools").Body(ed.tools(p)...),
				ed.board(p),
			),
			app.Aside().Class("side").Body(
				p.renderSolve(),
				p.renderShare(),
				p.renderImport(),
			),
		),
	)
}

func (p *Page) renderSolve() app.UI {
	status := p.status
	if p.solving != 0 {
		status = "Solving… "
	}
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Button().ID("solve").Class("primary").Text("Solve").Disabled(p.solving != 0).OnClick(p.onSolve),
			app.Button().ID("cancel").Text("Cancel").Disabled(p.solving == 0).OnClick(p.onCancel),
		),
		app.P().ID("status").Class("status "+p.state).DataSet("state", p.state).DataSet("seq", p.finished).Body(
			app.If(p.solving != 0, func() app.UI { return app.Span().Class("spinner") }),
			app.Span().Text(status),
			// Filled in by web/solver.js as the search goes.
			app.If(p.solving != 0, func() app.UI { return app.Span().ID(progressID) }),
		),
	)
}

func (p *Page) renderShare() app.UI {
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Button().ID("share").Text("Share link").OnClick(p.onShare),
		),
		app.If(p.shareURL != "", func() app.UI {
			return app.Input().ID("share-url").Class("wide").ReadOnly(true).Value(p.shareURL).OnFocus(p.onSelectAll)
		}),
	)
}

func (p *Page) renderImport() app.UI {
	return app.Div().Class("card").Body(
		app.Label().For("import-text").Text("Judge text"),
		app.Textarea().ID("import-text").Class("wide mono").Rows(8).Spellcheck(false).
			Placeholder("Paste a puzzle in the judge format, then Load."),
		app.Div().Class("buttons").Body(
			app.Button().ID("import-load").Text("Load").OnClick(p.onImport),
			app.Button().ID("export").Text("Export").OnClick(p.onExport),
		),
	)
}

// Handlers.

func (p *Page) onTab(ctx app.Context, e app.Event) {
	i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("tab").String())
	if err != nil || i < 0 || i >= len(p.editors) || i == p.tab {
		return
	}
	p.tab = i
	p.shareURL = ""
	if p.solving == 0 {
		p.setStatus("idle", "Draw a puzzle, then Solve.")
	}
	p.save(ctx)
}

func (p *Page) onCell(ctx app.Context, e app.Event) {
	if i, ok := cellIndex(e); ok && p.current().click(i) {
		p.edited(ctx)
	}
}

func (p *Page) onCellKey(ctx app.Context, e app.Event) {
	i, ok := cellIndex(e)
	if !ok {
		i = -1 // the grid itself has the focus
	}
	key := e.Get("key").String()
	if strings.HasPrefix(key, "Arrow") {
		e.PreventDefault() // no scrolling while editing
	}
	if p.current().key(i, key) {
		p.edited(ctx)
	}
}

// cellIndex reads data-i of the grid cell an event happened in.
func cellIndex(e app.Event) (int, bool) {
	cell := e.Get("target").Call("closest", "[data-i]")
	if !cell.Truthy() {
		return 0, false
	}
	i, err := strconv.Atoi(cell.Get("dataset").Get("i").String())
	return i, err == nil
}

func (p *Page) onTool(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	value := src.Get("dataset").Get("v")
	if !value.Truthy() { // an input: its value is the control's value
		value = src.Get("value")
	}
	p.applyTool(ctx, src.Get("dataset").Get("tool").String(), value.String())
}

func (p *Page) applyTool(ctx app.Context, name, value string) {
	before := p.current().text()
	if err := p.current().tool(name, value); err != nil {
		p.setStatus("error", err.Error())
		return
	}
	if p.current().text() != before {
		p.edited(ctx)
	}
}

func (p *Page) onSolve(ctx app.Context, e app.Event) {
	if p.solving != 0 {
		return
	}
	p.requestID++
	p.solving, p.solveTab = p.requestID, p.tab
	p.state = "busy"
	p.current().clearAnswer()
	p.solver.post(p.solving, p.current().game(), p.current().text())
}

func (p *Page) onCancel(ctx app.Context, e app.Event) {
	if p.solving == 0 {
		return
	}
	progress := p.solver.cancel()
	p.solving = 0
	p.finished++
	if progress != "" {
		progress = " after " + progress
	}
	p.setStatus("error", "Cancelled"+progress+".")
}

// onWorker handles a message from the solver worker, on the UI goroutine.
func (p *Page) onWorker(ctx app.Context, m workerMessage) {
	if m.kind != "fatal" && (m.id != p.solving || p.solving == 0) {
		return // from a cancelled solve
	}
	switch m.kind {
	case "done":
		p.solving = 0
		p.finished++
		var res struct {
			Answer json.RawMessage `json:"answer"`
			Error  string          `json:"error"`
			Nodes  int64           `json:"nodes"`
			Millis int64           `json:"ms"`
		}
		if err := json.Unmarshal([]byte(m.result), &res); err != nil {
			p.setStatus("error", "The solver sent a broken answer: "+err.Error())
			return
		}
		if res.Error != "" {
			p.setStatus("error", res.Error)
			return
		}
		summary, err := p.editors[p.solveTab].setAnswer(res.Answer)
		if err != nil {
			p.setStatus("error", "Could not read the answer: "+err.Error())
			return
		}
		cost := fmt.Sprintf("%d ms", res.Millis)
		if res.Nodes > 0 {
			cost = groupDigits(res.Nodes) + " nodes, " + cost
		}
		p.setStatus("done", summary+" ("+cost+")")
	case "fatal":
		if p.solving != 0 {
			p.solving = 0
			p.finished++
		}
		p.setStatus("error", "The solver failed to start: "+m.result)
	}
}

func (p *Page) onShare(ctx app.Context, e app.Event) {
	ed := p.current()
	loc := app.Window().Get("location")
	p.shareURL = loc.Get("origin").String() + loc.Get("pathname").String() + "#" + share.Encode(ed.game(), ed.text())
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		p.setStatus("idle", "Copy the link below.")
		return
	}
	p.setStatus("idle", "Copying the link…")
	clip.Call("writeText", p.shareURL).Then(func(app.Value) {
		ctx.Dispatch(func(app.Context) { p.setStatus("done", "Link copied to the clipboard.") })
	})
	ctx.After(time.Second, func(app.Context) {
		if p.status == "Copying the link…" {
			p.setStatus("idle", "Copy the link below.")
		}
	})
}

func (p *Page) onSelectAll(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }

func (p *Page) onImport(ctx app.Context, e app.Event) {
	text := app.Window().GetElementByID("import-text").Get("value").String()
	if strings.TrimSpace(text) == "" {
		p.setStatus("error", "Paste a puzzle into the text box first.")
		return
	}
	if err := p.current().load(text); err != nil {
		p.setStatus("error", err.Error())
		return
	}
	p.edited(ctx)
	p.setStatus("idle", "Loaded the "+p.current().title()+" puzzle.")
}

func (p *Page) onExport(ctx app.Context, e app.Event) {
	app.Window().GetElementByID("import-text").Set("value", p.current().text())
	p.setStatus("idle", "The puzzle's judge text is in the box.")
}

// Rendering helpers for the editors' controls.

// toolButton is a button applying tool name with value v.
func (p *Page) toolButton(label, name, v string, active bool) app.HTMLButton {
	return app.Button().Class(classIf("tool", active, "active")).
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

// toolText is a text field applying tool name with its value on change.
func (p *Page) toolText(label, name, value string) app.UI {
	return app.Label().Class("field").Body(
		app.Span().Text(label),
		app.Input().Type("text").ID("field-"+name).DataSet("tool", name).
			Value(value).Spellcheck(false).OnChange(p.onTool),
	)
}

func classIf(base string, cond bool, extra string) string {
	if cond {
		return base + " " + extra
	}
	return base
}

func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
