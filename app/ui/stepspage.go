package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The Step through panel (see steps.go): closed at first, under the judge
// bench; opening it records the puzzle's steps, and nothing of it is
// rendered while it is closed.

func (p *Page) renderSteps() app.UI {
	t := p.cur()
	s := &t.steps
	body := []app.UI{app.Summary().Text("Step through")}
	if s.open {
		body = append(body, p.renderStepsBody(t, s)...)
	}
	return app.Details().ID("steps").Class("card help-panel steps-panel").Open(s.open).Body(body...).OnToggle(p.onStepsToggle)
}

func (p *Page) renderStepsBody(t *tab, s *stepper) []app.UI {
	if !tracerOf(t.ed.game()) {
		return []app.UI{app.P().ID("steps-none").Class("hint").
			Text(t.ed.title() + "'s solver does not record its steps.")}
	}
	d, drawn := t.ed.(stepDrawer)
	can := s.cur != nil
	atEnd := can && s.cur.At() == s.cur.Len()
	ui := []app.UI{
		app.P().Class("hint").Text("The solver's own search on this puzzle, step by step: what it chose, tried, deduced, found impossible and took back."),
		app.Div().Class("buttons").Body(
			p.stepButton("steps-back", "Back", "One step back", stepBack, !can || s.cur.At() == 0),
			p.stepButton("steps-step", "Step", "One step forward", stepForward, !can || atEnd),
			app.Button().ID("steps-play").Text(map[bool]string{true: "Pause", false: "Play"}[s.playing]).
				Aria("pressed", s.playing).Disabled(!can).OnClick(p.onStepsPlay),
			app.Label().Class("field").Body(
				app.Span().Text("Speed"),
				app.Select().ID("steps-speed").Aria("label", "Steps a second").OnChange(p.onStepsSpeed).Body(p.speedOptions(s)...),
			),
			p.stepButton("steps-next", "Next backtrack", "Forward to the next step the search takes back", stepNextUndo, !can || atEnd),
			p.stepButton("steps-start", "Start", "To the start", stepToStart, !can),
			p.stepButton("steps-end", "End", "To the end: the answer", stepToEnd, !can),
			app.Button().ID("steps-record").Text("Record again").Title("Record the steps of the puzzle as it is now").
				Disabled(s.running != 0).OnClick(p.onStepsRecord),
		),
		app.P().ID("steps-status").Class("status "+string(s.state)).Aria("live", "polite").DataSet("state", s.state).Text(s.status),
	}
	if s.stale(t) {
		ui = append(ui, app.P().ID("steps-stale").Class("hint").Text("The puzzle changed since these steps were recorded: Record again follows it as it is now."))
	}
	if s.cur == nil {
		return ui
	}
	st, stepped := s.cur.Step()
	note := "The puzzle as given, before the search starts."
	if stepped {
		note = kindNames[st.Kind] + ": " + st.Note
	}
	ui = append(ui,
		app.P().ID("steps-count").Class("steps-count").DataSet("at", s.cur.At()).DataSet("len", s.cur.Len()).Text(s.counters()),
		app.P().ID("steps-note").Class("steps-note").DataSet("kind", int(st.Kind)).Text(note),
	)
	if len(st.Options) > 0 {
		ui = append(ui, optionBars(st.Options))
	}
	if drawn && !s.stale(t) {
		ui = append(ui, app.Div().ID("steps-board").Class("steps-board gridwrap").Body(d.stepBoard(p, s.view())))
	}
	return ui
}

// stepButton is a button moving the cursor by mv.
func (p *Page) stepButton(id, label, title string, mv stepMove, disabled bool) app.UI {
	return app.Button().ID(id).Text(label).Title(title).Aria("label", title).Disabled(disabled).
		DataSet("move", mv).OnClick(p.onStepsMove)
}

func (p *Page) speedOptions(s *stepper) []app.UI {
	opts := make([]app.UI, len(stepSpeeds))
	for i, n := range stepSpeeds {
		label := strconv.Itoa(n) + " a second"
		if i == len(stepSpeeds)-1 {
			label = "Fastest"
		}
		opts[i] = app.Option().Value(strconv.Itoa(i)).Selected(i == s.speed).Text(label)
	}
	return opts
}

// optionBars draws a search's option counts (dancing links' options per
// column) as a strip of bars, each as tall as its count among them.
func optionBars(counts []int) app.UI {
	most := max(1, maxOf(counts))
	var b strings.Builder
	for i, n := range counts {
		fmt.Fprintf(&b, `<span class="bar" style="height:%d%%" title="%d: %d"></span>`, 100*n/most, i+1, n)
	}
	return app.Div().ID("steps-options").Class("steps-options").Aria("label", "Options left per column").
		Body(app.Raw(`<div class="bars">` + b.String() + `</div>`))
}

