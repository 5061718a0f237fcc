// Package ui is the gridsolve page: one tab per puzzle, each with a
// click-drawn editor, solving in Web Workers, share links and judge-text
// import/export. It is compiled to WebAssembly by wasm/ui.
//
// The page is the midend, as in Tatham's collection: it owns what every
// puzzle shares (undo history, status line, running solve, saving, links,
// pointer and keyboard input) per tab, and an editor only keeps its
// puzzle's state, draws it, and turns input on a cell into a change.
//
// go-app keeps an event handler attached as long as its code pointer is
// unchanged, so closures made during rendering would keep stale captured
// values. Every handler here is therefore a method of the one Page, and
// reads what it acts on from data attributes of the element.
package ui

import (
	"strconv"

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
	// setAnswer decodes the worker's JSON answer and returns a summary line.
	setAnswer(raw []byte) (string, error)
	// clearAnswer forgets the answer once the puzzle changes.
	clearAnswer()
}

// noKeys is embedded by editors that take no keys of their own.
type noKeys struct{}

func (noKeys) key(string) bool { return false }

// tab is one puzzle's page-level state.
type tab struct {
	ed      editor
	hist    history
	status  string
	state   string // idle, busy, done or error: the status line's look
	solving int    // job id of its running solve, 0 when idle
	working int    // job id of its running needsWork job, 0 when idle
	cursor  int    // the keyboard cursor's cell
	rows    rowCache

	level   int           // difficulty of new puzzles, 1 to 3
	dealing int           // job id of a running deal, 0 when idle
	hinting int           // job id of a running hint, 0 when idle
	hint    *solvers.Hint // the hint shown, until the board changes
	saveAs  int           // the format Save… writes, an index into Page.saveFormats

	playStart, playEnd int64 // the play timer, Unix ms; 0 when not playing (see updateTimer)
}

// Page is the whole app.
type Page struct {
	app.Compo

	tabs     []*tab
	at       int // index into tabs of the one shown
	shareURL string
	lastFrag string // the fragment the page last wrote or read

	solver *solver
	jobs   map[int]job // running worker jobs by id
	lastID int

	input  app.Func // window.gridsolveInput, called by web/input.js
	stroke stroke

	helpClosed map[string]bool // games whose "How it works" the user closed
	saves      int             // saves so far; the history is saved after the last of a run

	finished int // solves ended (answered, failed or cancelled), for tests to wait on
	renders  int // renders so far, for tests to wait on
}

const idleStatus = "Draw a puzzle, then Solve."

// New returns the page with every editor holding its starting puzzle.
func New() *Page {
	p := &Page{jobs: map[int]job{}, helpClosed: map[string]bool{}}
	for _, ed := range newEditors() {
		t := &tab{ed: ed, state: "idle", status: idleStatus, level: 2, rows: rowCache{upTo: -1}}
		t.hist.reset(ed.snapshot())
		p.tabs = append(p.tabs, t)
	}
	return p
}

func (p *Page) OnMount(ctx app.Context) {
	p.solver = startSolver(func(f func(app.Context)) { ctx.Dispatch(f) }, p.onJobEnd)
	p.input = app.FuncOf(func(this app.Value, args []app.Value) any {
		ev, ok := readInput(args)
		if ok {
			ctx.Dispatch(func(ctx app.Context) { p.onInput(ctx, ev) })
		}
		return nil
	})
	app.Window().Set(jsInput, p.input)
	p.loadSaved(ctx)
	for i := range p.tabs {
		p.startWork(i)
	}
}

func (p *Page) OnDismount() {
	p.solver.stop()
	app.Window().Set(jsInput, nil)
	p.input.Release()
}

func (p *Page) cur() *tab          { return p.tabs[p.at] }
func (p *Page) current() editor    { return p.cur().ed }
func (t *tab) say(state, s string) { t.state, t.status = state, s }

func (p *Page) tabIndex(game string) (int, bool) {
	for i, t := range p.tabs {
		if t.ed.game() == game {
			return i, true
		}
	}
	return 0, false
}

// changed is called after every completed change to the shown puzzle (a
// stroke, a tool, a load...): it becomes one undo step, the answer is
// stale, and the saved copy and the address bar follow.
func (p *Page) changed(ctx app.Context) {
	t := p.cur()
	if !t.hist.push(t.ed.snapshot()) {
		return // a control that changes no state, such as a brush
	}
	t.ed.clearAnswer()
	t.hint = nil
	t.rows.upTo = -1
	t.updateTimer()
	p.shareURL = ""
	if t.solving == 0 {
		t.say("idle", idleStatus)
	}
	p.save(ctx)
	p.startWork(p.at)
}

// showState puts a snapshot from the history back (undo, redo).
func (p *Page) showState(ctx app.Context, s string, what string) {
	t := p.cur()
	if err := t.ed.restore(s); err != nil {
		t.say("error", what+" failed: "+err.Error())
		return
	}
	t.ed.clearAnswer()
	t.hint = nil
	t.rows.upTo = -1
	t.updateTimer()
	p.shareURL = ""
	if t.solving == 0 {
		t.say("idle", what+".")
	}
	p.save(ctx)
	p.startWork(p.at)
}

