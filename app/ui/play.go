package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// timer shows the time played. web/input.js ticks a running one: it
// writes the element's text, so go-app must own none, and the solved line
// is another element.
func (t *tab) timer() app.UI {
	if t.playStart == 0 {
		return nil
	}
	if t.playEnd != 0 {
		d := time.Duration(t.playEnd-t.playStart) * time.Millisecond
		return app.Strong().ID("play-timer").Class("timer solved").
			Text(fmt.Sprintf("Solved in %d:%02d!", int(d.Minutes()), int(d.Seconds())%60))
	}
	return app.Span().ID("play-timer").Class("hint timer").DataSet("start", t.playStart).Aria("label", "Time played")
}

// dealChooser is implemented by dealers with a choice of their own for
// new puzzles (see dealTuner): its control stands before New.
type dealChooser interface {
	dealChoice(p *Page) app.UI
}

// playTools are the New and Hint controls, for editors that take them.
func (p *Page) playTools() []app.UI {
	t := p.cur()
	var ui []app.UI
	if _, ok := t.ed.(dealer); ok && p.m.canPlay() {
		opts := make([]app.UI, len(levelNames))
		for i, name := range levelNames {
			opts[i] = app.Option().Value(strconv.Itoa(i + 1)).Text(name).Selected(t.level == i+1)
		}
		ui = append(ui,
			app.Label().Class("field").Body(
				app.Span().Text("Difficulty"),
				app.Select().ID("level").Aria("label", "Difficulty of new puzzles").Body(opts...).OnChange(p.onLevel),
			),
		)
		if c, ok := t.ed.(dealChooser); ok {
			ui = append(ui, c.dealChoice(p))
		}
		ui = append(ui,
			app.Button().ID("new").Text("New puzzle").Title("Deal a new puzzle of this size").
				Disabled(t.dealing != 0).OnClick(p.onNew),
		)
	}
	if h, ok := t.ed.(hinter); ok && p.m.canPlay() {
		_, _, can := h.hintRequest()
		ui = append(ui, app.Button().ID("hint").Text("Hint").Title("One step, with its reason").
			Disabled(!can || t.hinting != 0).OnClick(p.onHint))
	}
	if timer := t.timer(); timer != nil {
		ui = append(ui, timer)
	}
	return ui
}

func (p *Page) onLevel(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		p.m.setLevel(n)
	}
}

func (p *Page) onNew(ctx app.Context, e app.Event)  { p.m.deal() }
func (p *Page) onHint(ctx app.Context, e app.Event) { p.m.askHint() }