func maxOf(n []int) int {
	m := 0
	for _, v := range n {
		m = max(m, v)
	}
	return m
}

// stepGrid draws a trace's w×h board as plain cells, draw(i) giving cell
// i's look: the stepDrawer of a game whose board is a grid. The cells the
// step set are marked "stepped". Rows are cached between steps as the
// editor's are (see rowCache), so a step costs the rows it changed.
func (p *Page) stepGrid(v stepView, w, h int, draw func(i int) cell, class, label string) app.UI {
	rows := gridRows(v.rows, w, h, true, func(i int) cell {
		c := draw(i)
		if v.changed[i] {
			c.class += " stepped"
		}
		return c
	})
	return stepsGridBox(w, h, class, label).Body(rows...)
}

// stepsGridBox is the element a trace's board is drawn in: sized as the
// editor's board is, but not #grid, and taking no input.
func stepsGridBox(w, h int, class, label string) app.HTMLDiv {
	return app.Div().ID("steps-grid").Class("grid "+class).Attr("role", "img").
		Aria("label", fmt.Sprintf("%s, %d by %d, at the step shown", label, w, h)).
		Style("--w", strconv.Itoa(w)).Style("--h", strconv.Itoa(h)).Style("--cell-max", fmt.Sprintf("%dpx", cellSize(w, h)))
}

func (p *Page) onStepsToggle(ctx app.Context, e app.Event) {
	p.m.openSteps(ctx.JSSrc().Get("open").Bool())
}

func (p *Page) onStepsMove(ctx app.Context, e app.Event) {
	p.m.moveSteps(stepMove(ctx.JSSrc().Get("dataset").Get("move").String()))
}

func (p *Page) onStepsRecord(ctx app.Context, e app.Event) { p.m.startTrace() }

func (p *Page) onStepsSpeed(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && i >= 0 && i < len(stepSpeeds) {
		p.cur().steps.speed = i
	}
}

// onStepsPlay plays the steps from the cursor at the chosen speed, or
// pauses.
func (p *Page) onStepsPlay(ctx app.Context, e app.Event) {
	t := p.cur()
	s := &t.steps
	if s.cur == nil {
		return
	}
	if s.playing {
		s.playing = false
		return
	}
	if s.cur.At() == s.cur.Len() {
		s.cur.Seek(0) // Play at the end plays again
	}
	s.playing = true
	p.playSteps(ctx, t)
}

// playFrame is the shortest time between two renders while playing, and
// playRows the most board rows the steps of one render may change, after
// its first step: each render then rebuilds a few rows, and Fastest is as
// fast as the page draws smoothly (a step over the whole board, such as
// a backtrack, takes a render alone).
const (
	playFrame = 16 * time.Millisecond
	playRows  = 4
)

// rowSet counts the rows of a w-wide board that steps change.
type rowSet struct {
	w    int
	seen []bool
	n    int
}

// add counts the rows of cells, and returns the rows counted so far.
func (r *rowSet) add(cells []int) int {
	for _, c := range cells {
		if y := c / r.w; y < len(r.seen) && !r.seen[y] {
			r.seen[y], r.n = true, r.n+1
		}
	}
	return r.n
}

// playSteps takes the steps of one tick of Play on tab t and schedules
// the next: at fast speeds several steps a render, so that the page
// renders at most once a frame, each render rebuilding only the rows
// those steps changed.
func (p *Page) playSteps(ctx app.Context, t *tab) {
	s := &t.steps
	every := max(playFrame, time.Second/time.Duration(stepSpeeds[s.speed]))
	ctx.After(every, func(ctx app.Context) {
		if !s.playing || p.cur() != t || !s.open || s.cur == nil {
			s.playing = false
			return
		}
		n := max(1, int(int64(stepSpeeds[s.speed])*int64(every)/int64(time.Second)))
		w, h := t.ed.size()
		rows := rowSet{w: max(1, w), seen: make([]bool, h)}
		for k := range n {
			next, ok := s.cur.Peek()
			if !ok || rows.add(next.Cells) > playRows && k > 0 {
				break
			}
			s.cur.Forward()
		}
		if s.cur.At() == s.cur.Len() {
			s.playing = false
			return
		}
		p.playSteps(ctx, t)
	})
}