func (p *Page) undo(ctx app.Context) {
	if s, ok := p.cur().hist.undo(); ok {
		p.showState(ctx, s, "Undone")
	}
}

func (p *Page) redo(ctx app.Context) {
	if s, ok := p.cur().hist.redo(); ok {
		p.showState(ctx, s, "Redone")
	}
}

func (p *Page) Render() app.UI {
	tabs := make([]app.UI, len(p.tabs))
	for i, tb := range p.tabs {
		tabs[i] = app.Button().ID("tab-"+tb.ed.game()).Class(classIf("tab", i == p.at, "active")).
			Attr("role", "tab").Aria("selected", i == p.at).
			DataSet("tab", i).Text(tb.ed.title()).OnClick(p.onTab)
	}
	p.renders++
	return app.Div().ID("app").Class("page").DataSet("renders", p.renders).Body(
		app.Header().Body(
			app.H1().Text("gridsolve"),
			app.Nav().Class("tabs").Attr("role", "tablist").Aria("label", "Puzzles").Body(tabs...),
		),
		app.Main().Body(
			app.Div().Class("column").Body(p.renderEditor(), p.renderHelp()),
			app.Aside().Class("side").Body(
				p.renderSolve(),
				p.renderShare(),
				p.renderImport(),
				p.renderFiles(),
			),
		),
	)
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
		),
		app.Div().Class("boardbox").Body(t.ed.board(p)),
	)
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
	if _, ok := p.tabIndex(game); !ok {
		return
	}
	p.helpClosed[game] = !src.Get("open").Bool()
	ctx.LocalStorage().Set(storageKey+"help-closed", p.helpClosed)
}

func (p *Page) renderSolve() app.UI {
	t := p.cur()
	status := t.status
	if t.solving != 0 {
		status = p.busyText(t)
	}
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Button().ID("solve").Class("primary").Text("Solve").Title("Solve (S or Ctrl+Enter)").
				Disabled(t.solving != 0).OnClick(p.onSolve),
			app.Button().ID("cancel").Text("Cancel").Title("Cancel (Esc)").
				Disabled(t.solving == 0).OnClick(p.onCancel),
		),
		app.P().ID("status").Class("status "+t.state).Aria("live", "polite").
			DataSet("state", t.state).DataSet("seq", p.finished).DataSet("revealing", t.rows.upTo >= 0).Body(
			app.If(t.solving != 0, func() app.UI { return app.Span().Class("spinner").Aria("hidden", true) }),
			app.Span().Class("status-text").Text(status),
			// Filled in by web/solver.js as the search goes; its box has a
			// fixed size, so its updates never lay out the page again.
			app.If(t.solving != 0, func() app.UI {
				return app.Span().ID(progressID).Class("progress").DataSet("job", t.solving).
					Text(p.solver.progress(t.solving))
			}),
		),
	)
}

func (p *Page) renderShare() app.UI {
	return app.Div().Class("card").Body(
		app.Div().Class("buttons").Body(
			app.Button().ID("share").Text("Share link").OnClick(p.onShare),
		),
		app.If(p.shareURL != "", func() app.UI {
			return app.Input().ID("share-url").Class("wide").ReadOnly(true).Aria("label", "Share link").
				Value(p.shareURL).OnFocus(p.onSelectAll)
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
	if err != nil || i < 0 || i >= len(p.tabs) || i == p.at {
		return
	}
	p.stroke = stroke{}
	p.at = i
	p.shareURL = ""
	p.save(ctx)
	// The judge-text box shows the puzzle of the tab it is under.
	app.Window().GetElementByID("import-text").Set("value", p.current().text())
}

func (p *Page) onUndo(ctx app.Context, e app.Event) { p.undo(ctx) }
func (p *Page) onRedo(ctx app.Context, e app.Event) { p.redo(ctx) }

func (p *Page) onTool(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	value := src.Get("dataset").Get("v")
	if !value.Truthy() { // an input: its value is the control's value
		value = src.Get("value")
		if src.Get("type").String() == "number" {
			value = app.ValueOf(clampField(src))
		}
	}
	p.applyTool(ctx, src.Get("dataset").Get("tool").String(), value.String())
}

// clampField brings a number field's value into its min..max range and
// shows the value used; a field that holds no number gets its last value
// back.
func clampField(src app.Value) string {
	lo, _ := strconv.Atoi(src.Get("min").String())
	hi, _ := strconv.Atoi(src.Get("max").String())
	n, err := strconv.Atoi(src.Get("value").String())
	if err != nil {
		v := src.Call("getAttribute", "value").String()
		src.Set("value", v)
		return v
	}
	v := strconv.Itoa(max(lo, min(hi, n)))
	src.Set("value", v)
	return v
}

func (p *Page) applyTool(ctx app.Context, name, value string) {
	t := p.cur()
	if err := t.ed.tool(name, value); err != nil {
		t.say("error", err.Error())
		return
	}
	p.changed(ctx)
	p.startWork(p.at) // a tool may ask for work without changing the puzzle (IQ's Check)
}

func (p *Page) onSelectAll(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }

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

func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
